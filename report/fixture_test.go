package report

import (
	"math"

	"github.com/dbgauge/dbgauge/results"
)

// fixedRun is a deterministic result with every section filled: 30
// intervals with host samples, a fixed environment, server statistics,
// operations and errors. seed shifts its numbers so that runs differ.
func fixedRun(driver string, threads int, tps float64) *results.Result {
	rot := false
	r := &results.Result{
		SchemaVersion: results.SchemaVersion,
		Tool:          results.Tool{Name: "dbgauge", Version: "test"},
		Workload: results.Workload{Name: "oltp_read_write", Family: "oltp",
			Options: map[string]string{"tables": "1", "table-size": "10000", "range-size": "100"}},
		Target:  results.Target{Driver: driver, URL: driver + "://bench:xxxxx@127.0.0.1/bench", ServerVersion: "15.4"},
		Run:     results.Run{Threads: threads, TimeS: 30, Seed: 7, ReportIntervalS: 1, Percentile: 95, IgnoreErrors: "deadlock"},
		Dataset: &results.Dataset{Name: "oltp", Shape: map[string]string{"tables": "1", "table-size": "10000"}},
		Environment: &results.Environment{Hostname: "bench-1", OS: "linux debian 12", Kernel: "6.1.0", CPUModel: "Test CPU @ 3.0GHz",
			CPUs: 4, MemoryMB: 16000, GoVersion: "go1.26", Version: "test", GOMAXPROCS: 4, GOGC: 50, DataPath: "/data/bench.db",
			Filesystem: "ext4", Device: "nvme0n1", Rotational: &rot,
			CommandLine: "/usr/local/bin/dbgauge run oltp_read_write --db " + driver + "://bench:xxxxx@127.0.0.1/bench --threads 4 --time 30"},
		Resources: &results.Resources{Samples: 30, CPUUserAvg: 60, CPUSystemAvg: 25, CPUIowaitAvg: 2, CPUIdleAvg: 13, CPUBusyPeak: 93,
			CPUIowaitPeak: 5, Load1Peak: 4.2, MemUsedPeakMB: 5000, ProcCPUAvg: 120, ProcCPUPeak: 140, ProcRSSPeakMB: 40,
			DiskUtilPeak: 35, DiskPeakName: "nvme0n1"},
		Server: &results.Server{Settings: map[string]string{"shared_buffers": "128MB"}, Ratios: map[string]float64{"cache_hit_pct": 99.5},
			Delta: map[string]float64{"xact_commit": 30000}, Gauges: map[string]float64{"backends": 5}},
		StartedAt: "2026-01-02T03:04:05Z", EndedAt: "2026-01-02T03:04:35Z",
		Totals: results.Totals{Transactions: int64(tps * 30), TPS: tps, QPS: tps * 20,
			Queries: results.Queries{Read: int64(tps * 30 * 14), Write: int64(tps * 30 * 4), Other: int64(tps * 30 * 2), Total: int64(tps * 30 * 20)},
			Errors:  0, IgnoredErrors: 12, DurationS: 30.0012,
			ErrorsByClass: map[string]int64{}, IgnoredByClass: map[string]int64{"deadlock": 12}},
		Latency: results.Latency{Count: int64(tps * 30), Min: 0.8, Avg: 3.1, Max: 48, Stddev: 2.2, P50: 2.6, P90: 4.4, P95: 5.2, P99: 9.8, P999: 30, Percentile: 5.2},
		Ops: map[string]results.OpStat{
			"point_select": {Class: "read", Count: int64(tps * 300), Latency: results.Latency{Avg: 0.09, P50: 0.08, P95: 0.2, P99: 0.4, Max: 3}},
			"commit":       {Class: "other", Count: int64(tps * 30), Latency: results.Latency{Avg: 0.5, P50: 0.4, P95: 1.1, P99: 2, Max: 20}},
		},
	}
	for i := 1; i <= 30; i++ {
		w := math.Sin(float64(i)) * 0.03
		r.Intervals = append(r.Intervals, results.Interval{T: float64(i), DurS: 1, Threads: threads,
			TPS: tps * (1 + w), QPS: tps * 20 * (1 + w), Reads: tps * 14, Writes: tps * 4, Other: tps * 2,
			PctMs: 5 + w*10, P50Ms: 2.5 + w, P99Ms: 9 + w*20, MaxMs: 20 + float64(i%7)*4, Transactions: int64(tps),
			Host: &results.HostSample{CPUUserPct: 60 + w*100, CPUSystemPct: 25, CPUIowaitPct: 2, CPUIdlePct: 13 - w*100,
				ProcCPUPct: 120, NetRxMBs: 1, NetTxMBs: 2, Disks: map[string]results.DiskSample{"nvme0n1": {ReadIOPS: 10, WriteIOPS: 300, WriteMBs: 4, UtilPct: 30}}}})
	}
	return r
}

// fixedSweep is a threads sweep of 1, 2, 4, 8, 16 threads whose
// throughput stops growing at 4.
func fixedSweep() (*results.Sweep, []*results.Result) {
	s := &results.Sweep{SchemaVersion: 1, Workload: "oltp_read_write", Parameter: "threads",
		StartedAt: "2026-01-02T03:00:00Z", EndedAt: "2026-01-02T03:05:00Z"}
	tps := []float64{400, 780, 1450, 1490, 1470}
	p95 := []float64{3, 3.2, 3.9, 7.5, 16}
	var rs []*results.Result
	for i, th := range []int{1, 2, 4, 8, 16} {
		r := fixedRun("postgres", th, tps[i])
		r.Latency.P95 = p95[i]
		rs = append(rs, r)
		s.Steps = append(s.Steps, results.SweepStep{Value: fmtCount(int64(th)), Threads: th, Dir: "threads-" + fmtCount(int64(th)),
			TPS: tps[i], QPS: tps[i] * 20, AvgMs: p95[i] / 2, P95Ms: p95[i], P99Ms: p95[i] * 2, MaxMs: p95[i] * 5})
	}
	return s, rs
}
