package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// kvRun is a kv run of tps transactions a second, each moving per records
// (a pipelined read or a batched insert), with its throughput figure.
func kvRun(workload, figure, unit string, tps float64, per int, p95 float64) *results.Result {
	r := &results.Result{Workload: results.Workload{Name: workload}}
	r.Totals.TPS, r.Latency.P95 = tps, p95
	r.Figures = []results.Figure{{Name: figure, Unit: unit, Value: tps * float64(per), Throughput: true}}
	return r
}

// TestBestHeadline: a run of 10 pipelined gets a transaction has a lower
// TPS than single gets but more gets a second, and the headline ranks by
// gets; inserts are ranked among inserts, not against gets; results
// without a throughput figure rank by TPS as before; a WIPS figure of a
// result written before figures were marked still ranks.
func TestBestHeadline(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		rs     []*results.Result
		labels []string
		want   string
	}{
		{"pipelined gets", []*results.Result{
			kvRun("kv_get", "gets", "gets/s", 38_000, 1, 0.1),
			kvRun("kv_get", "gets", "gets/s", 14_300, 10, 0.34),
		}, []string{"sql", "hs10"}, "Most throughput: hs10, 143,000 gets/s at p95 0.340 ms"},
		{"gets and inserts apart", []*results.Result{
			kvRun("kv_get", "gets", "gets/s", 38_000, 1, 0.1),
			kvRun("kv_insert", "inserts", "records/s", 300, 100, 2),
			kvRun("kv_insert", "inserts", "records/s", 1_000, 1, 1),
			kvRun("kv_get", "gets", "gets/s", 14_300, 10, 0.34),
		}, []string{"get sql", "insert 100", "insert 1", "get hs10"},
			"Most throughput: kv_get: get hs10, 143,000 gets/s at p95 0.340 ms; kv_insert: insert 100, 30,000 records/s (inserts) at p95 2.00 ms"},
		{"TPS", []*results.Result{
			{Workload: results.Workload{Name: "oltp_point_select"}, Totals: results.Totals{TPS: 900}},
			{Workload: results.Workload{Name: "oltp_point_select"}, Totals: results.Totals{TPS: 1200}},
		}, []string{"a", "b"}, "Most throughput: b, 1,200 TPS at p95 0.000 ms"},
		{"old WIPS", []*results.Result{
			{Workload: results.Workload{Name: "bookstore"}, Totals: results.Totals{TPS: 50}, Figures: []results.Figure{{Name: "WIPS", Unit: "interactions/s", Value: 40}}},
			{Workload: results.Workload{Name: "bookstore"}, Totals: results.Totals{TPS: 60}, Figures: []results.Figure{{Name: "WIPS", Unit: "interactions/s", Value: 30}}},
		}, []string{"a", "b"}, "Most throughput: a, 40.0 interactions/s (WIPS) at p95 0.000 ms"},
	} {
		if got := bestHeadline(c.rs, c.labels); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
		if c.name != "gets and inserts apart" {
			continue
		}
		want := "On kv_get, get hs10 gave the most throughput, 143,000 gets/s; get sql had the lowest p95, 0.100 ms: choose by which of the two matters for the application. " +
			"On kv_insert, insert 100 gave the most throughput, 30,000 records/s (inserts); insert 1 had the lowest p95, 1.00 ms"
		if got := CompareConclusion(c.rs, c.labels); !strings.HasPrefix(got, want) {
			t.Errorf("conclusion:\n got %s\nwant %s…", got, want)
		}
	}
}

// TestScalingMixedMeasures: curves of one figure chart it; curves of
// different measures chart TPS for every point, never a figure under a
// TPS label.
func TestScalingMixedMeasures(t *testing.T) {
	t.Parallel()
	build := func(second bool) (*results.Experiment, []*results.Result) {
		x := &results.Experiment{Name: "kv"}
		var rs []*results.Result
		for _, u := range []int{1, 2, 4} {
			x.Runs = append(x.Runs, results.ExperimentRun{Workload: "kv_get", Target: "hs", Params: fmt.Sprintf("threads=%d", u)})
			r := kvRun("kv_get", "gets", "gets/s", 1000*float64(u), 10, 1)
			r.Run.Threads = u
			rs = append(rs, r)
			if second {
				x.Runs = append(x.Runs, results.ExperimentRun{Workload: "oltp_point_select", Target: "pg", Params: fmt.Sprintf("threads=%d", u)})
				rs = append(rs, &results.Result{Run: results.Run{Threads: u}, Totals: results.Totals{TPS: 500 * float64(u)}})
			}
		}
		return x, rs
	}
	for _, c := range []struct {
		second         bool
		rate, lastCell string
	}{{false, "gets", "40,000"}, {true, "TPS", "4,000"}} {
		x, rs := build(c.second)
		s := scalingSection(x, rs)
		if s == nil {
			t.Fatal("no scaling section")
		}
		tab := s.Blocks[0].Table
		if tab.Head[3] != c.rate || tab.Rows[2][3] != c.lastCell {
			t.Errorf("second curve %v: column %q, kv_get at 4 threads %s; want %s and %s", c.second, tab.Head[3], tab.Rows[2][3], c.rate, c.lastCell)
		}
	}
}

