package results

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"
)

// Histograms merges and reads the encoded HDR histograms results carry.
// results holds plain data and decodes none itself: hist.Encoded is the
// implementation.
type Histograms interface {
	// Merge returns the exact merge of the non-empty encodings, encoded;
	// nil when none holds anything.
	Merge(encoded ...[]byte) ([]byte, error)
	// Digest returns an encoding's count, values at pcts and standard
	// deviation, in milliseconds.
	Digest(encoded []byte, pcts []float64) (count int64, pctMs []float64, stddevMs float64, err error)
}

// Merge merges the results of shards of one run (CheckShards) into the
// result the whole run would have given. Counts sum; every histogram (all
// transactions, each operation, each transaction type, the pool's waits) is
// the exact merge of the shards', and the percentiles come from it; exact
// minimums, maximums and sums combine as such; rates are the summed counts
// over the longest shard's measured time (shards measure one window,
// --start-at). Intervals merge index by index (MergeIntervals).
//
// What belongs to one machine is left out: the environment, resource use,
// server statistics, interval host samples and threshold outcomes stay in
// the shards' results.
func Merge(shards []Named, h Histograms) (*Result, error) {
	if err := CheckShards(shards); err != nil {
		return nil, err
	}
	first := shards[0].Result
	m := &merger{h: h, shards: shards, pcts: []float64{50, 90, 95, 99, 99.9, first.Run.Percentile}}
	r := &Result{SchemaVersion: first.SchemaVersion, Tool: first.Tool, Workload: first.Workload,
		Target: first.Target, Run: first.Run, Dataset: first.Dataset}
	var indexes []int
	for _, s := range shards {
		indexes = append(indexes, ShardsOf(s.Result)...)
	}
	slices.Sort(indexes)
	r.Run.Shard = &Shard{Index: indexes[0], Count: first.Run.Shard.Count, Merged: indexes}
	r.StartedAt, r.EndedAt = m.span()
	var aborted []string
	for _, s := range shards {
		r.Interrupted = r.Interrupted || s.Result.Interrupted
		if s.Result.Aborted != "" {
			aborted = append(aborted, s.Name+": "+s.Result.Aborted)
		}
	}
	r.Aborted = strings.Join(aborted, "; ")
	if err := m.totals(r); err != nil {
		return nil, err
	}
	if err := m.ops(r); err != nil {
		return nil, err
	}
	if err := m.transactions(r); err != nil {
		return nil, err
	}
	r.Fairness = m.fairness()
	ivs, err := MergeIntervals(shards, h)
	if err != nil {
		return nil, err
	}
	r.Intervals = ivs
	return r, nil
}

// merger carries what every part of a merge needs.
type merger struct {
	h      Histograms
	shards []Named
	pcts   []float64
}

// part is one shard's digest of a latency and its histogram.
type part struct {
	name string
	lat  Latency
	hist []byte
}

// merge merges the parts' histograms, naming the shard whose histogram
// cannot be read.
func (m *merger) merge(what string, parts []part) ([]byte, error) {
	var acc []byte
	for _, p := range parts {
		next, err := m.h.Merge(acc, p.hist)
		if err != nil {
			return nil, fmt.Errorf("%s: %s histogram: %w", p.name, what, err)
		}
		acc = next
	}
	return acc, nil
}

// latency merges parts: the histogram exactly, minimum, maximum and sum
// exactly, and the percentiles from the merged histogram (bounded by the
// exact minimum and maximum, as a run's are).
func (m *merger) latency(what string, parts []part) (Latency, []byte, error) {
	enc, err := m.merge(what, parts)
	if err != nil {
		return Latency{}, nil, err
	}
	count, pct, sd, err := m.h.Digest(enc, m.pcts)
	if err != nil {
		return Latency{}, nil, fmt.Errorf("merged %s histogram: %w", what, err)
	}
	l := Latency{Count: count, Stddev: sd}
	seen := false
	for _, p := range parts {
		if p.lat.Count == 0 {
			continue
		}
		if !seen || p.lat.Min < l.Min {
			l.Min = p.lat.Min
		}
		l.Max = max(l.Max, p.lat.Max)
		l.Sum += p.lat.Sum
		seen = true
	}
	if count > 0 {
		l.Avg = l.Sum / float64(count)
		for i := range pct {
			pct[i] = min(max(pct[i], l.Min), l.Max)
		}
		l.P50, l.P90, l.P95, l.P99, l.P999, l.Percentile = pct[0], pct[1], pct[2], pct[3], pct[4], pct[5]
	}
	return l, enc, nil
}

