package results_test

import (
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
)

// TestMergeRejects: results that are not shards of one run, or that cannot
// be merged exactly, are refused with an error naming why; nothing merges.
func TestMergeRejects(t *testing.T) {
	a, b := twoShards(t)
	edit := func(f func(r *results.Result)) *results.Result {
		c := clone(t, b)
		f(c)
		return c
	}
	cases := []struct {
		name string
		in   []*results.Result
		says string
	}{
		{"different workloads", []*results.Result{a, edit(func(r *results.Result) { r.Workload.Name = "other" })}, "different workloads"},
		{"different options", []*results.Result{a, edit(func(r *results.Result) { r.Workload.Options["size"] = "20" })}, "different options (size=10 vs 20)"},
		{"an option only one has", []*results.Result{a, edit(func(r *results.Result) { r.Workload.Options["extra"] = "1" })}, "extra=unset vs 1"},
		{"different schema versions", []*results.Result{a, edit(func(r *results.Result) { r.SchemaVersion = 2 })}, "different schema versions"},
		{"a newer schema", []*results.Result{edit(func(r *results.Result) { r.SchemaVersion = 2 }), edit(func(r *results.Result) { r.SchemaVersion = 2; r.Run.Shard.Index = 0 })}, "this dbgauge merges version 1"},
		{"different shard counts", []*results.Result{a, edit(func(r *results.Result) { r.Run.Shard.Count = 3 })}, "split differently"},
		{"the same shard twice", []*results.Result{a, a}, "shard 0 is given twice"},
		{"a copy of a shard", []*results.Result{a, b, clone(t, a)}, "shard 0 is given twice: in shardA and in shardC"},
		{"a merged result and one of its shards", []*results.Result{mustMerge(t, a, b), b}, "shard 1 is given twice"},
		{"not a shard", []*results.Result{a, edit(func(r *results.Result) { r.Run.Shard = nil })}, "shardB is not a shard"},
		{"no shard at all", []*results.Result{edit(func(r *results.Result) { r.Run.Shard = nil }), edit(func(r *results.Result) { r.Run.Shard = nil })}, "is not a shard"},
		{"a shard of one", []*results.Result{a, edit(func(r *results.Result) { r.Run.Shard = &results.Shard{Index: 0, Count: 1} })}, "not a shard of a larger run"},
		{"a shard beyond the count", []*results.Result{a, edit(func(r *results.Result) { r.Run.Shard.Index = 5 })}, "does not exist"},
		{"another database", []*results.Result{a, edit(func(r *results.Result) { r.Target.Driver = "postgres" })}, "one database"},
		{"another seed", []*results.Result{a, edit(func(r *results.Result) { r.Run.Seed = 8 })}, "seed 7 vs 8"},
		{"other users", []*results.Result{a, edit(func(r *results.Result) { r.Run.Threads = 6 })}, "users 5 vs 6"},
		{"another time", []*results.Result{a, edit(func(r *results.Result) { r.Run.TimeS = 60 })}, "time 3 vs 60"},
		{"another rate", []*results.Result{a, edit(func(r *results.Result) { r.Run.Rate = 50 })}, "rate 100 vs 50"},
		{"no histogram", []*results.Result{a, edit(func(r *results.Result) { r.Histogram = nil })}, "no latency histogram"},
		{"a broken histogram", []*results.Result{a, edit(func(r *results.Result) { r.Histogram = []byte("not an HDR histogram") })}, "shardB: latency histogram"},
		{"a broken operation histogram", []*results.Result{a, edit(func(r *results.Result) { r.OpHistograms["insert"] = []byte{1, 2, 3} })}, "operation insert histogram"},
		{"an interval without counts", []*results.Result{a, edit(func(r *results.Result) { r.Intervals[2].Counts = nil })}, "has no counts"},
		{"an interval without histogram", []*results.Result{a, edit(func(r *results.Result) { r.Intervals[2].Hist = nil })}, "has no histogram"},
		{"an interval type without histogram", []*results.Result{a, edit(func(r *results.Result) {
			ty := r.Intervals[2].Types["a"]
			ty.Hist = nil
			r.Intervals[2].Types["a"] = ty
		})}, "no histogram for a"},
		{"nothing", nil, "no results"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := results.Merge(named(tc.in...), hist.Encoded{})
			if err == nil {
				t.Fatalf("merged (%d transactions), want an error saying %q", m.Totals.Transactions, tc.says)
			}
			if !strings.Contains(err.Error(), tc.says) {
				t.Errorf("error %q does not say %q", err, tc.says)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q is more than one line", err)
			}
		})
	}
}

// TestMergePartial: shards of a larger run may be merged before the rest
// are in; run.shard lists the ones merged.
func TestMergePartial(t *testing.T) {
	x := fakeShard(t, shardSpec{index: 3, count: 4, measured: 2, perInterval: 10})
	y := fakeShard(t, shardSpec{index: 1, count: 4, measured: 2, perInterval: 10})
	m := mustMerge(t, x, y)
	if sh := m.Run.Shard; sh.Count != 4 || len(sh.Merged) != 2 || sh.Merged[0] != 1 || sh.Merged[1] != 3 || sh.Index != 1 {
		t.Errorf("run.shard %+v, want shards [1 3] of 4", sh)
	}
}

func TestJoinShards(t *testing.T) {
	for _, c := range []struct {
		ix   []int
		want string
	}{{nil, ""}, {[]int{1}, "1"}, {[]int{0, 2, 3}, "0, 2, 3"}} {
		if got := results.JoinShards(c.ix); got != c.want {
			t.Errorf("JoinShards(%v) = %q, want %q", c.ix, got, c.want)
		}
	}
}
