package report

import (
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

func TestLittles(t *testing.T) {
	t.Parallel()
	// 100 users, 10 ms response, 990 ms think: 100/s expected.
	run := func(tps float64) *results.Result {
		r := &results.Result{Run: results.Run{Threads: 100}}
		r.Totals.DurationS = 100
		r.Totals.Transactions = int64(tps * 100)
		r.Latency.Avg = 10
		r.Totals.Waits = &results.Waits{ThinkCount: r.Totals.Transactions, ThinkMeanMs: 990}
		return r
	}
	if s := littles(run(99)); !strings.HasPrefix(s, "Little's law holds") || !strings.Contains(s, "100/s expected, 99.0/s measured (−1.0%)") {
		t.Errorf("1%% short: %s", s)
	}
	if s := littles(run(90)); !strings.HasPrefix(s, "Little's law is off") {
		t.Errorf("10%% short: %s", s)
	}
	paced := run(99)
	paced.Run.Connections = 10
	paced.Resources = &results.Resources{Samples: 10, CPUUserAvg: 10, CPUIdleAvg: 90}
	if c := Conclusion(paced); !strings.Contains(c, "100 users over 10 connections") || !strings.Contains(c, "The users' waits set the pace") {
		t.Errorf("conclusion of a think-paced run: %s", c)
	}
	short := run(99)
	short.Totals.Waits.ThinkMeanMs = 10000 // 100 s run, 10 s waits: biased
	if s := littles(short); s != "" {
		t.Errorf("a run of 10 waits judged: %s", s)
	}
	open := run(99)
	open.Totals.Schedule = &results.Schedule{}
	if s := littles(open); s != "" {
		t.Errorf("an open loop judged: %s", s)
	}
	noWait := run(99)
	noWait.Totals.Waits = nil
	if s := littles(noWait); s != "" {
		t.Errorf("a run without waits judged: %s", s)
	}
}
