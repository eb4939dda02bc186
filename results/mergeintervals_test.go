package results_test

import (
	"maps"
	"testing"

	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
)

// TestMergeIntervals: intervals merge index by index from the measured
// start (warmup ones backwards from it); the longer shard's extra
// interval is its own; counts sum, histograms merge exactly, rates come
// from the summed counts over the longest of the merged intervals.
func TestMergeIntervals(t *testing.T) {
	a, b := twoShards(t) // a: 2 warmup + 3 measured; b: 1 warmup + 4 measured
	m := mustMerge(t, a, b)
	type pair struct{ x, y *results.Interval }
	want := []pair{
		{&a.Intervals[0], nil},             // a's first warmup: b had none that early
		{&a.Intervals[1], &b.Intervals[0]}, // the last warmup interval of each
		{&a.Intervals[2], &b.Intervals[1]}, // measured interval 0
		{&a.Intervals[3], &b.Intervals[2]},
		{&a.Intervals[4], &b.Intervals[3]}, // a's partial last one with b's third
		{nil, &b.Intervals[4]},             // b's fourth: a had no fourth
	}
	if len(m.Intervals) != len(want) {
		t.Fatalf("%d merged intervals, want %d", len(m.Intervals), len(want))
	}
	for k, w := range want {
		ivs := []*results.Interval{}
		for _, iv := range []*results.Interval{w.x, w.y} {
			if iv != nil {
				ivs = append(ivs, iv)
			}
		}
		checkInterval(t, k, &m.Intervals[k], ivs)
	}
}

func checkInterval(t *testing.T, k int, got *results.Interval, ivs []*results.Interval) {
	t.Helper()
	var tx, reads, writes, recon, errs, starts, lagSum int64
	var dur, maxMs, tEnd float64
	var hists, pools [][]byte
	typeHists := map[string][][]byte{}
	typeCounts := map[string]int64{}
	tEnd = ivs[0].T
	for _, iv := range ivs {
		tx += iv.Transactions
		reads += iv.Counts.Reads
		writes += iv.Counts.Writes
		recon += iv.Counts.Reconnects
		starts += iv.Counts.Starts
		lagSum += iv.Counts.LagSumNs
		errs += iv.Errors["deadlock"] + iv.Ignored["duplicate_key"]
		dur, maxMs, tEnd = max(dur, iv.DurS), max(maxMs, iv.MaxMs), max(tEnd, iv.T)
		hists = append(hists, iv.Hist)
		pools = append(pools, iv.PoolWaitHist)
		for name, ty := range iv.Types {
			typeHists[name] = append(typeHists[name], ty.Hist)
			typeCounts[name] += ty.Count
		}
	}
	if got.Shards != len(ivs) || got.Warmup != ivs[0].Warmup {
		t.Errorf("interval %d: shards %d warmup %v, want %d %v", k, got.Shards, got.Warmup, len(ivs), ivs[0].Warmup)
	}
	if got.Transactions != tx || got.Counts.Reads != reads || got.Counts.Writes != writes || got.Counts.Reconnects != recon {
		t.Errorf("interval %d: tx/reads/writes/reconnects %d/%d/%d/%d, want %d/%d/%d/%d", k,
			got.Transactions, got.Counts.Reads, got.Counts.Writes, got.Counts.Reconnects, tx, reads, writes, recon)
	}
	near(t, "interval duration", got.DurS, dur)
	near(t, "interval end", got.T, tEnd)
	near(t, "interval tps", got.TPS, float64(tx)/dur)
	near(t, "interval qps", got.QPS, float64(reads+writes)/dur)
	near(t, "interval reads/s", got.Reads, float64(reads)/dur)
	near(t, "interval err/s", got.ErrPerSec, float64(errs)/dur)
	near(t, "interval reconn/s", got.ReconnPerSec, float64(recon)/dur)
	near(t, "interval max", got.MaxMs, maxMs)
	near(t, "interval lag avg", got.LagAvgMs, float64(lagSum)/float64(starts)/1e6)
	sameHist(t, "interval", got.Hist, hists...)
	whole := hdrMerge(t, hists...)
	near(t, "interval p95", got.PctMs, hist.Percentile(whole, 95))
	near(t, "interval p50", got.P50Ms, hist.Percentile(whole, 50))
	near(t, "interval p99", got.P99Ms, hist.Percentile(whole, 99))
	sameHist(t, "interval pool wait", got.PoolWaitHist, pools...)
	near(t, "interval pool wait p99", got.PoolWaitP99Ms, hist.Percentile(hdrMerge(t, pools...), 99))
	for name, hs := range typeHists {
		if got.Types[name].Count != typeCounts[name] {
			t.Errorf("interval %d type %s: count %d, want %d", k, name, got.Types[name].Count, typeCounts[name])
		}
		sameHist(t, "interval type "+name, got.Types[name].Hist, hs...)
	}
}

// TestMergeIntervalPoolWaitBound: a shard without the interval's pool-wait
// histogram leaves the largest of the shards' 99th percentiles, an upper
// bound of the merged one.
func TestMergeIntervalPoolWaitBound(t *testing.T) {
	a, b := twoShards(t)
	b = clone(t, b)
	for i := range b.Intervals {
		b.Intervals[i].PoolWaitHist = nil
		b.Intervals[i].PoolWaitP99Ms = 1e6
	}
	m := mustMerge(t, a, b)
	for k, iv := range m.Intervals {
		if k > 0 && iv.PoolWaitP99Ms != 1e6 {
			t.Errorf("interval %d: pool wait p99 %g, want the bound 1e6", k, iv.PoolWaitP99Ms)
		}
	}
	if got, want := m.Intervals[0].PoolWaitP99Ms, a.Intervals[0].PoolWaitP99Ms; got != want {
		t.Errorf("a's interval alone: pool wait p99 %g, want its own %g", got, want)
	}
}

// TestMergeOfMerged: a merged result counts as the shards it holds, and
// merging it with the rest gives what merging all at once gives.
func TestMergeOfMerged(t *testing.T) {
	var rs []*results.Result
	for i := range 3 {
		rs = append(rs, fakeShard(t, shardSpec{index: i, count: 3, warm: 1, measured: 3, perInterval: 100}))
	}
	all := mustMerge(t, rs...)
	part := mustMerge(t, rs[2], rs[0])
	if got := part.Run.Shard.Merged; len(got) != 2 || got[0] != 0 || got[1] != 2 {
		t.Fatalf("merged shards %v, want [0 2]", got)
	}
	again := mustMerge(t, part, rs[1])
	if again.Totals.Transactions != all.Totals.Transactions || len(again.Run.Shard.Merged) != 3 {
		t.Errorf("merged in two steps: %d transactions of shards %v; at once: %d", again.Totals.Transactions,
			again.Run.Shard.Merged, all.Totals.Transactions)
	}
	if !maps.Equal(buckets(decode(t, again.Histogram)), buckets(decode(t, all.Histogram))) {
		t.Error("merged in two steps, the histogram differs from the merge at once")
	}
	near(t, "fairness", again.Fairness.EventsStddev, all.Fairness.EventsStddev)
	for k := range all.Intervals {
		if again.Intervals[k].Transactions != all.Intervals[k].Transactions || again.Intervals[k].Shards != 3 {
			t.Errorf("interval %d: %d transactions of %d shards in two steps, %d at once", k,
				again.Intervals[k].Transactions, again.Intervals[k].Shards, all.Intervals[k].Transactions)
		}
	}
}
