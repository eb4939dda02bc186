package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// RunDoc is the report of one run, in the order of a classic benchmark
// report: environment, method, results, latency, resource usage,
// findings, conclusion.
func RunDoc(r *results.Result) *Doc {
	d := &Doc{Title: runTitle(r), Summary: headline(r), Points: Points(r.Intervals)}
	charts := chartsByID(TimeCharts(r.Run.Percentile, r.Run.Rate > 0))
	d.add(environment(r)).add(method(r))

	res := Section{Title: "Results"}
	if len(r.Figures) > 0 {
		res.table(figuresTable(r))
		for _, c := range FigureCharts(r) {
			res.chart(c)
		}
	}
	res.table(totalsTable(r))
	if tps := measured(r); len(tps) > 0 {
		mean, std := meanStd(tps)
		res.para(fmt.Sprintf("Over %d measured intervals, TPS ranged from %s to %s (mean %s, standard deviation %s).",
			len(tps), fmtNum(slices.Min(tps)), fmtNum(slices.Max(tps)), fmtNum(mean), fmtNum(std)))
	}
	res.chart(charts["throughput"])
	res.chart(charts["queries"])
	if t := statementsTable(r); t != nil {
		res.table(t)
		if c := StatementsChart(r); c != nil {
			res.chart(c)
		}
	}
	if r.Totals.Errors+r.Totals.IgnoredErrors+r.Totals.Reconnects > 0 {
		res.table(errorsTable(r))
		res.chart(charts["errors"])
	}
	d.add(res)

	lat := Section{Title: "Latency"}
	lat.table(latencyTable([]string{"transactions"}, []results.Latency{r.Latency}))
	if len(r.Transactions) > 0 {
		lat.table(txnTable(r))
	}
	if len(r.Ops) > 0 {
		lat.table(opsTable(r))
	}
	if p := waitsPara(r); p != "" {
		lat.para(p)
	}
	lat.chart(charts["latency"])
	if r.Totals.Schedule != nil {
		sc := r.Totals.Schedule
		lat.para(fmt.Sprintf("Open loop: latency is measured from each transaction's intended start, so queueing counts. %s starts, %s late (>1 ms), %s dropped; schedule lag avg %s ms, max %s ms.",
			fmtCount(sc.Starts), fmtCount(sc.Late), fmtCount(sc.Dropped), fmtMs(sc.LagAvgMs), fmtMs(sc.LagMaxMs)))
		lat.chart(charts["lag"])
	}
	d.add(lat)
	d.add(resources(r, charts))
	fs := Section{Title: "Findings"}
	if f := Findings(r); len(f) > 0 {
		fs.list(f)
	} else {
		fs.para("Nothing stands out.")
	}
	d.add(fs)
	c := Section{Title: "Conclusion"}
	c.para(Conclusion(r))
	d.add(c)
	return d
}

// LiveDoc is the dashboard of a run that has just started: empty charts
// that the intervals fill, then its method.
func LiveDoc(base *results.Result) *Doc {
	d := &Doc{Title: runTitle(base), Summary: "Running…", Live: true}
	charts := chartsByID(TimeCharts(base.Run.Percentile, base.Run.Rate > 0))
	res := Section{Title: "Results"}
	res.chart(charts["throughput"])
	res.chart(charts["queries"])
	res.chart(liveStatementsChart())
	res.chart(charts["errors"])
	lat := Section{Title: "Latency"}
	lat.chart(charts["latency"])
	if base.Run.Rate > 0 {
		lat.chart(charts["lag"])
	}
	rs := Section{Title: "Resource usage"}
	rs.chart(charts["cpu"])
	rs.chart(charts["procs"])
	rs.chart(charts["io"])
	return d.add(res).add(lat).add(rs).add(method(base))
}

func chartsByID(cs []*Chart) map[string]*Chart {
	m := map[string]*Chart{}
	for _, c := range cs {
		m[c.ID] = c
	}
	return m
}

func runTitle(r *results.Result) string {
	return fmt.Sprintf("%s on %s: dbgauge report", r.Workload.Name, r.Target.Driver)
}

