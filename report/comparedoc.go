package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// RunLabels names runs for a comparison by what tells them apart (database,
// workload, threads, rate, data): a part that all runs share is left out.
// names (their folders) are the fallback when nothing differs.
func RunLabels(rs []*results.Result, names []string) []string {
	parts := []func(r *results.Result) string{
		func(r *results.Result) string { return r.Target.Driver },
		func(r *results.Result) string { return r.Target.ServerVersion },
		func(r *results.Result) string { return r.Workload.Name },
		func(r *results.Result) string { return fmt.Sprintf("%d thr", r.Run.Threads) },
		func(r *results.Result) string {
			if r.Run.Rate > 0 {
				return fmt.Sprintf("rate %s", fmtNum(r.Run.Rate))
			}
			return ""
		},
		differingShape(rs),
		differingOptions(rs),
		differingSettings(rs),
		func(r *results.Result) string {
			if r.Environment == nil {
				return ""
			}
			return r.Environment.Hostname
		},
	}
	labels := make([]string, len(rs))
	for _, p := range parts {
		seen := map[string]bool{}
		for _, r := range rs {
			seen[p(r)] = true
		}
		if len(seen) < 2 {
			continue
		}
		for i, r := range rs {
			labels[i] = strings.TrimSpace(labels[i] + " " + p(r))
		}
	}
	seen := map[string]bool{}
	dup := false
	for _, l := range labels {
		dup = dup || seen[l] || l == ""
		seen[l] = true
	}
	if dup {
		for i := range labels {
			n := fmt.Sprintf("#%d", i+1)
			if i < len(names) && names[i] != "" {
				n = names[i]
			}
			labels[i] = strings.TrimSpace(labels[i] + " " + n)
		}
	}
	return labels
}

// differingShape labels a run by the keys of its data's shape whose values
// differ among the runs (record-count=10000000).
func differingShape(rs []*results.Result) func(r *results.Result) string {
	return differingKeys(rs, func(r *results.Result) map[string]string {
		if r.Dataset == nil {
			return nil
		}
		return r.Dataset.Shape
	}, nil, "")
}

// differingOptions labels a run by the workload options whose values differ
// among the runs (--mysql-access, --batch-size, --bound); options of the
// data's shape are differingShape's.
func differingOptions(rs []*results.Result) func(r *results.Result) string {
	shape := map[string]bool{}
	for _, r := range rs {
		if r.Dataset != nil {
			for k := range r.Dataset.Shape {
				shape[k] = true
			}
		}
	}
	return differingKeys(rs, func(r *results.Result) map[string]string { return r.Workload.Options }, shape, "")
}

// differingKeys labels a run by the keys of get(r) whose values differ
// among the runs, as NAME=VALUE in name order, skip excepted. A run
// without a key has the value missing; with missing "", it shows none and
// does not count (another driver's option).
func differingKeys(rs []*results.Result, get func(r *results.Result) map[string]string, skip map[string]bool, missing string) func(r *results.Result) string {
	values := map[string]map[string]bool{}
	for _, r := range rs {
		for k, v := range get(r) {
			if values[k] == nil {
				values[k] = map[string]bool{}
			}
			values[k][v] = true
		}
	}
	value := func(m map[string]string, k string) (string, bool) {
		v, ok := m[k]
		if !ok && missing != "" {
			return missing, true
		}
		return v, ok
	}
	if missing != "" { // a run without a key counts as its value
		for _, r := range rs {
			m := get(r)
			for k := range values {
				if _, ok := m[k]; !ok {
					values[k][missing] = true
				}
			}
		}
	}
	var names []string
	for _, k := range slices.Sorted(maps.Keys(values)) {
		if len(values[k]) > 1 && !skip[k] {
			names = append(names, k)
		}
	}
	return func(r *results.Result) string {
		var parts []string
		m := get(r)
		for _, k := range names {
			if v, ok := value(m, k); ok {
				parts = append(parts, k+"="+v)
			}
		}
		return strings.Join(parts, " ")
	}
}

