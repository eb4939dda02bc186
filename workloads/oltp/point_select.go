package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// PointSelect is oltp_point_select.lua: one point select per event (the
// script forces --point-selects=1) in autocommit, no BEGIN/COMMIT.
var PointSelect workload.Workload = &test{
	name: "oltp_point_select",
	desc: "sysbench OLTP point select: one primary-key SELECT per event",
	worker: func(ctx context.Context, env workload.WorkerEnv, in *instance) (workload.Worker, error) {
		c := in.c
		one := *c
		one.pointSelects = 1
		w, err := newWorker(ctx, env, &one, false, opPointSelect)
		return pointSelect{w}, err
	},
}

type pointSelect struct{ *worker }

func (w pointSelect) Event(ctx context.Context) error { return w.pointSelects(ctx) }
