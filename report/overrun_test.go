package report

import (
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

func TestOverrun(t *testing.T) {
	t.Parallel()
	timed := func(dur float64, ivs ...float64) *results.Result {
		r := &results.Result{Run: results.Run{Threads: 500, TimeS: 20, RampS: 5, WarmupS: 5, ReportIntervalS: 5},
			Environment: &results.Environment{CPUs: 2}}
		r.Totals.DurationS = dur
		for _, d := range ivs {
			r.Intervals = append(r.Intervals, results.Interval{DurS: d})
		}
		return r
	}
	for _, c := range []struct {
		name string
		r    *results.Result
		want string
	}{
		{"on time", timed(20.3, 5, 5, 5, 5.3), ""},
		{"late", timed(121.7, 5, 20, 23, 23, 25, 24),
			"it measured 122 s where 20.0 s were asked, and an interval of 5.0 s lasted 25.0 s. The client was starved of CPU (500 users on 2 CPUs)"},
		{"one long interval", timed(20.5, 5, 9, 3.5, 3), "an interval of 5.0 s lasted 9.0 s"},
	} {
		got := overrun(c.r)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	events := timed(100)
	events.Run.Events = 1000
	interrupted := timed(100)
	interrupted.Interrupted = true
	for _, r := range []*results.Result{events, interrupted} {
		if got := overrun(r); got != "" {
			t.Errorf("a run by events or interrupted: %q", got)
		}
	}
}
