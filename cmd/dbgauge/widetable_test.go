package main

import (
	"path/filepath"
	"testing"
)

// TestWidetable runs the insert and both select loads through the binary on
// every SQL target: every select finds the row it looks for.
func TestWidetable(t *testing.T) {
	for name, url := range withServers(t, targets(t), "mongodb") {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			dbgauge(t, dir, "cleanup", "widetable_select", "--db", url)
			common := []string{"--db", url, "--tables", "3", "--table-size", "300", "--threads", "2", "--time", "1"}
			for _, args := range [][]string{
				{"run", "widetable_select", "--bound", "cpu", "--hot-rows", "50"},
				{"run", "widetable_insert"},
				{"run", "widetable_select", "--bound", "io"},
			} {
				out := filepath.Join(dir, "r.json")
				o := dbgauge(t, dir, append(append(args, common...), "--out", out)...)
				if o.code != 0 {
					t.Fatalf("%v: exit %d: %s", args, o.code, o.stderr)
				}
				r := readResult(t, out)
				tx := r.Totals.Transactions
				if tx == 0 || r.Totals.Errors != 0 {
					t.Fatalf("%v: %d transactions, errors %v", args, tx, r.Totals.ErrorsByClass)
				}
				if args[1] == "widetable_select" {
					for _, op := range []string{"select_pk", "select_unique", "select_index"} {
						if r.Ops[op].Count != tx {
							t.Errorf("%s ran %d times in %d transactions", op, r.Ops[op].Count, tx)
						}
					}
					if r.Workload.Options["bound"] != args[3] {
						t.Errorf("the result does not say the bound: %v", r.Workload.Options)
					}
				} else if r.Ops["insert"].Count != tx {
					t.Errorf("%d inserts in %d transactions", r.Ops["insert"].Count, tx)
				}
			}
			if o := dbgauge(t, dir, "cleanup", "widetable_select", "--db", url); o.code != 0 {
				t.Fatalf("cleanup: %s", o.stderr)
			}
			if name == "mongodb" {
				checkMongoEmpty(t, url, "tbl_200", "tbl_201", "tbl_202", "dbgauge_datasets")
				return
			}
			c := sqlConn(t, url)
			noStamp(t, c, "widetable")
			for _, table := range stampTableIfPrivate(url, "tbl_200", "tbl_201", "tbl_202") {
				if ok, _ := tableExists(c, table); ok {
					t.Errorf("cleanup left %s", table)
				}
			}
		})
	}
}
