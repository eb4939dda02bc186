package main

import (
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/testenv"
)

// scriptData is a test script of workloads/script/testdata, by absolute
// path (the binary runs in a temporary directory).
func scriptData(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "..", "workloads", "script", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestScriptLuaJIT runs testdata/luajit_compat.lua's selftest command
// through the binary on every database: LuaJIT's bit library with edge
// values and string.format with numeric strings under %d, %f, %u, %x and
// %5.2f, its flags and widths, as sysbench 1.0.20 prints them
// (luajit_compat.out). Where sysbench is installed (always under CI), the
// expected output is sysbench's own, made again now.
func TestScriptLuaJIT(t *testing.T) {
	script := scriptData(t, "luajit_compat.lua")
	want, err := os.ReadFile(strings.TrimSuffix(script, ".lua") + ".out")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("sysbench"); err == nil {
		out, err := exec.Command("sysbench", script, "selftest").CombinedOutput()
		if err != nil {
			t.Fatalf("sysbench: %v\n%s", err, out)
		}
		// Its banner ("sysbench 1.0.20 (using ... LuaJIT 2.1.0-beta3)", a
		// blank line) comes first.
		lines := strings.SplitN(string(out), "\n", 3)
		if len(lines) < 3 || !strings.HasPrefix(lines[0], "sysbench 1.0.20 ") {
			t.Fatalf("not sysbench 1.0.20's output: %.200s", out)
		}
		if lines[2] != string(want) {
			t.Fatalf("sysbench's output differs from %s.out: make it again with `sysbench luajit_compat.lua selftest`", script)
		}
	} else {
		testenv.MissingPart(t, "the comparison with sysbench", "sysbench is not on PATH, so only the recorded luajit_compat.out is compared; apt-get install sysbench (scripts/test does)")
	}
	for name, url := range scriptServers(t, "dbgauge_script_luajit") {
		t.Run(name, func(t *testing.T) {
			o := dbgauge(t, t.TempDir(), "command", script, "selftest", "--db", url)
			if o.code != 0 {
				t.Fatalf("exit %d: %s", o.code, o.stderr)
			}
			if o.stdout != string(want) {
				got, exp := strings.Split(o.stdout, "\n"), strings.Split(string(want), "\n")
				for i := range min(len(got), len(exp)) {
					if got[i] != exp[i] {
						t.Fatalf("line %d is %q, sysbench prints %q", i+1, got[i], exp[i])
					}
				}
				t.Fatalf("%d lines, sysbench prints %d", len(got), len(exp))
			}
		})
	}
}

// TestScriptDriversAndPrints runs testdata/tally.lua, which fails in any
// callback or command whose drv:name() is not --expect-driver: prepare,
// run (init, thread_init, event, thread_done, done), a command of its own
// that reads with query_row, and cleanup see mysql on MariaDB and pgsql on
// PostgreSQL and SQLite. The script's prints go to stdout around the
// summary, as sysbench shows them: init's and the threads' before it,
// done()'s after it, none inside it; a launch's shards print theirs on the
// launcher's stdout. Its UPDATE ... + %d with negative
// and positive values is one statement per table.
func TestScriptDriversAndPrints(t *testing.T) {
	script := scriptData(t, "tally.lua")
	for name, url := range scriptServers(t, "dbgauge_script_tally") {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			expect := "pgsql"
			if name == "mariadb" {
				expect = "mysql"
			}
			data := []string{"--db", url, "--expect-driver", expect}
			dbgauge(t, dir, append([]string{"cleanup", script}, data...)...)
			o := dbgauge(t, dir, append([]string{"prepare", script, "--threads", "2"}, data...)...)
			if o.code != 0 || strings.Count(o.stdout, "prepare: driver "+expect+"\n") != 2 {
				t.Fatalf("prepare: exit %d: %s%s", o.code, o.stdout, o.stderr)
			}
			out := filepath.Join(dir, "tally.json")
			o = dbgauge(t, dir, append([]string{"run", script, "--threads", "2", "--events", "40", "--time", "0", "--out", out}, data...)...)
			if o.code != 0 {
				t.Fatalf("run: exit %d: %s%s", o.code, o.stdout, o.stderr)
			}
			checkPrintLayout(t, o.stdout, expect)
			res := readResult(t, out)
			var updates []string
			for op := range res.Ops {
				if strings.HasPrefix(op, "UPDATE") {
					updates = append(updates, op)
				}
			}
			slices.Sort(updates)
			if want := []string{"UPDATE tally1 SET value = value + ?", "UPDATE tally2 SET value = value + ?"}; !slices.Equal(updates, want) {
				t.Fatalf("the events' statements are %q, want %q (a literal's sign is the literal's)", updates, want)
			}
			values := tallyValues(t, o.stdout)
			o = dbgauge(t, dir, append([]string{"command", script, "total"}, data...)...)
			sum := values[0] + values[1]
			if o.code != 0 || !strings.Contains(o.stdout, "total: driver "+expect+"\n") ||
				!strings.Contains(o.stdout, "Sum of all tallies: "+strconv.Itoa(sum)+"\n") {
				t.Fatalf("total (want the sum %d of %v): exit %d: %s%s", sum, values, o.code, o.stdout, o.stderr)
			}
			// Local shards are workers, as a Kubernetes launch's pods are:
			// each one's prints reach the launcher's stdout.
			o = dbgauge(t, dir, append([]string{"run", script, "--shards", "2", "--threads", "2", "--events", "20", "--time", "0"}, data...)...)
			if o.code != 0 || strings.Count(o.stdout, "Initializing tallies... (driver "+expect+")\n") != 2 ||
				strings.Count(o.stdout, "Tally values: (driver "+expect+")\n") != 2 || strings.Contains(o.stdout, "dbgauge-print") {
				t.Fatalf("run --shards 2 (want each shard's init() and done() lines): exit %d: %s%s", o.code, o.stdout, o.stderr)
			}
			o = dbgauge(t, dir, append([]string{"cleanup", script}, data...)...)
			if o.code != 0 || !strings.Contains(o.stdout, "cleanup: driver "+expect+"\n") || !strings.Contains(o.stderr, "Dropped tally") {
				t.Fatalf("cleanup: exit %d: %s%s", o.code, o.stdout, o.stderr)
			}
		})
	}
}

