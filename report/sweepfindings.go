package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// Sweep findings' thresholds.
const (
	// plateau: a step within 5% of the best throughput is as good as the
	// best (run-to-run noise is about that); the first such step is the knee.
	plateau = 0.95
	// noGain: less than 3% more throughput is no gain.
	noGain = 0.03
)

// Sweep parameters (results.Sweep.Parameter).
const (
	paramThreads = "threads"
	paramDB      = "db"
)

// isSize tells a data-size sweep (table-size, record-count, …).
func isSize(param string) bool {
	return strings.Contains(param, "size") || strings.Contains(param, "count") || strings.Contains(param, "records")
}

// SweepFindings say where a sweep stops scaling, in plain words with the
// numbers: the knee of a threads sweep, the drop of a data-size curve, the
// ranking of targets.
func SweepFindings(s *results.Sweep) []string {
	steps := s.Steps
	if len(steps) == 0 {
		return nil
	}
	var f []string
	switch {
	case s.Parameter == paramDB:
		f = append(f, targetsFinding(steps)...)
	case isSize(s.Parameter):
		f = append(f, sizeFinding(s.Parameter, steps)...)
	default:
		if s.Knee != nil && s.Knee.Finding != "" {
			f = append(f, s.Knee.Finding)
		} else if k := kneeFinding(s.Parameter, steps); k != "" {
			f = append(f, k)
		}
		f = append(f, scaling(s.Parameter, steps))
	}
	for _, st := range steps {
		if st.Errors > 0 {
			f = append(f, fmt.Sprintf("At %s, %s failed.", stepName(s.Parameter, st.Value), fmtPlural(st.Errors, "transaction")))
		}
	}
	if s.MemPerConnectionKB > 0 {
		f = append(f, fmt.Sprintf("The server's memory grows by about %s KB per connection (slope of its memory against the thread count).", fmtNum(s.MemPerConnectionKB)))
	}
	if s.Interrupted {
		f = append(f, "The sweep was interrupted: its last steps are missing.")
	}
	return slices.DeleteFunc(f, func(x string) bool { return x == "" })
}

// paramUnit names a sweep parameter's values in a sentence.
func paramUnit(param string) string {
	switch {
	case param == paramThreads:
		return "threads"
	case param == paramDB:
		return ""
	}
	return strings.ReplaceAll(param, "-", " ")
}

// stepName names a step in a sentence: "8 threads", "table-size 100000",
// "postgres".
func stepName(param, value string) string {
	switch param {
	case paramThreads:
		return value + " threads"
	case paramDB:
		return value
	}
	return param + " " + value
}

// knee is the first step within plateau of the best throughput.
func knee(steps []results.SweepStep) (kneeIdx, best int) {
	m := results.MeasureOf(steps)
	for i, st := range steps {
		if m.Of(st) > m.Of(steps[best]) {
			best = i
		}
	}
	for i, st := range steps {
		if m.Of(st) >= plateau*m.Of(steps[best]) {
			return i, best
		}
	}
	return best, best
}

