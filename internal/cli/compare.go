package cli

import (
	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/results/store"
)

// compareCmd is `dbgauge compare A B…`: runs side by side, deltas relative
// to A, differences within the run-to-run noise marked.
func (e *env) compareCmd() *cobra.Command {
	so := &storeOptions{}
	cmd := &cobra.Command{
		Use:   "compare A B…",
		Short: "Compare runs side by side: deltas relative to the first, noise marked",
		Long: `Each run is a store id (12 or #12), a results folder or a result.json.
The table gives each metric per run and its delta from A. A delta marked ~
is within the run-to-run noise: the runs' per-interval means differ by less
than Welch's 95% bound. Runs that differ in workload, options, dataset
shape, threads or rate are flagged as not comparable.`,
		Args: argsBetween(2, -1, "compare needs two runs or more: store ids, results folders or result.json files"),
		RunE: func(_ *cobra.Command, args []string) error {
			runs, err := store.FindAll(so.path(), args)
			if err == nil {
				report.CompareTable(e.stdout, results.Compare(runs))
			}
			return err
		},
	}
	addStoreFlags(cmd.Flags(), so)
	return cmd
}
