package main

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPrepareSQLiteQueuesWriters prepares every dataset that builds indexes
// after its load, and a sysbench script whose parallel prepare command
// builds its own, on SQLite files whose connections wait 1 ms for a lock
// (?_pragma=busy_timeout(1)) instead of 10 s. Every index build here takes
// longer than that (each indexes thousands of rows, tpcc's customer and
// stock tables 30,000 and 100,000), as one on millions of rows outlasts the
// 10 s default; so do the batches. Loaders that met on the lock would fail
// with SQLITE_BUSY, as `prepare bookstore --users 2000 --items 1000` did
// (issue 27): on a single-writer database prepare queues its writes
// in-process, one at a time, and each prepare must succeed, with its
// stamp complete (a second prepare has nothing to do) and its indexes made.
func TestPrepareSQLiteQueuesWriters(t *testing.T) {
	shop, err := filepath.Abs("../../examples/workloads/shop.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args func(t *testing.T) []string
	}{
		{"oltp", func(*testing.T) []string {
			return []string{"oltp_read_write", "--tables", "3", "--table-size", "30000"}
		}},
		{"tpcc", func(*testing.T) []string { return []string{"tpcc", "--warehouses", "1"} }},
		{"bookstore", func(*testing.T) []string { return []string{"bookstore", "--users", "2", "--items", "1000"} }},
		{"orderentry", func(*testing.T) []string {
			return []string{"orderentry", "--scale", "0.01", "--warehouses", "10"}
		}},
		{"spec", func(*testing.T) []string { return []string{shop, "--customers", "50000"} }},
		// oltp_common's prepare: one Lua thread a table, each creating,
		// loading and indexing its own.
		{"script", func(t *testing.T) []string {
			return []string{sysbenchScript(t, "oltp_read_write.lua"), "--tables", "3", "--table-size", "30000", "--threads", "3"}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			url := "sqlite:" + filepath.Join(dir, c.name+".sqlite") + "?_pragma=busy_timeout(1)"
			args := append([]string{"prepare"}, c.args(t)...)
			args = append(args, "--db", url)
			if o := dbgauge(t, dir, args...); o.code != 0 {
				t.Fatalf("prepare: exit %d\n%s%s", o.code, o.stdout, o.stderr)
			}
			if o := dbgauge(t, dir, args...); o.code != 0 || !strings.Contains(o.stdout+o.stderr, "already prepared") {
				t.Errorf("prepare again: exit %d, want nothing to do:\n%s%s", o.code, o.stdout, o.stderr)
			}
			rows, err := sqlConn(t, url).QueryStrings(t.Context(),
				"SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%'")
			if err != nil {
				t.Fatal(err)
			}
			if n, _ := strconv.Atoi(rows[0][0]); n == 0 {
				t.Error("prepare made no index")
			}
		})
	}
}
