package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// SweepDoc is the report of a sweep: the curves of throughput and latency
// against the varied parameter, each step's numbers, and where the sweep
// stops scaling. steps holds each step's result where it could be read
// (nil otherwise), in the order of s.Steps.
func SweepDoc(s *results.Sweep, steps []*results.Result) *Doc {
	d := &Doc{Title: fmt.Sprintf("%s over %s: dbgauge sweep report", s.Workload, s.Parameter)}
	first := slices.IndexFunc(steps, func(r *results.Result) bool { return r != nil })
	measure := results.MeasureOf(s.Steps) // TPS, or the steps' throughput figure
	if len(s.Steps) > 0 {
		k, _ := knee(s.Steps)
		if s.Knee != nil && s.Knee.Index >= 0 && s.Knee.Index < len(s.Steps) {
			k = s.Knee.Index
		}
		best := s.Steps[k]
		d.Summary = fmt.Sprintf("%d steps of %s from %s to %s · best useful throughput %s %s at %s", len(s.Steps), s.Parameter,
			s.Steps[0].Value, s.Steps[len(s.Steps)-1].Value, fmtNum(measure.Of(best)), measure.Label(), best.Value)
		if s.Parameter == paramDB || isSize(s.Parameter) {
			b := slices.MaxFunc(s.Steps, func(a, b results.SweepStep) int { return -cmpDesc(measure.Of(a), measure.Of(b)) })
			d.Summary = fmt.Sprintf("%d steps of %s · most throughput %s %s at %s", len(s.Steps), s.Parameter, fmtNum(measure.Of(b)), measure.Label(), b.Value)
		}
	}
	if first >= 0 {
		env := environment(steps[first])
		if s.Parameter == paramDB {
			env.para("The database differs by step: see the steps' table.")
		}
		d.add(env)
	}

	m := Section{Title: "Method"}
	vals := make([]string, len(s.Steps))
	for i, st := range s.Steps {
		vals[i] = st.Value
	}
	m.para(fmt.Sprintf("The same workload, %s, ran once per step with %s = %s, one results folder per step; everything else stayed the same. Started %s, ended %s.",
		s.Workload, s.Parameter, strings.Join(vals, ", "), fmtTime(s.StartedAt), fmtTime(s.EndedAt)))
	var cmds []string
	for _, r := range steps {
		if r != nil && r.Environment != nil && r.Environment.CommandLine != "" {
			if c := fmtCommand(r.Environment.CommandLine); !slices.Contains(cmds, c) {
				cmds = append(cmds, c)
			}
		}
	}
	if len(cmds) > 0 {
		m.para("The exact command:")
		m.code(strings.Join(cmds, "\n"))
	}
	if first >= 0 {
		if opts := steps[first].Workload.Options; len(opts) > 0 {
			m.table(optionsTable(opts, s.Parameter))
		}
	}
	d.add(m)

	res := Section{Title: "Results"}
	t := &Table{Head: []string{s.Parameter, "threads", "TPS", "QPS", "avg ms", "p95 ms", "p99 ms", "max ms", "errors"}, Align: "lrrrrrrrr"}
	threadsCol := s.Parameter != paramThreads // else the first column says it
	if !threadsCol {
		t.Head = slices.Delete(t.Head, 1, 2)
		t.Align = t.Align[1:]
	}
	mem := slices.ContainsFunc(s.Steps, func(st results.SweepStep) bool { return st.ServerMemMB > 0 })
	if mem {
		t.Head = append(t.Head, "server MB")
		t.Align += "r"
	}
	if !measure.IsTPS() {
		t.Head = append(t.Head, measure.Label())
		t.Align += "r"
	}
	for _, st := range s.Steps {
		row := []string{st.Value, fmt.Sprint(st.Threads), fmtNum(st.TPS), fmtNum(st.QPS), fmtMs(st.AvgMs), fmtMs(st.P95Ms), fmtMs(st.P99Ms), fmtMs(st.MaxMs), fmtCount(st.Errors)}
		if !threadsCol {
			row = slices.Delete(row, 1, 2)
		}
		if mem {
			row = append(row, fmtNum(st.ServerMemMB))
		}
		if !measure.IsTPS() {
			row = append(row, fmtNum(measure.Of(st)))
		}
		t.Rows = append(t.Rows, row)
	}
	res.table(t)
	for _, c := range sweepCharts(s) {
		res.chart(c)
	}
	if len(s.Steps) > 0 && first >= 0 {
		labels := make([]string, len(steps))
		for i := range steps {
			if i < len(s.Steps) {
				labels[i] = s.Steps[i].Value
			}
		}
		if c := tpsOverlay("sweep-over-time", "TPS over time, one line per step", steps, labels); c != nil {
			res.chart(c)
		}
	}
	d.add(res)

	fs := Section{Title: "Findings"}
	if f := SweepFindings(s); len(f) > 0 {
		fs.list(f)
	} else {
		fs.para("Nothing stands out.")
	}
	d.add(fs)
	c := Section{Title: "Conclusion"}
	c.para(SweepConclusion(s))
	return d.add(c)
}

