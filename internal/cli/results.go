package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/results/store"
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
	for _, c := range cmd.Commands() {
		c.Flags().SetNormalizeFunc(normalize)
		c.SilenceErrors, c.SilenceUsage = true, true
	}
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
			s, err := store.OpenExisting(so.path())
			if _, missing := err.(*store.MissingError); missing {
				fmt.Fprintf(e.stderr, "No runs recorded yet: %v.\n", err)
				return nil
			} else if err != nil {
				return err
			}
			defer s.Close()
			runs, err := s.List(f)
			if err != nil {
				return err
			}
			if len(runs) == 0 {
				fmt.Fprintf(e.stderr, "No recorded run matches in %s.\n", s.Path())
				return nil
			}
			listRuns(e.stdout, runs)
			return nil
		},
	}
	cmd.Flags().StringVar(&f.Workload, "workload", "", "only runs of this workload")
	cmd.Flags().StringVar(&f.Driver, "driver", "", "only runs on this driver (sqlite, postgres, mysql, redis, mongo)")
	cmd.Flags().IntVar(&f.Last, "last", 0, "only the last N runs (0: all)")
	return cmd
}

// listRuns prints the runs as a table, numbers right-aligned.
func listRuns(w io.Writer, runs []store.Run) {
	header := []string{"ID", "STARTED (UTC)", "WORKLOAD", "DRIVER", "THREADS", "RATE", "TIME", "TPS", "QPS", "P95 MS", "P99 MS", "MAX MS", "ERRORS", "NOTE", "FOLDER"}
	right := map[int]bool{0: true, 4: true, 5: true, 6: true, 7: true, 8: true, 9: true, 10: true, 11: true, 12: true}
	rows := [][]string{header}
	for _, r := range runs {
		started := utcTime(r.StartedAt)
		rate := "-"
		if r.Rate > 0 {
			rate = fmt.Sprintf("%g", r.Rate)
		}
		rows = append(rows, []string{fmt.Sprint(r.ID), started, r.Workload, r.Driver, fmt.Sprint(r.Threads), rate,
			fmt.Sprintf("%.1f", r.DurationS), fmt.Sprintf("%.2f", r.TPS), fmt.Sprintf("%.2f", r.QPS),
			fmt.Sprintf("%.3f", r.P95Ms), fmt.Sprintf("%.3f", r.P99Ms), fmt.Sprintf("%.3f", r.MaxMs),
			fmt.Sprint(r.Errors), runNote(r), displayPath(r.Folder)})
	}
	widths := make([]int, len(header))
	for _, row := range rows {
		for i, c := range row {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for i, c := range row {
			pad := strings.Repeat(" ", widths[i]-len([]rune(c)))
			if i > 0 {
				b.WriteString("  ")
			}
			if right[i] {
				b.WriteString(pad + c)
			} else if i < len(row)-1 {
				b.WriteString(c + pad)
			} else {
				b.WriteString(c)
			}
		}
		fmt.Fprintln(w, b.String())
	}
}

// utcTime shows a result's RFC 3339 time to the second, in UTC.
func utcTime(s string) string {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC().Format("2006-01-02 15:04:05")
	}
	return s
}

// runNote flags what a reader of the list must know about a run.
func runNote(r store.Run) string {
	var notes []string
	switch {
	case r.Interrupted:
		notes = append(notes, "interrupted")
	case r.Aborted:
		notes = append(notes, "aborted")
	}
	if f := r.ThresholdsFailed; f != nil {
		if *f > 0 {
			notes = append(notes, fmt.Sprintf("%d thresholds failed", *f))
		} else {
			notes = append(notes, "thresholds ok")
		}
	}
	if _, err := os.Stat(r.Folder); err != nil {
		notes = append(notes, "folder gone")
	}
	if len(notes) == 0 {
		return "-"
	}
	return strings.Join(notes, ", ")
}

// displayPath shows a folder relative to the current directory when it is
// below it.
func displayPath(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}

func (e *env) resultsShowCmd(so *storeOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "show ID|FOLDER|result.json",
		Short: "Print a run's saved summary (sysbench layout), from the store or a folder",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageErr("results show takes one run: a store id, a results folder or a result.json")
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			n, err := e.loadRun(*so, args[0])
			if err != nil {
				return err
			}
			r := n.Result
			fmt.Fprintf(e.stdout, "Run %s: %s on %s (%s), %d threads, started %s UTC\n\n", n.Name, r.Workload.Name,
				r.Target.Driver, r.Target.URL, r.Run.Threads, utcTime(r.StartedAt))
			report.Summary(e.stdout, r, false)
			report.Thresholds(e.stdout, r.Thresholds)
			return nil
		},
	}
}

func (e *env) resultsAddCmd(so *storeOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "add FOLDER|result.json…",
		Short: "Record existing results folders in the store (a folder already there is skipped)",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("results add takes one or more results folders or result.json files")
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			// Read everything first: one bad argument adds nothing.
			type item struct {
				res    *results.Result
				folder string
			}
			var items []item
			for _, arg := range args {
				res, folder, err := readRun(arg)
				if err != nil {
					return err
				}
				items = append(items, item{res, folder})
			}
			s, err := store.Open(so.path())
			if err != nil {
				return err
			}
			defer s.Close()
			for _, it := range items {
				id, added, err := s.Add(redacted(it.res), it.folder)
				if err != nil {
					return err
				}
				verb := "added"
				if !added {
					verb = "already recorded"
				}
				fmt.Fprintf(e.stdout, "#%d %s: %s\n", id, verb, it.folder)
			}
			return nil
		},
	}
}

func noArgs(_ *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageErr("unexpected argument %q", args[0])
	}
	return nil
}
