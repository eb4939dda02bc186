package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/testenv"
)

// binary is the dbgauge built once for every end-to-end test.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "dbgauge-e2e-")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "dbgauge")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type outcome struct {
	stdout, stderr string
	code           int
}

// dbgauge runs the binary in dir.
func dbgauge(t *testing.T, dir string, args ...string) outcome {
	t.Helper()
	return dbgaugeEnv(t, dir, []string{"DBGAUGE_DB="}, args...)
}

// dbgaugeEnv runs the binary in dir with env added to the environment.
func dbgaugeEnv(t *testing.T, dir string, env []string, args ...string) outcome {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	o := outcome{stdout: stdout.String(), stderr: stderr.String()}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		o.code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(o.stderr, "goroutine ") || strings.Contains(o.stderr, "panic:") {
		t.Fatalf("dbgauge %v crashed:\n%s", args, o.stderr)
	}
	return o
}

func readResult(t *testing.T, path string) *results.Result {
	t.Helper()
	r, err := results.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// targets are the databases the end-to-end tests run on: SQLite always,
// PostgreSQL and MariaDB when scripts/services has started them (required
// under CI).
func targets(t *testing.T) map[string]string {
	out := map[string]string{"sqlite": "sqlite:" + filepath.Join(t.TempDir(), "bench.sqlite")}
	maps.Copy(out, testenv.URLs(t, map[string]string{"postgres": "DBGAUGE_TEST_POSTGRES", "mysql": "DBGAUGE_TEST_MYSQL"}))
	return out
}

// TestEveryOLTPTest runs each of the 11 tests through the binary on every
// target and checks the queries per transaction against sysbench's scripts.
func TestEveryOLTPTest(t *testing.T) {
	for name, url := range targets(t) {
		t.Run(name, func(t *testing.T) { everyOLTPTest(t, url) })
	}
}

func everyOLTPTest(t *testing.T, dbURL string) {
	dir := t.TempDir()
	perTxn := map[string][3]int64{ // read, write, other per transaction
		"oltp_read_write": {14, 4, 2}, "oltp_read_only": {14, 0, 2}, "oltp_write_only": {0, 4, 2},
		"oltp_point_select": {1, 0, 0}, "oltp_insert": {0, 1, 0}, "oltp_delete": {0, 1, 0},
		"oltp_update_index": {0, 1, 0}, "oltp_update_non_index": {0, 1, 0},
		"select_random_points": {1, 0, 0}, "select_random_ranges": {1, 0, 0},
	}
	dbgauge(t, dir, "cleanup", "oltp_read_write", "--db", dbURL)
	dbgauge(t, dir, "cleanup", "bulk_insert", "--db", dbURL)
	for name, want := range perTxn {
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(dir, name+".json")
			o := dbgauge(t, dir, "run", name, "--db", dbURL, "--threads", "2", "--time", "1", "--table-size", "2000", "--out", out)
			if o.code != 0 {
				t.Fatalf("exit %d: %s", o.code, o.stderr)
			}
			r := readResult(t, out)
			tx, q, ign := r.Totals.Transactions, r.Totals.Queries, r.Totals.IgnoredErrors
			if tx == 0 || r.Totals.Errors != 0 {
				t.Fatalf("transactions %d, errors %d", tx, r.Totals.Errors)
			}
			// Statements of an attempt that hit an ignored error and was
			// retried stay counted, as in sysbench: at most one more
			// transaction's worth per ignored error.
			for i, got := range []int64{q.Read, q.Write, q.Other} {
				if got < want[i]*tx || got > want[i]*(tx+ign) {
					t.Errorf("queries r/w/o %d/%d/%d for %d transactions and %d ignored errors, want %v per transaction",
						q.Read, q.Write, q.Other, tx, ign, want)
					break
				}
			}
			if q.Total != q.Read+q.Write+q.Other {
				t.Errorf("total %d is not the sum of r/w/o", q.Total)
			}
			if !strings.Contains(o.stdout, "SQL statistics:") || !strings.Contains(o.stdout, "Threads fairness:") {
				t.Errorf("no sysbench summary in output:\n%s", o.stdout)
			}
		})
	}
	t.Run("bulk_insert", func(t *testing.T) {
		// bulk_insert's sbtestN tables differ from the oltp dataset's:
		// dbgauge refuses to touch another dataset's tables.
		o := dbgauge(t, dir, "run", "bulk_insert", "--db", dbURL, "--time", "1")
		if o.code != 2 || !strings.Contains(o.stderr, "dataset oltp") {
			t.Fatalf("bulk_insert over the oltp dataset: exit %d, %s", o.code, o.stderr)
		}
		if o := dbgauge(t, dir, "cleanup", "oltp_read_write", "--db", dbURL); o.code != 0 {
			t.Fatalf("cleanup: %s", o.stderr)
		}
		checkNoTables(t, dbURL)
		out := filepath.Join(dir, "bulk.json")
		o = dbgauge(t, dir, "run", "bulk_insert", "--db", dbURL, "--threads", "2", "--time", "1", "--out", out)
		if o.code != 0 {
			t.Fatalf("exit %d: %s", o.code, o.stderr)
		}
		r := readResult(t, out)
		rows := countRows(t, dbURL, "sbtest1") + countRows(t, dbURL, "sbtest2")
		if r.Totals.Transactions != rows || rows == 0 {
			t.Errorf("%d events but %d rows inserted", r.Totals.Transactions, rows)
		}
		if r.Totals.Queries.Write < 2 {
			t.Errorf("%d INSERT statements, want at least one per thread", r.Totals.Queries.Write)
		}
		if o := dbgauge(t, dir, "cleanup", "bulk_insert", "--db", dbURL); o.code != 0 {
			t.Fatalf("cleanup: %s", o.stderr)
		}
		checkNoTables(t, dbURL)
	})
}

