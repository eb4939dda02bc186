package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// oltpVerbs are oltp_read_write's statements per transaction by verb.
var oltpVerbs = map[string]int64{"select": 14, "insert": 1, "update": 2, "delete": 1, "commit": 1}

// withStatements gives r statements by verb as a run of oltp_read_write
// writes them: counts and rates in the totals and in every interval. The
// workload has no rollback: it is listed, at zero.
func withStatements(r *results.Result) *results.Result {
	t := &r.Totals
	t.Statements = map[string]int64{"rollback": 0}
	for v, n := range oltpVerbs {
		t.Statements[v] = n * t.Transactions
	}
	t.StatementsPerSec = results.StatementRates(t.Statements, t.DurationS)
	for i := range r.Intervals {
		iv := &r.Intervals[i]
		c := map[string]int64{"rollback": 0}
		for v, n := range oltpVerbs {
			c[v] = n * iv.Transactions
		}
		if iv.Counts == nil {
			iv.Counts = &results.IntervalCounts{}
		}
		iv.Counts.Statements = c
		iv.Statements = results.StatementRates(c, iv.DurS)
	}
	return r
}

// TestStatementsSummaryGolden pins the summary's table of statements by
// verb, after sysbench's sections, which stay as sysbench prints them.
func TestStatementsSummaryGolden(t *testing.T) {
	r := sample(t)
	r.Totals.Statements = map[string]int64{"select": 8596, "insert": 603, "update": 1209, "delete": 606, "commit": 603, "rollback": 0}
	r.Totals.StatementsPerSec = results.StatementRates(r.Totals.Statements, r.Totals.DurationS)
	var b bytes.Buffer
	Summary(&b, r, false)
	golden(t, "summary_statements.golden", b.Bytes())
	want := "\nStatements by verb:                 count     per sec.    per txn\n" +
		"    select:                          8596      2860.19      14.26\n"
	if !strings.Contains(b.String(), want) {
		t.Errorf("no table of statements by verb:\n%s", b.String())
	}
	sys, err := os.ReadFile("testdata/sysbench-1.0.20.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), string(sys)) {
		t.Error("statements by verb changed sysbench's sections")
	}
}

// TestStatementsRunGolden pins the run report of a workload with verbs:
// the table after the totals, and the chart named among the charts.
func TestStatementsRunGolden(t *testing.T) {
	golden(t, "run_statements.md.golden", markdownOf(t, RunDoc(withStatements(fixedRun("postgres", 4, 1200)))))
}

