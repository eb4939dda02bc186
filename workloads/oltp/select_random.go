package oltp

import (
	"context"
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// randomQuery is the one statement of select_random_points and
// select_random_ranges: its SQL and how its nargs arguments are drawn
// (pairs: (v, v+delta) ranges).
type randomQuery struct {
	op    workload.OpID
	sql   string
	nargs int
	pairs bool
	delta int64
}

// segment is the part of [0, table-size] one user draws k values from:
// select_random_points.lua and select_random_ranges.lua split the table into
// one segment per thread so that the threads' lookups do not overlap.
func segment(c *config, user, users int) (*randgen.Dist, error) {
	parts := int64(max(users, 1))
	rlen := c.tableSize / parts
	rmin := rlen * int64(user)
	return randgen.NewDist(c.dist, rmin, rmin+rlen)
}

func oneTable(c *config, _ workload.Values) error {
	if c.tables != 1 {
		return fmt.Errorf("this benchmark does not support --tables > 1")
	}
	return nil
}

// selectRandom is both scripts' event: one SELECT whose parameters come
// from the user's segment.
func selectRandom(ctx context.Context, u *user) error {
	q := u.in.random
	if !q.pairs {
		for i := range u.args {
			u.args[i] = u.seg.Next(u.r)
		}
	} else {
		for i := 0; i < len(u.args); i += 2 {
			v := u.seg.Next(u.r)
			u.args[i], u.args[i+1] = v, v+q.delta
		}
	}
	return u.run(ctx, q.op, u.s.stmts[0][q.op], u.args...)
}

// SelectRandomPoints is select_random_points.lua: one SELECT of whole rows
// WHERE k IN (--random-points values) per event, from the user's segment.
var SelectRandomPoints workload.Workload = &test{
	name:  "select_random_points",
	desc:  "sysbench random points: SELECT rows WHERE k IN (10 random values) per event",
	extra: []workload.Option{{Name: "random-points", Help: "Number of random points in the IN() clause in generated SELECTs", Kind: workload.Int, Default: "10", Min: 1, Max: 10000}},
	check: oneTable,
	random: func(v workload.Values) *randomQuery {
		n := int(v.Int("random-points"))
		return &randomQuery{op: opRandomPoints, nargs: n,
			sql: "SELECT id, k, c, pad FROM sbtest1 WHERE k IN (" + strings.TrimSuffix(strings.Repeat("?, ", n), ", ") + ")"}
	},
	event: selectRandom,
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
	random: func(v workload.Values) *randomQuery {
		n := int(v.Int("number-of-ranges"))
		return &randomQuery{op: opRandomRanges, nargs: 2 * n, pairs: true, delta: v.Int("delta"),
			sql: "SELECT count(k) FROM sbtest1 WHERE " + strings.TrimSuffix(strings.Repeat("k BETWEEN ? AND ? OR ", n), " OR ")}
	},
	event: selectRandom,
}
