package oltp

import (
	"context"
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// segment is the part of [0, table-size] one worker draws k values from:
// select_random_points.lua and select_random_ranges.lua split the table into
// one segment per thread so that the workers' lookups do not overlap.
func segment(env workload.WorkerEnv, c *config) (*randgen.Dist, error) {
	parts := int64(max(env.Parts, 1))
	rlen := c.tableSize / parts
	rmin := rlen * int64(env.Part)
	return randgen.NewDist(c.dist, rmin, rmin+rlen)
}

func oneTable(c *config, _ workload.Values) error {
	if c.tables != 1 {
		return fmt.Errorf("this benchmark does not support --tables > 1")
	}
	return nil
}

// randomSelect is one SELECT per event whose parameters come from the
// worker's segment.
type randomSelect struct {
	*worker
	op   workload.OpID
	seg  *randgen.Dist
	args []any
	// pairs: the arguments are (v, v+delta) pairs (select_random_ranges).
	pairs bool
	delta int64
}

func (w *randomSelect) Event(ctx context.Context) error {
	if !w.pairs {
		for i := range w.args {
			w.args[i] = w.seg.Next(w.r)
		}
	} else {
		for i := 0; i < len(w.args); i += 2 {
			v := w.seg.Next(w.r)
			w.args[i], w.args[i+1] = v, v+w.delta
		}
	}
	return w.run(ctx, w.op, w.stmts[0][w.op], w.args...)
}

func newRandomSelect(ctx context.Context, env workload.WorkerEnv, c *config, op workload.OpID, query string, nargs int, pairs bool, delta int64) (workload.Worker, error) {
	w, err := newWorker(ctx, env, c, false)
	if err != nil {
		return nil, err
	}
	seg, err := segment(env, c)
	if err != nil {
		return nil, err
	}
	if w.stmts[0][op], err = w.conn.Prepare(ctx, query); err != nil {
		w.Close(ctx)
		return nil, fmt.Errorf("prepare %s: %w", ops[op].Name, err)
	}
	return &randomSelect{worker: w, op: op, seg: seg, args: make([]any, nargs), pairs: pairs, delta: delta}, nil
}

// SelectRandomPoints is select_random_points.lua: one SELECT of whole rows
// WHERE k IN (--random-points values) per event, from the worker's segment.
var SelectRandomPoints workload.Workload = &test{
	name:  "select_random_points",
	desc:  "sysbench random points: SELECT rows WHERE k IN (10 random values) per event",
	extra: []workload.Option{{Name: "random-points", Help: "Number of random points in the IN() clause in generated SELECTs", Kind: workload.Int, Default: "10", Min: 1, Max: 10000}},
	check: oneTable,
	worker: func(ctx context.Context, env workload.WorkerEnv, in *instance) (workload.Worker, error) {
		n := int(in.v.Int("random-points"))
		q := "SELECT id, k, c, pad FROM sbtest1 WHERE k IN (" + strings.TrimSuffix(strings.Repeat("?, ", n), ", ") + ")"
		return newRandomSelect(ctx, env, in.c, opRandomPoints, q, n, false, 0)
	},
}

// SelectRandomRanges is select_random_ranges.lua: one SELECT count(k) over
// --number-of-ranges BETWEEN ranges of width --delta per event.
var SelectRandomRanges workload.Workload = &test{
	name: "select_random_ranges",
	desc: "sysbench random ranges: SELECT count(k) over 10 random k BETWEEN ranges per event",
	extra: []workload.Option{
		{Name: "number-of-ranges", Help: "Number of random BETWEEN ranges per SELECT", Kind: workload.Int, Default: "10", Min: 1, Max: 10000},
		{Name: "delta", Help: "Size of BETWEEN ranges", Kind: workload.Int, Default: "5"},
	},
	check: oneTable,
	worker: func(ctx context.Context, env workload.WorkerEnv, in *instance) (workload.Worker, error) {
		n := int(in.v.Int("number-of-ranges"))
		q := "SELECT count(k) FROM sbtest1 WHERE " + strings.TrimSuffix(strings.Repeat("k BETWEEN ? AND ? OR ", n), " OR ")
		return newRandomSelect(ctx, env, in.c, opRandomRanges, q, 2*n, true, in.v.Int("delta"))
	},
}
