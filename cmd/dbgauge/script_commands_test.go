package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/testenv"
)

// scriptServers are SQLite and, when set, PostgreSQL and MariaDB, each in
// a database of its own (name), so that these tests' tables and stamps
// never meet those of the services' bench database or of other tests.
func scriptServers(t *testing.T, name string) map[string]string {
	t.Helper()
	out := map[string]string{"sqlite": "sqlite:" + filepath.Join(t.TempDir(), name+".sqlite")}
	for label, raw := range testenv.URLs(t, map[string]string{"postgres": "DBGAUGE_TEST_POSTGRES", "mariadb": "DBGAUGE_TEST_MYSQL"}) {
		base, err := db.ParseURL(raw)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := catalog.DriverFor(base.Scheme)
		ctx := context.Background()
		conn, err := d.Open(ctx, base)
		if err != nil {
			t.Fatal(err)
		}
		c := conn.(sqldb.Conn)
		if label == "postgres" {
			rows, err := c.QueryStrings(ctx, "SELECT 1 FROM pg_database WHERE datname = ?", name)
			if err == nil && len(rows) == 0 {
				_, err = c.Exec(ctx, "CREATE DATABASE "+name)
				if err != nil && strings.Contains(err.Error(), "already exists") {
					err = nil
				}
			}
			if err != nil {
				t.Fatal(err)
			}
		} else if _, err := c.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+name); err != nil {
			t.Fatal(err)
		}
		conn.Close()
		u := *base.URL
		u.Path = "/" + name
		out[label] = u.String()
	}
	return out
}

// testScript is a script of workloads/script/testdata.
func testScript(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("../../workloads/script/testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// lifecycleLog reads lifecycle.lua's log: what, n and tag per row.
func lifecycleLog(t *testing.T, url string) [][]string {
	t.Helper()
	rows, err := sqlConn(t, url).QueryStrings(t.Context(), "SELECT what, n, tag FROM lifecycle_log ORDER BY what, n")
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func countWhat(rows [][]string, what string) int {
	n := 0
	for _, r := range rows {
		if r[0] == what {
			n++
		}
	}
	return n
}

// TestScriptInitDone: a script's init() runs once before the users and
// its done() once after them, in the same main state (done() sees init()'s
// global, the users do not), with sysbench.opt and a database; also at the
// end of an interrupted run. A failing done() is exit 4 with the result
// still saved.
func TestScriptInitDone(t *testing.T) {
	script := testScript(t, "lifecycle.lua")
	for name, url := range scriptServers(t, "dbgauge_script_life") {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			dbgauge(t, dir, "cleanup", script, "--db", url)
			t.Cleanup(func() { dbgauge(t, dir, "cleanup", script, "--db", url) })
			if o := dbgauge(t, dir, "prepare", script, "--db", url); o.code != 0 {
				t.Fatalf("prepare: exit %d: %s", o.code, o.stderr)
			}
			o := dbgauge(t, dir, "run", script, "--db", url, "--threads", "2", "--events", "30", "--time", "0", "--tag", "first")
			if o.code != 0 {
				t.Fatalf("run: exit %d: %s", o.code, o.stderr)
			}
			got := lifecycleLog(t, url)
			if want := [][]string{{"done", "2", "first"}, {"init", "0", "first"}}; !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("after one run the log is %v, want %v (init and done once each, with sysbench.opt)", got, want)
			}

			// done() fails: exit 4, the message with its file and line, and
			// the result saved all the same.
			out := filepath.Join(dir, "failed.json")
			o = dbgauge(t, dir, "run", script, "--db", url, "--events", "10", "--time", "0", "--fail-done", "--out", out)
			if o.code != 4 || !strings.Contains(o.stderr, "done() of "+script) || !strings.Contains(o.stderr, "lifecycle.lua:55: done failed on purpose") {
				t.Fatalf("failing done(): exit %d, stderr %q; want exit 4 naming done() and lifecycle.lua:56", o.code, o.stderr)
			}
			if r := readResult(t, out); r.Totals.Transactions != 10 {
				t.Fatalf("failing done(): the result has %d transactions, want 10", r.Totals.Transactions)
			}
			if n := countWhat(lifecycleLog(t, url), "init"); n != 2 {
				t.Fatalf("%d init rows after two runs", n)
			}

			// Interrupted: done() still runs once, after the users.
			cmd := exec.Command(binary, "run", script, "--db", url, "--threads", "2", "--time", "60", "--tag", "cut")
			cmd.Dir, cmd.Env = dir, append(os.Environ(), "DBGAUGE_DB=")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// The users have started (init() ran) once the first interval
			// is out.
			lines := bufio.NewScanner(stdout)
			for lines.Scan() && !strings.HasPrefix(lines.Text(), "[ 1s ]") {
			}
			cmd.Process.Signal(syscall.SIGINT)
			io.Copy(io.Discard, stdout)
			err = cmd.Wait()
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
				t.Fatalf("interrupted run: %v (want exit 130): %s", err, stderr.String())
			}
			got = lifecycleLog(t, url)
			if !slices.ContainsFunc(got, func(r []string) bool { return slices.Equal(r, []string{"done", "2", "cut"}) }) || countWhat(got, "done") != 2 {
				t.Fatalf("after an interrupted run the log is %v: want a second done row tagged cut", got)
			}
		})
	}
}

