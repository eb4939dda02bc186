package results

import (
	"fmt"
	"maps"
	"slices"
)

// MergeIntervals merges the shards' intervals index by index, aligned on
// the measured start: the k-th measured interval of every shard makes the
// merged k-th (the same window when the shards share a --start-at), and
// warmup intervals align backwards from the measured start. Counts sum,
// histograms merge exactly, and rates are the summed counts over the
// longest of the merged intervals.
//
// Shards may have different numbers of intervals (one ended a tick later,
// or closed with a partial interval the other did not have): the merged
// result has as many as the longest shard, and an interval that only some
// shards have is the merge of theirs alone; its Shards says how many.
func MergeIntervals(shards []Named, h Histograms) ([]Interval, error) {
	if len(shards) == 0 {
		return []Interval{}, nil
	}
	warm := make([][]Interval, len(shards))
	meas := make([][]Interval, len(shards))
	nWarm, nMeas := 0, 0
	for i, s := range shards {
		for _, iv := range s.Result.Intervals {
			if iv.Warmup {
				warm[i] = append(warm[i], iv)
			} else {
				meas[i] = append(meas[i], iv)
			}
		}
		nWarm, nMeas = max(nWarm, len(warm[i])), max(nMeas, len(meas[i]))
	}
	pct := shards[0].Result.Run.Percentile
	out := []Interval{}
	for k := range nWarm + nMeas {
		var group []part
		var ivs []*Interval
		for i, s := range shards {
			var iv *Interval
			if k < nWarm {
				if j := len(warm[i]) - nWarm + k; j >= 0 {
					iv = &warm[i][j]
				}
			} else if j := k - nWarm; j < len(meas[i]) {
				iv = &meas[i][j]
			}
			if iv != nil {
				group = append(group, part{name: s.Name, hist: iv.Hist})
				ivs = append(ivs, iv)
			}
		}
		iv, err := mergeInterval(h, pct, group, ivs)
		if err != nil {
			return nil, err
		}
		out = append(out, iv)
	}
	return out, nil
}