// checkPrintLayout checks where a run's prints are: after the header and
// before the summary, done()'s after it, and the summary whole.
func checkPrintLayout(t *testing.T, stdout, driver string) {
	t.Helper()
	at := func(s string) int {
		i := strings.Index(stdout, s)
		if i < 0 {
			t.Fatalf("%q is not in the output:\n%s", s, stdout)
		}
		return i
	}
	header, summary, fairness := at("Threads started!"), at("SQL statistics:"), at("Threads fairness:")
	// Which thread runs events first is the scheduler's: one of them does.
	for _, line := range []string{"Initializing tallies... (driver " + driver + ")\n", "thread_init 0: driver " + driver + "\n",
		"thread_init 1: driver " + driver + "\n", "event of thread ", "thread_done 0: driver " + driver + " after ",
		"thread_done 1: driver " + driver + " after "} {
		if i := at(line); i < header || i > summary {
			t.Fatalf("%q is not between the header and the summary:\n%s", line, stdout)
		}
	}
	if !regexp.MustCompile(`first event of thread [01]: driver ` + driver + `\n`).MatchString(stdout) {
		t.Fatalf("no event printed its driver %s:\n%s", driver, stdout)
	}
	if at("Tally values: (driver "+driver+")\n") < fairness {
		t.Fatalf("done()'s lines come before the end of the summary:\n%s", stdout)
	}
	block := stdout[summary:fairness]
	if strings.Contains(block, "driver") || strings.Contains(block, "Tally") {
		t.Fatalf("a print broke into the summary:\n%s", block)
	}
	if !strings.Contains(stdout, "Initializing worker threads...\n\nThreads started!\n") {
		t.Fatalf("the header's layout changed:\n%s", stdout)
	}
}

var tallyLine = regexp.MustCompile(`(?m)^ +([12]): (-?\d+)$`)

// tallyValues reads done()'s "    1: -57" lines.
func tallyValues(t *testing.T, stdout string) [2]int {
	t.Helper()
	var v [2]int
	m := tallyLine.FindAllStringSubmatch(stdout, -1)
	if len(m) != 2 {
		t.Fatalf("done() printed %d tally lines, want 2:\n%s", len(m), stdout)
	}
	for _, g := range m {
		i, _ := strconv.Atoi(g[1])
		v[i-1], _ = strconv.Atoi(g[2])
	}
	return v
}

