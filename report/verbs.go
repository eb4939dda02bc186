package report

import (
	"fmt"
	"io"

	"github.com/dbgauge/dbgauge/results"
)

// Statements by verb: what Swingbench's charbench counts as DML (selects,
// inserts, updates, deletes, commits, rollbacks), in the text summary, the
// reports' table and a chart of the rates over time. Nothing shows for a
// workload whose statements carry no verb (Totals.Statements empty).

// StatementField is the chart point field of a verb's rate.
func StatementField(verb string) string { return "stmt_" + verb }

// statementsSection is the summary's table: each verb's count, rate and
// count per transaction, after sysbench's sections.
func statementsSection(w io.Writer, r *results.Result) {
	t := r.Totals
	if len(t.Statements) == 0 {
		return
	}
	fmt.Fprintf(w, "\nStatements by verb:%22s %12s %10s\n", "count", "per sec.", "per txn")
	for _, v := range results.StatementOrder(t.Statements) {
		n := t.Statements[v]
		perTxn := "-"
		if t.Transactions > 0 {
			perTxn = fmt.Sprintf("%.2f", float64(n)/float64(t.Transactions))
		}
		fmt.Fprintf(w, "    %-26s %10d %12.2f %10s\n", v+":", n, t.StatementsPerSec[v], perTxn)
	}
}

// statementsTable is the reports' table of statements by verb; nil when
// the run has none.
func statementsTable(r *results.Result) *Table {
	t := r.Totals
	if len(t.Statements) == 0 {
		return nil
	}
	tb := &Table{Head: []string{"statements by verb", "count", "per second", "per transaction"}, Align: "lrrr"}
	for _, v := range results.StatementOrder(t.Statements) {
		n := t.Statements[v]
		perTxn := "n/a"
		if t.Transactions > 0 {
			perTxn = fmtNum(float64(n) / float64(t.Transactions))
		}
		tb.Rows = append(tb.Rows, []string{v, fmtCount(n), fmtNum(t.StatementsPerSec[v]), perTxn})
	}
	return tb
}

// StatementsChart is the rate of each verb the run used over time; nil
// when the run counted no statement by verb. A verb the workload has but
// never ran (oltp_point_select's inserts) draws no line.
func StatementsChart(r *results.Result) *Chart {
	c := statementsChart(nil)
	for _, v := range results.StatementOrder(r.Totals.Statements) {
		if r.Totals.Statements[v] > 0 {
			c.Series = append(c.Series, Series{Label: v, Field: StatementField(v)})
		}
	}
	if len(c.Series) == 0 {
		return nil
	}
	return c
}

// liveStatementsChart is the dashboard's chart of every verb: optional, it
// shows once a statement with a verb has run (a workload without verbs
// never fills it), and draws the verbs that have values.
func liveStatementsChart() *Chart {
	c := statementsChart(results.StatementVerbs)
	c.Optional = true
	return c
}

func statementsChart(verbs []string) *Chart {
	c := &Chart{ID: "statements", Title: "Statements by verb per second over time", Kind: ChartTime, XLabel: "seconds", Y: "statements/s"}
	for _, v := range verbs {
		c.Series = append(c.Series, Series{Label: v, Field: StatementField(v)})
	}
	return c
}

// statementColumns are the CSV columns of the verbs the intervals carry,
// in charbench's order.
func statementColumns(ivs []results.Interval) []string {
	seen := map[string]bool{}
	for _, iv := range ivs {
		for v := range iv.Statements {
			seen[v] = true
		}
	}
	return results.StatementOrder(seen)
}

// compareStatementsTable is the statements per second by verb of runs
// side by side, one row per run; nil when none counted any.
func compareStatementsTable(rs []*results.Result, labels []string) *Table {
	seen := map[string]bool{}
	for _, r := range rs {
		if r == nil {
			continue
		}
		for v := range r.Totals.StatementsPerSec {
			seen[v] = true
		}
	}
	if len(seen) == 0 {
		return nil
	}
	verbs := results.StatementOrder(seen)
	t := &Table{Head: []string{"statements/s"}, Align: "l"}
	for _, v := range verbs {
		t.Head, t.Align = append(t.Head, v), t.Align+"r"
	}
	for i, r := range rs {
		row := []string{labels[i]}
		for _, v := range verbs {
			cell := ""
			if r != nil {
				if x, ok := r.Totals.StatementsPerSec[v]; ok {
					cell = fmtNum(x)
				}
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}