// CompareDoc is the side-by-side report of several runs; the first is the
// baseline that the others' changes refer to.
func CompareDoc(rs []*results.Result, labels []string) *Doc {
	d := &Doc{Title: fmt.Sprintf("Comparison of %d runs: dbgauge report", len(rs))}
	d.Summary = bestHeadline(rs, labels)

	env := Section{Title: "Environment"}
	et := &Table{Head: append([]string{""}, labels...)}
	row := func(name string, get func(r *results.Result) string) {
		cells := []string{name}
		any := false
		for _, r := range rs {
			v := get(r)
			any = any || v != ""
			cells = append(cells, v)
		}
		if any {
			et.Rows = append(et.Rows, cells)
		}
	}
	row("database", func(r *results.Result) string {
		return strings.TrimSpace(r.Target.Driver + " " + r.Target.ServerVersion)
	})
	row("URL", func(r *results.Result) string { return r.Target.URL })
	envRow := func(name string, get func(e *results.Environment) string) {
		row(name, func(r *results.Result) string {
			if r.Environment == nil {
				return ""
			}
			return get(r.Environment)
		})
	}
	envRow("host", func(e *results.Environment) string { return e.Hostname })
	envRow("CPU", func(e *results.Environment) string { return fmt.Sprintf("%d × %s", e.CPUs, e.CPUModel) })
	envRow("memory", func(e *results.Environment) string { return fmtCount(e.MemoryMB) + " MB" })
	envRow("OS", func(e *results.Environment) string { return strings.TrimSpace(e.OS + " " + e.Kernel) })
	envRow("storage", func(e *results.Environment) string { return strings.TrimSpace(e.Filesystem + " " + e.Device) })
	envRow("server data", func(e *results.Environment) string { return placeShort(e.ServerData) })
	envRow("server log", func(e *results.Environment) string { return placeShort(e.ServerLog) })
	row("server settings", settingsLabel)
	row("dbgauge", func(r *results.Result) string { return r.Tool.Version })
	if len(rs) > 4 {
		et = transpose(et, "run") // one row per run: a column per run would not fit
	}
	env.table(et)
	d.add(env)

	m := Section{Title: "Method"}
	mt := &Table{Head: []string{"run", "workload", "threads", "time", "rate", "seed", "started"}, Align: "llrrrrl"}
	for i, r := range rs {
		rate := "closed loop"
		if r.Run.Rate > 0 {
			rate = fmtNum(r.Run.Rate) + "/s"
		}
		mt.Rows = append(mt.Rows, []string{labels[i], r.Workload.Name, fmt.Sprint(r.Run.Threads), fmtSeconds(r.Totals.DurationS), rate, fmt.Sprint(r.Run.Seed), fmtTime(r.StartedAt)})
	}
	m.table(mt)
	var cmds []string
	for i, r := range rs {
		if r.Environment != nil && r.Environment.CommandLine != "" {
			cmds = append(cmds, "# "+labels[i]+"\n"+fmtCommand(r.Environment.CommandLine))
		}
	}
	if len(cmds) > 0 {
		m.para("The exact commands:")
		m.code(strings.Join(cmds, "\n"))
	}
	d.add(m)

	res := Section{Title: "Results"}
	rt := &Table{Head: []string{"run", "TPS", "vs " + labels[0], "QPS", "p95 ms", "vs " + labels[0], "p99 ms", "max ms", "errors"}, Align: "lrrrrrrrr"}
	figs := throughputCells(rs, len(rs))
	if figs != nil {
		rt.Head, rt.Align = slices.Insert(rt.Head, 4, "throughput"), rt.Align+"r"
	}
	base := rs[0]
	for i, r := range rs {
		dt, dl := "", ""
		if i > 0 {
			dt, dl = relChange(r.Totals.TPS, base.Totals.TPS), relChange(r.Latency.P95, base.Latency.P95)
		}
		row := []string{labels[i], fmtNum(r.Totals.TPS), dt, fmtNum(r.Totals.QPS), fmtMs(r.Latency.P95), dl, fmtMs(r.Latency.P99), fmtMs(r.Latency.Max), fmtCount(r.Totals.Errors + r.Totals.IgnoredErrors)}
		if figs != nil {
			row = slices.Insert(row, 4, figs[i])
		}
		rt.Rows = append(rt.Rows, row)
	}
	res.table(rt)
	if st := compareStatementsTable(rs, labels); st != nil {
		res.table(st)
	}
	tps, p95 := make([]float64, len(rs)), make([]float64, len(rs))
	for i, r := range rs {
		tps[i], p95[i] = r.Totals.TPS, r.Latency.P95
	}
	res.chart(&Chart{ID: "compare-tps", Title: "TPS by run", Kind: ChartBars, Y: "transactions/s", Categories: labels, Series: []Series{{Label: "TPS", Values: valsOf(tps)}}})
	for _, c := range throughputCharts(rs, labels) {
		res.chart(c)
	}
	res.chart(&Chart{ID: "compare-p95", Title: "p95 latency by run (ms)", Kind: ChartBars, Y: "ms", Categories: labels, Series: []Series{{Label: "p95", Values: valsOf(p95)}}})
	if c := tpsOverlay("compare-over-time", "TPS over time, overlaid", rs, labels); c != nil {
		res.chart(c)
	}
	d.add(res)

	lat := Section{Title: "Latency"}
	ls := make([]results.Latency, len(rs))
	for i, r := range rs {
		ls[i] = r.Latency
	}
	lat.table(latencyTable(labels, ls))
	d.add(lat)

	if slices.ContainsFunc(rs, func(r *results.Result) bool { return r.Resources != nil }) {
		ru := Section{Title: "Resource usage"}
		t := &Table{Head: []string{"run", "CPU busy", "iowait", "steal", "dbgauge CPU (% of one core)", "server CPU"}, Align: "lrrrrr"}
		for i, r := range rs {
			if rs := r.Resources; rs != nil {
				server := ""
				if rs.ServerCPUPeak > 0 {
					server = fmtPct(rs.ServerCPUAvg)
				}
				t.Rows = append(t.Rows, []string{labels[i], fmtPct(cpuBusy(rs)), fmtPct(rs.CPUIowaitAvg), fmtPct(rs.CPUStealAvg), fmtPct(rs.ProcCPUAvg), server})
			} else {
				t.Rows = append(t.Rows, []string{labels[i], "", "", "", "", ""})
			}
		}
		ru.table(t)
		d.add(ru)
	}

	fs := Section{Title: "Findings"}
	fs.list(CompareFindings(rs, labels))
	d.add(fs)
	c := Section{Title: "Conclusion"}
	c.para(CompareConclusion(rs, labels))
	d.add(c)
	return d
}

