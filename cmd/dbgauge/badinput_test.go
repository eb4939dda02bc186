package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBadInput runs bad command lines through the binary: each must give one
// line on stderr and the documented exit code, never a stack trace.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	good := "sqlite:" + filepath.Join(dir, "good.sqlite")
	if o := dbgauge(t, dir, "prepare", "oltp_point_select", "--db", good, "--table-size", "500"); o.code != 0 {
		t.Fatalf("prepare: %s", o.stderr)
	}
	readonly := filepath.Join(dir, "ro")
	if err := os.Mkdir(readonly, 0o555); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		code int
		says string
	}{
		{"unknown workload", []string{"run", "oltp_nope", "--db", good}, 2, "unknown workload"},
		{"unknown verb", []string{"frobnicate"}, 2, "unknown command"},
		{"unknown flag", []string{"run", "oltp_read_write", "--db", good, "--frob", "1"}, 2, "unknown flag"},
		{"unknown scheme", []string{"run", "oltp_read_write", "--db", "oracle9://x"}, 2, "unknown database URL scheme"},
		{"no scheme", []string{"run", "oltp_read_write", "--db", "just-a-file.db"}, 2, "no scheme"},
		{"no database", []string{"run", "oltp_read_write"}, 2, "no database"},
		{"zero threads", []string{"run", "oltp_read_write", "--db", good, "--threads", "0"}, 2, "--threads"},
		{"negative threads", []string{"run", "oltp_read_write", "--db", good, "--threads", "-3"}, 2, "--threads"},
		{"absurd threads", []string{"run", "oltp_read_write", "--db", good, "--threads", "10000000"}, 2, "--threads"},
		{"time and events zero", []string{"run", "oltp_read_write", "--db", good, "--time", "0", "--events", "0"}, 2, "never end"},
		{"non-numeric time", []string{"run", "oltp_read_write", "--db", good, "--time", "ten"}, 2, "invalid argument"},
		{"non-numeric table size", []string{"run", "oltp_read_write", "--db", good, "--table-size", "big"}, 2, "integer"},
		{"absurd table size", []string{"prepare", "oltp_read_write", "--db", good, "--table_size", "99999999999"}, 2, "--table-size"},
		{"bad enum", []string{"run", "oltp_read_write", "--db", good, "--rand-type", "lognormal"}, 2, "--rand-type"},
		{"bad bool", []string{"run", "oltp_read_write", "--db", good, "--skip-trx=maybe"}, 2, "--skip-trx"},
		{"option of another workload", []string{"run", "oltp_read_write", "--db", good, "--delta", "3"}, 2, "does not apply"},
		{"two workloads", []string{"run", "oltp_read_write", "oltp_read_only", "--db", good}, 2, "exactly one workload"},
		{"percentile out of range", []string{"run", "oltp_read_write", "--db", good, "--percentile", "101"}, 2, "--percentile"},
		{"histogram without percentile", []string{"run", "oltp_read_write", "--db", good, "--percentile", "0", "--histogram"}, 2, "--histogram"},
		{"tables for select_random_points", []string{"run", "select_random_points", "--db", good, "--tables", "2"}, 2, "--tables > 1"},
		{"dataset of other options", []string{"run", "oltp_point_select", "--db", good, "--table-size", "600", "--time", "1"}, 2, "other options"},
		{"missing data with --no-prepare", []string{"run", "oltp_point_select", "--db", "sqlite:" + filepath.Join(dir, "empty.sqlite"), "--no-prepare"}, 2, "not prepared"},
		{"missing directory", []string{"run", "oltp_point_select", "--db", "sqlite:" + filepath.Join(dir, "no", "such", "x.db")}, 3, "cannot connect"},
		{"unwritable --out", []string{"run", "oltp_point_select", "--db", good, "--table-size", "500", "--out", filepath.Join(readonly, "r.json")}, 2, "--out"},
		{"unwritable results dir", []string{"run", "oltp_point_select", "--db", good, "--table-size", "500", "--results-dir", filepath.Join(readonly, "res")}, 2, "--results-dir"},
		{"simple protocol off PostgreSQL", []string{"run", "oltp_point_select", "--db", good, "--pg-simple-protocol"}, 2, "PostgreSQL only"},
		{"negative time", []string{"run", "oltp_point_select", "--db", good, "--time", "-5"}, 2, "--time"},
		{"negative events", []string{"run", "oltp_point_select", "--db", good, "--events", "-1"}, 2, "--events"},
		{"negative warmup", []string{"run", "oltp_point_select", "--db", good, "--warmup", "-1"}, 2, "--warmup"},
		{"negative ramp", []string{"run", "oltp_point_select", "--db", good, "--ramp", "-1"}, 2, "--ramp"},
		{"negative rate", []string{"run", "oltp_point_select", "--db", good, "--rate", "-10"}, 2, "--rate"},
		{"absurd rate", []string{"run", "oltp_point_select", "--db", good, "--rate", "1e12"}, 2, "--rate"},
		{"bad arrival", []string{"run", "oltp_point_select", "--db", good, "--rate", "10", "--rate-arrival", "bursty"}, 2, "--rate-arrival"},
		{"negative max-lag", []string{"run", "oltp_point_select", "--db", good, "--max-lag", "-1"}, 2, "--max-lag"},
		{"negative max-errors", []string{"run", "oltp_point_select", "--db", good, "--max-errors", "-1"}, 2, "--max-errors"},
		{"bad storage engine", []string{"run", "oltp_point_select", "--db", good, "--mysql-storage-engine", "inno db;drop"}, 2, "--mysql-storage-engine"},
		{"nan zipfian exponent", []string{"run", "oltp_point_select", "--db", good, "--rand-type", "zipfian", "--rand-zipfian-exp", "NaN"}, 2, "zipfian"},
		{"malformed URL", []string{"run", "oltp_point_select", "--db", "postgres://u:TopSecret9@[::1"}, 2, "malformed"},
		{"bad URL port", []string{"run", "oltp_point_select", "--db", "postgres://u:TopSecret9@127.0.0.1:99999/db"}, 2, "invalid"},
		{"unknown scheme with password", []string{"run", "oltp_point_select", "--db", "db2://scott:TopSecret9@db:50000/x"}, 2, "unknown database URL scheme"},
		{"closed port", []string{"run", "oltp_point_select", "--db", "postgres://u:TopSecret9@127.0.0.1:1/db"}, 3, "cannot connect to 127.0.0.1:1"},
		{"closed MySQL port", []string{"run", "oltp_point_select", "--db", "mysql://u:TopSecret9@127.0.0.1:1/db"}, 3, "cannot connect to 127.0.0.1:1"},
		{"in-memory SQLite", []string{"run", "oltp_point_select", "--db", "sqlite::memory:"}, 2, "in-memory"},
		{"bad ignore-errors class", []string{"run", "oltp_point_select", "--db", good, "--ignore-errors", "oops"}, 2, "unknown error class"},
		{"zero connections", []string{"run", "oltp_point_select", "--db", good, "--connections", "0"}, 2, "--connections"},
		{"more connections than users", []string{"run", "oltp_point_select", "--db", good, "--users", "4", "--connections", "5"}, 2, "--connections 5 is more than --users 4"},
		{"shard index beyond count", []string{"run", "oltp_point_select", "--db", good, "--shard", "3/2"}, 2, "--shard 3/2"},
		{"shard not a fraction", []string{"run", "oltp_point_select", "--db", good, "--shard", "half"}, 2, "INDEX/COUNT"},
		{"fewer users than shards", []string{"run", "oltp_point_select", "--db", good, "--shard", "1/4", "--users", "2"}, 2, "at least one user per shard"},
		{"start-at in the past", []string{"run", "oltp_point_select", "--db", good, "--start-at", "2020-01-01T00:00:00Z"}, 2, "in the past"},
		{"start-at unparsable", []string{"run", "oltp_point_select", "--db", good, "--start-at", "tomorrow"}, 2, "not an RFC 3339 time"},
		{"think with a negative mean", []string{"run", "oltp_point_select", "--db", good, "--think", "exp:-5s"}, 2, "must not be negative"},
		{"think not a distribution", []string{"run", "oltp_point_select", "--db", good, "--think", "sometimes"}, 2, "--think"},
		{"workload option before the workload is named", []string{"run", "--db", good, "--random-points", "3"}, 2, "name the workload first"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if os.Geteuid() == 0 && strings.HasPrefix(tc.name, "unwritable") {
				// root writes anywhere; make the path a file instead of a directory.
				os.Chmod(readonly, 0o755)
				os.WriteFile(filepath.Join(readonly, "res"), nil, 0o644)
				os.Mkdir(filepath.Join(readonly, "r.json"), 0o755)
			}
			o := dbgauge(t, dir, tc.args...)
			if o.code != tc.code {
				t.Errorf("exit %d, want %d; stderr: %s", o.code, tc.code, o.stderr)
			}
			lines := strings.Split(strings.TrimSpace(o.stderr), "\n")
			last := lines[len(lines)-1]
			if !strings.HasPrefix(last, "dbgauge: ") || !strings.Contains(last, tc.says) {
				t.Errorf("stderr %q does not end in one line saying %q", o.stderr, tc.says)
			}
			if len(lines) > 1 && !strings.Contains(strings.Join(lines[:len(lines)-1], "\n"), "Preparing") {
				t.Errorf("more than one line on stderr: %q", o.stderr)
			}
			if strings.Contains(o.stdout+o.stderr, "TopSecret9") {
				t.Errorf("the password is printed: %q", o.stderr)
			}
		})
	}
}

