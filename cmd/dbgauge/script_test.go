package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/testenv"
)

// sysbenchScript is a script Debian's sysbench installs; without them the
// test skips (fails under CI).
func sysbenchScript(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join("/usr/share/sysbench", name)
	if _, err := os.Stat(p); err != nil {
		testenv.Missing(t, "%s is missing; apt-get install sysbench (scripts/test does)", p)
	}
	return p
}

// scriptTargets are SQLite and, when set, PostgreSQL in a database of its
// own (dbgauge_script_e2e: the scripts' sbtestN would collide with other
// tests' tables in bench).
func scriptTargets(t *testing.T) map[string]string {
	out := map[string]string{"sqlite": "sqlite:" + filepath.Join(t.TempDir(), "script.sqlite")}
	raw, ok := testenv.URLs(t, map[string]string{"postgres": "DBGAUGE_TEST_POSTGRES"})["postgres"]
	if !ok {
		return out
	}
	base, err := db.ParseURL(raw)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := catalog.DriverFor("postgres")
	ctx := context.Background()
	conn, err := d.Open(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	c := conn.(sqldb.Conn)
	const name = "dbgauge_script_e2e"
	rows, err := c.QueryStrings(ctx, "SELECT 1 FROM pg_database WHERE datname = ?", name)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		if _, err := c.Exec(ctx, "CREATE DATABASE "+name); err != nil && !strings.Contains(err.Error(), "already exists") {
			t.Fatal(err)
		}
	}
	u := *base.URL
	u.Path = "/" + name
	out["postgres"] = u.String()
	return out
}

