package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// TestScaling: five user counts of a bookstore-like run on one target, the
// WIPS flattening at 550 users, the server's memory growing 512 KB per
// connection and the client's 40 KB per user: the section says so, and a
// second target with two user counts makes no curve.
func TestScaling(t *testing.T) {
	t.Parallel()
	x := &results.Experiment{Name: "nile"}
	var rs []*results.Result
	wips := map[int]float64{50: 7, 100: 14, 250: 35, 550: 76, 1000: 78}
	for _, u := range []int{50, 100, 250, 550, 1000} {
		for rep := range 3 {
			x.Runs = append(x.Runs, results.ExperimentRun{Workload: "bookstore", Target: "pg", Params: fmt.Sprintf("users=%d connections=%d", u, u), Repeat: rep})
			r := &results.Result{Run: results.Run{Threads: u, Connections: u}}
			// Repeats around the median: the median is the one reported.
			r.Figures = []results.Figure{{Name: "WIPS", Value: wips[u] * (1 + 0.01*float64(rep-1))}}
			r.Latency.P90 = 10 + float64(u)/10
			r.Latency.P95 = 20 + float64(u)/10
			r.Resources = &results.Resources{ServerMemPeakMB: 100 + 0.5*float64(u), ProcRSSPeakMB: 20 + 40.0/1024*float64(u)}
			rs = append(rs, r)
		}
	}
	for _, u := range []int{50, 100} {
		x.Runs = append(x.Runs, results.ExperimentRun{Workload: "bookstore", Target: "my", Params: fmt.Sprintf("users=%d", u)})
		rs = append(rs, &results.Result{Run: results.Run{Threads: u, Connections: u}, Figures: []results.Figure{{Name: "WIPS", Value: 1}}})
	}
	// One connection per user, a step each: no curve, but the memory fit.
	for i, u := range []int{100, 200, 300} {
		x.Runs = append(x.Runs, results.ExperimentRun{Step: 10 + i, Workload: "bookstore", Target: "pg2"})
		rs = append(rs, &results.Result{Run: results.Run{Threads: u, Connections: u},
			Resources: &results.Resources{ServerMemPeakMB: 100 + float64(u)}})
	}
	s := scalingSection(x, rs)
	if s == nil {
		t.Fatal("no scaling section")
	}
	var text []string
	var rows int
	for _, b := range s.Blocks {
		text = append(text, b.List...)
		if b.Table != nil {
			rows = len(b.Table.Rows)
			if b.Table.Head[3] != "WIPS" || b.Table.Head[5] != "p95 ms" {
				t.Errorf("columns %q, want WIPS and p95", b.Table.Head)
			}
			if last := b.Table.Rows[len(b.Table.Rows)-1]; last[4] != "110" || last[5] != "120" {
				t.Errorf("1,000 users: p90 %s, p95 %s; want 110 and 120", last[4], last[5])
			}
		}
	}
	if rows != 5 {
		t.Errorf("%d table rows, want one per user count of the one curve (5)", rows)
	}
	all := strings.Join(text, "\n")
	for _, want := range []string{
		"bookstore pg: WIPS flattens at 550 users (76.0 WIPS",
		"WIPS changes by +2.6% while p90 goes from 65.0 ms to 110 ms",
		"about 512 KB per connection (fit over 15 runs, 50 to 1000 connections)",
		"about 40.0 KB per user",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("findings lack %q:\n%s", want, all)
		}
	}
	if !strings.Contains(all, "bookstore pg2: the server's memory grows by about 1,024 KB per connection (fit over 3 runs, 100 to 300 connections)") ||
		strings.Contains(all, "bookstore pg2: WIPS") {
		t.Errorf("one-point steps: a curve, or no memory fit:\n%s", all)
	}
	if strings.Contains(all, "bookstore my") {
		t.Errorf("a curve of two user counts:\n%s", all)
	}
}
