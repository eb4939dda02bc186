package results_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	hdr "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
)

// shardSpec shapes a fake shard: its index of count, its warmup and
// measured intervals, and how many transactions each interval has.
type shardSpec struct {
	index, count   int
	warm, measured int
	perInterval    int
}

// fakeShard makes the result of one shard the way a run does: real HDR
// histograms recorded from random latencies, digests from them, and
// intervals with their counts and histograms.
func fakeShard(t *testing.T, sp shardSpec) *results.Result {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(sp.index)+1, 99))
	total, pool := hist.NewOp(), hist.NewOp()
	types := map[string]*hist.Op{"a": hist.NewOp(), "b": hist.NewOp()}
	ops := map[string]*hist.Op{"insert": hist.NewOp(), "select": hist.NewOp()}
	r := &results.Result{
		SchemaVersion: results.SchemaVersion,
		Workload:      results.Workload{Name: "w", Family: "f", Options: map[string]string{"size": "10"}},
		Target:        results.Target{Driver: "sqlite", URL: "sqlite:x.db"},
		Run: results.Run{Threads: 5, Connections: 5, TimeS: 3, ReportIntervalS: 1, Percentile: 95, Seed: 7, Rate: 100, RateArrival: "poisson",
			Shard: &results.Shard{Index: sp.index, Count: sp.count}},
		StartedAt: "2026-01-01T10:00:0" + string(rune('0'+sp.index)) + "Z",
		EndedAt:   "2026-01-01T10:00:1" + string(rune('0'+sp.index)) + "Z",
		Fairness:  results.Fairness{EventsAvg: float64(10 + sp.index), EventsStddev: 2, TimeAvgS: 1 + float64(sp.index), TimeStddevS: 0.5},
	}
	var tx, errs, rollbacks int64
	for k := range sp.warm + sp.measured {
		warm := k < sp.warm
		ivAll, ivPool := hist.NewOp(), hist.NewOp()
		ivTypes := map[string]*hist.Op{"a": hist.NewOp(), "b": hist.NewOp()}
		n := sp.perInterval + rng.IntN(20)
		var ivRoll int64
		for j := range n {
			v := rng.Int64N(5_000_000) + 1000
			name := "a"
			if j%3 == 0 {
				name, ivRoll = "b", ivRoll+1
			}
			ivAll.Record(v, false)
			ivTypes[name].Record(v, false)
			ivPool.Record(v/10, false)
			if !warm {
				total.Record(v, false)
				types[name].Record(v, false)
				pool.Record(v/10, false)
				ops["insert"].Record(v/2, false)
				ops["select"].Record(v/3, false)
				ops["select"].Record(v/4, false)
			}
		}
		dur := 1.0
		if k == sp.warm+sp.measured-1 {
			dur = 0.25 + 0.1*float64(sp.index) // a partial last interval
		}
		cnt := int64(n)
		iv := results.Interval{T: float64(k-sp.warm+1) - 1 + dur, DurS: dur, Warmup: warm, Threads: 3 - sp.index, Transactions: cnt,
			TPS: float64(cnt) / dur, MaxMs: float64(ivAll.MaxNs) / 1e6,
			Errors: map[string]int64{"deadlock": 1}, Ignored: map[string]int64{"duplicate_key": int64(sp.index + 1)},
			Late: 1, Dropped: int64(sp.index), LagMaxMs: float64(k), QueueLength: 2, Concurrency: 1,
			Counts: &results.IntervalCounts{Reads: 2 * cnt, Writes: cnt, Reconnects: 1, Rollbacks: ivRoll, Starts: cnt, LagSumNs: cnt * 1000},
			Hist:   enc(t, ivAll.OK()), PoolWaitHist: enc(t, ivPool.OK()), PoolWaitP99Ms: hist.Percentile(ivPool.OK(), 99),
			Types: map[string]results.IntervalType{}}
		for name, h := range ivTypes {
			iv.Types[name] = results.IntervalType{Count: h.Count(), Hist: enc(t, h.OK())}
		}
		r.Intervals = append(r.Intervals, iv)
		if !warm {
			tx += cnt
			errs++
			rollbacks += ivRoll
		}
	}
	r.Totals = results.Totals{Transactions: tx, Queries: results.Queries{Read: 2 * tx, Write: tx, Total: 3 * tx},
		Errors: errs, IgnoredErrors: int64(sp.index + 1), Reconnects: int64(sp.measured), DurationS: 3 + 0.1*float64(sp.index),
		ErrorsByClass: map[string]int64{"deadlock": errs}, IgnoredByClass: map[string]int64{"duplicate_key": int64(sp.index + 1)},
		Rollbacks: rollbacks,
		Waits: &results.Waits{ThinkCount: int64(10 * (sp.index + 1)), ThinkTotalMs: float64(100 * (sp.index + 2)),
			PauseCount: 4, PauseTotalMs: 8 * float64(sp.index+1)},
		Schedule: &results.Schedule{Starts: tx, Late: int64(sp.index), LagAvgMs: float64(sp.index + 1), LagMaxMs: float64(3 * sp.index)}}
	pw := latencyOf(pool)
	r.Totals.PoolWait = &pw
	r.PoolWaitHistogram = enc(t, pool.OK())
	r.Latency, r.Histogram = latencyOf(total), enc(t, total.OK())
	r.Ops = map[string]results.OpStat{}
	r.OpHistograms = map[string][]byte{}
	for name, h := range ops {
		class := "write"
		if name == "select" {
			class = "read"
		}
		r.Ops[name] = results.OpStat{Class: class, Count: h.Count(), Latency: latencyOf(h)}
		r.OpHistograms[name] = enc(t, h.OK())
	}
	r.Transactions = map[string]results.TxnStat{}
	r.TxnHistograms = map[string][]byte{}
	r.TxnOrder = []string{"a", "b"}
	for name, h := range types {
		st := results.TxnStat{Count: h.Count(), Errors: int64(sp.index), Latency: latencyOf(h),
			ErrorsByClass: map[string]int64{"deadlock": int64(sp.index)}}
		if name == "b" {
			st.Rollbacks = rollbacks
		}
		r.Transactions[name] = st
		r.TxnHistograms[name] = enc(t, h.OK())
	}
	return r
}