// TestScriptLifecycle prepares, runs and cleans up sysbench's own
// oltp_read_write.lua through the binary: the stamp refuses other data
// options, per-event statements are sysbench's, --rate and --warmup work,
// and cleanup drops what prepare made.
func TestScriptLifecycle(t *testing.T) {
	script := sysbenchScript(t, "oltp_read_write.lua")
	for name, url := range scriptTargets(t) {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			data := []string{"--db", url, "--tables", "2", "--table_size", "500"}
			dbgauge(t, dir, append([]string{"cleanup", script}, data...)...)
			if o := dbgauge(t, dir, append([]string{"prepare", script, "--threads", "2"}, data...)...); o.code != 0 {
				t.Fatalf("prepare: %d %s", o.code, o.stderr)
			}
			out := filepath.Join(dir, "r.json")
			o := dbgauge(t, dir, append([]string{"run", script, "--threads", "2", "--events", "300", "--time", "0", "--no-prepare", "--out", out}, data...)...)
			if o.code != 0 {
				t.Fatalf("run: %d %s", o.code, o.stderr)
			}
			r := readResult(t, out)
			q := r.Totals.Queries
			// A retried transaction (a deadlock or duplicate key between the
			// two users on PostgreSQL) keeps the statements before its error.
			exact := r.Totals.IgnoredErrors == 0
			if r.Totals.Transactions != 300 || q.Read < 14*300 || q.Write < 4*300 || q.Other < 2*300 ||
				exact && (q.Read != 14*300 || q.Write != 4*300 || q.Other != 2*300) {
				t.Fatalf("transactions %d, queries %+v, ignored errors %d: want 300 with 14/4/2 each", r.Totals.Transactions, q, r.Totals.IgnoredErrors)
			}
			if _, ok := r.Ops["SELECT c FROM sbtest1 WHERE id=?"]; !ok {
				t.Fatalf("no operation for the point select of sbtest1: %v", slices.Sorted(mapsKeys(r.Ops)))
			}
			if o := dbgauge(t, dir, append([]string{"run", script, "--time", "1", "--table-size", "600"}, data[:4]...)...); o.code != 2 || !strings.Contains(o.stderr, "other options") {
				t.Fatalf("run on data of other options: %d %s", o.code, o.stderr)
			}
			// Options the prepare did not read do not decide the data.
			if o := dbgauge(t, dir, append([]string{"run", script, "--events", "20", "--time", "0", "--point-selects", "3"}, data...)...); o.code != 0 {
				t.Fatalf("run with other point selects: %d %s", o.code, o.stderr)
			}
			out = filepath.Join(dir, "rate.json")
			if o := dbgauge(t, dir, append([]string{"run", script, "--rate", "100", "--time", "2", "--warmup", "1", "--out", out}, data...)...); o.code != 0 {
				t.Fatalf("run --rate --warmup: %d %s", o.code, o.stderr)
			}
			if r := readResult(t, out); r.Totals.Transactions < 100 || r.Totals.Transactions > 300 {
				t.Fatalf("--rate 100 for 2 s ran %d transactions", r.Totals.Transactions)
			}
			o = dbgauge(t, dir, append([]string{"cleanup", script}, data...)...)
			if o.code != 0 || !strings.Contains(o.stdout+o.stderr, "sbtest1") || !strings.Contains(o.stdout+o.stderr, "sbtest2") {
				t.Fatalf("cleanup: %d %s %s", o.code, o.stdout, o.stderr)
			}
		})
	}
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// TestScriptParity: per event, oltp_read_write.lua runs the same statements
// in the same numbers as the built-in oltp_read_write at the same options.
func TestScriptParity(t *testing.T) {
	script := sysbenchScript(t, "oltp_read_write.lua")
	dir := t.TempDir()
	counts := map[string][]int64{} // per kind, in sysbench's order
	for _, w := range []string{script, "oltp_read_write"} {
		out := filepath.Join(dir, filepath.Base(w)+".json")
		url := "sqlite:" + filepath.Join(dir, filepath.Base(w)+".sqlite")
		o := dbgauge(t, dir, "run", w, "--db", url, "--tables", "3", "--table-size", "300", "--range-size", "20",
			"--point-selects", "4", "--delete-inserts", "2", "--events", "200", "--time", "0", "--out", out)
		if o.code != 0 {
			t.Fatalf("%s: %d %s", w, o.code, o.stderr)
		}
		r := readResult(t, out)
		byKind := map[string]int64{}
		for name, op := range r.Ops {
			byKind[kindOf(name)] += op.Count
		}
		for _, k := range []string{"begin", "point_select", "simple_range", "sum_range", "order_range", "distinct_range",
			"index_update", "non_index_update", "delete", "insert", "commit"} {
			counts[w] = append(counts[w], byKind[k])
		}
		if len(byKind) != 11 {
			t.Errorf("%s: statement kinds %v", w, byKind)
		}
		t.Logf("%s: %v", w, byKind)
	}
	if !slices.Equal(counts[script], counts["oltp_read_write"]) {
		t.Fatalf("statements differ: script %v, built-in %v", counts[script], counts["oltp_read_write"])
	}
}

// kindOf maps a statement of either workload to its kind: the built-in's
// operation names as they are, the script's SQL (of any table) by its form.
func kindOf(name string) string {
	switch {
	case !strings.Contains(name, " ") && name != "BEGIN" && name != "COMMIT":
		return name
	case name == "BEGIN":
		return "begin"
	case name == "COMMIT":
		return "commit"
	case strings.HasPrefix(name, "DELETE"):
		return "delete"
	case strings.HasPrefix(name, "INSERT"):
		return "insert"
	case strings.Contains(name, "SET k=k+1"):
		return "index_update"
	case strings.Contains(name, "SET c=?"):
		return "non_index_update"
	case strings.Contains(name, "DISTINCT"):
		return "distinct_range"
	case strings.Contains(name, "SUM(k)"):
		return "sum_range"
	case strings.Contains(name, "ORDER BY c"):
		return "order_range"
	case strings.Contains(name, "BETWEEN"):
		return "simple_range"
	case strings.Contains(name, "WHERE id=?"):
		return "point_select"
	}
	return name
}

