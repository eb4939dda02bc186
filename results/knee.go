package results

import (
	"fmt"
	"strconv"
)

// Knee rules, stated in docs/scaling.md (Sweeps): the knee is the first step that reaches
// kneeShare of the sweep's best throughput; past it, a step "gains nothing"
// when its throughput is under kneeGain above the knee's.
const (
	kneeShare = 0.95
	kneeGain  = 0.05
)

// FindKnee finds where a sweep over thread counts stops scaling: the first
// step with at least 95% of the best throughput, provided a later step
// exists to show what more threads cost. It returns nil when throughput
// still grows at the last step (no knee inside the sweep) or when there are
// fewer than two steps; Finding says it in words either way through
// SweepFinding.
func FindKnee(steps []SweepStep) *Knee {
	if len(steps) < 2 {
		return nil
	}
	m := MeasureOf(steps)
	best := 0.0
	for _, s := range steps {
		best = max(best, m.Of(s))
	}
	if best <= 0 {
		return nil
	}
	k := 0
	for i, s := range steps {
		if m.Of(s) >= kneeShare*best {
			k = i
			break
		}
	}
	if k == len(steps)-1 {
		return nil
	}
	last := steps[len(steps)-1]
	knee := steps[k]
	gain := m.Of(last)/m.Of(knee) - 1
	name := m.Label()
	var cost string
	switch p := ratio(last.P95Ms, knee.P95Ms); {
	case p >= 1.2 && gain < kneeGain:
		cost = fmt.Sprintf("at %s, p95 is %s× higher (%s ms against %s ms) for no gain (%+.0f%% %s)",
			last.Value, fmtRatio(p), fmtMs(last.P95Ms), fmtMs(knee.P95Ms), 100*gain, name)
	case p >= 1.2:
		cost = fmt.Sprintf("at %s, p95 is %s× higher (%s ms against %s ms) for %+.0f%% %s",
			last.Value, fmtRatio(p), fmtMs(last.P95Ms), fmtMs(knee.P95Ms), 100*gain, name)
	default:
		cost = fmt.Sprintf("at %s, %s is %+.0f%% and p95 %s ms (%s ms at the knee)",
			last.Value, name, 100*gain, fmtMs(last.P95Ms), fmtMs(knee.P95Ms))
	}
	return &Knee{Index: k, Value: knee.Value, Finding: fmt.Sprintf("%s reaches %.0f (%.0f%% of its peak %.0f) at %s threads; %s.",
		name, m.Of(knee), 100*m.Of(knee)/best, best, knee.Value, cost)}
}

// SweepFinding is the sentence a sweep ends with.
func SweepFinding(sw *Sweep) string {
	if sw.Knee != nil {
		return sw.Knee.Finding
	}
	n := len(sw.Steps)
	if n < 2 || sw.Parameter != "threads" {
		return ""
	}
	last, prev := sw.Steps[n-1], sw.Steps[n-2]
	m := MeasureOf(sw.Steps)
	return fmt.Sprintf("No knee inside the sweep: %s still grows at %s threads (%.0f, %+.0f%% over %s threads); try more threads.",
		m.Label(), last.Value, m.Of(last), 100*(ratio(m.Of(last), m.Of(prev))-1), prev.Value)
}

// MemPerConnection is the least-squares slope, in KB per connection, of
// the server's memory during each step against its thread count; 0 when
// fewer than two steps have both.
func MemPerConnection(steps []SweepStep) float64 {
	var n, sx, sy, sxx, sxy float64
	for _, s := range steps {
		if s.ServerMemMB <= 0 || s.Threads <= 0 {
			continue
		}
		x, y := float64(s.Threads), s.ServerMemMB*1024
		n++
		sx += x
		sy += y
		sxx += x * x
		sxy += x * y
	}
	d := n*sxx - sx*sx
	if n < 2 || d == 0 {
		return 0
	}
	return (n*sxy - sx*sy) / d
}

func ratio(a, b float64) float64 {
	if b <= 0 {
		return 0
	}
	return a / b
}

func fmtRatio(r float64) string { return strconv.FormatFloat(r, 'f', 1, 64) }

func fmtMs(ms float64) string {
	if ms >= 100 {
		return strconv.FormatFloat(ms, 'f', 0, 64)
	}
	return strconv.FormatFloat(ms, 'f', 2, 64)
}