func headline(r *results.Result) string {
	s := fmt.Sprintf("%s TPS · %s QPS · %s %s ms · %s · %s", fmtNum(r.Totals.TPS), fmtNum(r.Totals.QPS), pctLabel(r.Run.Percentile),
		fmtMs(r.Latency.Percentile), fmtPlural(int64(r.Run.Threads), "thread"), fmtSeconds(r.Totals.DurationS))
	if r.StartedAt != "" {
		s += " · started " + fmtTime(r.StartedAt)
	}
	return s
}

func environment(r *results.Result) Section {
	s := Section{Title: "Environment"}
	rows := [][]string{}
	kv := func(k, v string) {
		if v != "" {
			rows = append(rows, []string{k, v})
		}
	}
	db := r.Target.Driver
	if r.Target.ServerVersion != "" {
		db += " " + r.Target.ServerVersion
	}
	kv("database", db)
	kv("URL", r.Target.URL)
	if e := r.Environment; e != nil {
		kv("host", e.Hostname)
		kv("OS", strings.TrimSpace(e.OS+" "+e.Kernel))
		if e.CPUs > 0 {
			kv("CPU", fmt.Sprintf("%s × %s", fmtCount(int64(e.CPUs)), e.CPUModel))
		}
		if e.MemoryMB > 0 {
			kv("memory", fmt.Sprintf("%s MB", fmtCount(e.MemoryMB)))
		}
		ver := e.Version
		if e.Commit != "" {
			ver += " (" + e.Commit + ")"
		}
		kv("dbgauge", ver)
		gover := fmt.Sprintf("%s, GOMAXPROCS %d", e.GoVersion, e.GOMAXPROCS)
		switch {
		case e.GOGC > 0:
			gover += fmt.Sprintf(", GOGC %d", e.GOGC)
		case e.GOGC < 0:
			gover += ", GOGC off"
		}
		if e.ClientSockets != "" {
			gover += ", " + e.ClientSockets + " sockets"
		}
		if p := e.ClientSocketsProbe; p != nil {
			gover += fmt.Sprintf(" (probed: %.1f µs of client CPU a transaction blocking over %d transactions, %.1f netpoll over %d",
				p.BlockingUs, p.BlockingTxns, p.NetpollUs, p.NetpollTxns)
			if p.Inconclusive != "" {
				gover += "; inconclusive, " + p.Inconclusive
			}
			gover += ")"
		}
		kv("Go", gover)
		if e.ServerData == nil { // a server's data directory is in storageRows
			kv("data file", e.DataPath)
			dev := e.Filesystem
			if e.Device != "" {
				dev = strings.TrimSpace(dev + " on " + e.Device)
			}
			if e.Rotational != nil {
				dev += " (" + rotational(*e.Rotational) + ")"
			}
			kv("storage", dev)
		}
		rows = append(rows, storageRows(e)...)
	} else {
		kv("dbgauge", r.Tool.Version)
	}
	s.table(&Table{Head: []string{"", ""}, Rows: rows})
	if e := r.Environment; e != nil {
		if p := storageSentence(e); p != "" {
			s.para(p)
		}
	}
	if r.Server != nil && len(r.Server.Settings) > 0 {
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(r.Server.Settings)) {
			parts = append(parts, k+"="+r.Server.Settings[k])
		}
		s.para("Server settings: " + strings.Join(parts, ", ") + ".")
	}
	if len(serverSettings(r)) > 0 {
		s.para("Server settings changed for this run (--server-set) and put back after it:")
		s.table(serverSettingsTable(r))
	}
	return s
}