// TestScriptHelpAndBadInput: --help lists the script's own options; a
// broken script is one line and its exit code.
func TestScriptHelpAndBadInput(t *testing.T) {
	script := sysbenchScript(t, "oltp_point_select.lua")
	dir := t.TempDir()
	o := dbgauge(t, dir, "run", script, "--help")
	for _, want := range []string{"oltp_point_select options:", "--table-size", "--point-selects", "--mysql-storage-engine", "--rand-type"} {
		if !strings.Contains(o.stdout, want) {
			t.Fatalf("--help lacks %q:\n%s", want, o.stdout)
		}
	}
	testdata, err := filepath.Abs("../../workloads/script/testdata")
	if err != nil {
		t.Fatal(err)
	}
	url := "sqlite:" + filepath.Join(dir, "bad.sqlite")
	for _, c := range []struct {
		file string
		code int
		says string
	}{
		{"syntax_error.lua", 2, "syntax_error.lua:4: "},
		{"no_event.lua", 2, "no event function"},
		{"unknown_ffi.lua", 4, "ffi.C.sb_unknown_call is not available"},
		{"event_error.lua", 4, "event_error.lua:3: always fails"},
	} {
		o := dbgauge(t, dir, "run", filepath.Join(testdata, c.file), "--db", url, "--time", "2")
		if o.code != c.code || !strings.Contains(o.stderr, c.says) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d saying %q", c.file, o.code, o.stderr, c.code, c.says)
		}
		if lines := strings.Count(strings.TrimSpace(o.stderr), "\n"); lines > 0 && c.code == 2 {
			t.Errorf("%s: %d lines on stderr:\n%s", c.file, lines+1, o.stderr)
		}
	}
	// sysbench.opt shows the run's limits to the script.
	if o := dbgauge(t, dir, "run", filepath.Join(testdata, "run_settings.lua"), "--db", url, "--time", "3", "--events", "40", "--threads", "2"); o.code != 0 {
		t.Errorf("run_settings.lua: exit %d: %s", o.code, o.stderr)
	}
	// However many errors --max-errors allows, a script error that repeats
	// event after event is the script's bug: the run stops at once, exit 4.
	o = dbgauge(t, dir, "run", filepath.Join(testdata, "event_error.lua"), "--db", url, "--time", "60", "--max-errors", "1000000")
	r := strings.Contains(o.stderr, "the same error in 3 events in a row")
	if o.code != 4 || !r {
		t.Errorf("a repeated script error under --max-errors 1000000: exit %d, stderr %q", o.code, o.stderr)
	}
}

// TestScriptPrepareConflict: a script whose prepare would create a table
// another dataset owns is refused as bad input (exit 2), and that table
// is left as it was.
func TestScriptPrepareConflict(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/usr/share/sysbench/oltp_insert.lua"); err != nil {
		testenv.Missing(t, "/usr/share/sysbench/oltp_insert.lua is missing; apt-get install sysbench (scripts/test does)")
	}
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "c.sqlite")
	if o := dbgauge(t, dir, "prepare", "/usr/share/sysbench/oltp_read_write.lua", "--db", url, "--table-size", "100"); o.code != 0 {
		t.Fatalf("prepare oltp_read_write.lua: exit %d: %s", o.code, o.stderr)
	}
	o := dbgauge(t, dir, "prepare", "/usr/share/sysbench/oltp_insert.lua", "--db", url, "--table-size", "100")
	if o.code != 2 || !strings.Contains(o.stderr, "table sbtest1 belongs to dbgauge dataset lua:oltp_common") {
		t.Errorf("prepare over another dataset's table: exit %d (want 2): %s", o.code, o.stderr)
	}
	n, err := sqlConn(t, url).QueryStrings(t.Context(), "SELECT COUNT(*) FROM sbtest1")
	if err != nil || n[0][0] != "100" {
		t.Errorf("sbtest1 after the refused prepare: %v, %v", n, err)
	}
}