// span is the earliest start and the latest end of the shards.
func (m *merger) span() (start, end string) {
	var ts, te time.Time
	for i, s := range m.shards {
		a, errA := time.Parse(time.RFC3339Nano, s.Result.StartedAt)
		b, errB := time.Parse(time.RFC3339Nano, s.Result.EndedAt)
		if i == 0 || errA == nil && a.Before(ts) {
			start, ts = s.Result.StartedAt, a
		}
		if i == 0 || errB == nil && b.After(te) {
			end, te = s.Result.EndedAt, b
		}
	}
	return start, end
}

// duration is the merged run's measured time: the longest shard's. Shards
// measure the same window (--start-at); one that ended later makes it.
func (m *merger) duration() float64 {
	d := 0.0
	for _, s := range m.shards {
		d = max(d, s.Result.Totals.DurationS)
	}
	return d
}

func perSecond(n int64, dur float64) float64 {
	if dur <= 0 {
		return 0
	}
	return float64(n) / dur
}

func addCounts(dst map[string]int64, src map[string]int64) map[string]int64 {
	for k, v := range src {
		if dst == nil {
			dst = map[string]int64{}
		}
		dst[k] += v
	}
	return dst
}

// ops merges the operations: counts sum, latencies merge.
func (m *merger) ops(r *Result) error {
	names := map[string]bool{}
	for _, s := range m.shards {
		for k := range s.Result.Ops {
			names[k] = true
		}
	}
	r.Ops = map[string]OpStat{}
	r.OpHistograms = map[string][]byte{}
	for _, name := range slices.Sorted(maps.Keys(names)) {
		var st OpStat
		var parts []part
		for _, s := range m.shards {
			o, ok := s.Result.Ops[name]
			if !ok {
				continue
			}
			st.Class = o.Class
			st.Count += o.Count
			st.Errors += o.Errors
			parts = append(parts, part{s.Name, o.Latency, s.Result.OpHistograms[name]})
		}
		lat, enc, err := m.latency("operation "+name, parts)
		if err != nil {
			return err
		}
		st.Latency = lat
		r.Ops[name] = st
		r.OpHistograms[name] = enc
	}
	return nil
}

// fairness combines the shards' per-user means and population standard
// deviations into the whole run's, exactly: each shard's users weigh in.
func (m *merger) fairness() Fairness {
	var n, ev, ev2, t, t2 float64
	for _, s := range m.shards {
		k := float64(usersOf(s.Result))
		f := s.Result.Fairness
		n += k
		ev += k * f.EventsAvg
		ev2 += k * (f.EventsStddev*f.EventsStddev + f.EventsAvg*f.EventsAvg)
		t += k * f.TimeAvgS
		t2 += k * (f.TimeStddevS*f.TimeStddevS + f.TimeAvgS*f.TimeAvgS)
	}
	if n == 0 {
		return Fairness{}
	}
	sd := func(sum2, mean float64) float64 { return math.Sqrt(max(sum2/n-mean*mean, 0)) }
	f := Fairness{EventsAvg: ev / n, TimeAvgS: t / n}
	f.EventsStddev, f.TimeStddevS = sd(ev2, f.EventsAvg), sd(t2, f.TimeAvgS)
	return f
}

// usersOf is how many of the run's users a result's shards ran: they are
// dealt round-robin, user i to shard i mod count.
func usersOf(r *Result) int {
	sh := r.Run.Shard
	n := 0
	for _, i := range ShardsOf(r) {
		if r.Run.Threads > i {
			n += (r.Run.Threads-i-1)/sh.Count + 1
		}
	}
	return n
}