// TestDoneWhen is the acceptance line: read/write/other exactly
// 14/4/2 × transactions, and the result.json fields of DESIGN.md §3.3.
func TestDoneWhen(t *testing.T) {
	dir := t.TempDir()
	o := dbgauge(t, dir, "run", "oltp_read_write", "--db", "sqlite:x.db", "--time", "2", "--threads", "2", "--out", "r.json")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "r.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{
		"schema_version", "workload.name", "workload.options", "target.driver", "target.url", "target.server_version",
		"run.threads", "run.time_s", "run.warmup_s", "run.rate", "run.seed",
		"totals.transactions", "totals.tps", "totals.queries.read", "totals.queries.write", "totals.queries.other",
		"totals.queries.total", "totals.qps", "totals.errors", "totals.ignored_errors", "totals.reconnects", "totals.duration_s",
		"latency_ms.min", "latency_ms.avg", "latency_ms.max", "latency_ms.p50", "latency_ms.p90", "latency_ms.p95",
		"latency_ms.p99", "latency_ms.p999", "ops.point_select.count", "ops.point_select.errors",
		"ops.point_select.latency_ms.p99", "intervals", "histogram",
	} {
		if lookup(m, path) == nil {
			t.Errorf("result.json lacks %s", path)
		}
	}
	r := readResult(t, filepath.Join(dir, "r.json"))
	tx, q := r.Totals.Transactions, r.Totals.Queries
	if tx == 0 || q.Read != 14*tx || q.Write != 4*tx || q.Other != 2*tx {
		t.Errorf("r/w/o = %d/%d/%d for %d transactions, want 14/4/2 per transaction", q.Read, q.Write, q.Other, tx)
	}
	if len(r.Intervals) < 2 {
		t.Errorf("%d intervals in 2 s", len(r.Intervals))
	}
	folders, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", "*-oltp_read_write", "intervals.jsonl"))
	if len(folders) != 1 {
		t.Fatalf("results folder: %v", folders)
	}
	lines, _ := os.ReadFile(folders[0])
	if n := strings.Count(string(lines), "\n"); n != len(r.Intervals) {
		t.Errorf("intervals.jsonl has %d lines, result.json %d intervals", n, len(r.Intervals))
	}
}

// TestBareCommand is the README's first command: no arguments at all.
func TestBareCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("runs for 10 s")
	}
	dir := t.TempDir()
	o := dbgauge(t, dir)
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	for _, want := range []string{"SQL statistics:", "transactions:", "Latency (ms):", "95th percentile:", "Threads fairness:", "p99.9:"} {
		if !strings.Contains(o.stdout, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if res, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", "*", "result.json")); len(res) != 1 {
		t.Errorf("results folder: %v", res)
	}
}

func lookup(m map[string]any, path string) any {
	var cur any = m
	for _, k := range strings.Split(path, ".") {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = mm[k]
	}
	return cur
}

func sqlConn(t *testing.T, url string) sqldb.Conn {
	t.Helper()
	target, err := db.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := catalog.DriverFor(target.Scheme)
	c, err := d.Open(context.Background(), target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c.(sqldb.Conn)
}

// readCSV reads a whole CSV file.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func countRows(t *testing.T, url, table string) int64 {
	rows, err := sqlConn(t, url).QueryStrings(context.Background(), "SELECT COUNT(*) FROM "+table)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := strconv.ParseInt(rows[0][0], 10, 64)
	return n
}

// checkNoTables fails if any table prepare makes is left; on SQLite it also
// checks that nothing else is (SQLite's own sqlite_stat tables, which ANALYZE
// makes, belong to the engine and are not counted).
func checkNoTables(t *testing.T, url string) {
	t.Helper()
	c := sqlConn(t, url)
	for _, name := range stampTableIfPrivate(url, "sbtest1", "sbtest2", "sbtest3") {
		if ok, err := sqldb.TableExists(context.Background(), c, name); err != nil || ok {
			t.Errorf("cleanup left %s (%v)", name, err)
		}
	}
	noStamp(t, c, "oltp")
	noStamp(t, c, "bulk_insert")
	if strings.HasPrefix(url, "sqlite:") {
		rows, err := c.QueryStrings(context.Background(), "SELECT name FROM sqlite_master WHERE type IN ('table', 'index') AND substr(name, 1, 7) <> 'sqlite_'")
		if err != nil || len(rows) != 0 {
			t.Errorf("cleanup left %v (%v)", rows, err)
		}
	}
}

// stampTableIfPrivate adds the stamp table to names on SQLite, whose file is
// the test's own. The servers are shared by every test package running at
// once, so there only the objects themselves (and stamps, see noStamp) are
// checked.
func stampTableIfPrivate(url string, names ...string) []string {
	if strings.HasPrefix(url, "sqlite:") {
		return append(names, sqldb.StampTable)
	}
	return names
}

// noStamp fails if the dataset's stamp is still there.
func noStamp(t *testing.T, c sqldb.Conn, dataset string) {
	t.Helper()
	if s, err := sqldb.ReadStamp(context.Background(), c, dataset); err != nil || s != nil {
		t.Errorf("cleanup left the stamp of %s (%v)", dataset, err)
	}
}
