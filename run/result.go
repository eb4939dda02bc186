package run

import (
	"math"
	"runtime"
	"time"

	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
)

// Result turns an outcome into result.json. base carries what the caller
// knows (tool, workload, target, run settings, dataset); totals, latency,
// operations, fairness, intervals and histograms are filled in here.
func (o *Outcome) Result(base results.Result, percentile float64) *results.Result {
	r := base
	r.SchemaVersion = results.SchemaVersion
	r.Tool.GoVersion = runtime.Version()
	r.StartedAt = o.Start.UTC().Format(time.RFC3339Nano)
	r.EndedAt = o.End.UTC().Format(time.RFC3339Nano)
	r.Interrupted = o.Interrupted
	if o.Aborted != nil {
		r.Aborted = o.Aborted.Error()
	}
	t := o.Total
	dur := o.Duration().Seconds()
	q := countQueries(o.Ops, t)
	r.Totals = results.Totals{
		Transactions: t.Txn.Count(), Queries: q,
		Errors: t.Errors(), IgnoredErrors: t.Ignored(), Reconnects: t.Reconnects,
		Relogins:  o.Relogins,
		DurationS: dur, ErrorsByClass: nonNil(byClass(t.Txn.ErrorsByClass[:])),
		IgnoredByClass: nonNil(byClass(t.Txn.IgnoredByClass[:])), Clamped: t.Clamped,
		Rollbacks: t.Txn.Rollbacks, Waits: waits(t.Waits), Statements: countVerbs(o.Ops, t),
	}
	r.Totals.StatementsPerSec = results.StatementRates(r.Totals.Statements, dur)
	if o.Pooled {
		pw := latency(t.PoolWait, percentile)
		r.Totals.PoolWait = &pw
		r.PoolWaitHistogram, _ = hist.Encode(t.PoolWait.OK())
	}
	if dur > 0 {
		r.Totals.TPS = float64(r.Totals.Transactions) / dur
		r.Totals.QPS = float64(q.Total) / dur
	}
	if r.Run.Rate > 0 {
		sc := &results.Schedule{TargetRate: r.Run.Rate, Arrival: r.Run.RateArrival, Starts: t.Starts,
			Late: t.Late, Dropped: t.Dropped, LagMaxMs: float64(t.LagMaxNs) / 1e6}
		if t.Starts > 0 {
			sc.LagAvgMs = float64(t.LagSumNs) / float64(t.Starts) / 1e6
		}
		r.Totals.Schedule = sc
	}
	r.Latency = latency(t.Txn.Op, percentile)
	r.Histogram, _ = hist.Encode(t.Txn.OK())
	r.Ops = map[string]results.OpStat{}
	r.OpHistograms = map[string][]byte{}
	for i, op := range o.Ops {
		h := t.Ops[i]
		if h.Count() == 0 && h.Errors() == 0 {
			continue
		}
		r.Ops[op.Name] = results.OpStat{Class: op.Class.String(), Count: h.Count(), Errors: h.Errors(), Latency: latency(h, percentile)}
		r.OpHistograms[op.Name], _ = hist.Encode(h.OK())
	}
	r.Transactions = map[string]results.TxnStat{}
	r.TxnHistograms = map[string][]byte{}
	for i, typ := range o.Types {
		h := t.Types[i]
		st := results.TxnStat{Count: h.Count(), Errors: hist.ErrorsOf(h), IgnoredErrors: hist.IgnoredOf(h),
			Rollbacks: h.Rollbacks, ErrorsByClass: byClass(h.ErrorsByClass[:]), IgnoredByClass: byClass(h.IgnoredByClass[:]),
			Latency: latency(h.Op, percentile), P90LimitMs: float64(typ.Limit) / float64(time.Millisecond)}
		if dur > 0 {
			st.TPS = float64(st.Count) / dur
		}
		r.Transactions[typ.Name] = st
		r.TxnOrder = append(r.TxnOrder, typ.Name)
		r.TxnHistograms[typ.Name], _ = hist.Encode(h.OK())
	}
	r.Fairness = fairness(o.Users)
	r.Intervals = o.Intervals
	if r.Intervals == nil {
		r.Intervals = []results.Interval{}
	}
	return &r
}

func latency(op *hist.Op, percentile float64) results.Latency {
	s := hist.Summarize(op, []float64{50, 90, 95, 99, 99.9, percentile})
	return results.Latency{Count: s.Count, Min: s.Min, Avg: s.Avg, Max: s.Max, Stddev: s.Stddev, Sum: s.Sum,
		P50: s.Pct[0], P90: s.Pct[1], P95: s.Pct[2], P99: s.Pct[3], P999: s.Pct[4], Percentile: s.Pct[5]}
}

// waits turns the summed waits into counts and means.
func waits(w hist.Waits) *results.Waits {
	if w.ThinkCount+w.KeyingCount+w.PauseCount == 0 {
		return nil
	}
	mean := func(ns, n int64) float64 {
		if n == 0 {
			return 0
		}
		return float64(ns) / float64(n) / 1e6
	}
	return &results.Waits{ThinkCount: w.ThinkCount, ThinkMeanMs: mean(w.ThinkNs, w.ThinkCount), ThinkTotalMs: float64(w.ThinkNs) / 1e6,
		KeyingCount: w.KeyingCount, KeyingMeanMs: mean(w.KeyingNs, w.KeyingCount), KeyingTotalMs: float64(w.KeyingNs) / 1e6,
		PauseCount: w.PauseCount, PauseMeanMs: mean(w.PauseNs, w.PauseCount), PauseTotalMs: float64(w.PauseNs) / 1e6}
}

// fairness is sysbench's "Threads fairness": population standard deviation
// of events and of time spent in events per thread (per user).
func fairness(ws []UserTotals) results.Fairness {
	var f results.Fairness
	n := float64(len(ws))
	if n == 0 {
		return f
	}
	for _, w := range ws {
		f.EventsAvg += float64(w.Events)
		f.TimeAvgS += float64(w.BusyNs) / 1e9
	}
	f.EventsAvg /= n
	f.TimeAvgS /= n
	for _, w := range ws {
		f.EventsStddev += math.Pow(float64(w.Events)-f.EventsAvg, 2)
		f.TimeStddevS += math.Pow(float64(w.BusyNs)/1e9-f.TimeAvgS, 2)
	}
	f.EventsStddev = math.Sqrt(f.EventsStddev / n)
	f.TimeStddevS = math.Sqrt(f.TimeStddevS / n)
	return f
}

func nonNil(m map[string]int64) map[string]int64 {
	if m == nil {
		return map[string]int64{}
	}
	return m
}
