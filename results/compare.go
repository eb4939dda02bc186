package results

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
)

// Named is a result with the name it was given on the command line (a
// store id such as #3, a folder, a file).
type Named struct {
	Name   string
	Result *Result
}

// Comparison is compare's side-by-side table as plain data: one row per
// metric, one value per run, deltas relative to the first run (A).
type Comparison struct {
	Runs []Named
	// Labels are A, B, C, … in the order of Runs.
	Labels []string
	Rows   []CompareRow
	// Differences say why runs are not comparable with A (workload,
	// options, dataset shape, threads, rate); empty when they are.
	Differences []string
	// NoiseNotes say which runs' noise could not be judged, and why.
	NoiseNotes []string
}

// Delta kinds: how a difference reads best.
const (
	// Relative: rates and latencies, in percent of A.
	Relative = "relative"
	// Absolute: counts and percentages, as a signed difference.
	Absolute = "absolute"
)

// CompareRow is one metric across the runs.
type CompareRow struct {
	Name string
	// Unit is /s, ms, count, % or MB.
	Unit string
	Kind string
	// Values has one value per run; NaN where a run lacks the metric.
	Values []float64
	// Deltas has one entry per run; Deltas[0] is A against itself.
	Deltas []CompareDelta
}

// CompareDelta is one run's difference from A.
type CompareDelta struct {
	// Abs is value − A; Pct is Abs in percent of A (NaN when A is 0 or
	// either is missing).
	Abs, Pct float64
	Noise    Noise
}

// rowDef defines a row: how to read a run's value and, where intervals
// carry it, its per-interval series for the noise rule.
type rowDef struct {
	name, unit, kind string
	value            func(r *Result) (float64, bool)
	series           func(r *Result, iv Interval) (float64, bool)
}

// logScale: latencies are judged on a log scale. Their noise is
// multiplicative (a stall doubles a percentile, it does not add a
// constant), their deltas are read in percent, and on a log scale one
// interval's tail does not swamp the others.
func (d rowDef) logScale() bool { return d.unit == "ms" }

func always(f func(r *Result) float64) func(r *Result) (float64, bool) {
	return func(r *Result) (float64, bool) { return f(r), true }
}

// withTxn reads a latency series from intervals that had transactions.
func withTxn(f func(iv Interval) float64) func(r *Result, iv Interval) (float64, bool) {
	return func(_ *Result, iv Interval) (float64, bool) { return f(iv), iv.Transactions > 0 }
}

func headlineRows() []rowDef {
	return []rowDef{
		{"tps", "/s", Relative, always(func(r *Result) float64 { return r.Totals.TPS }),
			func(_ *Result, iv Interval) (float64, bool) { return iv.TPS, true }},
		{"qps", "/s", Relative, always(func(r *Result) float64 { return r.Totals.QPS }),
			func(_ *Result, iv Interval) (float64, bool) { return iv.QPS, true }},
		{"latency avg", "ms", Relative, always(func(r *Result) float64 { return r.Latency.Avg }), nil},
		{"latency p50", "ms", Relative, always(func(r *Result) float64 { return r.Latency.P50 }),
			withTxn(func(iv Interval) float64 { return iv.P50Ms })},
		// Intervals carry the run's --percentile; it is p95 by default.
		{"latency p95", "ms", Relative, always(func(r *Result) float64 { return r.Latency.P95 }),
			func(r *Result, iv Interval) (float64, bool) {
				return iv.PctMs, r.Run.Percentile == 95 && iv.Transactions > 0
			}},
		{"latency p99", "ms", Relative, always(func(r *Result) float64 { return r.Latency.P99 }),
			withTxn(func(iv Interval) float64 { return iv.P99Ms })},
		{"latency max", "ms", Relative, always(func(r *Result) float64 { return r.Latency.Max }), nil},
		{"errors", "count", Absolute, always(func(r *Result) float64 { return float64(r.Totals.Errors) }), nil},
		{"ignored errors", "count", Absolute, always(func(r *Result) float64 { return float64(r.Totals.IgnoredErrors) }), nil},
		{"reconnects", "count", Absolute, always(func(r *Result) float64 { return float64(r.Totals.Reconnects) }), nil},
	}
}

