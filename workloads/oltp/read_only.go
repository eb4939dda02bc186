package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// ReadOnly is oltp_read_only.lua: BEGIN, point selects, the four range
// groups, COMMIT. With the defaults: 14 reads, 2 other.
var ReadOnly workload.Workload = &test{
	name: "oltp_read_only",
	desc: "sysbench OLTP read-only: 10 point selects and 4 ranges per transaction",
	worker: func(ctx context.Context, env workload.WorkerEnv, in *instance) (workload.Worker, error) {
		c := in.c
		w, err := newWorker(ctx, env, c, false, opPointSelect, opSimpleRange, opSumRange, opOrderRange, opDistinctRange)
		return readOnly{w}, err
	},
}

type readOnly struct{ *worker }

func (w readOnly) Event(ctx context.Context) error {
	if err := w.startTxn(ctx); err != nil {
		return err
	}
	if err := w.pointSelects(ctx); err != nil {
		return w.abort(err)
	}
	if err := w.allRanges(ctx); err != nil {
		return w.abort(err)
	}
	return w.commitTxn(ctx)
}