func kneeFinding(param string, steps []results.SweepStep) string {
	if len(steps) < 2 {
		return ""
	}
	u := paramUnit(param)
	m := results.MeasureOf(steps)
	name := m.Label()
	k, best := knee(steps)
	last := steps[len(steps)-1]
	if k == len(steps)-1 {
		prev := steps[len(steps)-2]
		g := 0.0
		if m.Of(prev) > 0 {
			g = m.Of(last)/m.Of(prev) - 1
		}
		return fmt.Sprintf("%s still grows at the largest step: %s %s at %s %s, %s over %s; the knee is beyond this sweep.",
			name, fmtNum(m.Of(last)), name, last.Value, u, fmtSigned(g*100), prev.Value)
	}
	ks := steps[k]
	s := fmt.Sprintf("%s peaks at %s %s (%s %s", name, ks.Value, u, fmtNum(m.Of(ks)), name)
	if best != k {
		s += fmt.Sprintf(", within 5%% of the best, %s at %s", fmtNum(m.Of(steps[best])), steps[best].Value)
	}
	s += ")"
	if ks.P95Ms > 0 && last.P95Ms > 0 {
		gain := m.Of(last)/m.Of(ks) - 1
		what := "no gain"
		switch {
		case gain > noGain:
			what = fmt.Sprintf("only %s more throughput", fmtSigned(gain*100))
		case gain < -noGain:
			what = fmt.Sprintf("%s less throughput", fmtPct(-gain*100))
		}
		s += fmt.Sprintf("; at %s, p95 is %s higher (%s ms against %s ms) for %s", last.Value, fmtTimes(last.P95Ms/ks.P95Ms), fmtMs(last.P95Ms), fmtMs(ks.P95Ms), what)
	}
	return s + "."
}

func scaling(param string, steps []results.SweepStep) string {
	first, last := steps[0], steps[len(steps)-1]
	m := results.MeasureOf(steps)
	if len(steps) < 2 || m.Of(first) <= 0 || first.Threads <= 0 || last.Threads <= first.Threads {
		return ""
	}
	k := float64(last.Threads) / float64(first.Threads)
	g := m.Of(last) / m.Of(first)
	return fmt.Sprintf("From %d to %d threads (%s the threads), %s grows %s (%s to %s): %s of linear scaling.",
		first.Threads, last.Threads, fmtTimes(k), m.Label(), fmtTimes(g), fmtNum(m.Of(first)), fmtNum(m.Of(last)), fmtPct(g/k*100))
}