// resourceRows read Resources; a run without them shows no value.
func resourceRows() []rowDef {
	res := func(f func(rs *Resources) float64) func(r *Result) (float64, bool) {
		return func(r *Result) (float64, bool) {
			if r.Resources == nil || r.Resources.Samples == 0 {
				return 0, false
			}
			return f(r.Resources), true
		}
	}
	// The server's process is measured only when it runs on this host.
	server := func(f func(rs *Resources) float64) func(r *Result) (float64, bool) {
		return func(r *Result) (float64, bool) {
			if r.Resources == nil || r.Resources.ServerMemPeakMB == 0 {
				return 0, false
			}
			return f(r.Resources), true
		}
	}
	host := func(f func(h *HostSample) float64) func(r *Result, iv Interval) (float64, bool) {
		return func(_ *Result, iv Interval) (float64, bool) {
			if iv.Host == nil {
				return 0, false
			}
			return f(iv.Host), true
		}
	}
	return []rowDef{
		{"cpu user", "%", Absolute, res(func(rs *Resources) float64 { return rs.CPUUserAvg }),
			host(func(h *HostSample) float64 { return h.CPUUserPct })},
		{"cpu system", "%", Absolute, res(func(rs *Resources) float64 { return rs.CPUSystemAvg }),
			host(func(h *HostSample) float64 { return h.CPUSystemPct })},
		{"cpu iowait", "%", Absolute, res(func(rs *Resources) float64 { return rs.CPUIowaitAvg }),
			host(func(h *HostSample) float64 { return h.CPUIowaitPct })},
		{"cpu busy peak", "%", Absolute, res(func(rs *Resources) float64 { return rs.CPUBusyPeak }), nil},
		{"dbgauge cpu (1 core)", "%", Absolute, res(func(rs *Resources) float64 { return rs.ProcCPUAvg }),
			host(func(h *HostSample) float64 { return h.ProcCPUPct })},
		{"dbgauge rss peak", "MB", Relative, res(func(rs *Resources) float64 { return rs.ProcRSSPeakMB }), nil},
		{"server cpu (1 core)", "%", Absolute, server(func(rs *Resources) float64 { return rs.ServerCPUAvg }),
			host(func(h *HostSample) float64 { return h.ServerCPUPct })},
		{"server memory peak", "MB", Relative, server(func(rs *Resources) float64 { return rs.ServerMemPeakMB }), nil},
	}
}

