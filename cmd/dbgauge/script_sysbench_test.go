package main

import (
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/testenv"
)

// TestScriptWireParity runs sysbench's oltp_read_write.lua through
// sysbench 1.0.20 itself and through dbgauge, one thread and the same
// number of events each, against the same PostgreSQL tables, and compares
// what the server counted on those tables (pg_stat_user_tables): index
// scans, sequential scans, rows inserted, updated and deleted. Each event
// makes 17 index scans (10 point selects, 4 ranges, 2 updates, 1 delete)
// and inserts, updates twice and deletes one row whatever its random
// values, so the two must be equal, and equal to 17, 1, 2 and 1 per event.
// The tables are analyzed first and big enough that autovacuum does not
// analyze them between the two runs (plans stay the same).
func TestScriptWireParity(t *testing.T) {
	script := sysbenchScript(t, "oltp_read_write.lua")
	if _, err := exec.LookPath("sysbench"); err != nil {
		testenv.Missing(t, "sysbench is not on PATH; apt-get install sysbench (scripts/test does)")
	}
	url, ok := scriptServers(t, "dbgauge_script_wire")["postgres"]
	if !ok {
		testenv.URL(t, "DBGAUGE_TEST_POSTGRES")
	}
	target, err := db.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	const events = 200
	data := []string{"--db", url, "--tables", "2", "--table-size", "10000"}
	dbgauge(t, dir, append([]string{"cleanup", script}, data...)...)
	t.Cleanup(func() { dbgauge(t, dir, append([]string{"cleanup", script}, data...)...) })
	if o := dbgauge(t, dir, append([]string{"prepare", script}, data...)...); o.code != 0 {
		t.Fatalf("prepare: exit %d: %s", o.code, o.stderr)
	}
	for _, tbl := range []string{"sbtest1", "sbtest2"} {
		if _, err := sqlConn(t, url).Exec(t.Context(), "ANALYZE "+tbl); err != nil {
			t.Fatal(err)
		}
	}

	before := settledStats(t, url)
	password, _ := target.URL.User.Password()
	sb := exec.Command("sysbench", script, "--db-driver=pgsql", "--pgsql-host="+target.URL.Hostname(),
		"--pgsql-port="+target.URL.Port(), "--pgsql-user="+target.URL.User.Username(), "--pgsql-password="+password,
		"--pgsql-db=dbgauge_script_wire", "--tables=2", "--table-size=10000", "--threads=1",
		"--events="+strconv.Itoa(events), "--time=0", "run")
	sb.Dir = dir
	if out, err := sb.CombinedOutput(); err != nil {
		t.Fatalf("sysbench: %v\n%s", err, strings.ReplaceAll(string(out), password, "xxx"))
	}
	afterSysbench := settledStats(t, url)
	o := dbgauge(t, dir, append([]string{"run", script, "--threads", "1", "--events", strconv.Itoa(events), "--time", "0", "--no-prepare"}, data...)...)
	if o.code != 0 {
		t.Fatalf("dbgauge: exit %d: %s", o.code, o.stderr)
	}
	afterDbgauge := settledStats(t, url)

	names := []string{"idx_scan", "seq_scan", "n_tup_ins", "n_tup_upd", "n_tup_del"}
	want := []int64{17 * events, 0, events, 2 * events, events}
	var bySysbench, byDbgauge []int64
	for i := range names {
		bySysbench = append(bySysbench, afterSysbench[i]-before[i])
		byDbgauge = append(byDbgauge, afterDbgauge[i]-afterSysbench[i])
	}
	t.Logf("%v: sysbench %v, dbgauge %v", names, bySysbench, byDbgauge)
	if !slices.Equal(bySysbench, want) || !slices.Equal(byDbgauge, want) {
		t.Fatalf("server counts of %v on sbtest1-2 over %d events: sysbench %v, dbgauge %v, want both %v", names, events, bySysbench, byDbgauge, want)
	}
}

// settledStats sums the sbtest tables' counters once PostgreSQL has them
// all: a backend flushes its statistics as it exits, a moment after its
// client has gone, so they are read until two reads 300 ms apart agree.
func settledStats(t *testing.T, url string) []int64 {
	t.Helper()
	read := func() []int64 {
		rows, err := sqlConn(t, url).QueryStrings(t.Context(), "SELECT COALESCE(SUM(idx_scan), 0), COALESCE(SUM(seq_scan), 0), "+
			"COALESCE(SUM(n_tup_ins), 0), COALESCE(SUM(n_tup_upd), 0), COALESCE(SUM(n_tup_del), 0) "+
			"FROM pg_stat_user_tables WHERE relname IN ('sbtest1', 'sbtest2')")
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, v := range rows[0] {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				t.Fatalf("pg_stat_user_tables: %q: %v", v, err)
			}
			out = append(out, n)
		}
		return out
	}
	time.Sleep(300 * time.Millisecond)
	last := read()
	for range 30 {
		time.Sleep(300 * time.Millisecond)
		next := read()
		if slices.Equal(next, last) {
			return next
		}
		last = next
	}
	t.Fatalf("the statistics of sbtest1-2 did not settle: %v", last)
	return nil
}