// sizeOf reads a step value as a data size: 10000, 1e6, 100k, 10M.
func sizeOf(v string) (float64, bool) {
	s := strings.TrimSpace(strings.ReplaceAll(v, "_", ""))
	mult := 1.0
	if n := len(s); n > 0 {
		switch s[n-1] {
		case 'k', 'K':
			mult, s = 1e3, s[:n-1]
		case 'm', 'M':
			mult, s = 1e6, s[:n-1]
		case 'g', 'G', 'b', 'B':
			mult, s = 1e9, s[:n-1]
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, false
	}
	return f * mult, true
}

func sizeFinding(param string, steps []results.SweepStep) []string {
	if len(steps) < 2 {
		return nil
	}
	small, large := steps[0], steps[len(steps)-1]
	if small.QPS <= 0 {
		return nil
	}
	d := large.QPS/small.QPS - 1
	var f []string
	verb := "drops"
	if d > 0 {
		verb = "rises"
	}
	s := fmt.Sprintf("QPS %s %s from %s to %s (%s to %s QPS)", verb, fmtPct(math.Abs(d)*100), stepName(param, small.Value), large.Value, fmtNum(small.QPS), fmtNum(large.QPS))
	if small.P95Ms > 0 && large.P95Ms > 0 {
		s += fmt.Sprintf("; p95 goes from %s ms to %s ms", fmtMs(small.P95Ms), fmtMs(large.P95Ms))
	}
	f = append(f, s+".")
	if len(steps) >= 3 {
		worst, at := 0.0, 0
		for i := 1; i < len(steps); i++ {
			if steps[i-1].QPS > 0 {
				if c := steps[i].QPS/steps[i-1].QPS - 1; c < worst {
					worst, at = c, i
				}
			}
		}
		if at > 0 && worst < -0.1 {
			f = append(f, fmt.Sprintf("The steepest drop is from %s to %s (%s): where the working set likely outgrows the cache.",
				steps[at-1].Value, steps[at].Value, fmtSigned(worst*100)))
		}
	}
	return f
}

func targetsFinding(steps []results.SweepStep) []string {
	if len(steps) < 2 {
		return nil
	}
	order := make([]int, len(steps))
	for i := range order {
		order[i] = i
	}
	m := results.MeasureOf(steps)
	name := m.Label()
	slices.SortStableFunc(order, func(a, b int) int { return cmpDesc(m.Of(steps[a]), m.Of(steps[b])) })
	top, second, low := steps[order[0]], steps[order[1]], steps[order[len(order)-1]]
	s := fmt.Sprintf("%s leads with %s %s", top.Value, fmtNum(m.Of(top)), name)
	if m.Of(second) > 0 {
		s += fmt.Sprintf(", %s %s (%s %s)", fmtTimes(m.Of(top)/m.Of(second)), second.Value, fmtNum(m.Of(second)), name)
	}
	if len(steps) > 2 {
		s += fmt.Sprintf("; %s is last with %s %s", low.Value, fmtNum(m.Of(low)), name)
	}
	f := []string{s + "."}
	lat := slices.Clone(order)
	slices.SortStableFunc(lat, func(a, b int) int { return -cmpDesc(steps[a].P95Ms, steps[b].P95Ms) })
	if best := steps[lat[0]]; best.P95Ms > 0 {
		f = append(f, fmt.Sprintf("The lowest p95 is %s's, %s ms; the highest %s's, %s ms.", best.Value, fmtMs(best.P95Ms), steps[lat[len(lat)-1]].Value, fmtMs(steps[lat[len(lat)-1]].P95Ms)))
	}
	return f
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// SweepConclusion sums a sweep up in one paragraph.
func SweepConclusion(s *results.Sweep) string {
	if len(s.Steps) == 0 {
		return "The sweep has no finished step."
	}
	vals := make([]string, len(s.Steps))
	for i, st := range s.Steps {
		vals[i] = st.Value
	}
	p := fmt.Sprintf("%s ran over %s = %s.", s.Workload, s.Parameter, strings.Join(vals, ", "))
	m := results.MeasureOf(s.Steps)
	name := m.Label()
	switch {
	case s.Parameter == paramDB:
		best := slices.MaxFunc(s.Steps, func(a, b results.SweepStep) int { return -cmpDesc(m.Of(a), m.Of(b)) })
		p += fmt.Sprintf(" On this workload and host, %s gave the most throughput (%s %s at p95 %s ms).", best.Value, fmtNum(m.Of(best)), name, fmtMs(best.P95Ms))
	case isSize(s.Parameter):
		first, last := s.Steps[0], s.Steps[len(s.Steps)-1]
		p += fmt.Sprintf(" Throughput went from %s QPS at %s to %s QPS at %s: plan capacity from the curve at the data size you expect.",
			fmtNum(first.QPS), stepName(s.Parameter, first.Value), fmtNum(last.QPS), last.Value)
	default:
		k, _ := knee(s.Steps)
		if s.Knee != nil && s.Knee.Index >= 0 && s.Knee.Index < len(s.Steps) {
			k = s.Knee.Index
		}
		ks := s.Steps[k]
		if k == len(s.Steps)-1 {
			p += fmt.Sprintf(" Throughput was still growing at %s (%s %s): extend the sweep to find the knee.", ks.Value, fmtNum(m.Of(ks)), name)
		} else {
			best := slices.MaxFunc(s.Steps[k:], func(a, b results.SweepStep) int { return -cmpDesc(m.Of(a), m.Of(b)) })
			last := s.Steps[len(s.Steps)-1]
			p += fmt.Sprintf(" The useful concurrency is about %s: %s %s at p95 %s ms. Beyond it, throughput gains at most %s (%s %s at %s), while p95 is %s ms at %s.",
				stepName(s.Parameter, ks.Value), fmtNum(m.Of(ks)), name, fmtMs(ks.P95Ms), fmtSigned((m.Of(best)/m.Of(ks)-1)*100), fmtNum(m.Of(best)), name,
				best.Value, fmtMs(last.P95Ms), last.Value)
		}
	}
	return p
}
