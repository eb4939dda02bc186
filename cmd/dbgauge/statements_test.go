package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestStatementsByVerb runs oltp_read_write through the binary on every
// target and checks its statements by verb against sysbench's event:
// 10 point selects and 4 ranges, an index and a non-index update, a
// delete, an insert and a commit per transaction (BEGIN has no verb). The
// counts reach result.json's totals and intervals, the summary, the
// report and the intervals CSV.
func TestStatementsByVerb(t *testing.T) {
	for name, url := range targets(t) {
		t.Run(name, func(t *testing.T) { statementsByVerb(t, url) })
	}
}

func statementsByVerb(t *testing.T, dbURL string) {
	dir := t.TempDir()
	dbgauge(t, dir, "cleanup", "oltp_read_write", "--db", dbURL)
	t.Cleanup(func() { dbgauge(t, dir, "cleanup", "oltp_read_write", "--db", dbURL) })
	o := dbgauge(t, dir, "run", "oltp_read_write", "--db", dbURL, "--threads", "2", "--time", "3", "--table-size", "2000",
		"--results-dir", "res", "--out", "csv=intervals.csv")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	folders, _ := filepath.Glob(filepath.Join(dir, "res", "*-oltp_read_write"))
	if len(folders) != 1 {
		t.Fatalf("results folders %v", folders)
	}
	r := readResult(t, filepath.Join(folders[0], "result.json"))
	tx, ign, st := r.Totals.Transactions, r.Totals.IgnoredErrors, r.Totals.Statements
	if tx == 0 || r.Totals.Errors != 0 {
		t.Fatalf("transactions %d, errors %d", tx, r.Totals.Errors)
	}
	perTxn := map[string]int64{"select": 14, "update": 2, "delete": 1, "insert": 1, "commit": 1}
	if len(st) != len(perTxn) {
		t.Errorf("statements %v: want exactly %v (oltp has no ROLLBACK statement)", st, perTxn)
	}
	for v, n := range perTxn {
		// An attempt that hit an ignored error and was retried keeps the
		// statements it ran, as sysbench's counts do: exact without one.
		if got := st[v]; got < n*tx || got > n*(tx+ign) || ign == 0 && got != n*tx {
			t.Errorf("%s: %d for %d transactions (%d retried), want %d per transaction", v, got, tx, ign, n)
		}
		if got, want := r.Totals.StatementsPerSec[v], float64(st[v])/r.Totals.DurationS; got != want {
			t.Errorf("%s: %g per second, want %d over %g s", v, got, st[v], r.Totals.DurationS)
		}
	}
	if st["commit"] != tx {
		t.Errorf("%d commits for %d transactions", st["commit"], tx)
	}
	if q := r.Totals.Queries; st["select"] != q.Read || st["update"]+st["delete"]+st["insert"] != q.Write {
		t.Errorf("statements %v against queries r/w/o %d/%d/%d", st, q.Read, q.Write, q.Other)
	}
	measured := map[string]int64{}
	for _, iv := range r.Intervals {
		if iv.Counts == nil || len(iv.Statements) != len(perTxn) {
			t.Fatalf("interval at %.1f s: statements %v, counts %+v", iv.T, iv.Statements, iv.Counts)
		}
		for v, n := range iv.Counts.Statements {
			if !iv.Warmup {
				measured[v] += n
			}
		}
	}
	for v := range perTxn {
		if measured[v] != st[v] {
			t.Errorf("%s: the measured intervals count %d, the totals %d", v, measured[v], st[v])
		}
	}

	for _, want := range []string{"\nStatements by verb:", "\n    select: ", "\n    commit: "} {
		if !strings.Contains(o.stdout, want) {
			t.Errorf("the summary lacks %q:\n%s", want, o.stdout)
		}
	}
	md := readFile(t, filepath.Join(folders[0], "report.md"))
	for _, want := range []string{"| statements by verb | count | per second | per transaction |", "| select | ", "Statements by verb per second over time"} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	if html := readFile(t, filepath.Join(folders[0], "report.html")); !strings.Contains(html, `"stmt_select":`) {
		t.Error("report.html's points have no rates by verb")
	}
	rows := readCSV(t, filepath.Join(dir, "intervals.csv"))
	if head := strings.Join(rows[0], ","); !strings.HasSuffix(head, ",select_per_s,insert_per_s,update_per_s,delete_per_s,commit_per_s") {
		t.Errorf("intervals.csv header %s", head)
	}
}
