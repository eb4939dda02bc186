package report

import (
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
)

// Stability thresholds.
const (
	// memoryDrift: memory 3% higher in the last third of a run than in the
	// first is growth, not the garbage collector's sawtooth (the soak
	// target of the bookstore study).
	memoryDrift = 0.03
	// stabilityIntervals and stabilitySeconds: a run shorter than this says
	// nothing about drift.
	stabilityIntervals = 9
	stabilitySeconds   = 60
)

// drift compares the first and the last third of a long run: the
// throughput, the p90 response time (from the thirds' merged histograms),
// and the peaks of the client's RSS and the server's memory (peaks, as
// memory is a sawtooth between collections), and says which drifted.
func drift(r *results.Result) string {
	var ivs []results.Interval
	var secs float64
	for _, iv := range r.Intervals {
		if !iv.Warmup {
			ivs = append(ivs, iv)
			secs += iv.DurS
		}
	}
	if len(ivs) < stabilityIntervals || secs < stabilitySeconds {
		return ""
	}
	third := len(ivs) / 3
	first, last := ivs[:third], ivs[len(ivs)-third:]
	rate := throughput(r).name // its drift is TPS's: the figure counts in proportion
	type measure struct {
		name, unit  string
		a, b, limit float64
	}
	ms := []measure{{name: rate, a: meanOf(first, func(iv results.Interval) float64 { return iv.TPS }),
		b: meanOf(last, func(iv results.Interval) float64 { return iv.TPS }), limit: trendDrift}}
	if a, b := p90Of(first), p90Of(last); a > 0 && b > 0 {
		ms = append(ms, measure{"p90", " ms", a, b, trendDrift})
	}
	host := func(f func(*results.HostSample) float64) (float64, float64) {
		peak := func(part []results.Interval) float64 {
			var m float64
			for _, iv := range part {
				if iv.Host != nil {
					m = max(m, f(iv.Host))
				}
			}
			return m
		}
		return peak(first), peak(last)
	}
	if a, b := host(func(h *results.HostSample) float64 { return h.ProcRSSMB }); a > 0 && b > 0 {
		ms = append(ms, measure{"client RSS", " MB", a, b, memoryDrift})
	}
	if a, b := host(func(h *results.HostSample) float64 { return h.ServerMemMB }); a > 0 && b > 0 {
		ms = append(ms, measure{"server memory", " MB", a, b, memoryDrift})
	}
	var parts, drifted []string
	for _, m := range ms {
		if m.a <= 0 {
			continue
		}
		d := m.b/m.a - 1
		parts = append(parts, fmt.Sprintf("%s %s → %s%s (%s)", m.name, fmtNum(m.a), fmtNum(m.b), m.unit, fmtSigned(d*100)))
		if d > m.limit || (m.name == rate && d < -m.limit) {
			drifted = append(drifted, fmt.Sprintf("%s (over %s)", m.name, fmtPct(m.limit*100)))
		}
	}
	s := "Stability, first third against last third of the run: " + strings.Join(parts, ", ")
	if len(drifted) == 0 {
		return s + ": nothing drifted."
	}
	return s + ": drifted: " + strings.Join(drifted, ", ") + "."
}

func meanOf(ivs []results.Interval, v func(results.Interval) float64) float64 {
	var sum float64
	for _, iv := range ivs {
		sum += v(iv)
	}
	return sum / float64(len(ivs))
}

// p90Of is the 90th percentile of the intervals' merged histograms, in ms
// (0 when they carry none).
func p90Of(ivs []results.Interval) float64 {
	var hs [][]byte
	for _, iv := range ivs {
		if len(iv.Hist) > 0 {
			hs = append(hs, iv.Hist)
		}
	}
	if len(hs) == 0 {
		return 0
	}
	merged, err := hist.Encoded{}.Merge(hs...)
	if err != nil {
		return 0
	}
	_, p, _, err := hist.Encoded{}.Digest(merged, []float64{90})
	if err != nil {
		return 0
	}
	return p[0]
}
