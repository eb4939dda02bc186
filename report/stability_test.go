package report

import (
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
)

// driftRun is 12 ten-second intervals: steady TPS, every transaction 10 ms
// in the first two thirds and lastMs in the last, and the client's RSS and
// the server's memory growing to rss and server in the last third.
func driftRun(t *testing.T, lastMs int64, rss, server float64) *results.Result {
	r := &results.Result{}
	for i := range 12 {
		h := hist.New()
		ms := int64(10)
		if i >= 8 {
			ms = lastMs
		}
		h.RecordValues(ms*1e6, 100)
		b, err := hist.Encode(h)
		if err != nil {
			t.Fatal(err)
		}
		host := &results.HostSample{ProcRSSMB: 100, ServerMemMB: 500}
		if i >= 8 {
			host.ProcRSSMB, host.ServerMemMB = rss, server
		}
		r.Intervals = append(r.Intervals, results.Interval{T: float64(i+1) * 10, DurS: 10, TPS: 10, Hist: b, Host: host})
	}
	return r
}

func TestDrift(t *testing.T) {
	t.Parallel()
	flat := drift(driftRun(t, 10, 101, 505))
	if !strings.Contains(flat, "nothing drifted") || !strings.Contains(flat, "p90 10.0 → 10.0 ms") || !strings.Contains(flat, "client RSS 100 → 101 MB (+1.0%)") {
		t.Errorf("a flat run: %s", flat)
	}
	grown := drift(driftRun(t, 20, 110, 505))
	for _, want := range []string{"p90 10.0 → 20.0 ms (+100%)", "drifted: p90 (over 15%), client RSS (over 3.0%)"} {
		if !strings.Contains(grown, want) {
			t.Errorf("a drifting run lacks %q: %s", want, grown)
		}
	}
	short := driftRun(t, 20, 110, 505)
	short.Intervals = short.Intervals[:6]
	if s := drift(short); s != "" {
		t.Errorf("a one-minute run judged: %s", s)
	}
}
