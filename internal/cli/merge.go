package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/report"
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
			return e.merge(args, *so)
		},
	}
	addStoreFlags(cmd.Flags(), so)
	cmd.Flags().Lookup("results-dir").Usage = "directory that receives the merged results folder (and holds the store by default)"
	return cmd
}

func (e *env) merge(args []string, so storeOptions) error {
	res, dir, err := session.Merge(args, so.resultsDir, false)
	if err != nil {
		return err
	}
	sh := res.Run.Shard
	fmt.Fprintf(e.stderr, "Merged shards %s of %d\n", joinShards(sh.Merged), sh.Count)
	if len(sh.Merged) < sh.Count {
		fmt.Fprintf(e.stderr, "Note: shards %s are missing: the merged result is part of the run\n", joinShards(sh.Missing()))
	}
	report.Summary(e.stdout, res, false)
	// Reports and the other observers, as after a run.
	session.WriteReports(res, dir, e.observer(session.Spec{}))
	e.observe(func(ob runObserver) { ob.End(res, dir) })
	session.Record(so.path(), res, dir, e.observer(session.Spec{}))
	fmt.Fprintf(e.stderr, "Results: %s\n", dir)
	return nil
}

func joinShards(ix []int) string {
	s := make([]string, len(ix))
	for i, v := range ix {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, ", ")
}
