package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results/store"
	"github.com/dbgauge/dbgauge/session"
)

// resultsCmd is `dbgauge results list|show|add`: the results store.
func (e *env) resultsCmd() *cobra.Command {
	so := &storeOptions{}
	cmd := &cobra.Command{
		Use:   "results",
		Short: "The results store: list, show and add recorded runs",
		Long: `Every run is recorded in the results store, an SQLite file (--store, env
DBGAUGE_STORE, default results.sqlite in --results-dir), with its whole
result.json: a run can be shown and compared after its folder is gone.`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageErr("unknown command %q for dbgauge results (list, show, add)", args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	addStoreFlags(cmd.PersistentFlags(), so)
	cmd.AddCommand(e.resultsListCmd(so), e.resultsShowCmd(so), e.resultsAddCmd(so))
	cmd.PersistentFlags().SetNormalizeFunc(normalize)
	return cmd
}

func (e *env) resultsListCmd(so *storeOptions) *cobra.Command {
	var f store.Filter
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List recorded runs, oldest first",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			if f.Last < 0 {
				return usageErr("--last must be 0 or more, got %d", f.Last)
			}
			runs, err := store.ListAt(so.path(), f)
			if _, missing := err.(*store.MissingError); missing {
				fmt.Fprintf(e.stderr, "No runs recorded yet: %v.\n", err)
				return nil
			} else if err != nil {
				return err
			}
			if len(runs) == 0 {
				fmt.Fprintf(e.stderr, "No recorded run matches in %s.\n", so.path())
				return nil
			}
			store.WriteList(e.stdout, runs)
			return nil
		},
	}
	cmd.Flags().StringVar(&f.Workload, "workload", "", "only runs of this workload")
	cmd.Flags().StringVar(&f.Driver, "driver", "", "only runs on this driver ("+strings.Join(catalog.DriverNames(), ", ")+")")
	cmd.Flags().IntVar(&f.Last, "last", 0, "only the last N runs (0: all)")
	return cmd
}

func (e *env) resultsShowCmd(so *storeOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "show ID|FOLDER|result.json",
		Short: "Print a run's saved summary (sysbench layout), from the store or a folder",
		Args:  argsBetween(1, 1, "results show takes one run: a store id, a results folder or a result.json"),
		RunE: func(_ *cobra.Command, args []string) error {
			n, err := store.Find(so.path(), args[0])
			if err == nil {
				report.Show(e.stdout, n, store.UTCTime(n.Result.StartedAt))
			}
			return err
		},
	}
}

func (e *env) resultsAddCmd(so *storeOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "add FOLDER|result.json…",
		Short: "Record existing results folders in the store (a folder already there is skipped)",
		Args:  argsBetween(1, -1, "results add takes one or more results folders or result.json files"),
		RunE: func(_ *cobra.Command, args []string) error {
			added, err := session.AddRuns(so.path(), args)
			for _, a := range added {
				verb := "added"
				if !a.New {
					verb = "already recorded"
				}
				fmt.Fprintf(e.stdout, "#%d %s: %s\n", a.ID, verb, a.Folder)
			}
			return err
		},
	}
}

func noArgs(_ *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageErr("unexpected argument %q", args[0])
	}
	return nil
}