// mergeInterval merges one interval of several shards; group names each
// shard and carries its histogram.
func mergeInterval(h Histograms, pct float64, group []part, ivs []*Interval) (Interval, error) {
	m := &merger{h: h}
	out := Interval{T: ivs[0].T, Warmup: ivs[0].Warmup}
	var c IntervalCounts
	var errs int64
	var pool []part
	poolExact := true
	poolMax := 0.0
	types := map[string]*IntervalType{}
	typeParts := map[string][]part{}
	for i, iv := range ivs {
		name := group[i].name
		if err := mergeable(name, iv); err != nil {
			return Interval{}, err
		}
		out.T, out.DurS = max(out.T, iv.T), max(out.DurS, iv.DurS)
		out.Shards += max(iv.Shards, 1) // a merged interval holds several
		out.Threads += iv.Threads
		out.Transactions += iv.Transactions
		out.MaxMs = max(out.MaxMs, iv.MaxMs)
		if ic := iv.Counts; ic != nil {
			c.Reads += ic.Reads
			c.Writes += ic.Writes
			c.Other += ic.Other
			c.Reconnects += ic.Reconnects
			c.Rollbacks += ic.Rollbacks
			c.Starts += ic.Starts
			c.LagSumNs += ic.LagSumNs
			c.Statements = addCounts(c.Statements, ic.Statements)
		}
		out.Errors = addCounts(out.Errors, iv.Errors)
		out.Ignored = addCounts(out.Ignored, iv.Ignored)
		errs += sumCounts(iv.Errors) + sumCounts(iv.Ignored)
		out.Late += iv.Late
		out.Dropped += iv.Dropped
		out.LagMaxMs = max(out.LagMaxMs, iv.LagMaxMs)
		out.QueueLength += iv.QueueLength
		out.Concurrency += iv.Concurrency
		for tn, t := range iv.Types {
			acc := types[tn]
			if acc == nil {
				acc = &IntervalType{}
				types[tn] = acc
			}
			acc.Count += t.Count
			acc.Errors += t.Errors
			acc.Rollbacks += t.Rollbacks
			typeParts[tn] = append(typeParts[tn], part{name: name, hist: t.Hist})
		}
		switch {
		case len(iv.PoolWaitHist) > 0:
			pool = append(pool, part{name: name, hist: iv.PoolWaitHist})
		case iv.PoolWaitP99Ms > 0:
			poolExact = false
		}
		poolMax = max(poolMax, iv.PoolWaitP99Ms)
	}
	out.Counts = &c
	if d := out.DurS; d > 0 {
		q := c.Reads + c.Writes + c.Other
		out.TPS = perSecond(out.Transactions, d)
		out.Reads, out.Writes, out.Other = perSecond(c.Reads, d), perSecond(c.Writes, d), perSecond(c.Other, d)
		out.QPS = perSecond(q, d)
		out.ErrPerSec = perSecond(errs, d)
		out.ReconnPerSec = perSecond(c.Reconnects, d)
	}
	out.Statements = StatementRates(c.Statements, out.DurS)
	if c.Starts > 0 {
		out.LagAvgMs = float64(c.LagSumNs) / float64(c.Starts) / 1e6
	}
	enc, err := m.merge("interval", group)
	if err != nil {
		return Interval{}, err
	}
	if out.Transactions > 0 {
		out.Hist = enc
		_, p, _, err := h.Digest(enc, []float64{pct, 50, 99})
		if err != nil {
			return Interval{}, fmt.Errorf("merged interval histogram: %w", err)
		}
		out.PctMs, out.P50Ms, out.P99Ms = p[0], p[1], p[2]
	}
	if len(types) > 0 {
		out.Types = map[string]IntervalType{}
		for _, tn := range slices.Sorted(maps.Keys(types)) {
			t := *types[tn]
			if t.Count > 0 {
				if t.Hist, err = m.merge("interval transaction "+tn, typeParts[tn]); err != nil {
					return Interval{}, err
				}
			}
			out.Types[tn] = t
		}
	}
	if len(pool) > 0 {
		if out.PoolWaitHist, err = m.merge("interval pool wait", pool); err != nil {
			return Interval{}, err
		}
		_, p, _, err := h.Digest(out.PoolWaitHist, []float64{99})
		if err != nil {
			return Interval{}, fmt.Errorf("merged interval pool wait histogram: %w", err)
		}
		out.PoolWaitP99Ms = p[0]
	}
	if !poolExact {
		// A shard without the pool's histogram: the largest of the
		// shards' 99th percentiles bounds the merged one from above.
		out.PoolWaitP99Ms = max(out.PoolWaitP99Ms, poolMax)
	}
	return out, nil
}

// mergeable says why an interval cannot be merged exactly: it lacks the
// counts or the histogram its rates came from.
func mergeable(name string, iv *Interval) error {
	busy := iv.Transactions > 0 || iv.QPS > 0 || iv.ErrPerSec > 0 || iv.ReconnPerSec > 0
	switch {
	case iv.Counts == nil && busy:
		return fmt.Errorf("%s: the interval at %.1f s has no counts (written before intervals could merge): it cannot be merged exactly", name, iv.T)
	case iv.Transactions > 0 && len(iv.Hist) == 0:
		return fmt.Errorf("%s: the interval at %.1f s has no histogram: it cannot be merged exactly", name, iv.T)
	}
	for tn, t := range iv.Types {
		if t.Count > 0 && len(t.Hist) == 0 {
			return fmt.Errorf("%s: the interval at %.1f s has no histogram for %s: it cannot be merged exactly", name, iv.T, tn)
		}
	}
	return nil
}

func sumCounts(m map[string]int64) int64 {
	var n int64
	for _, v := range m {
		n += v
	}
	return n
}
