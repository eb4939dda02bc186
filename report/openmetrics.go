package report

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// OpenMetricsType is the content type of OpenMetrics' text exposition.
const OpenMetricsType = "application/openmetrics-text; version=1.0.0; charset=utf-8"

// Progress is a run as it goes: its header, its latest interval, and its
// measured totals so far (warmup left out).
type Progress struct {
	Run     *results.Result
	Last    *results.Interval
	Running bool
	// Intervals counts the measured intervals; the rest sum them.
	Intervals     int
	Transactions  int64
	Queries       results.Queries
	Reconnects    int64
	ErrorsByClass map[string]int64
	IgnoredByName map[string]int64
}

// Add counts a measured interval into the totals and makes it the latest.
func (p *Progress) Add(iv results.Interval) {
	p.Last = &iv
	if iv.Warmup {
		return
	}
	p.Intervals++
	p.Transactions += iv.Transactions
	p.Queries.Read += int64(iv.Reads*iv.DurS + 0.5)
	p.Queries.Write += int64(iv.Writes*iv.DurS + 0.5)
	p.Queries.Other += int64(iv.Other*iv.DurS + 0.5)
	p.Queries.Total = p.Queries.Read + p.Queries.Write + p.Queries.Other
	p.Reconnects += int64(iv.ReconnPerSec*iv.DurS + 0.5)
	for k, n := range iv.Errors {
		if p.ErrorsByClass == nil {
			p.ErrorsByClass = map[string]int64{}
		}
		p.ErrorsByClass[k] += n
	}
	for k, n := range iv.Ignored {
		if p.IgnoredByName == nil {
			p.IgnoredByName = map[string]int64{}
		}
		p.IgnoredByName[k] += n
	}
}