// TestScriptOwnCommands: `dbgauge command SCRIPT` lists a script's own
// commands, `dbgauge command SCRIPT NAME` runs one (a PARALLEL_COMMAND on
// every thread, sysbench.tid 0..threads-1, its print lines shown), a name
// the script lacks is exit 2 naming those it has, and a command that fails
// or returns false is exit 4.
func TestScriptOwnCommands(t *testing.T) {
	script := testScript(t, "lifecycle.lua")
	for name, url := range scriptServers(t, "dbgauge_script_cmd") {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			o := dbgauge(t, dir, "command", script)
			if o.code != 0 || !strings.Contains(o.stdout, "  broken\n  mark\n  refuse\n") {
				t.Fatalf("listing: exit %d:\n%s%s", o.code, o.stdout, o.stderr)
			}
			o = dbgauge(t, dir, "command", script, "bogus", "--db", url)
			if o.code != 2 || !strings.Contains(o.stderr, `no command "bogus" (its commands: broken, mark, refuse)`) {
				t.Fatalf("unknown command: exit %d: %s", o.code, o.stderr)
			}
			dbgauge(t, dir, "cleanup", script, "--db", url)
			t.Cleanup(func() { dbgauge(t, dir, "cleanup", script, "--db", url) })
			if o := dbgauge(t, dir, "prepare", script, "--db", url); o.code != 0 {
				t.Fatalf("prepare: exit %d: %s", o.code, o.stderr)
			}
			o = dbgauge(t, dir, "command", script, "mark", "--db", url, "--threads", "3", "--tag", "m")
			if o.code != 0 {
				t.Fatalf("mark: exit %d: %s", o.code, o.stderr)
			}
			if want := [][]string{{"mark", "0", "m"}, {"mark", "1", "m"}, {"mark", "2", "m"}}; !slices.EqualFunc(lifecycleLog(t, url), want, slices.Equal) {
				t.Fatalf("after mark on 3 threads the log is %v, want %v", lifecycleLog(t, url), want)
			}
			for _, tid := range []string{"marked 0", "marked 1", "marked 2"} {
				if !strings.Contains(o.stdout, tid) { // print goes to stdout, as under sysbench
					t.Fatalf("mark's print lines are missing %q: %s", tid, o.stdout)
				}
			}
			o = dbgauge(t, dir, "command", script, "refuse", "--db", url)
			if o.code != 4 || !strings.Contains(o.stderr, "returned false") {
				t.Fatalf("a command returning false: exit %d: %s", o.code, o.stderr)
			}
			o = dbgauge(t, dir, "command", script, "broken", "--db", url)
			if o.code != 4 || !strings.Contains(o.stderr, "lifecycle.lua:33: broken on purpose") {
				t.Fatalf("a command that raises an error: exit %d: %s", o.code, o.stderr)
			}
		})
	}
}

// TestScriptPrewarm runs oltp_common's prewarm through oltp_read_only.lua:
// on MariaDB it reads every table, one thread per table set as sysbench
// deals them (and fails naming the table when there is no data); on
// PostgreSQL and SQLite the script itself refuses, a clear exit 4.
func TestScriptPrewarm(t *testing.T) {
	script := sysbenchScript(t, "oltp_read_only.lua")
	for name, url := range scriptServers(t, "dbgauge_script_cmd") {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			data := []string{"--db", url, "--tables", "3", "--table-size", "200"}
			dbgauge(t, dir, append([]string{"cleanup", script}, data...)...)
			o := dbgauge(t, dir, "command", script)
			if o.code != 0 || !strings.Contains(o.stdout, "  prewarm\n") {
				t.Fatalf("listing: exit %d:\n%s", o.code, o.stdout)
			}
			if name != "mariadb" {
				o := dbgauge(t, dir, append([]string{"command", script, "prewarm"}, data...)...)
				if o.code != 4 || !strings.Contains(o.stderr, "oltp_common.lua:100: prewarm is currently MySQL only") {
					t.Fatalf("prewarm on %s: exit %d: %s", name, o.code, o.stderr)
				}
				return
			}
			o = dbgauge(t, dir, append([]string{"command", script, "prewarm"}, data...)...)
			if o.code != 4 || !strings.Contains(o.stderr, "sbtest1") {
				t.Fatalf("prewarm without data: exit %d (want 4 naming sbtest1): %s", o.code, o.stderr)
			}
			t.Cleanup(func() { dbgauge(t, dir, append([]string{"cleanup", script}, data...)...) })
			if o := dbgauge(t, dir, append([]string{"prepare", script, "--threads", "2"}, data...)...); o.code != 0 {
				t.Fatalf("prepare: exit %d: %s", o.code, o.stderr)
			}
			o = dbgauge(t, dir, append([]string{"command", script, "prewarm", "--threads", "2"}, data...)...)
			if o.code != 0 {
				t.Fatalf("prewarm: exit %d: %s", o.code, o.stderr)
			}
			for _, tbl := range []string{"sbtest1", "sbtest2", "sbtest3"} {
				if strings.Count(o.stdout, "Prewarming table "+tbl+"\n") != 1 {
					t.Fatalf("prewarm did not read %s exactly once: %s", tbl, o.stdout)
				}
			}
		})
	}
}

// TestScriptInitError: a script whose init() fails runs no event: exit 2,
// naming init() and the script's file and line.
func TestScriptInitError(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	o := dbgauge(t, dir, "run", testScript(t, "init_error.lua"), "--db", "sqlite:"+filepath.Join(dir, "i.sqlite"), "--events", "5", "--time", "0")
	if o.code != 2 || !strings.Contains(o.stderr, "init() of ") || !strings.Contains(o.stderr, "init_error.lua:3: init fails on purpose") {
		t.Fatalf("exit %d, stderr %q: want exit 2 naming init() and init_error.lua:3", o.code, o.stderr)
	}
}
