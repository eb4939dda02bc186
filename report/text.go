// Package report renders results: the terminal summary, whose first sections
// reproduce sysbench 1.0.20's labels and layout byte for byte so that
// existing sysbench parsers keep working, followed by what sysbench lacks
// (percentiles, errors by class, per-operation latency); the interval line;
// sysbench's --histogram; and a load's progress (LoadProgress). Everything
// is rendered from a results.Result alone, so saved results re-render
// identically (ForSaved reads saved results into their report, WriteSaved
// writes it; Show prints a saved run).
//
// report imports hist and results.
package report

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// Header is what precedes the run, in sysbench's words.
func Header(w io.Writer, r *results.Result) {
	header(w, r, fmt.Sprintf("%s on %s", r.Workload.Name, r.Target.Driver), nil)
}

// header is sysbench's preamble; mode lines (a sys test's own) go after
// the seed line.
func header(w io.Writer, r *results.Result, what string, mode []string) {
	fmt.Fprintf(w, "%s %s (%s)\n\n", r.Tool.Name, r.Tool.Version, what)
	fmt.Fprintf(w, "Running the test with following options:\n")
	fmt.Fprintf(w, "Number of threads: %d\n", r.Run.Threads)
	if r.Run.Rate > 0 {
		fmt.Fprintf(w, "Target transaction rate: %g/sec\n", r.Run.Rate)
	}
	if r.Run.ReportIntervalS > 0 {
		fmt.Fprintf(w, "Report intermediate results every %g second(s)\n", r.Run.ReportIntervalS)
	}
	if r.Run.WarmupS > 0 {
		fmt.Fprintf(w, "Warmup: %g second(s), not in the statistics\n", r.Run.WarmupS)
	}
	fmt.Fprintf(w, "Initializing random number generator from seed (%d).\n\n\n", r.Run.Seed)
	for _, l := range mode {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintf(w, "Initializing worker threads...\n\nThreads started!\n\n")
}

// IntervalLine is sysbench's intermediate report line; open-loop runs add
// sysbench's second line with the queue length and concurrency.
func IntervalLine(iv results.Interval, percentile float64, openLoop bool) string {
	prefix := ""
	if iv.Warmup {
		prefix = "warmup "
	}
	if openLoop {
		return intervalLine(iv, percentile, prefix) + fmt.Sprintf("[ %.0fs ] queue length: %d, concurrency: %d\n", iv.T, iv.QueueLength, iv.Concurrency)
	}
	return intervalLine(iv, percentile, prefix)
}

func intervalLine(iv results.Interval, percentile float64, prefix string) string {
	return fmt.Sprintf("[ %.0fs ] %sthds: %d tps: %4.2f qps: %4.2f (r/w/o: %4.2f/%4.2f/%4.2f) lat (ms,%d%%): %4.2f err/s: %4.2f reconn/s: %4.2f\n",
		iv.T, prefix, iv.Threads, iv.TPS, iv.QPS, iv.Reads, iv.Writes, iv.Other, int(percentile), iv.PctMs, iv.ErrPerSec, iv.ReconnPerSec)
}

// Summary writes the final report.
func Summary(w io.Writer, r *results.Result, histogram bool) {
	if histogram {
		Histogram(w, r)
	}
	t := r.Totals
	d := t.DurationS
	rate := func(n int64) float64 {
		if d <= 0 {
			return 0
		}
		return float64(n) / d
	}
	errs := t.IgnoredErrors + t.Errors
	if r.Sys != nil {
		sysStatistics(w, r) // dbgauge sys: the test's lines instead of SQL statistics
	} else {
		fmt.Fprintf(w, "SQL statistics:\n")
		fmt.Fprintf(w, "    queries performed:\n")
		fmt.Fprintf(w, "        read:                            %d\n", t.Queries.Read)
		fmt.Fprintf(w, "        write:                           %d\n", t.Queries.Write)
		fmt.Fprintf(w, "        other:                           %d\n", t.Queries.Other)
		fmt.Fprintf(w, "        total:                           %d\n", t.Queries.Total)
		fmt.Fprintf(w, "    transactions:                        %-6d (%.2f per sec.)\n", t.Transactions, rate(t.Transactions))
		fmt.Fprintf(w, "    queries:                             %-6d (%.2f per sec.)\n", t.Queries.Total, rate(t.Queries.Total))
		fmt.Fprintf(w, "    ignored errors:                      %-6d (%.2f per sec.)\n", errs, rate(errs))
		fmt.Fprintf(w, "    reconnects:                          %-6d (%.2f per sec.)\n", t.Reconnects, rate(t.Reconnects))
	}
	fmt.Fprintf(w, "\nGeneral statistics:\n")
	fmt.Fprintf(w, "    total time:                          %.4fs\n", d)
	fmt.Fprintf(w, "    total number of events:              %d\n", t.Transactions)
	l := r.Latency
	fmt.Fprintf(w, "\nLatency (ms):\n")
	fmt.Fprintf(w, "         min: %39.2f\n", l.Min)
	fmt.Fprintf(w, "         avg: %39.2f\n", l.Avg)
	fmt.Fprintf(w, "         max: %39.2f\n", l.Max)
	if r.Run.Percentile > 0 {
		fmt.Fprintf(w, "        %3dth percentile: %27.2f\n", int(r.Run.Percentile), l.Percentile)
	} else {
		fmt.Fprintf(w, "         percentile stats:               disabled\n")
	}
	fmt.Fprintf(w, "         sum: %39.2f\n", l.Sum)
	f := r.Fairness
	fmt.Fprintf(w, "\nThreads fairness:\n")
	fmt.Fprintf(w, "    events (avg/stddev):           %.4f/%3.2f\n", f.EventsAvg, f.EventsStddev)
	fmt.Fprintf(w, "    execution time (avg/stddev):   %.4f/%3.2f\n\n", f.TimeAvgS, f.TimeStddevS)
	extras(w, r)
}

// extras is what follows sysbench's sections.
func extras(w io.Writer, r *results.Result) {
	l := r.Latency
	fmt.Fprintf(w, "Latency percentiles (ms):\n")
	for _, p := range []struct {
		name string
		v    float64
	}{{"p50", l.P50}, {"p90", l.P90}, {"p95", l.P95}, {"p99", l.P99}, {"p99.9", l.P999}, {"stddev", l.Stddev}} {
		fmt.Fprintf(w, "         %-7s %32.3f\n", p.name+":", p.v)
	}
	t := r.Totals
	figuresSection(w, r)
	transactionTable(w, r)
	statementsSection(w, r)
	waitLines(w, r)
	if t.Errors+t.IgnoredErrors > 0 {
		fmt.Fprintf(w, "\nErrors by class:                     ignored     failed\n")
		names := map[string]bool{}
		for k := range t.ErrorsByClass {
			names[k] = true
		}
		for k := range t.IgnoredByClass {
			names[k] = true
		}
		for _, k := range slices.Sorted(maps.Keys(names)) {
			fmt.Fprintf(w, "    %-30s %10d %10d\n", k+":", t.IgnoredByClass[k], t.ErrorsByClass[k])
		}
	}
	if t.Relogins != nil {
		fmt.Fprintf(w, "\nRelogins (the driver logged in again after the server dropped an idle connection): %d (%.2f per sec.)\n",
			*t.Relogins, float64(*t.Relogins)/max(t.DurationS, 1e-9))
	}
	if len(r.Ops) > 0 {
		fmt.Fprintf(w, "\nOperations (latency in ms):\n")
		width := nameWidth(18, slices.Collect(maps.Keys(r.Ops)))
		fmt.Fprintf(w, "    %-*s %-5s %10s %7s %9s %9s %9s %9s %9s\n", width, "operation", "class", "count", "errors", "avg", "p50", "p95", "p99", "max")
		for _, name := range opOrder(r) {
			o := r.Ops[name]
			fmt.Fprintf(w, "    %-*s %-5s %10d %7d %9.3f %9.3f %9.3f %9.3f %9.3f\n", width, name, o.Class, o.Count, o.Errors,
				o.Latency.Avg, o.Latency.P50, o.Latency.P95, o.Latency.P99, o.Latency.Max)
		}
	}
	fmt.Fprintln(w)
	if rs := r.Resources; rs != nil {
		fmt.Fprintf(w, "Resource usage (%d samples; CPU in %% of all CPUs, dbgauge in %% of one core):\n", rs.Samples)
		fmt.Fprintf(w, "    cpu avg: user %.1f  system %.1f  iowait %.1f  steal %.1f  idle %.1f\n",
			rs.CPUUserAvg, rs.CPUSystemAvg, rs.CPUIowaitAvg, rs.CPUStealAvg, rs.CPUIdleAvg)
		fmt.Fprintf(w, "    peaks:   cpu busy %.1f  iowait %.1f  load1 %.2f  memory used %.0f MB", rs.CPUBusyPeak, rs.CPUIowaitPeak, rs.Load1Peak, rs.MemUsedPeakMB)
		if rs.DiskPeakName != "" {
			fmt.Fprintf(w, "  disk util %.1f (%s)", rs.DiskUtilPeak, rs.DiskPeakName)
		}
		fmt.Fprintf(w, "\n    dbgauge: cpu avg %.1f  peak %.1f  rss peak %.1f MB\n", rs.ProcCPUAvg, rs.ProcCPUPeak, rs.ProcRSSPeakMB)
		if rs.ServerMemPeakMB > 0 {
			fmt.Fprintf(w, "    server:  cpu avg %.1f  peak %.1f  memory (PSS) before %.1f MB, peak %.1f MB, per connection %.0f KB\n",
				rs.ServerCPUAvg, rs.ServerCPUPeak, rs.ServerMemBeforeMB, rs.ServerMemPeakMB, rs.MemPerConnectionKB)
		}
		fmt.Fprintln(w)
	}
	if sv := r.Server; sv != nil {
		serverSection(w, sv)
	}
	serverSettingsSection(w, r)
	if sc := t.Schedule; sc != nil {
		fmt.Fprintf(w, "Schedule (--rate %g/s, %s arrivals; latency counts from each intended start):\n", sc.TargetRate, sc.Arrival)
		fmt.Fprintf(w, "    starts: %d, late (>1 ms): %d, dropped: %d, lag avg/max: %.3f/%.3f ms\n\n",
			sc.Starts, sc.Late, sc.Dropped, sc.LagAvgMs, sc.LagMaxMs)
	}
	if t.Clamped > 0 {
		fmt.Fprintf(w, "Note: %d latencies exceeded one hour and were recorded as one hour.\n", t.Clamped)
	}
	if r.Interrupted {
		fmt.Fprintf(w, "Interrupted: the numbers cover the run until the interrupt.\n")
	}
	if r.Aborted != "" {
		fmt.Fprintf(w, "Aborted on error: %s\n", oneLine(r.Aborted))
	}
}

// figuresSection is the workload's headline figures (tpmC, NOPM), after
// sysbench's sections so that their parsers are not disturbed.
func figuresSection(w io.Writer, r *results.Result) {
	if len(r.Figures) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s figures:\n", r.Workload.Name)
	for _, f := range r.Figures {
		fmt.Fprintf(w, "    %-31s %14.2f  %s\n", f.Name+":", f.Value, f.Unit)
	}
}

// transactionTable is one line per transaction type: what it ran, at
// what rate, how it ended, and its latency.
func transactionTable(w io.Writer, r *results.Result) {
	if len(r.Transactions) == 0 {
		return
	}
	fmt.Fprintf(w, "\nTransactions (latency in ms):\n")
	width := nameWidth(20, TxnOrder(r))
	fmt.Fprintf(w, "    %-*s %10s %10s %9s %8s %7s %9s %9s %9s %9s %9s %9s\n", width, "transaction", "count", "tps", "rollbacks", "retried", "errors", "avg", "p50", "p90", "p95", "p99", "max")
	for _, name := range TxnOrder(r) {
		x := r.Transactions[name]
		fmt.Fprintf(w, "    %-*s %10d %10.2f %9d %8d %7d %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f\n", width, name, x.Count, x.TPS, x.Rollbacks,
			x.IgnoredErrors, x.Errors, x.Latency.Avg, x.Latency.P50, x.Latency.P90, x.Latency.P95, x.Latency.P99, x.Latency.Max)
	}
	if s := limitsLine(r); s != "" {
		fmt.Fprintf(w, "    %s\n", s)
	}
}

// nameWidth is the width of a name column: at least least, and enough for
// the longest name.
func nameWidth(least int, names []string) int {
	for _, n := range names {
		least = max(least, len(n))
	}
	return least
}

// TxnOrder is the transaction types in the workload's order.
func TxnOrder(r *results.Result) []string {
	if len(r.TxnOrder) == len(r.Transactions) {
		return r.TxnOrder
	}
	return slices.Sorted(maps.Keys(r.Transactions))
}

// waitLines says what users waited outside the response time, and for
// connections.
func waitLines(w io.Writer, r *results.Result) {
	t := r.Totals
	if pw := t.PoolWait; pw != nil {
		fmt.Fprintf(w, "\nConnection pool (%d users over %d connections; the wait is in the response time):\n", r.Run.Threads, r.Run.Connections)
		fmt.Fprintf(w, "    wait (ms): avg %.3f  p50 %.3f  p99 %.3f  max %.3f\n", pw.Avg, pw.P50, pw.P99, pw.Max)
	}
	if ws := t.Waits; ws != nil {
		fmt.Fprintf(w, "\nWaits outside the response time (ms):\n")
		if ws.KeyingCount > 0 {
			fmt.Fprintf(w, "    keying: mean %.3f over %d\n", ws.KeyingMeanMs, ws.KeyingCount)
		}
		if ws.ThinkCount > 0 {
			fmt.Fprintf(w, "    think:  mean %.3f over %d\n", ws.ThinkMeanMs, ws.ThinkCount)
		}
		if ws.PauseCount > 0 {
			fmt.Fprintf(w, "    pause:  mean %.3f over %d (inside transactions, holding the connection)\n", ws.PauseMeanMs, ws.PauseCount)
		}
	}
}

// opOrder lists operations by class (read, write, other), then by name.
func opOrder(r *results.Result) []string {
	names := slices.Collect(maps.Keys(r.Ops))
	rank := map[string]int{"read": 0, "write": 1, "other": 2}
	slices.SortFunc(names, func(a, b string) int {
		if d := rank[r.Ops[a].Class] - rank[r.Ops[b].Class]; d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	return names
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// serverSection prints the server's statistics over the run.
func serverSection(w io.Writer, sv *results.Server) {
	fmt.Fprintf(w, "Server statistics (difference over the run):\n")
	for _, k := range slices.Sorted(maps.Keys(sv.Ratios)) {
		if v := sv.Ratios[k]; v >= 0 {
			fmt.Fprintf(w, "    %-36s %14.2f\n", k+":", v)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(sv.Delta)) {
		fmt.Fprintf(w, "    %-36s %14.0f\n", k+":", sv.Delta[k])
	}
	for _, k := range slices.Sorted(maps.Keys(sv.Gauges)) {
		fmt.Fprintf(w, "    %-36s %14.2f (at the end)\n", k+":", sv.Gauges[k])
	}
	if len(sv.Settings) > 0 {
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(sv.Settings)) {
			parts = append(parts, k+"="+sv.Settings[k])
		}
		fmt.Fprintf(w, "    settings: %s\n", strings.Join(parts, " "))
	}
	fmt.Fprintln(w)
}
