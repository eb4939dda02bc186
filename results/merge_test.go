package results_test

import (
	"maps"
	"math"
	"slices"
	"testing"

	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
)

func twoShards(t *testing.T) (a, b *results.Result) {
	a = fakeShard(t, shardSpec{index: 0, count: 2, warm: 2, measured: 3, perInterval: 200})
	b = fakeShard(t, shardSpec{index: 1, count: 2, warm: 1, measured: 4, perInterval: 150})
	return a, b
}

func mustMerge(t *testing.T, rs ...*results.Result) *results.Result {
	t.Helper()
	m, err := results.Merge(named(rs...), hist.Encoded{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestMergeCounts: every count of the merged result is the sum of the
// shards', rates are recomputed from the sums, means from summed totals.
func TestMergeCounts(t *testing.T) {
	a, b := twoShards(t)
	m := mustMerge(t, a, b)
	ta, tb, tm := a.Totals, b.Totals, m.Totals
	type sum struct {
		name      string
		x, y, got int64
	}
	sums := []sum{
		{"transactions", ta.Transactions, tb.Transactions, tm.Transactions},
		{"reads", ta.Queries.Read, tb.Queries.Read, tm.Queries.Read},
		{"writes", ta.Queries.Write, tb.Queries.Write, tm.Queries.Write},
		{"queries", ta.Queries.Total, tb.Queries.Total, tm.Queries.Total},
		{"errors", ta.Errors, tb.Errors, tm.Errors},
		{"deadlocks", ta.ErrorsByClass["deadlock"], tb.ErrorsByClass["deadlock"], tm.ErrorsByClass["deadlock"]},
		{"ignored", ta.IgnoredErrors, tb.IgnoredErrors, tm.IgnoredErrors},
		{"ignored duplicate keys", ta.IgnoredByClass["duplicate_key"], tb.IgnoredByClass["duplicate_key"], tm.IgnoredByClass["duplicate_key"]},
		{"reconnects", ta.Reconnects, tb.Reconnects, tm.Reconnects},
		{"rollbacks", ta.Rollbacks, tb.Rollbacks, tm.Rollbacks},
		{"pool waits", ta.PoolWait.Count, tb.PoolWait.Count, tm.PoolWait.Count},
		{"think count", ta.Waits.ThinkCount, tb.Waits.ThinkCount, tm.Waits.ThinkCount},
		{"pause count", ta.Waits.PauseCount, tb.Waits.PauseCount, tm.Waits.PauseCount},
		{"schedule starts", ta.Schedule.Starts, tb.Schedule.Starts, tm.Schedule.Starts},
		{"schedule late", ta.Schedule.Late, tb.Schedule.Late, tm.Schedule.Late},
		{"latency count", a.Latency.Count, b.Latency.Count, m.Latency.Count},
	}
	for name, op := range m.Ops {
		sums = append(sums, sum{"op " + name, a.Ops[name].Count, b.Ops[name].Count, op.Count})
	}
	for name, st := range m.Transactions {
		xa, xb := a.Transactions[name], b.Transactions[name]
		sums = append(sums, sum{"type " + name, xa.Count, xb.Count, st.Count},
			sum{"type errors " + name, xa.Errors, xb.Errors, st.Errors},
			sum{"type rollbacks " + name, xa.Rollbacks, xb.Rollbacks, st.Rollbacks},
			sum{"type deadlocks " + name, xa.ErrorsByClass["deadlock"], xb.ErrorsByClass["deadlock"], st.ErrorsByClass["deadlock"]})
	}
	for _, s := range sums {
		if s.got != s.x+s.y {
			t.Errorf("%s: merged %d, want %d + %d", s.name, s.got, s.x, s.y)
		}
	}
	if len(m.Ops) != 2 || len(m.Transactions) != 2 || !slices.Equal(m.TxnOrder, []string{"a", "b"}) {
		t.Errorf("ops %v, types %v in order %v", slices.Collect(maps.Keys(m.Ops)), slices.Collect(maps.Keys(m.Transactions)), m.TxnOrder)
	}
	dur := max(ta.DurationS, tb.DurationS)
	near(t, "duration", tm.DurationS, dur)
	near(t, "tps", tm.TPS, float64(ta.Transactions+tb.Transactions)/dur)
	near(t, "qps", tm.QPS, float64(ta.Queries.Total+tb.Queries.Total)/dur)
	near(t, "type a tps", m.Transactions["a"].TPS, float64(m.Transactions["a"].Count)/dur)
	near(t, "think mean", tm.Waits.ThinkMeanMs, (ta.Waits.ThinkTotalMs+tb.Waits.ThinkTotalMs)/float64(ta.Waits.ThinkCount+tb.Waits.ThinkCount))
	near(t, "pause mean", tm.Waits.PauseMeanMs, (ta.Waits.PauseTotalMs+tb.Waits.PauseTotalMs)/8)
	near(t, "lag avg", tm.Schedule.LagAvgMs,
		(ta.Schedule.LagAvgMs*float64(ta.Schedule.Starts)+tb.Schedule.LagAvgMs*float64(tb.Schedule.Starts))/float64(tm.Schedule.Starts))
	near(t, "lag max", tm.Schedule.LagMaxMs, 3)
	sh := m.Run.Shard
	if sh == nil || sh.Count != 2 || !slices.Equal(sh.Merged, []int{0, 1}) {
		t.Errorf("run.shard %+v, want merged [0 1] of 2", sh)
	}
	if m.StartedAt != a.StartedAt || m.EndedAt != b.EndedAt {
		t.Errorf("span %s .. %s, want the earliest start and the latest end", m.StartedAt, m.EndedAt)
	}
}

// TestMergeHistograms: each merged histogram is the HDR merge of the
// shards', percentiles are read from it, and the exact minimum, maximum
// and sum combine exactly.
func TestMergeHistograms(t *testing.T) {
	a, b := twoShards(t)
	m := mustMerge(t, a, b)
	sameHist(t, "transactions", m.Histogram, a.Histogram, b.Histogram)
	sameHist(t, "pool wait", m.PoolWaitHistogram, a.PoolWaitHistogram, b.PoolWaitHistogram)
	for name := range m.Ops {
		sameHist(t, "op "+name, m.OpHistograms[name], a.OpHistograms[name], b.OpHistograms[name])
	}
	for name := range m.Transactions {
		sameHist(t, "type "+name, m.TxnHistograms[name], a.TxnHistograms[name], b.TxnHistograms[name])
	}
	want := hdrMerge(t, a.Histogram, b.Histogram)
	l := m.Latency
	near(t, "min", l.Min, min(a.Latency.Min, b.Latency.Min))
	near(t, "max", l.Max, max(a.Latency.Max, b.Latency.Max))
	near(t, "sum", l.Sum, a.Latency.Sum+b.Latency.Sum)
	near(t, "avg", l.Avg, (a.Latency.Sum+b.Latency.Sum)/float64(want.TotalCount()))
	for _, p := range []struct {
		pct float64
		got float64
	}{{50, l.P50}, {90, l.P90}, {95, l.P95}, {99, l.P99}, {99.9, l.P999}, {95, l.Percentile}} {
		w := min(max(hist.Percentile(want, p.pct), l.Min), l.Max)
		near(t, "percentile", p.got, w)
	}
	near(t, "stddev", l.Stddev, want.StdDev()/1e6)
	// The merge is not an average of the shards' percentiles.
	if l.P99 == (a.Latency.P99+b.Latency.P99)/2 {
		t.Errorf("p99 %g is the mean of the shards'", l.P99)
	}
}

// TestMergeFairness: sysbench's per-user mean and standard deviation of
// events combine over the users of both shards.
func TestMergeFairness(t *testing.T) {
	a, b := twoShards(t)
	m := mustMerge(t, a, b)
	// 5 users: shard 0 runs users 0, 2 and 4 (events mean 10, sd 2), shard
	// 1 users 1 and 3 (mean 11, sd 2). Over all five, the mean of squares
	// is each shard's sd² + mean², weighed by its users.
	n0, n1 := 3.0, 2.0
	mean := (n0*10 + n1*11) / 5
	sd := math.Sqrt((n0*(4+100)+n1*(4+121))/5 - mean*mean)
	near(t, "events avg", m.Fairness.EventsAvg, mean)
	near(t, "events stddev", m.Fairness.EventsStddev, sd)
}

// sameHist fails unless merged is, bucket by bucket, the HDR merge of the
// shards' encodings.
func sameHist(t *testing.T, what string, merged []byte, shards ...[]byte) {
	t.Helper()
	want := hdrMerge(t, shards...)
	got := decode(t, merged)
	if got.TotalCount() != want.TotalCount() || got.TotalCount() == 0 {
		t.Errorf("%s: merged histogram holds %d values, want %d", what, got.TotalCount(), want.TotalCount())
	}
	if !maps.Equal(buckets(got), buckets(want)) {
		t.Errorf("%s: merged histogram differs from the HDR merge of the shards'", what)
	}
}

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9*max(1, math.Abs(want)) {
		t.Errorf("%s = %g, want %g", what, got, want)
	}
}

func TestShardMissing(t *testing.T) {
	sh := &results.Shard{Count: 5, Merged: []int{0, 2, 3}}
	if got := sh.Missing(); !slices.Equal(got, []int{1, 4}) {
		t.Errorf("Missing() = %v", got)
	}
	if got := (&results.Shard{Count: 2, Merged: []int{0, 1}}).Missing(); got != nil {
		t.Errorf("all merged: %v", got)
	}
}

// TestMergeRelogins: relogins add up over the shards that have them, and
// stay absent when none has.
func TestMergeRelogins(t *testing.T) {
	a, b := twoShards(t)
	if m := mustMerge(t, a, b); m.Totals.Relogins != nil {
		t.Fatalf("merged relogins %d from shards without any", *m.Totals.Relogins)
	}
	two, three := int64(2), int64(3)
	a.Totals.Relogins, b.Totals.Relogins = &two, &three
	if m := mustMerge(t, a, b); m.Totals.Relogins == nil || *m.Totals.Relogins != 5 {
		t.Fatalf("merged relogins %v, want 5", m.Totals.Relogins)
	}
}
