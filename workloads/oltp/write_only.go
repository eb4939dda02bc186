package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// WriteOnly is oltp_write_only.lua: BEGIN, index and non-index updates,
// delete+insert, COMMIT. With the defaults: 4 writes, 2 other.
var WriteOnly workload.Workload = &test{
	name: "oltp_write_only",
	desc: "sysbench OLTP write-only: 2 updates and delete+insert per transaction",
	worker: func(ctx context.Context, env workload.WorkerEnv, in *instance) (workload.Worker, error) {
		c := in.c
		w, err := newWorker(ctx, env, c, true, opIndexUpdate, opNonIndexUpdate, opDelete, opInsert)
		return writeOnly{w}, err
	},
}

type writeOnly struct{ *worker }

func (w writeOnly) Event(ctx context.Context) error {
	if err := w.startTxn(ctx); err != nil {
		return err
	}
	for _, step := range [...]func(context.Context) error{w.indexUpdates, w.nonIndexUpdates, w.deleteInserts} {
		if err := step(ctx); err != nil {
			return w.abort(err)
		}
	}
	return w.commitTxn(ctx)
}
