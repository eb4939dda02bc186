package run

import (
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/workload"
)

// collect swaps every connection's Set out, merges them into the interval
// and, outside warmup, into the run's totals, and returns the interval.
// measuredNext says whether what is recorded from now on counts.
func (r *runner) collect(now time.Time, warmup, measuredNext bool) results.Interval {
	iv := r.ivSet
	iv.Reset()
	for _, c := range r.pool.conns {
		s := c.slot.Swap(measuredNext)
		iv.Merge(s)
		if !warmup {
			r.total.MergeReserving(s, hist.ReserveBuckets)
		}
		c.slot.Recycle(s)
	}
	// After the swap: every operation recorded in it was named before.
	r.refreshOps()
	dur := now.Sub(r.lastTick).Seconds()
	r.lastTick = now
	out := results.Interval{DurS: dur, Warmup: warmup, Threads: int(r.running.Load()),
		Transactions: iv.Txn.Count()}
	if r.cfg.Sample != nil {
		out.Host = r.cfg.Sample()
	}
	if dur <= 0 {
		return out
	}
	q := countQueries(r.ops, iv)
	out.TPS = float64(iv.Txn.Count()) / dur
	out.Reads, out.Writes, out.Other = float64(q.Read)/dur, float64(q.Write)/dur, float64(q.Other)/dur
	out.QPS = float64(q.Total) / dur
	txns := iv.Txn.OK()
	out.PctMs = hist.Percentile(txns, r.cfg.Percentile)
	out.P50Ms = hist.Percentile(txns, 50)
	out.P99Ms = hist.Percentile(txns, 99)
	out.MaxMs = float64(iv.Txn.MaxNs) / 1e6
	// err/s counts failed transactions and ignored errors, as sysbench's
	// interval line counts every error.
	out.ErrPerSec = float64(iv.Errors()+iv.Ignored()) / dur
	out.ReconnPerSec = float64(iv.Reconnects) / dur
	out.Errors = byClass(iv.Txn.ErrorsByClass[:])
	out.Ignored = byClass(iv.Txn.IgnoredByClass[:])
	out.Counts = &results.IntervalCounts{Reads: q.Read, Writes: q.Write, Other: q.Other, Reconnects: iv.Reconnects,
		Rollbacks: iv.Txn.Rollbacks, Starts: iv.Starts, LagSumNs: iv.LagSumNs, Statements: countVerbs(r.ops, iv)}
	out.Statements = results.StatementRates(out.Counts.Statements, dur)
	if iv.Txn.Count() > 0 {
		out.Hist, _ = hist.Encode(txns)
	}
	if len(r.types) > 1 {
		out.Types = intervalTypes(r.types, iv)
	}
	if r.pool.pooled() && iv.PoolWait.Count() > 0 {
		waits := iv.PoolWait.OK()
		out.PoolWaitP99Ms = hist.Percentile(waits, 99)
		out.PoolWaitHist, _ = hist.Encode(waits)
	}
	if r.sched != nil {
		out.Late, out.Dropped = iv.Late, iv.Dropped
		if iv.Starts > 0 {
			out.LagAvgMs = float64(iv.LagSumNs) / float64(iv.Starts) / 1e6
		}
		out.LagMaxMs = float64(iv.LagMaxNs) / 1e6
		out.QueueLength = r.sched.backlog(int64(now.Sub(r.base)))
		out.Concurrency = r.inEvent.Load()
	}
	return out
}

// intervalTypes is each transaction type's part of an interval.
func intervalTypes(types []workload.Txn, s *hist.Set) map[string]results.IntervalType {
	m := make(map[string]results.IntervalType, len(types))
	for i, t := range types {
		h := s.Types[i]
		it := results.IntervalType{Count: h.Count(), Errors: hist.ErrorsOf(h), Rollbacks: h.Rollbacks}
		if it.Count == 0 && it.Errors == 0 {
			continue
		}
		if it.Count > 0 {
			it.Hist, _ = hist.Encode(h.OK())
		}
		m[t.Name] = it
	}
	return m
}

// countQueries sums successful operations by class.
func countQueries(ops []workload.Op, s *hist.Set) results.Queries {
	var q results.Queries
	for i, op := range ops {
		n := s.Ops[i].Count()
		switch op.Class {
		case workload.Read:
			q.Read += n
		case workload.Write:
			q.Write += n
		default:
			q.Other += n
		}
	}
	q.Total = q.Read + q.Write + q.Other
	return q
}

func byClass(counts []int64) map[string]int64 {
	var m map[string]int64
	for i, n := range counts {
		if n == 0 {
			continue
		}
		if m == nil {
			m = map[string]int64{}
		}
		m[db.Class(i).String()] = n
	}
	return m
}
