package report

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

func TestIntervalsCSV(t *testing.T) {
	r := &results.Result{Run: results.Run{Percentile: 99}, Intervals: []results.Interval{
		{T: 1, DurS: 1, Warmup: true, Threads: 2, TPS: 10.5, PctMs: 3},
		{T: 2, DurS: 1, Threads: 2, TPS: 12, QPS: 240, ErrPerSec: 0.5, Host: &results.HostSample{CPUUserPct: 40, CPUIowaitPct: 2.5}},
	}}
	var b bytes.Buffer
	if err := IntervalsCSV(&b, r); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := "t,dur_s,warmup,threads,tps,qps,reads,writes,other,lat_p99_ms,p50_ms,p99_ms,max_ms,err_per_s,reconn_per_s,cpu_user_pct,cpu_system_pct,cpu_iowait_pct,cpu_idle_pct"
	if len(rows) != 3 || strings.Join(rows[0], ",") != want {
		t.Fatalf("got %d rows, header %q", len(rows), rows[0])
	}
	if got := strings.Join(rows[1], ","); got != "1,1,1,2,10.5,0,0,0,0,3,0,0,0,0,0,,,," {
		t.Errorf("warmup row without host sample: %q", got)
	}
	if got := strings.Join(rows[2], ","); got != "2,1,0,2,12,240,0,0,0,0,0,0,0,0.5,0,40,0,2.5,0" {
		t.Errorf("row: %q", got)
	}
}
