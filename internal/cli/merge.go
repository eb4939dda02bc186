package cli

import (
	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/session"
)

// mergeCmd is `dbgauge merge SHARD…`: the results of a run's shards merged
// exactly into one results folder.
func (e *env) mergeCmd() *cobra.Command {
	so := &storeOptions{}
	cmd := &cobra.Command{
		Use:   "merge SHARD…",
		Short: "Merge the results of a run's shards (--shard I/N) exactly into one results folder",
		Long: `Each SHARD is a results folder or a result.json of one shard of a run
(--shard I/N; a merged result counts as the shards it holds). merge checks
that they are shards of one run (same workload, options, database, schema
version, shard count and run settings, no shard twice), then writes a new
results folder under --results-dir: result.json, intervals.jsonl,
summary.txt, report.md and report.html, as the run would have. It records
the merged run in the results store.

Counts sum; every histogram (transactions, each operation, each transaction
type, the pool's waits) is the exact HDR merge of the shards', and the
percentiles come from it. Intervals merge index by index from the measured
start; rates are the summed counts over the interval. When the shards have
different numbers of intervals, the merged result has the longest shard's
number, and each interval says how many shards it holds ("shards").

merge never writes into its inputs.`,
		Args: argsBetween(2, -1, "merge needs the results of two shards or more: results folders or result.json files"),
		RunE: func(_ *cobra.Command, args []string) error {
			return session.MergeRun(args, so.resultsDir, so.path(), e.observer(session.Spec{}))
		},
	}
	addStoreFlags(cmd.Flags(), so)
	cmd.Flags().Lookup("results-dir").Usage = "directory that receives the merged results folder (and holds the store by default)"
	return cmd
}
