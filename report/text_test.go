package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
)

var update = flag.Bool("update", false, "rewrite golden files")

// sample is a fixed result with the numbers of a real sysbench run
// (testdata/sysbench-1.0.20.txt, captured from sysbench 1.0.20 on PostgreSQL
// 15; its per-second rates recomputed from the printed total time, which
// sysbench measures a moment later than its rates), so the two summaries can
// be compared.
func sample(t *testing.T) *results.Result {
	op := hist.NewOp()
	for _, ms := range []float64{1.27, 2, 3, 4, 5.37, 1009.14} {
		op.Record(int64(ms*1e6), false)
	}
	h, err := hist.Encode(op.OK())
	if err != nil {
		t.Fatal(err)
	}
	return &results.Result{
		Tool:     results.Tool{Name: "dbgauge", Version: "test"},
		Workload: results.Workload{Name: "oltp_read_write"},
		Target:   results.Target{Driver: "sqlite"},
		Run:      results.Run{Threads: 2, Percentile: 95, ReportIntervalS: 1},
		Totals: results.Totals{Transactions: 603, Queries: results.Queries{Read: 8596, Write: 2418, Other: 1241, Total: 12255},
			IgnoredErrors: 11, DurationS: 3.0054, IgnoredByClass: map[string]int64{"deadlock": 11}},
		Latency:   results.Latency{Min: 1.27, Avg: 9.95, Max: 1009.14, Percentile: 5.37, Sum: 6002.78, P50: 4.2, P90: 5.1, P95: 5.37, P99: 900.5, P999: 1009.14, Stddev: 3.25},
		Fairness:  results.Fairness{EventsAvg: 301.5, EventsStddev: 2.5, TimeAvgS: 3.0014, TimeStddevS: 0.001},
		Ops:       map[string]results.OpStat{"point_select": {Class: "read", Count: 6030, Latency: results.Latency{Avg: 0.1, P50: 0.09, P95: 0.2, P99: 0.5, Max: 3}}, "commit": {Class: "other", Count: 603}},
		Histogram: h,
		Transactions: map[string]results.TxnStat{"oltp_read_write": {Count: 603, TPS: 200.64, IgnoredErrors: 11,
			Latency: results.Latency{Avg: 9.95, P50: 4.2, P95: 5.37, P99: 900.5, Max: 1009.14}}},
		TxnOrder: []string{"oltp_read_write"},
	}
}

// TestSummaryGolden pins the whole summary.
func TestSummaryGolden(t *testing.T) {
	var b bytes.Buffer
	Summary(&b, sample(t), true)
	golden(t, "summary.golden", b.Bytes())
}

// TestSysbenchLayout checks the sysbench sections against real sysbench
// 1.0.20 output: with the same numbers, every line must be identical, so
// every parser of sysbench's output reads dbgauge's.
func TestSysbenchLayout(t *testing.T) {
	want, err := os.ReadFile("testdata/sysbench-1.0.20.txt")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	Summary(&b, sample(t), false)
	got := b.String()
	if !strings.HasPrefix(got, string(want)) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range wl {
			if i >= len(gl) || gl[i] != wl[i] {
				t.Fatalf("line %d differs from sysbench:\n got: %q\nwant: %q", i+1, gl[min(i, len(gl)-1)], wl[i])
			}
		}
	}
}

// TestIntervalLine checks the interval line against sysbench's.
func TestIntervalLine(t *testing.T) {
	iv := results.Interval{T: 2, Threads: 2, TPS: 237.35, QPS: 4854.06, Reads: 3406.95, Writes: 960.4, Other: 486.71, PctMs: 5.67, ErrPerSec: 6.01}
	want := "[ 2s ] thds: 2 tps: 237.35 qps: 4854.06 (r/w/o: 3406.95/960.40/486.71) lat (ms,95%): 5.67 err/s: 6.01 reconn/s: 0.00\n"
	if got := IntervalLine(iv, 95, false); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	iv.Warmup = true
	if got := IntervalLine(iv, 95, false); regexp.MustCompile(`^\[ \d+s \] thds:`).MatchString(got) {
		t.Errorf("a warmup line must not parse as a measured sysbench line: %q", got)
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs; got:\n%s", name, got)
	}
}

// TestReloginsLine: a driver's relogins get a line of their own after the
// sysbench sections (whose lines stay sysbench's), and none without them.
func TestReloginsLine(t *testing.T) {
	r := sample(t)
	var b bytes.Buffer
	Summary(&b, r, false)
	if strings.Contains(b.String(), "Relogins") {
		t.Fatal("a relogins line for a driver that has none")
	}
	n := int64(6)
	r.Totals.Relogins = &n
	b.Reset()
	Summary(&b, r, false)
	if !strings.Contains(b.String(), "\nRelogins (the driver logged in again after the server dropped an idle connection): 6 (2.00 per sec.)\n") {
		t.Fatalf("no relogins line in:\n%s", b.String())
	}
}
