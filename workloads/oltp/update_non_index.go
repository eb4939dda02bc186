package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// UpdateNonIndex is oltp_update_non_index.lua: --non-index-updates UPDATEs
// of the unindexed column c per event, autocommit.
var UpdateNonIndex workload.Workload = &test{
	name: "oltp_update_non_index",
	desc: "sysbench OLTP update non-index: UPDATE ... SET c=? by primary key per event",
	worker: func(ctx context.Context, env workload.WorkerEnv, in *instance) (workload.Worker, error) {
		c := in.c
		w, err := newWorker(ctx, env, c, true, opNonIndexUpdate)
		return updateNonIndex{w}, err
	},
}

type updateNonIndex struct{ *worker }

func (w updateNonIndex) Event(ctx context.Context) error { return w.nonIndexUpdates(ctx) }
