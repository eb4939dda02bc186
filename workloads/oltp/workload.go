package oltp

import (
	"context"
	"sync"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// test is one sysbench test script: its name, extra options and how it makes
// workers. Everything else comes from oltp_common.
type test struct {
	name, desc string
	extra      []workload.Option
	// rows returns the rows prepare loads per table (table-size, except for
	// oltp_insert without auto-inc, which starts empty).
	rows func(c *config) int64
	// check validates options beyond their types.
	check func(c *config, v workload.Values) error
	// worker makes one worker.
	worker func(ctx context.Context, env workload.WorkerEnv, in *instance) (workload.Worker, error)
}

var _ workload.Workload = (*test)(nil)

func (t *test) Meta() workload.Meta {
	return workload.Meta{Name: t.name, Family: "oltp", Description: t.desc}
}

func (t *test) Options() []workload.Option { return append(commonOptions(), t.extra...) }

func (t *test) Configure(v workload.Values, p workload.Params) (workload.Instance, error) {
	c, err := parseConfig(v)
	if err != nil {
		return nil, err
	}
	if t.check != nil {
		if err := t.check(c, v); err != nil {
			return nil, err
		}
	}
	rows := c.tableSize
	if t.rows != nil {
		rows = t.rows(c)
	}
	return &instance{t: t, c: c, v: v, p: p, ds: dataset(t.name, c, rows)}, nil
}

type instance struct {
	t  *test
	c  *config
	v  workload.Values
	p  workload.Params
	ds workload.Dataset

	// unique is oltp_insert's run-wide id generator, made by the first worker.
	mu     sync.Mutex
	unique *randgen.Unique
}

func (i *instance) Ops() []workload.Op        { return ops[:] }
func (i *instance) Dataset() workload.Dataset { return i.ds }
func (i *instance) NewWorker(ctx context.Context, env workload.WorkerEnv) (workload.Worker, error) {
	return i.t.worker(ctx, env, i)
}

// Workloads returns the family in sysbench's order.
func Workloads() []workload.Workload {
	return []workload.Workload{
		ReadWrite, ReadOnly, WriteOnly, PointSelect, Insert, Delete,
		UpdateIndex, UpdateNonIndex, SelectRandomPoints, SelectRandomRanges, BulkInsert,
	}
}