// sweepCharts are the curves of a sweep: TPS and p95 against threads, QPS
// and p95 against data size, or bars per target.
func sweepCharts(s *results.Sweep) []*Chart {
	n := len(s.Steps)
	if n == 0 {
		return nil
	}
	tps, qps, p95 := make([]float64, n), make([]float64, n), make([]float64, n)
	cats := make([]string, n)
	m := results.MeasureOf(s.Steps) // TPS, or the workload's throughput figure
	for i, st := range s.Steps {
		tps[i], qps[i], p95[i], cats[i] = m.Of(st), st.QPS, st.P95Ms, st.Value
	}
	name, unit := m.Label(), m.Unit
	if s.Parameter == paramDB {
		return []*Chart{
			{ID: "sweep-tps", Title: name + " by target", Kind: ChartBars, Y: unit, Categories: cats, Series: []Series{{Label: name, Values: valsOf(tps)}}},
			{ID: "sweep-p95", Title: "p95 latency by target (ms)", Kind: ChartBars, Y: "ms", Categories: cats, Series: []Series{{Label: "p95", Values: valsOf(p95)}}},
		}
	}
	x := make([]float64, n)
	numeric := true
	for i, st := range s.Steps {
		if s.Parameter == paramThreads {
			x[i] = float64(st.Threads)
			continue
		}
		v, ok := sizeOf(st.Value)
		numeric = numeric && ok
		x[i] = v
	}
	for i := 1; i < n; i++ {
		numeric = numeric && x[i] > x[i-1] // a curve needs increasing x
	}
	if !numeric {
		return []*Chart{
			{ID: "sweep-tps", Title: name + " by step", Kind: ChartBars, Y: unit, Categories: cats, Series: []Series{{Label: name, Values: valsOf(tps)}}},
			{ID: "sweep-p95", Title: "p95 latency by step (ms)", Kind: ChartBars, Y: "ms", Categories: cats, Series: []Series{{Label: "p95", Values: valsOf(p95)}}},
		}
	}
	logX := x[0] > 0 && x[n-1]/x[0] >= 8
	if isSize(s.Parameter) {
		return []*Chart{{ID: "sweep-size", Title: fmt.Sprintf("QPS and p95 against data size (%s)", s.Parameter), Kind: ChartLine,
			XLabel: s.Parameter, Y: "queries/s", Y2: "p95 ms", LogX: logX, X: x,
			Series: []Series{{Label: "QPS", Values: valsOf(qps)}, {Label: "p95 ms", Values: valsOf(p95), Axis: 1}}}}
	}
	return []*Chart{{ID: "sweep-threads", Title: fmt.Sprintf("%s and p95 against %s", name, s.Parameter), Kind: ChartLine,
		XLabel: s.Parameter, Y: unit, Y2: "p95 ms", LogX: logX, LogBase: 2, X: x,
		Series: []Series{{Label: name, Values: valsOf(tps)}, {Label: "p95 ms", Values: valsOf(p95), Axis: 1}}}}
}
