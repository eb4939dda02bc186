package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// ReadWrite is oltp_read_write.lua: per event BEGIN, point selects, the four
// range groups, index and non-index updates, delete+insert, COMMIT. With the
// defaults: 14 reads, 4 writes, 2 other.
var ReadWrite workload.Workload = &test{
	name: "oltp_read_write",
	desc: "sysbench OLTP read/write: 10 point selects, 4 ranges, 2 updates, delete+insert per transaction",
	worker: func(ctx context.Context, env workload.WorkerEnv, in *instance) (workload.Worker, error) {
		c := in.c
		w, err := newWorker(ctx, env, c, true, opPointSelect, opSimpleRange, opSumRange, opOrderRange,
			opDistinctRange, opIndexUpdate, opNonIndexUpdate, opDelete, opInsert)
		return readWrite{w}, err
	},
}

type readWrite struct{ *worker }

func (w readWrite) Event(ctx context.Context) error {
	if err := w.startTxn(ctx); err != nil {
		return err
	}
	for _, step := range [...]func(context.Context) error{w.pointSelects, w.allRanges, w.indexUpdates, w.nonIndexUpdates, w.deleteInserts} {
		if err := step(ctx); err != nil {
			return w.abort(err)
		}
	}
	return w.commitTxn(ctx)
}