func method(r *results.Result) Section {
	s := Section{Title: "Method"}
	ru := r.Run
	var how []string
	if ru.TimeS > 0 {
		how = append(how, fmt.Sprintf("for %s", fmtSeconds(ru.TimeS)))
	}
	if ru.Events > 0 {
		how = append(how, fmt.Sprintf("for %s events", fmtCount(ru.Events)))
	}
	p := fmt.Sprintf("Workload %s", r.Workload.Name)
	if r.Workload.Family != "" {
		p += fmt.Sprintf(" (%s family)", r.Workload.Family)
	}
	p += fmt.Sprintf(" ran with %s %s", fmtPlural(int64(ru.Threads), "thread"), strings.Join(how, " and "))
	if ru.Connections > 0 && ru.Connections < ru.Threads {
		p += fmt.Sprintf(" over %s (users borrow one per transaction)", fmtPlural(int64(ru.Connections), "connection"))
	}
	if ru.Think != "" {
		p += fmt.Sprintf(", think time %s", ru.Think)
	}
	if sh := ru.Shard; sh != nil {
		if len(sh.Merged) > 0 {
			p += fmt.Sprintf(", merged from shards %s of %d", joinInts(sh.Merged), sh.Count)
		} else {
			p += fmt.Sprintf(", as shard %d of %d", sh.Index, sh.Count)
		}
	}
	if ru.WarmupS > 0 {
		p += fmt.Sprintf(", after %s of warmup that is not in the statistics", fmtSeconds(ru.WarmupS))
	}
	if ru.RampS > 0 {
		p += fmt.Sprintf(", threads started over %s", fmtSeconds(ru.RampS))
	}
	if ru.Rate > 0 {
		p += fmt.Sprintf(", open loop at %s transactions/s (%s arrivals; latency from each intended start)", fmtNum(ru.Rate), ru.RateArrival)
	} else {
		p += ", closed loop (each thread starts its next transaction when the last one ends)"
	}
	p += fmt.Sprintf(". Seed %d; errors retried: %s.", ru.Seed, orNone(ru.IgnoreErrors))
	s.para(p)
	if r.StartedAt != "" {
		s.para(fmt.Sprintf("Started %s, ended %s.", fmtTime(r.StartedAt), fmtTime(r.EndedAt)))
	}
	if e := r.Environment; e != nil && e.CommandLine != "" {
		s.para("The exact command:")
		s.code(fmtCommand(e.CommandLine))
	}
	if len(r.Workload.Options) > 0 {
		s.table(optionsTable(r.Workload.Options, ""))
	}
	if ds := r.Dataset; ds != nil {
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(ds.Shape)) {
			parts = append(parts, k+"="+ds.Shape[k])
		}
		s.para(fmt.Sprintf("Dataset %s: %s.", ds.Name, strings.Join(parts, ", ")))
	}
	return s
}

// optionsPerRow: three option/value pairs per row keep a workload's twenty
// options on a screen.
const optionsPerRow = 3

