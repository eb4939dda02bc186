package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestScriptThresholds: a script's statements are known only as they run,
// so --threshold on one is checked at the end: one that ran is measured
// like any operation (named by its SQL, spaces or none), one that never
// ran fails as not measured, exit 5, with the result saved.
func TestScriptThresholds(t *testing.T) {
	t.Parallel()
	script := sysbenchScript(t, "oltp_point_select.lua")
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "th.sqlite")
	run := func(thresholds ...string) (outcome, string) {
		out := filepath.Join(dir, "r.json")
		args := []string{"run", script, "--db", url, "--table-size", "100", "--events", "50", "--time", "0", "--out", out}
		for _, th := range thresholds {
			args = append(args, "--threshold", th)
		}
		return dbgauge(t, dir, args...), out
	}
	// One that ran, passing and failing.
	o, out := run("SELECT c FROM sbtest1 WHERE id=?.p99<3600s", "SELECTcFROMsbtest1WHEREid=?.errors<1")
	if o.code != 0 {
		t.Fatalf("thresholds that hold: exit %d: %s", o.code, o.stderr)
	}
	r := readResult(t, out)
	if len(r.Thresholds) != 2 || !r.Thresholds[0].Pass || !r.Thresholds[1].Pass || r.Thresholds[0].Measured <= 0 {
		t.Fatalf("thresholds that hold: %+v", r.Thresholds)
	}
	o, _ = run("SELECT c FROM sbtest1 WHERE id=?.p50<1us")
	if o.code != 5 || !strings.Contains(o.stderr, "1 of 1 thresholds failed") || !strings.Contains(o.stderr, "measured") {
		t.Fatalf("a threshold that fails: exit %d: %s", o.code, o.stderr)
	}
	// One that never ran: not a pass, and said so.
	o, out = run("SELECT c FROM sbtest1 WHERE id=?.p99<3600s", "SELECT c FROM sbtest9 WHERE id=?.p99<3600s")
	if o.code != 5 || !strings.Contains(o.stderr, "operation SELECTcFROMsbtest9WHEREid=? never ran") {
		t.Fatalf("a threshold on a statement that never ran: exit %d (want 5): %s", o.code, o.stderr)
	}
	r = readResult(t, out)
	if r.Totals.Transactions != 50 || len(r.Thresholds) != 2 || !r.Thresholds[0].Pass || r.Thresholds[1].Pass {
		t.Fatalf("the saved result: %d transactions, thresholds %+v", r.Totals.Transactions, r.Thresholds)
	}
}