// opRows give each operation's p95 (NaN in runs where it did not run).
func opRows(runs []Named) []rowDef {
	class := map[string]string{}
	for _, n := range runs {
		for name, o := range n.Result.Ops {
			class[name] = o.Class
		}
	}
	names := slices.Collect(maps.Keys(class))
	rank := map[string]int{"read": 0, "write": 1, "other": 2}
	slices.SortFunc(names, func(a, b string) int {
		if d := rank[class[a]] - rank[class[b]]; d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	var rows []rowDef
	for _, name := range names {
		rows = append(rows, rowDef{name: name + " p95", unit: "ms", kind: Relative,
			value: func(r *Result) (float64, bool) {
				o, ok := r.Ops[name]
				return o.Latency.P95, ok && o.Count > 0
			}})
	}
	return rows
}

// Compare builds the side-by-side table of runs, deltas relative to the
// first. It needs at least one run.
func Compare(runs []Named) *Comparison {
	c := &Comparison{Runs: runs}
	for i := range runs {
		c.Labels = append(c.Labels, label(i))
	}
	measured := make([][]Interval, len(runs))
	for i, n := range runs {
		measured[i] = MeasuredIntervals(n.Result.Intervals)
		if len(measured[i]) < MinNoiseIntervals {
			c.NoiseNotes = append(c.NoiseNotes, fmt.Sprintf("%s has %d measured intervals; noise is judged from %d or more",
				c.Labels[i], len(measured[i]), MinNoiseIntervals))
		}
	}
	// Rates by verb follow tps and qps.
	head := headlineRows()
	defs := append(append(head[:2:2], statementRows(runs)...), head[2:]...)
	defs = append(defs, opRows(runs)...)
	for _, d := range resourceRows() {
		if hasAny(runs, d) {
			defs = append(defs, d)
		}
	}
	for _, d := range defs {
		c.Rows = append(c.Rows, compareRow(d, runs, measured))
	}
	for i := 1; i < len(runs); i++ {
		for _, diff := range differences(runs[0].Result, runs[i].Result) {
			c.Differences = append(c.Differences, fmt.Sprintf("%s: %s", c.Labels[i], diff))
		}
	}
	return c
}

func label(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return fmt.Sprintf("R%d", i+1)
}

func hasAny(runs []Named, d rowDef) bool {
	for _, n := range runs {
		if _, ok := d.value(n.Result); ok {
			return true
		}
	}
	return false
}

func compareRow(d rowDef, runs []Named, measured [][]Interval) CompareRow {
	row := CompareRow{Name: d.name, Unit: d.unit, Kind: d.kind}
	spreads := make([]Spread, len(runs))
	for i, n := range runs {
		v, ok := d.value(n.Result)
		if !ok {
			v = math.NaN()
		}
		row.Values = append(row.Values, v)
		if d.series != nil {
			var xs []float64
			for _, iv := range measured[i] {
				x, ok := d.series(n.Result, iv)
				switch {
				case !ok:
				case d.logScale() && x > 0:
					xs = append(xs, math.Log(x))
				case !d.logScale():
					xs = append(xs, x)
				}
			}
			spreads[i] = SpreadOf(xs)
		}
	}
	a := row.Values[0]
	for i, b := range row.Values {
		delta := CompareDelta{Abs: b - a, Pct: math.NaN()}
		if a != 0 && !math.IsNaN(a) && !math.IsNaN(b) {
			delta.Pct = 100 * (b - a) / a
		}
		if i > 0 && d.series != nil && !math.IsNaN(delta.Abs) {
			delta.Noise = CompareNoise(spreads[0], spreads[i])
		}
		row.Deltas = append(row.Deltas, delta)
	}
	return row
}

// differences say what makes b measure something else than a: another
// workload, other options, another dataset shape, threads or rate. Another
// database is what compare is for, and is not listed.
func differences(a, b *Result) []string {
	var out []string
	if a.Workload.Name != b.Workload.Name {
		return []string{fmt.Sprintf("workload %s (A: %s)", b.Workload.Name, a.Workload.Name)}
	}
	out = append(out, mapDiff("option", a.Workload.Options, b.Workload.Options)...)
	var sa, sb map[string]string
	if a.Dataset != nil {
		sa = a.Dataset.Shape
	}
	if b.Dataset != nil {
		sb = b.Dataset.Shape
	}
	for _, d := range mapDiff("dataset", sa, sb) {
		// Shape keys repeat workload options; say each difference once.
		if !slices.Contains(out, "option"+strings.TrimPrefix(d, "dataset")) {
			out = append(out, d)
		}
	}
	if a.Run.Threads != b.Run.Threads {
		out = append(out, fmt.Sprintf("threads %d (A: %d)", b.Run.Threads, a.Run.Threads))
	}
	// Connections are worth a note when users share them in either run;
	// one per user follows the threads, noted above.
	if ca, cb := connsOf(a.Run), connsOf(b.Run); ca != cb && (ca != a.Run.Threads || cb != b.Run.Threads) {
		out = append(out, fmt.Sprintf("connections %d (A: %d)", cb, ca))
	}
	if a.Run.Rate != b.Run.Rate {
		out = append(out, fmt.Sprintf("rate %s (A: %s)", rateText(b.Run.Rate), rateText(a.Run.Rate)))
	}
	if a.Run.Think != b.Run.Think {
		out = append(out, fmt.Sprintf("think %s (A: %s)", orDefault(b.Run.Think), orDefault(a.Run.Think)))
	}
	for _, d := range keyDiffs(settingsOf(a), settingsOf(b)) {
		out = append(out, fmt.Sprintf("server setting %s=%s (A: %s)", d.key, notSet(d.b), notSet(d.a)))
	}
	return out
}

// settingsOf is the server settings a run changed (--server-set), by
// name, as the server showed them during the run.
func settingsOf(r *Result) map[string]string {
	if r.Environment == nil || len(r.Environment.ServerSettings) == 0 {
		return nil
	}
	m := map[string]string{}
	for _, s := range r.Environment.ServerSettings {
		m[s.Name] = s.InForce
	}
	return m
}

// notSet says that a run left a setting as the server had it.
func notSet(v string) string {
	if v == "unset" {
		return "the server's own"
	}
	return v
}

// connsOf is a run's connections; results from before users and
// connections were separate had one per thread.
func connsOf(r Run) int {
	if r.Connections == 0 {
		return r.Threads
	}
	return r.Connections
}

func orDefault(s string) string {
	if s == "" {
		return "the workload's"
	}
	return s
}

func rateText(r float64) string {
	if r <= 0 {
		return "closed loop"
	}
	return fmt.Sprintf("%g/s", r)
}

func mapDiff(what string, a, b map[string]string) []string {
	var out []string
	for _, d := range keyDiffs(a, b) {
		out = append(out, fmt.Sprintf("%s %s=%s (A: %s)", what, d.key, d.b, d.a))
	}
	return out
}

// keyDiff is a key whose values differ between two maps ("unset" where a
// map lacks it).
type keyDiff struct{ key, a, b string }

// keyDiffs lists the keys of a and b whose values differ, sorted.
func keyDiffs(a, b map[string]string) []keyDiff {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	var out []keyDiff
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		va, oka := a[k]
		vb, okb := b[k]
		if va == vb && oka == okb {
			continue
		}
		if !oka {
			va = "unset"
		}
		if !okb {
			vb = "unset"
		}
		out = append(out, keyDiff{k, va, vb})
	}
	return out
}
