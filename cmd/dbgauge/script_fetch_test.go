package main

import (
	"path/filepath"
	"testing"
)

// TestScriptPreparedFetch: rs:fetch_row(), nrows and nfields work on a
// prepared SELECT's result as on con:query's, NULL included, on every
// database (fetch_prepared.lua's event fails, and the run exits 4,
// otherwise); each prepared statement is still measured as one operation.
func TestScriptPreparedFetch(t *testing.T) {
	script := testScript(t, "fetch_prepared.lua")
	for name, url := range scriptServers(t, "dbgauge_script_fetch") {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			dbgauge(t, dir, "cleanup", script, "--db", url)
			t.Cleanup(func() { dbgauge(t, dir, "cleanup", script, "--db", url) })
			out := filepath.Join(dir, "r.json")
			o := dbgauge(t, dir, "run", script, "--db", url, "--threads", "2", "--events", "40", "--time", "0", "--out", out)
			if o.code != 0 {
				t.Fatalf("exit %d: %s", o.code, o.stderr)
			}
			r := readResult(t, out)
			if r.Totals.Transactions != 40 || r.Totals.Errors != 0 {
				t.Fatalf("%d transactions, %d errors; want 40 and none", r.Totals.Transactions, r.Totals.Errors)
			}
			// The range runs prepared and as text: one statement, by its
			// normalised SQL.
			for op, want := range map[string]int64{"SELECT id, name, note FROM fetch_t WHERE id BETWEEN ? AND ? ORDER BY id": 80,
				"SELECT * FROM fetch_t WHERE id = ?": 40, "SELECT COUNT(*), MAX(name) FROM fetch_t": 40} {
				if got := r.Ops[op].Count; got != want {
					t.Errorf("operation %q ran %d times, want %d", op, got, want)
				}
			}
		})
	}
}