// latencyOf digests an Op as a run does.
func latencyOf(o *hist.Op) results.Latency {
	s := hist.Summarize(o, []float64{50, 90, 95, 99, 99.9, 95})
	return results.Latency{Count: s.Count, Min: s.Min, Avg: s.Avg, Max: s.Max, Stddev: s.Stddev, Sum: s.Sum,
		P50: s.Pct[0], P90: s.Pct[1], P95: s.Pct[2], P99: s.Pct[3], P999: s.Pct[4], Percentile: s.Pct[5]}
}

func enc(t *testing.T, h *hdr.PackedHistogram) []byte {
	t.Helper()
	b, err := hist.Encode(h)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// hdrMerge is the HDR merge of encoded histograms, done here with the
// library alone.
func hdrMerge(t *testing.T, encs ...[]byte) *hdr.PackedHistogram {
	t.Helper()
	sum := hist.New()
	for _, b := range encs {
		if len(b) == 0 {
			continue
		}
		sum.Merge(decode(t, b))
	}
	return sum
}

func decode(t *testing.T, b []byte) *hdr.PackedHistogram {
	t.Helper()
	h, err := hist.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// buckets is a histogram's populated buckets, value to count.
func buckets(h *hdr.PackedHistogram) map[int64]int64 {
	m := map[int64]int64{}
	h.ForEachBucket(func(v, c int64) bool {
		if c > 0 {
			m[v] += c
		}
		return true
	})
	return m
}

// clone is a deep copy of r.
func clone(t *testing.T, r *results.Result) *results.Result {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var c results.Result
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return &c
}

func named(rs ...*results.Result) []results.Named {
	out := make([]results.Named, len(rs))
	for i, r := range rs {
		out[i] = results.Named{Name: "shard" + string(rune('A'+i)), Result: r}
	}
	return out
}