// TestExperimentThroughputColumn: the experiment's table shows the runs'
// throughput figures when some run has one, and not otherwise.
func TestExperimentThroughputColumn(t *testing.T) {
	t.Parallel()
	x := &results.Experiment{Name: "kv", Runs: []results.ExperimentRun{{Workload: "kv_get", Target: "hs", TPS: 14_300}, {Workload: "kv_get", Target: "sql", TPS: 38_000}}}
	rs := []*results.Result{kvRun("kv_get", "gets", "gets/s", 14_300, 10, 0.3), nil}
	tab := ExperimentDoc(x, rs).Sections[0].Blocks[1].Table
	if !strings.Contains(strings.Join(tab.Head, ","), "QPS,throughput,p95 ms") || tab.Rows[0][6] != "143,000 gets/s" || tab.Rows[1][6] != "" {
		t.Errorf("table %q rows %q", tab.Head, tab.Rows)
	}
	rs[0].Figures = nil
	tab = ExperimentDoc(x, rs).Sections[0].Blocks[1].Table
	if strings.Contains(strings.Join(tab.Head, ","), "throughput") {
		t.Errorf("a throughput column without figures: %q", tab.Head)
	}
}

// TestCompareThroughputCharts: a comparison of kv runs draws a bar chart of
// gets and one of inserts, each over its own runs, and its results table
// shows the figures.
func TestCompareThroughputCharts(t *testing.T) {
	t.Parallel()
	rs := []*results.Result{
		kvRun("kv_get", "gets", "gets/s", 38_000, 1, 0.1),
		kvRun("kv_insert", "inserts", "records/s", 300, 100, 2),
		kvRun("kv_get", "gets", "gets/s", 14_300, 10, 0.34),
		{Workload: results.Workload{Name: "oltp_point_select"}, Totals: results.Totals{TPS: 900}},
	}
	labels := []string{"sql", "ins", "hs10", "oltp"}
	var got []string
	var table *Table
	for _, s := range CompareDoc(rs, labels).Sections {
		for _, b := range s.Blocks {
			if c := b.Chart; c != nil && c.Kind == ChartBars && c.ID != "compare-tps" && c.ID != "compare-p95" {
				var vals []string
				for _, v := range c.Series[0].Values {
					vals = append(vals, fmtNum(*v))
				}
				got = append(got, fmt.Sprintf("%s: %s = %s", c.Title, strings.Join(c.Categories, ","), strings.Join(vals, ",")))
			}
			if b.Table != nil && s.Title == "Results" && table == nil {
				table = b.Table
			}
		}
	}
	want := []string{"gets by run (gets/s): sql,hs10 = 38,000,143,000", "inserts by run (records/s): ins = 30,000"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("charts:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if table == nil || table.Head[4] != "throughput" || table.Rows[2][4] != "143,000 gets/s" || table.Rows[3][4] != "" {
		t.Errorf("results table: %+v", table)
	}
}

// TestRunLabelsByOptionsAndShape: runs that differ by a workload option
// (--mysql-access) and by one key of their data's shape are labelled by
// those alone, not by folder names or the whole shape; a run without the
// option (another driver) shows none.
func TestRunLabelsByOptionsAndShape(t *testing.T) {
	t.Parallel()
	run := func(driver, access, records string) *results.Result {
		opts := map[string]string{"batch-size": "10", "record-count": records, "field-count": "10"}
		if access != "" {
			opts["mysql-access"] = access
		}
		return &results.Result{Target: results.Target{Driver: driver}, Workload: results.Workload{Name: "kv_get", Options: opts},
			Dataset: &results.Dataset{Name: "kv", Shape: map[string]string{"record-count": records, "field-count": "10"}}}
	}
	rs := []*results.Result{run("mysql", "sql", "1000000"), run("mysql", "handlersocket", "1000000"), run("mysql", "handlersocket", "10000000"), run("redis", "", "1000000")}
	got := RunLabels(rs, []string{"a", "b", "c", "d"})
	want := []string{"mysql record-count=1000000 mysql-access=sql", "mysql record-count=1000000 mysql-access=handlersocket",
		"mysql record-count=10000000 mysql-access=handlersocket", "redis record-count=1000000"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("labels\n%q\nwant\n%q", got, want)
	}
}
