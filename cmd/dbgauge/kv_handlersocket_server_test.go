package main

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/results"
)

// handlerCounters are the server's counters of the storage engine
// interface that every access path goes through (MariaDB 10.11 has no
// Innodb_rows_read/_inserted/_updated any more: these are their
// equivalents one layer up), and of SELECT statements.
var handlerCounters = []string{"Com_select", "Handler_read_key", "Handler_write", "Handler_update"}

func serverCounters(t *testing.T, url string) map[string]int64 {
	t.Helper()
	rows, err := sqlConn(t, url).QueryStrings(context.Background(),
		"SHOW GLOBAL STATUS WHERE Variable_name IN ('"+strings.Join(handlerCounters, "', '")+"')")
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]int64{}
	for _, r := range rows {
		m[r[0]], _ = strconv.ParseInt(r[1], 10, 64)
	}
	return m
}

// TestKVHandlerSocketServer runs on a MariaDB server of its own, which
// nothing else uses, so that the server's counters are the test's alone:
//   - started without the plugin, a HandlerSocket run says what to enable
//     (exit 3);
//   - restarted with it, the server's counters agree exactly with
//     dbgauge's operations: one key read per get (ten per pipelined read of
//     ten), one row written per record inserted, one row updated per
//     update, and not one SELECT for them, where the SQL path sends one
//     SELECT per get;
//   - a view in the table's place is refused (exit 2) and the server,
//     which opening a view through HandlerSocket crashed, still runs;
//   - the server killed and restarted mid-run: the run reconnects and goes
//     on, as on the SQL path.
func TestKVHandlerSocketServer(t *testing.T) {
	srv := startOwnServer(t, "mariadb", 23351, "DBGAUGE_HS=0")
	dir := t.TempDir()
	url := srv.hsURL
	secrets := hsSecrets(t, url)
	data := []string{"--db", url, "--record-count", "1000", "--field-count", "3", "--field-length", "10"}
	dbgaugeOK := func(args ...string) outcome {
		t.Helper()
		o := dbgauge(t, dir, append(args, data...)...)
		if o.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, o.code, o.stderr)
		}
		noSecrets(t, dir, o, secrets)
		return o
	}

	o := dbgauge(t, dir, append([]string{"run", "kv_get", "--mysql-access", "handlersocket", "--time", "1"}, data...)...)
	if o.code != 3 || strings.Count(strings.TrimSpace(o.stderr), "\n") != 0 ||
		!strings.Contains(o.stderr, "the server has no HandlerSocket plugin: start it with --plugin-maturity=beta --plugin-load-add=handlersocket.so") {
		t.Errorf("no plugin: exit %d, %q; want 3 and one line saying what to enable", o.code, o.stderr)
	}
	srv.kill()
	time.Sleep(time.Second)
	srv.env = append(srv.env, "DBGAUGE_HS=1")
	srv.services("start-mariadb")

	dbgaugeOK("prepare", "kv_get")
	// What the first open of the table reads (its statistics) is not in
	// the differences below: two runs of different lengths differ by
	// their operations alone.
	run := func(w string, events int, extra ...string) (map[string]int64, *results.Result) {
		t.Helper()
		out := filepath.Join(dir, "r.json")
		before := serverCounters(t, url)
		dbgaugeOK(append([]string{"run", w, "--threads", "2", "--events", strconv.Itoa(events), "--report-interval", "0", "--out", out}, extra...)...)
		after := serverCounters(t, url)
		d := map[string]int64{}
		for _, k := range handlerCounters {
			d[k] = after[k] - before[k]
		}
		r := readResult(t, out)
		if r.Totals.Errors != 0 {
			t.Errorf("%s %v: %d errors %v", w, extra, r.Totals.Errors, r.Totals.ErrorsByClass)
		}
		return d, r
	}
	hs := []string{"--mysql-access", "handlersocket"}
	// Each path's first run opens the table its own way (the SQL path's
	// first open reads the table's statistics by key): one warm-up run of
	// each, so that the differences below hold operations alone.
	run("kv_get", 50, hs...)
	run("kv_get", 50)
	for _, tc := range []struct {
		name    string
		extra   []string
		op      string
		batch   int64
		selects bool // one SELECT per get
	}{
		{"HandlerSocket", hs, "read (handlersocket)", 1, false},
		{"HandlerSocket, ten gets pipelined", append(hs, "--batch-size", "10"), "read (handlersocket)", 10, false},
		{"SQL", nil, "read", 1, true},
	} {
		d1, r1 := run("kv_get", 200, tc.extra...)
		d2, r2 := run("kv_get", 600, tc.extra...)
		gets := (r2.Ops[tc.op].Count - r1.Ops[tc.op].Count) * tc.batch
		selects := int64(0)
		if tc.selects {
			selects = gets
		}
		if keys := d2["Handler_read_key"] - d1["Handler_read_key"]; gets != 400*tc.batch || keys != gets {
			t.Errorf("%s: %d more gets, %d more key reads by the server", tc.name, gets, keys)
		}
		if s := d2["Com_select"] - d1["Com_select"]; s != selects {
			t.Errorf("%s: %d more gets, %d more SELECTs; want %d", tc.name, gets, s, selects)
		}
		// The run's gets figure counts the records the server read, not
		// the round trips: what the reports rank the runs by.
		want := float64(r2.Ops[tc.op].Count*tc.batch) / r2.Totals.DurationS
		if f := r2.Figures; len(f) != 1 || f[0].Name != "gets" || !f[0].Throughput || math.Abs(f[0].Value-want) > want*1e-6 {
			t.Errorf("%s: figures %+v, want gets %.2f/s, the throughput", tc.name, f, want)
		}
	}
	d, r := run("kv_insert", 100, append(hs, "--batch-size", "4")...)
	if ins := r.Ops["insert (handlersocket)"].Count; ins != 100 || d["Handler_write"] != 4*ins || d["Com_select"] > 20 {
		t.Errorf("%d inserts of 4 records: %d rows written, %d SELECTs", ins, d["Handler_write"], d["Com_select"])
	}
	d1, _ := run("kv_a", 200, hs...)
	d2, r := run("kv_a", 600, hs...)
	if up := r.Ops["update (handlersocket)"].Count; up == 0 || d2["Handler_update"] != up {
		t.Errorf("kv_a: %d updates, %d rows updated by the server", up, d2["Handler_update"])
	}
	if ops := int64(400); d2["Handler_read_key"]-d1["Handler_read_key"] != ops || d2["Com_select"] != d1["Com_select"] {
		t.Errorf("kv_a: %d more reads and updates, %d more key reads, %d more SELECTs", ops,
			d2["Handler_read_key"]-d1["Handler_read_key"], d2["Com_select"]-d1["Com_select"])
	}

	// A view where the table was: refused before HandlerSocket opens it.
	c := sqlConn(t, url)
	ctx := context.Background()
	pid, _ := os.ReadFile(srv.pidFile)
	for _, q := range []string{"RENAME TABLE usertable TO usertable_data", "CREATE VIEW usertable AS SELECT * FROM usertable_data"} {
		if _, err := c.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	o = dbgauge(t, dir, append([]string{"run", "kv_get", "--mysql-access", "handlersocket", "--time", "1"}, data...)...)
	if o.code != 2 || !strings.Contains(o.stderr, "bench.usertable: it is a view, and HandlerSocket opens base tables only") {
		t.Errorf("a view: exit %d, %q; want 2", o.code, o.stderr)
	}
	if now, _ := os.ReadFile(srv.pidFile); !bytes.Equal(now, pid) {
		t.Errorf("the server restarted (pid %s, was %s)", now, pid)
	}
	for _, q := range []string{"DROP VIEW usertable", "RENAME TABLE usertable_data TO usertable"} {
		if _, err := sqlConn(t, url).Exec(ctx, q); err != nil {
			t.Fatalf("%s (is the server alive?): %v", q, err)
		}
	}

	// Killed and restarted mid-run.
	out := filepath.Join(dir, "killed.json")
	cmd := exec.Command(binary, append([]string{"run", "kv_get", "--mysql-access", "handlersocket", "--threads", "2", "--time", "8", "--out", out}, data...)...)
	runDir := t.TempDir()
	cmd.Dir = runDir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitIntervals(t, runDir, 2)
	srv.kill()
	time.Sleep(2 * time.Second)
	srv.services("start-mariadb")
	var ee *exec.ExitError
	if err := cmd.Wait(); errors.As(err, &ee) {
		t.Fatalf("exit %d: %s", ee.ExitCode(), stderr.String())
	}
	r = readResult(t, out)
	if r.Totals.Reconnects < 2 || r.Totals.ErrorsByClass["connection_lost"] < 1 {
		t.Errorf("reconnects %d, connection_lost errors %d; want at least one of each per thread",
			r.Totals.Reconnects, r.Totals.ErrorsByClass["connection_lost"])
	}
	if last := r.Intervals[len(r.Intervals)-2]; last.TPS == 0 {
		t.Errorf("no gets after the restart: %+v", last)
	}
	if r.Ops["read (handlersocket)"].Count == 0 || r.Ops["read"].Count != 0 {
		t.Errorf("the run's gets: %v", r.Ops)
	}
	noSecrets(t, runDir, outcome{stdout: stdout.String(), stderr: stderr.String()}, secrets)
}