// OpenMetrics writes p in OpenMetrics' text exposition: gauges of the
// latest interval (dbgauge_tps, dbgauge_qps, dbgauge_latency_ms by
// quantile, host CPU), counters of the totals so far, and # EOF.
func OpenMetrics(w io.Writer, p *Progress) error {
	var b strings.Builder
	family := func(name, typ, help string) {
		fmt.Fprintf(&b, "# TYPE %s %s\n# HELP %s %s\n", name, typ, name, help)
	}
	sample := func(name string, labels [][2]string, v float64) {
		b.WriteString(name)
		if len(labels) > 0 {
			b.WriteByte('{')
			for i, l := range labels {
				if i > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "%s=\"%s\"", l[0], escapeLabel(l[1]))
			}
			b.WriteByte('}')
		}
		b.WriteByte(' ')
		b.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
		b.WriteByte('\n')
	}
	if r := p.Run; r != nil {
		family("dbgauge_run", "info", "The run: workload, database and threads.")
		sample("dbgauge_run_info", [][2]string{{"workload", r.Workload.Name}, {"driver", r.Target.Driver}, {"threads", strconv.Itoa(r.Run.Threads)}}, 1)
	}
	family("dbgauge_running", "gauge", "1 while a run is measuring, 0 once it has ended.")
	sample("dbgauge_running", nil, b2f(p.Running))
	if iv := p.Last; iv != nil {
		family("dbgauge_elapsed_seconds", "gauge", "Seconds since the measurement started at the end of the latest interval (negative in warmup).")
		sample("dbgauge_elapsed_seconds", nil, iv.T)
		family("dbgauge_warmup", "gauge", "1 while the latest interval was warmup, not in the statistics.")
		sample("dbgauge_warmup", nil, b2f(iv.Warmup))
		family("dbgauge_threads", "gauge", "Threads running in the latest interval.")
		sample("dbgauge_threads", nil, float64(iv.Threads))
		family("dbgauge_tps", "gauge", "Transactions per second over the latest interval.")
		sample("dbgauge_tps", nil, iv.TPS)
		family("dbgauge_qps", "gauge", "Queries per second over the latest interval, by class.")
		for _, c := range []struct {
			class string
			v     float64
		}{{"read", iv.Reads}, {"write", iv.Writes}, {"other", iv.Other}, {"total", iv.QPS}} {
			sample("dbgauge_qps", [][2]string{{"class", c.class}}, c.v)
		}
		family("dbgauge_latency_ms", "gauge", "Transaction latency over the latest interval in milliseconds, by quantile (1 is the maximum).")
		pct := 0.95
		if p.Run != nil && p.Run.Run.Percentile > 0 {
			pct = p.Run.Run.Percentile / 100
		}
		qs := map[float64]float64{0.5: iv.P50Ms, 0.99: iv.P99Ms, 1: iv.MaxMs}
		if _, ok := qs[pct]; !ok {
			qs[pct] = iv.PctMs
		}
		for _, q := range slices.SortedFunc(maps.Keys(qs), cmp.Compare) {
			sample("dbgauge_latency_ms", [][2]string{{"quantile", strconv.FormatFloat(q, 'g', -1, 64)}}, qs[q])
		}
		family("dbgauge_errors_per_second", "gauge", "Errors per second over the latest interval, failed and retried.")
		sample("dbgauge_errors_per_second", nil, iv.ErrPerSec)
		if iv.LagMaxMs > 0 || iv.Late > 0 || iv.Dropped > 0 {
			family("dbgauge_schedule_lag_ms", "gauge", "Open loop: how late starts were over the latest interval.")
			sample("dbgauge_schedule_lag_ms", [][2]string{{"stat", "avg"}}, iv.LagAvgMs)
			sample("dbgauge_schedule_lag_ms", [][2]string{{"stat", "max"}}, iv.LagMaxMs)
		}
		if h := iv.Host; h != nil {
			family("dbgauge_host_cpu_percent", "gauge", "Host CPU over the latest interval, percent of all CPUs, by mode.")
			for _, m := range []struct {
				mode string
				v    float64
			}{{"user", h.CPUUserPct}, {"system", h.CPUSystemPct}, {"iowait", h.CPUIowaitPct}, {"steal", h.CPUStealPct}, {"idle", h.CPUIdlePct}} {
				sample("dbgauge_host_cpu_percent", [][2]string{{"mode", m.mode}}, m.v)
			}
			family("dbgauge_process_cpu_percent", "gauge", "dbgauge's own CPU over the latest interval, percent of one core.")
			sample("dbgauge_process_cpu_percent", nil, h.ProcCPUPct)
			family("dbgauge_process_rss_mb", "gauge", "dbgauge's resident memory in MB.")
			sample("dbgauge_process_rss_mb", nil, h.ProcRSSMB)
		}
	}
	family("dbgauge_intervals", "counter", "Measured intervals so far.")
	sample("dbgauge_intervals_total", nil, float64(p.Intervals))
	family("dbgauge_transactions", "counter", "Transactions completed so far, warmup left out.")
	sample("dbgauge_transactions_total", nil, float64(p.Transactions))
	family("dbgauge_queries", "counter", "Queries so far by class, warmup left out.")
	for _, c := range []struct {
		class string
		v     int64
	}{{"read", p.Queries.Read}, {"write", p.Queries.Write}, {"other", p.Queries.Other}} {
		sample("dbgauge_queries_total", [][2]string{{"class", c.class}}, float64(c.v))
	}
	family("dbgauge_errors", "counter", "Errors so far by class: failed, or ignored (rolled back and retried).")
	for _, k := range slices.Sorted(maps.Keys(p.ErrorsByClass)) {
		sample("dbgauge_errors_total", [][2]string{{"class", k}, {"outcome", "failed"}}, float64(p.ErrorsByClass[k]))
	}
	for _, k := range slices.Sorted(maps.Keys(p.IgnoredByName)) {
		sample("dbgauge_errors_total", [][2]string{{"class", k}, {"outcome", "ignored"}}, float64(p.IgnoredByName[k]))
	}
	family("dbgauge_reconnects", "counter", "Reconnects so far.")
	sample("dbgauge_reconnects_total", nil, float64(p.Reconnects))
	b.WriteString("# EOF\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func b2f(v bool) float64 {
	if v {
		return 1
	}
	return 0
}

func escapeLabel(s string) string { return labelEscaper.Replace(s) }

// labelEscaper is escapeLabel's replacer, built once (a scrape escapes every
// label).
var labelEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
