package report

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// sysSample is a result with the numbers of a real sysbench 1.0.20 run of
// the test (testdata/sysbench-1.0.20-TEST.txt, captured on this project's
// machine), so the two summaries can be compared line by line.
func sysSample(test string) *results.Result {
	r := &results.Result{
		Tool:     results.Tool{Name: "dbgauge", Version: "test"},
		Workload: results.Workload{Name: test, Family: "sys", Options: map[string]string{}},
		Target:   results.Target{Driver: "none"},
		Run:      results.Run{Threads: 2, Percentile: 95},
	}
	switch test {
	case "cpu":
		r.Sys = &results.Sys{Test: "cpu", EventsPerSec: 755.67}
		r.Totals = results.Totals{Transactions: 763, DurationS: 1.0055}
		r.Latency = results.Latency{Min: 0.49, Avg: 2.62, Max: 23.06, Percentile: 9.22, Sum: 2001.46}
		r.Fairness = results.Fairness{EventsAvg: 381.5, EventsStddev: 0.5, TimeAvgS: 1.0007}
	case "memory":
		r.Workload.Options["memory-oper"] = "write"
		r.Sys = &results.Sys{Test: "memory", BlockSize: 1024, Operations: 1467266, EventsPerSec: 1460563.23, MiBTransferred: 1432.88, MiBPerSec: 1426.33}
		r.Totals = results.Totals{Transactions: 1467266, DurationS: 1.0002}
		r.Latency = results.Latency{Max: 17.90, Sum: 865.53}
		r.Fairness = results.Fairness{EventsAvg: 733633, EventsStddev: 11653, TimeAvgS: 0.4328}
	case "fileio":
		r.Sys = &results.Sys{Test: "fileio", BlockSize: 16384, ReadsPerSec: 14930.86, WritesPerSec: 9953.27, FsyncsPerSec: 1000.89,
			ReadMiBPerSec: 233.29, WrittenMiBPerSec: 155.52}
		r.Totals = results.Totals{Transactions: 26992, DurationS: 1.0404}
		r.Latency = results.Latency{Avg: 0.07, Max: 229.80, Percentile: 0.10, Sum: 1986.33}
		r.Fairness = results.Fairness{EventsAvg: 13496, EventsStddev: 2589, TimeAvgS: 0.9932, TimeStddevS: 0.01}
	}
	return r
}

// TestSysSummaryLayout: the summary of each sys test repeats sysbench's
// test section and its General statistics, Latency and Threads fairness
// line for line, so sysbench's parsers read it.
func TestSysSummaryLayout(t *testing.T) {
	for _, test := range []string{"cpu", "memory", "fileio"} {
		t.Run(test, func(t *testing.T) {
			want, err := os.ReadFile("testdata/sysbench-1.0.20-" + test + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			Summary(&b, sysSample(test), false)
			got := b.String()
			if !strings.HasPrefix(got, string(want)) {
				gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
				for i := range wl {
					if i >= len(gl) || gl[i] != wl[i] {
						t.Fatalf("line %d differs from sysbench:\n got: %q\nwant: %q", i+1, gl[min(i, len(gl)-1)], wl[i])
					}
				}
			}
			if strings.Contains(got, "SQL statistics") {
				t.Error("a sys summary has SQL statistics")
			}
		})
	}
	none := sysSample("memory")
	none.Workload.Options["memory-oper"] = "none"
	var b bytes.Buffer
	Summary(&b, none, false)
	if strings.Contains(b.String(), "transferred") {
		t.Error("memory-oper none prints MiB transferred; sysbench does not")
	}
}

// TestSysIntervalLine checks the interval lines against sysbench's.
func TestSysIntervalLine(t *testing.T) {
	for _, tc := range []struct {
		sys  results.Sys
		iv   results.Interval
		want string
	}{
		{results.Sys{Test: "cpu"}, results.Interval{T: 1, Threads: 1, TPS: 1357.44, PctMs: 0.67}, "[ 1s ] thds: 1 eps: 1357.44 lat (ms,95%): 0.67\n"},
		{results.Sys{Test: "memory", BlockSize: 1024}, results.Interval{T: 1, TPS: 2822.82 * 1024}, "[ 1s ] 2822.82 MiB/sec\n"},
		{results.Sys{Test: "fileio", BlockSize: 16384}, results.Interval{T: 2, Reads: 236.25 * 64, Writes: 157.5 * 64, Other: 1011.01, PctMs: 0.014},
			"[ 2s ] reads: 236.25 MiB/s writes: 157.50 MiB/s fsyncs: 1011.01/s latency (ms,95%): 0.014\n"},
	} {
		if got := SysIntervalLine(tc.iv, &tc.sys, 95, false); got != tc.want {
			t.Errorf("%s: got  %q\nwant %q", tc.sys.Test, got, tc.want)
		}
	}
}