// transpose turns a table of attributes by run into one of runs by
// attribute; corner names the new first column.
func transpose(t *Table, corner string) *Table {
	out := &Table{Head: []string{corner}}
	for _, row := range t.Rows {
		out.Head = append(out.Head, row[0])
	}
	for c := 1; c < len(t.Head); c++ {
		cells := []string{t.Head[c]}
		for _, row := range t.Rows {
			cells = append(cells, row[c])
		}
		out.Rows = append(out.Rows, cells)
	}
	return out
}

// relChange is a relative change against a baseline: +12%, −8.5%.
func relChange(v, base float64) string {
	if base <= 0 {
		return ""
	}
	return fmtSigned((v/base - 1) * 100)
}

// tpsOverlay plots several runs' TPS against their elapsed time.
func tpsOverlay(id, title string, rs []*results.Result, labels []string) *Chart {
	xs := map[float64]bool{}
	per := make([]map[float64]float64, len(rs))
	for i, r := range rs {
		per[i] = map[float64]float64{}
		if r == nil {
			continue
		}
		for _, p := range Points(r.Intervals) {
			per[i][p.T] = p.TPS
			xs[p.T] = true
		}
	}
	if len(xs) == 0 {
		return nil
	}
	x := slices.Sorted(maps.Keys(xs))
	c := &Chart{ID: id, Title: title, Kind: ChartLine, XLabel: "seconds", Y: "transactions/s", X: x}
	for i := range rs {
		vs := make([]*float64, len(x))
		for j, t := range x {
			if v, ok := per[i][t]; ok {
				vs[j] = &v
			}
		}
		c.Series = append(c.Series, Series{Label: labels[i], Values: vs})
	}
	return c
}

// CompareFindings state how each run differs from the first, and warn
// when the runs are not comparable.
func CompareFindings(rs []*results.Result, labels []string) []string {
	if len(rs) < 2 {
		return nil
	}
	var f []string
	base := rs[0]
	for i := 1; i < len(rs); i++ {
		r := rs[i]
		s := fmt.Sprintf("%s against %s: TPS %s (%s against %s)", labels[i], labels[0], relChange(r.Totals.TPS, base.Totals.TPS), fmtNum(r.Totals.TPS), fmtNum(base.Totals.TPS))
		if base.Latency.P95 > 0 {
			s += fmt.Sprintf(", p95 %s (%s ms against %s ms)", relChange(r.Latency.P95, base.Latency.P95), fmtMs(r.Latency.P95), fmtMs(base.Latency.P95))
		}
		f = append(f, s+".")
	}
	differ := func(name string, get func(r *results.Result) string) {
		seen := map[string]bool{}
		for _, r := range rs {
			seen[get(r)] = true
		}
		if len(seen) > 1 {
			f = append(f, fmt.Sprintf("The runs differ in %s: that difference is part of what the numbers compare.", name))
		}
	}
	differ("workload", func(r *results.Result) string { return r.Workload.Name })
	differ("host", func(r *results.Result) string {
		if r.Environment == nil {
			return ""
		}
		return r.Environment.Hostname + r.Environment.CPUModel
	})
	differ("measured time", func(r *results.Result) string { return fmt.Sprint(r.Run.TimeS, r.Run.Events) })
	for i, r := range rs {
		if r.Totals.Errors > 0 {
			f = append(f, fmt.Sprintf("%s had %s.", labels[i], fmtPlural(r.Totals.Errors, "failed transaction")))
		}
		if r.Interrupted {
			f = append(f, fmt.Sprintf("%s was interrupted: its numbers cover only part of the run.", labels[i]))
		}
	}
	return f
}

// CompareConclusion sums a comparison up in one paragraph, workload by
// workload (rankGroups).
func CompareConclusion(rs []*results.Result, labels []string) string {
	groups := rankGroups(rs)
	var s string
	for _, g := range groups {
		if len(groups) > 1 {
			s += "On " + g.workload + ", "
		}
		best, low := g.best, g.best
		for _, i := range g.runs {
			if rs[i].Latency.P95 < rs[low].Latency.P95 {
				low = i
			}
		}
		s += fmt.Sprintf("%s gave the most throughput, %s", labels[best], throughput(rs[best]))
		if low == best {
			s += fmt.Sprintf(", and also the lowest p95 (%s ms). ", fmtMs(rs[low].Latency.P95))
		} else {
			s += fmt.Sprintf("; %s had the lowest p95, %s ms: choose by which of the two matters for the application. ", labels[low], fmtMs(rs[low].Latency.P95))
		}
	}
	return s + "Differences under about 5% are within run-to-run noise unless repeated runs confirm them."
}