// optionsTable lists workload options, several per row; the option named
// varied (a sweep's parameter) reads "varies by step".
func optionsTable(opts map[string]string, varied string) *Table {
	t := &Table{}
	for range optionsPerRow {
		t.Head = append(t.Head, "workload option", "value")
	}
	keys := slices.Sorted(maps.Keys(opts))
	for i := 0; i < len(keys); i += optionsPerRow {
		row := make([]string, 0, 2*optionsPerRow)
		for j := i; j < i+optionsPerRow; j++ {
			if j >= len(keys) {
				row = append(row, "", "")
				continue
			}
			v := opts[keys[j]]
			if keys[j] == varied {
				v = "varies by step"
			}
			row = append(row, keys[j], v)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// figuresTable is the workload's headline figures (tpmC, NOPM).
func figuresTable(r *results.Result) *Table {
	t := &Table{Head: []string{"figure", "value", "unit", "what it is"}}
	for _, f := range r.Figures {
		t.Rows = append(t.Rows, []string{f.Name, fmtNum(f.Value), f.Unit, f.Help})
	}
	return t
}

func totalsTable(r *results.Result) *Table {
	t := r.Totals
	q := t.Queries
	tab := &Table{Head: []string{"", "total", "per second"}, Align: "lrr", Rows: [][]string{
		{"transactions", fmtCount(t.Transactions), fmtNum(t.TPS)},
		{"queries (read / write / other)", fmt.Sprintf("%s (%s / %s / %s)", fmtCount(q.Total), fmtCount(q.Read), fmtCount(q.Write), fmtCount(q.Other)), fmtNum(t.QPS)},
		{"errors (failed / retried)", fmt.Sprintf("%s / %s", fmtCount(t.Errors), fmtCount(t.IgnoredErrors)), fmtNum(float64(t.Errors+t.IgnoredErrors) / max(t.DurationS, 1e-9))},
		{"reconnects", fmtCount(t.Reconnects), fmtNum(float64(t.Reconnects) / max(t.DurationS, 1e-9))},
	}}
	if t.Relogins != nil {
		tab.Rows = append(tab.Rows, []string{"relogins (the driver's own, after the server dropped an idle connection)",
			fmtCount(*t.Relogins), fmtNum(float64(*t.Relogins) / max(t.DurationS, 1e-9))})
	}
	tab.Rows = append(tab.Rows, []string{"measured time", fmtSeconds(t.DurationS), ""})
	return tab
}

func errorsTable(r *results.Result) *Table {
	t := r.Totals
	names := map[string]bool{}
	for k := range t.ErrorsByClass {
		names[k] = true
	}
	for k := range t.IgnoredByClass {
		names[k] = true
	}
	tb := &Table{Head: []string{"error class", "retried", "failed"}, Align: "lrr"}
	for _, k := range slices.Sorted(maps.Keys(names)) {
		tb.Rows = append(tb.Rows, []string{k, fmtCount(t.IgnoredByClass[k]), fmtCount(t.ErrorsByClass[k])})
	}
	return tb
}

// latencyTable has one row per digest.
func latencyTable(names []string, ls []results.Latency) *Table {
	t := &Table{Head: []string{"latency (ms)", "min", "avg", "p50", "p90", "p95", "p99", "p99.9", "max", "stddev"}, Align: "lrrrrrrrrr"}
	for i, l := range ls {
		t.Rows = append(t.Rows, []string{names[i], fmtMs(l.Min), fmtMs(l.Avg), fmtMs(l.P50), fmtMs(l.P90), fmtMs(l.P95), fmtMs(l.P99), fmtMs(l.P999), fmtMs(l.Max), fmtMs(l.Stddev)})
	}
	return t
}

// txnTable has one row per transaction type, with the spec's p90 limit
// when the workload sets any.
func txnTable(r *results.Result) *Table {
	t := &Table{Head: []string{"transaction", "count", "tps", "rollbacks", "retried", "errors", "avg", "p50", "p90", "p95", "p99", "max"}, Align: "lrrrrrrrrrrr"}
	limits := hasLimits(r)
	if limits {
		t.Head, t.Align = append(t.Head, "p90 limit"), t.Align+"r"
	}
	for _, name := range TxnOrder(r) {
		x := r.Transactions[name]
		l := x.Latency
		row := []string{name, fmtCount(x.Count), fmtNum(x.TPS), fmtCount(x.Rollbacks), fmtCount(x.IgnoredErrors),
			fmtCount(x.Errors), fmtMs(l.Avg), fmtMs(l.P50), fmtMs(l.P90), fmtMs(l.P95), fmtMs(l.P99), fmtMs(l.Max)}
		if limits {
			row = append(row, limitCell(x))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// waitsPara says what users waited for a connection, and outside the
// response time.
func waitsPara(r *results.Result) string {
	var parts []string
	t := r.Totals
	if pw := t.PoolWait; pw != nil {
		parts = append(parts, fmt.Sprintf("%s users shared %s connections: waiting for one took %s ms on average (p50 %s, p99 %s, max %s ms), inside the response time.",
			fmtCount(int64(r.Run.Threads)), fmtCount(int64(r.Run.Connections)), fmtMs(pw.Avg), fmtMs(pw.P50), fmtMs(pw.P99), fmtMs(pw.Max)))
	}
	if ws := t.Waits; ws != nil {
		var w []string
		if ws.KeyingCount > 0 {
			w = append(w, fmt.Sprintf("keying %s ms", fmtMs(ws.KeyingMeanMs)))
		}
		if ws.ThinkCount > 0 {
			w = append(w, fmt.Sprintf("think %s ms", fmtMs(ws.ThinkMeanMs)))
		}
		if ws.PauseCount > 0 {
			w = append(w, fmt.Sprintf("pauses inside transactions %s ms", fmtMs(ws.PauseMeanMs)))
		}
		parts = append(parts, "Mean waits, not in the response time: "+strings.Join(w, ", ")+".")
	}
	return strings.Join(parts, " ")
}

func opsTable(r *results.Result) *Table {
	t := &Table{Head: []string{"operation", "class", "count", "errors", "avg", "p50", "p95", "p99", "max"}, Align: "llrrrrrrr"}
	for _, name := range opOrder(r) {
		o := r.Ops[name]
		l := o.Latency
		t.Rows = append(t.Rows, []string{name, o.Class, fmtCount(o.Count), fmtCount(o.Errors), fmtMs(l.Avg), fmtMs(l.P50), fmtMs(l.P95), fmtMs(l.P99), fmtMs(l.Max)})
	}
	return t
}

func resources(r *results.Result, charts map[string]*Chart) Section {
	s := Section{Title: "Resource usage"}
	rs := r.Resources
	if rs == nil || rs.Samples == 0 {
		s.para("The host was not sampled (--no-monitor).")
		return s
	}
	s.para(fmt.Sprintf("The host was sampled every interval (%d samples). CPU is in percent of all CPUs; dbgauge and the server in percent of one core.", rs.Samples))
	t := &Table{Head: []string{"", "average", "peak"}, Align: "lrr", Rows: [][]string{
		{"CPU busy", fmtPct(cpuBusy(rs)), fmtPct(rs.CPUBusyPeak)},
		{"CPU user / system", fmtPct(rs.CPUUserAvg) + " / " + fmtPct(rs.CPUSystemAvg), ""},
		{"CPU iowait", fmtPct(rs.CPUIowaitAvg), fmtPct(rs.CPUIowaitPeak)},
		{"CPU steal", fmtPct(rs.CPUStealAvg), ""},
		{"load (1 min)", "", fmtNum(rs.Load1Peak)},
		{"memory used", "", fmt.Sprintf("%s MB", fmtNum(rs.MemUsedPeakMB))},
		{"dbgauge CPU", fmtPct(rs.ProcCPUAvg), fmtPct(rs.ProcCPUPeak)},
		{"dbgauge RSS", "", fmt.Sprintf("%s MB", fmtNum(rs.ProcRSSPeakMB))},
	}}
	if rs.DiskPeakName != "" {
		t.Rows = append(t.Rows, []string{"disk util (" + rs.DiskPeakName + ")", "", fmtPct(rs.DiskUtilPeak)})
	}
	if rs.ServerMemPeakMB > 0 {
		t.Rows = append(t.Rows, []string{"server CPU", fmtPct(rs.ServerCPUAvg), fmtPct(rs.ServerCPUPeak)},
			[]string{"server memory (PSS)", fmt.Sprintf("%s MB before", fmtNum(rs.ServerMemBeforeMB)), fmt.Sprintf("%s MB", fmtNum(rs.ServerMemPeakMB))})
		if rs.MemPerConnectionKB > 0 {
			t.Rows = append(t.Rows, []string{"server memory per connection", fmt.Sprintf("%s KB", fmtNum(rs.MemPerConnectionKB)), ""})
		}
	}
	s.table(t)
	s.chart(charts["cpu"])
	s.chart(charts["procs"])
	s.chart(charts["io"])
	if sv := r.Server; sv != nil && len(sv.Ratios)+len(sv.Delta)+len(sv.Gauges) > 0 {
		s.para("Database server statistics over the run (difference of its counters between the start and the end; gauges at the end):")
		st := &Table{Head: []string{"statistic", "value"}, Align: "lr"}
		for _, k := range slices.Sorted(maps.Keys(sv.Ratios)) {
			if v := sv.Ratios[k]; v >= 0 {
				st.Rows = append(st.Rows, []string{k, fmtNum(v)})
			}
		}
		for _, k := range slices.Sorted(maps.Keys(sv.Delta)) {
			st.Rows = append(st.Rows, []string{k, fmtNum(sv.Delta[k])})
		}
		for _, k := range slices.Sorted(maps.Keys(sv.Gauges)) {
			st.Rows = append(st.Rows, []string{k + " (at the end)", fmtNum(sv.Gauges[k])})
		}
		s.table(st)
	}
	return s
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}