// TestForeignTables: tables of the same names that dbgauge did not create
// are never overwritten or dropped without --force.
func TestForeignTables(t *testing.T) {
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "theirs.sqlite")
	c := sqlConn(t, url)
	if _, err := c.Exec(context.Background(), "CREATE TABLE sbtest1 (precious TEXT)"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Exec(context.Background(), "INSERT INTO sbtest1 VALUES ('keep me')"); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"prepare", "oltp_read_write", "--db", url},
		{"run", "oltp_read_write", "--db", url, "--time", "1"},
	} {
		o := dbgauge(t, dir, args...)
		if o.code != 2 || !strings.Contains(o.stderr, "not created by dbgauge") {
			t.Errorf("%s over a foreign table: exit %d, %q", args[0], o.code, o.stderr)
		}
	}
	if o := dbgauge(t, dir, "cleanup", "oltp_read_write", "--db", url); o.code != 0 || !strings.Contains(o.stderr, "Left alone: sbtest1") {
		t.Errorf("cleanup: exit %d, %q", o.code, o.stderr)
	}
	rows, err := c.QueryStrings(context.Background(), "SELECT precious FROM sbtest1")
	if err != nil || len(rows) != 1 {
		t.Fatalf("the foreign table was touched: %v, %v", rows, err)
	}
	if o := dbgauge(t, dir, "prepare", "oltp_read_write", "--db", url, "--force", "--table-size", "100"); o.code != 0 {
		t.Fatalf("prepare --force: %s", o.stderr)
	}
	if got := countRows(t, url, "sbtest1"); got != 100 {
		t.Errorf("after --force sbtest1 has %d rows, want 100", got)
	}
}
