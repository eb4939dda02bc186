package main

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// handlerStatus reads the server's counters of HANDLER and of key reads.
// They are global: other tests only add to them, so the checks below are
// lower bounds, or upper bounds far from what a wrong path would give.
func handlerStatus(t *testing.T, url string) map[string]int64 {
	t.Helper()
	rows, err := sqlConn(t, url).QueryStrings(context.Background(),
		"SHOW GLOBAL STATUS WHERE Variable_name IN ('Handler_read_key', 'Com_ha_read', 'Com_ha_open', 'Com_select')")
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]int64{}
	for _, r := range rows {
		m[r[0]], _ = strconv.ParseInt(r[1], 10, 64)
	}
	return m
}

// kvHandlerURL is the MariaDB server's URL with a database of this test's
// own: the bench database may hold another test's usertable.
func kvHandlerURL(t *testing.T) string {
	t.Helper()
	url := serverURL(t, "DBGAUGE_TEST_MYSQL")
	if _, err := sqlConn(t, url).Exec(context.Background(), "CREATE DATABASE IF NOT EXISTS dbgauge_kv_handler_e2e"); err != nil {
		t.Fatal(err)
	}
	i := strings.LastIndex(url, "/")
	return url[:i] + "/dbgauge_kv_handler_e2e"
}

// TestKVHandler runs the kv workloads through the binary on MariaDB with
// --mysql-access handler: every get is one HANDLER READ, counted under
// its own operation name and by the server (Handler_read_key, Com_ha_read);
// updates stay SQL; every record looked for is found, including those a
// SQL kv_insert added; a reconnect opens the handler again; and the SQL
// path sends no HANDLER at all.
func TestKVHandler(t *testing.T) {
	url := kvHandlerURL(t)
	dir := t.TempDir()
	data := []string{"--db", url, "--record-count", "2000", "--field-count", "3", "--field-length", "20"}
	dbgauge(t, dir, append([]string{"cleanup", "kv_a"}, data...)...)
	if o := dbgauge(t, dir, append([]string{"prepare", "kv_a"}, data...)...); o.code != 0 {
		t.Fatalf("prepare: exit %d: %s", o.code, o.stderr)
	}
	defer func() {
		if o := dbgauge(t, dir, append([]string{"cleanup", "kv_a"}, data...)...); o.code != 0 {
			t.Errorf("cleanup: %s", o.stderr)
		}
	}()
	run := func(w string, extra ...string) (res runOutcome) {
		t.Helper()
		out := filepath.Join(dir, w+strings.Join(extra, "")+".json")
		before := handlerStatus(t, url)
		args := append([]string{"run", w, "--threads", "2", "--time", "1", "--requests-per-conn", "300", "--out", out}, data...)
		o := dbgauge(t, dir, append(args, extra...)...)
		if o.code != 0 {
			t.Fatalf("%s %v: exit %d: %s", w, extra, o.code, o.stderr)
		}
		after := handlerStatus(t, url)
		res.delta = map[string]int64{}
		for k, v := range after {
			res.delta[k] = v - before[k]
		}
		res.r = readResult(t, out)
		if res.r.Totals.Errors != 0 {
			t.Errorf("%s %v: %d errors %v", w, extra, res.r.Totals.Errors, res.r.Totals.ErrorsByClass)
		}
		return res
	}

	for _, w := range []string{"kv_c", "kv_a"} {
		o := run(w, "--mysql-access", "handler")
		r := o.r
		gets := r.Transactions["read"].Count
		if gets == 0 || r.Ops["read (handler)"].Count != gets || r.Ops["read"].Count != 0 {
			t.Errorf("%s: %d gets, %d reads through HANDLER, %d through SQL", w, gets, r.Ops["read (handler)"].Count, r.Ops["read"].Count)
		}
		if w == "kv_a" && (r.Ops["update"].Count != r.Transactions["update"].Count || r.Ops["update"].Count == 0) {
			t.Errorf("kv_a: %d update statements for %d updates", r.Ops["update"].Count, r.Transactions["update"].Count)
		}
		if o.delta["Handler_read_key"] < gets || o.delta["Com_ha_read"] < gets {
			t.Errorf("%s: %d gets, but the server counted %d key reads and %d HANDLER READs", w, gets, o.delta["Handler_read_key"], o.delta["Com_ha_read"])
		}
		// Two connections, and one more per reconnect (each opens the handler).
		if r.Totals.Reconnects == 0 || o.delta["Com_ha_open"] < 2+r.Totals.Reconnects {
			t.Errorf("%s: %d reconnects, %d HANDLER OPENs", w, r.Totals.Reconnects, o.delta["Com_ha_open"])
		}
		if r.Workload.Options["mysql-access"] != "handler" {
			t.Errorf("%s: result options %v", w, r.Workload.Options)
		}
	}

	// Scans: one HANDLER READ ... >= (key) LIMIT n each.
	if r := run("kv_e", "--mysql-access", "handler").r; r.Ops["scan (handler)"].Count != r.Transactions["scan"].Count || r.Ops["scan"].Count != 0 {
		t.Errorf("kv_e: %d scans, %d through HANDLER, %d through SQL", r.Transactions["scan"].Count, r.Ops["scan (handler)"].Count, r.Ops["scan"].Count)
	}

	// Records that SQL inserted are read back through HANDLER: a get that
	// finds nothing is an error (not found), and there are none.
	ins := run("kv_insert", "--batch-size", "10").r
	if ins.Ops["insert"].Count == 0 {
		t.Fatal("kv_insert inserted nothing")
	}
	get := run("kv_get", "--mysql-access", "handler").r
	if get.Ops["read (handler)"].Count == 0 {
		t.Error("kv_get read nothing after kv_insert")
	}

	// The SQL path: SELECTs, not one HANDLER READ per get.
	o := run("kv_get")
	reads := o.r.Ops["read"].Count
	if reads == 0 || o.r.Ops["read (handler)"].Count != 0 || o.delta["Com_select"] < reads || o.delta["Com_ha_read"] >= reads {
		t.Errorf("SQL path: %d reads (%d via HANDLER); the server counted %d SELECTs and %d HANDLER READs",
			reads, o.r.Ops["read (handler)"].Count, o.delta["Com_select"], o.delta["Com_ha_read"])
	}
	if _, ok := o.r.Workload.Options["mysql-access"]; !ok {
		t.Errorf("an SQL-path run on MariaDB does not record --mysql-access: %v", o.r.Workload.Options)
	}
}

type runOutcome struct {
	r     *results.Result
	delta map[string]int64
}

// TestKVHandlerOnSQLite: --mysql-access handler where there is no HANDLER
// is a usage error that says why, before anything is loaded.
func TestKVHandlerOnSQLite(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "kv.sqlite")
	o := dbgauge(t, dir, "run", "kv_get", "--db", "sqlite:"+file, "--mysql-access", "handler", "--time", "1")
	if o.code != 2 || !strings.Contains(o.stderr, "--mysql-access handler") || !strings.Contains(o.stderr, "sqlite") {
		t.Errorf("exit %d, %q; want 2 naming --mysql-access handler and sqlite", o.code, o.stderr)
	}
	if ok, err := tableExists(sqlConn(t, "sqlite:"+file), "usertable"); ok || err != nil {
		t.Errorf("the refused run loaded data first (%v)", err)
	}
}