// TestScriptForeignKeys runs testdata/fk_prepare.lua, whose tables refer to
// each other by foreign keys added after them (as sysbench-tpcc's do), two
// of them in a cycle. A prepare that stops halfway (a Lua error; an ffi
// call dbgauge cannot honour, one line naming it) exits 4, prepare again
// drops what it left and starts over, saying so and with the script's
// options as the shape, and `dbgauge cleanup` alone drops every table and
// the stamp, on every database (SQLite with its foreign keys checked).
func TestScriptForeignKeys(t *testing.T) {
	script := scriptData(t, "fk_prepare.lua")
	tables := []string{"fk_item", "fk_order", "fk_stock"}
	for name, url := range scriptServers(t, "dbgauge_script_fk") {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			keys := "alter"
			if name == "sqlite" {
				url, keys = url+"?_pragma=foreign_keys(1)", "create"
			}
			data := []string{"--db", url, "--keys", keys}
			dbgauge(t, dir, append([]string{"cleanup", script}, data...)...)
			t.Cleanup(func() { dbgauge(t, dir, append([]string{"cleanup", script}, data...)...) })
			cleanup := func() {
				t.Helper()
				o := dbgauge(t, dir, append([]string{"cleanup", script}, data...)...)
				if o.code != 0 {
					t.Fatalf("cleanup: exit %d: %s", o.code, o.stderr)
				}
				for _, tbl := range tables {
					if !strings.Contains(o.stderr, tbl) {
						t.Fatalf("cleanup did not drop %s: %s", tbl, o.stderr)
					}
					if hasTable(t, url, tbl) {
						t.Fatalf("%s is still there after cleanup", tbl)
					}
				}
			}
			for _, c := range []struct{ at, want string }{
				{"keys", "fk_prepare.lua:52: prepare stops after the keys on purpose"},
				{"ffi", "fk_prepare.lua:55: ffi.C.sb_rand_str is not available in dbgauge's Lua ("},
				{"rows", "fk_prepare.lua:44: prepare stops after the rows on purpose"},
			} {
				o := dbgauge(t, dir, append([]string{"prepare", script, "--fail-at", c.at}, data...)...)
				lines := strings.Split(strings.TrimSpace(o.stderr), "\n")
				if o.code != 4 || !strings.Contains(lines[len(lines)-1], c.want) {
					t.Fatalf("prepare --fail-at %s: exit %d (want 4 and %q): %s", c.at, o.code, c.want, o.stderr)
				}
				if !hasTable(t, url, "fk_stock") {
					t.Fatalf("prepare --fail-at %s left no table to clean up", c.at)
				}
				cleanup()
			}
			dbgauge(t, dir, append([]string{"prepare", script, "--fail-at", "keys"}, data...)...)
			o := dbgauge(t, dir, append([]string{"prepare", script}, data...)...)
			if o.code != 0 || !strings.Contains(o.stderr, "Dataset lua:fk_prepare was left incomplete by an earlier prepare") ||
				!strings.Contains(o.stderr, "Preparing dataset lua:fk_prepare (fail-at=nowhere keys="+keys+" rows=20)") {
				t.Fatalf("prepare after a failed one: exit %d: %s", o.code, o.stderr)
			}
			out := filepath.Join(dir, "fk.json")
			if o := dbgauge(t, dir, append([]string{"run", script, "--events", "5", "--time", "0", "--out", out}, data...)...); o.code != 0 {
				t.Fatalf("run: exit %d: %s", o.code, o.stderr)
			}
			var res struct {
				Dataset struct{ Shape map[string]string }
			}
			if b, err := os.ReadFile(out); err != nil || json.Unmarshal(b, &res) != nil {
				t.Fatalf("result: %v", err)
			}
			if want := map[string]string{"fail-at": "nowhere", "keys": keys, "rows": "20"}; !maps.Equal(res.Dataset.Shape, want) {
				t.Fatalf("the stamp's shape is %v, want %v", res.Dataset.Shape, want)
			}
			cleanup()
		})
	}
}

// hasTable says whether table is in the database of url.
func hasTable(t *testing.T, url, table string) bool {
	t.Helper()
	ok, err := tableExists(sqlConn(t, url), table)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}
