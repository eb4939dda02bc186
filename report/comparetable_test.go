package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// compareRun is a fixed run whose intervals have the given TPS (p95 and
// p99 follow them), so that the noise marks are known.
func compareRun(started string, threads int, tps []float64, p95 float64, opts map[string]string) *results.Result {
	r := &results.Result{
		Workload:  results.Workload{Name: "oltp_read_write", Options: opts},
		Target:    results.Target{Driver: "postgres", ServerVersion: "15.8"},
		Run:       results.Run{Threads: threads, Percentile: 95},
		StartedAt: started,
		Dataset:   &results.Dataset{Name: "oltp", Shape: opts},
		Ops: map[string]results.OpStat{
			"point_select": {Class: "read", Count: 1000, Latency: results.Latency{P95: p95 / 10}},
			"commit":       {Class: "other", Count: 100, Latency: results.Latency{P95: p95 / 2}},
		},
		Resources: &results.Resources{Samples: len(tps), CPUUserAvg: 40, CPUSystemAvg: 10, ProcCPUAvg: 30, ProcRSSPeakMB: 25},
	}
	var sum float64
	for i, v := range tps {
		r.Intervals = append(r.Intervals, results.Interval{T: float64(i + 1), DurS: 1, Threads: threads, TPS: v, QPS: 20 * v,
			Transactions: int64(v), PctMs: p95 * 1000 / v, P50Ms: p95 / 2, P99Ms: 2 * p95 * 1000 / v,
			Host: &results.HostSample{CPUUserPct: 40, CPUSystemPct: 10, ProcCPUPct: 30}})
		sum += v
	}
	n := float64(len(tps))
	r.Totals = results.Totals{Transactions: int64(sum), TPS: sum / n, QPS: 20 * sum / n, DurationS: n}
	r.Latency = results.Latency{Avg: p95 / 3, P50: p95 / 2, P95: p95, P99: 2 * p95, Max: 5 * p95}
	return r
}

// TestCompareGolden pins compare's table: B is A within noise on
// throughput, C is faster beyond noise, and D ran with other threads and
// options, which makes it not comparable.
func TestCompareGolden(t *testing.T) {
	opts := map[string]string{"tables": "4", "table-size": "10000"}
	other := map[string]string{"tables": "4", "table-size": "20000"}
	a := compareRun("2025-03-01T10:00:00Z", 8, []float64{1000, 1020, 990, 1010, 1005, 995}, 5, opts)
	b := compareRun("2025-03-01T10:05:00Z", 8, []float64{1008, 992, 1015, 1001, 989, 1012}, 5.1, opts)
	c := compareRun("2025-03-01T10:10:00Z", 8, []float64{1200, 1210, 1190, 1205, 1195, 1200}, 4.2, opts)
	d := compareRun("2025-03-01T10:15:00Z", 16, []float64{1500, 1510}, 8, other)
	d.Totals.Errors = 3
	cmp := results.Compare([]results.Named{{Name: "#1", Result: a}, {Name: "#2", Result: b},
		{Name: "dbgauge-results/20250301-101000-oltp_read_write", Result: c}, {Name: "#4", Result: d}})
	var out bytes.Buffer
	CompareTable(&out, cmp)
	golden(t, "compare.golden", out.Bytes())

	lines := map[string]string{}
	for _, l := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			lines[f[0]] = l
		}
	}
	tps := strings.Fields(lines["tps"])
	// tps (/s) A B ΔB [~] C ΔC [~] D ΔD [~]
	if len(tps) < 7 || tps[5] != "~" || strings.Contains(strings.Join(tps[6:], " "), "~") {
		t.Errorf("tps: B must be within noise, C and D beyond: %q", lines["tps"])
	}
}