// TestStatementsChart: the chart has a line for each verb the run used
// (not the rollbacks it never had), and the page's points carry the
// rates as the fields the lines name, averaged when points are merged.
func TestStatementsChart(t *testing.T) {
	r := withStatements(fixedRun("postgres", 4, 1200))
	c := StatementsChart(r)
	if c == nil {
		t.Fatal("no chart of statements by verb")
	}
	var labels []string
	for _, s := range c.Series {
		labels = append(labels, s.Label+"="+s.Field)
	}
	if got := strings.Join(labels, " "); got != "select=stmt_select insert=stmt_insert update=stmt_update delete=stmt_delete commit=stmt_commit" {
		t.Errorf("series %s", got)
	}
	d := RunDoc(r)
	b, err := json.Marshal(d.Points[0])
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	if p["stmt_select"] != 14*1200.0 || p["stmt_rollback"] != 0.0 || p["tps"] == nil {
		t.Errorf("point %s: want stmt_select 16800 and stmt_rollback 0 beside the other fields", b)
	}
	r.Intervals[1].Statements["update"] = 3000
	ps := Downsample([]Point{PointOf(r.Intervals[0]), PointOf(r.Intervals[1])}, 1)
	if got := ps[0].Statements["update"]; got != 2700 {
		t.Errorf("merged points: %g updates/s, want the mean 2700", got)
	}
	var page bytes.Buffer
	if err := HTML(&page, d); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"id":"statements"`, `"stmt_commit":1200`, "statements by verb"} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	live := LiveDoc(r)
	found := false
	for _, s := range live.Sections {
		for _, bl := range s.Blocks {
			if c := bl.Chart; c != nil && c.ID == "statements" {
				found = c.Optional && len(c.Series) == len(results.StatementVerbs)
			}
		}
	}
	if !found {
		t.Error("the live dashboard has no optional chart of every verb")
	}
}

// TestNoStatements: without verbs, no table, chart, point field or CSV
// column appears.
func TestNoStatements(t *testing.T) {
	r := fixedRun("postgres", 4, 1200)
	var b bytes.Buffer
	Summary(&b, r, false)
	md := markdownOf(t, RunDoc(r))
	js, _ := json.Marshal(RunDoc(r).Points)
	var csvOut bytes.Buffer
	if err := IntervalsCSV(&csvOut, r); err != nil {
		t.Fatal(err)
	}
	for what, s := range map[string]string{"summary": b.String(), "report": string(md), "points": string(js), "csv": csvOut.String()} {
		for _, bad := range []string{"Statements by verb", "statements by verb", "stmt_", "select_per_s"} {
			if strings.Contains(s, bad) {
				t.Errorf("%s of a run without verbs has %q", what, bad)
			}
		}
	}
	if StatementsChart(r) != nil {
		t.Error("a chart of statements for a run without verbs")
	}
}

// TestStatementsCSV: the interval rows end with each verb's rate.
func TestStatementsCSV(t *testing.T) {
	r := withStatements(fixedRun("postgres", 4, 1200))
	r.Intervals = r.Intervals[:2]
	r.Intervals[1].Statements = nil // an interval without (too short to have counts)
	var b bytes.Buffer
	if err := IntervalsCSV(&b, r); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	head := strings.Join(rows[0], ",")
	if !strings.HasSuffix(head, ",cpu_idle_pct,select_per_s,insert_per_s,update_per_s,delete_per_s,commit_per_s,rollback_per_s") {
		t.Fatalf("header %s", head)
	}
	if got := strings.Join(rows[1][len(rows[1])-6:], ","); got != "16800,1200,2400,1200,1200,0" {
		t.Errorf("rates %s, want oltp_read_write's 14/1/2/1/1/0 per transaction at 1,200 TPS", got)
	}
	if got := strings.Join(rows[2][len(rows[2])-6:], ","); got != ",,,,," {
		t.Errorf("an interval without statements: %q", got)
	}
}

// TestStatementsCompare: compare has a rate row per verb, after tps and
// qps, with a noise verdict from the intervals; the compare report a
// table of the rates by run.
func TestStatementsCompare(t *testing.T) {
	a := withStatements(fixedRun("postgres", 4, 1200))
	b := withStatements(fixedRun("mysql", 4, 1500))
	cmp := results.Compare([]results.Named{{Name: "a", Result: a}, {Name: "b", Result: b}})
	var names []string
	for _, row := range cmp.Rows[:8] {
		names = append(names, row.Name)
	}
	if got := strings.Join(names, ","); got != "tps,qps,selects,inserts,updates,deletes,commits,rollbacks" {
		t.Fatalf("rows %s", got)
	}
	sel := cmp.Rows[2]
	if sel.Values[0] != a.Totals.StatementsPerSec["select"] || math.Abs(sel.Deltas[1].Pct-25) > 1e-9 || sel.Deltas[1].Noise != results.BeyondNoise {
		t.Errorf("selects row %+v: want +25%% beyond noise", sel)
	}
	var out bytes.Buffer
	CompareTable(&out, cmp)
	if !strings.Contains(out.String(), "\nselects (/s)") {
		t.Errorf("compare table without selects:\n%s", out.String())
	}
	// Over the totals' 30.0012 s: 14 × 36,000 selects is 16,799 a second.
	md := string(markdownOf(t, CompareDoc([]*results.Result{a, b}, []string{"A", "B"})))
	want := "| statements/s | select | insert | update | delete | commit | rollback |\n|---|---:|---:|---:|---:|---:|---:|\n" +
		"| A | 16,799 | 1,200 | 2,400 | 1,200 | 1,200 | 0.00 |\n| B | 20,999 | 1,500 | 3,000 | 1,500 | 1,500 | 0.00 |\n"
	if !strings.Contains(md, want) {
		t.Errorf("compare report without the rates by verb:\n%s", md)
	}
}
