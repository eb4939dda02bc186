package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// Delete is oltp_delete.lua: one DELETE by id per event, autocommit.
var Delete workload.Workload = &test{
	name: "oltp_delete",
	desc: "sysbench OLTP delete: one DELETE by primary key per event",
	worker: func(ctx context.Context, env workload.WorkerEnv, in *instance) (workload.Worker, error) {
		c := in.c
		w, err := newWorker(ctx, env, c, true, opDelete)
		return deleteOnly{w}, err
	},
}

type deleteOnly struct{ *worker }

func (w deleteOnly) Event(ctx context.Context) error {
	t := w.tableNum()
	return w.exec(ctx, opDelete, t, w.id())
}
