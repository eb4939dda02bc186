package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// UpdateIndex is oltp_update_index.lua: --index-updates UPDATEs of the
// indexed column k per event, autocommit.
var UpdateIndex workload.Workload = &test{
	name: "oltp_update_index",
	desc: "sysbench OLTP update index: UPDATE ... SET k=k+1 by primary key per event",
	worker: func(ctx context.Context, env workload.WorkerEnv, in *instance) (workload.Worker, error) {
		c := in.c
		w, err := newWorker(ctx, env, c, true, opIndexUpdate)
		return updateIndex{w}, err
	},
}

type updateIndex struct{ *worker }

func (w updateIndex) Event(ctx context.Context) error { return w.indexUpdates(ctx) }
