package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

func readSweep(t *testing.T, dir string) (*results.Sweep, string) {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, "res", "*-sweep-*", results.SweepFile))
	if len(matches) != 1 {
		t.Fatalf("want one sweep.json under %s, found %v", dir, matches)
	}
	sw, err := results.ReadSweep(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	return sw, filepath.Dir(matches[0])
}

// TestSweepThreads: one run per thread count, each in the sweep folder with
// its own result, the table printed and the knee (or its absence) stated.
func TestSweepThreads(t *testing.T) {
	dir := t.TempDir()
	o := dbgauge(t, dir, "sweep", "oltp_point_select", "--db", "sqlite:"+filepath.Join(dir, "s.db"), "--threads", "1,2,3",
		"--time", "1", "--table-size", "500", "--report-interval", "0", "--results-dir", "res", "--out", "csv=steps.csv")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	sw, sdir := readSweep(t, dir)
	if sw.Parameter != "threads" || len(sw.Steps) != 3 {
		t.Fatalf("sweep %+v, want 3 thread steps", sw)
	}
	for i, s := range sw.Steps {
		r := readResult(t, filepath.Join(sdir, s.Dir, "result.json"))
		if r.Run.Threads != i+1 || s.Threads != i+1 || s.TPS != r.Totals.TPS || s.P95Ms != r.Latency.P95 {
			t.Errorf("step %d: %+v does not match its result (threads %d, tps %g)", i, s, r.Run.Threads, r.Totals.TPS)
		}
		if r.Totals.Transactions == 0 {
			t.Errorf("step %d ran no transaction", i)
		}
	}
	for _, f := range []string{"report.html", "report.md"} {
		if _, err := os.Stat(filepath.Join(sdir, f)); err != nil {
			t.Errorf("the sweep's %s: %v", f, err)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "steps.csv")); err != nil || strings.Count(string(b), "\n") != 4 ||
		!strings.HasPrefix(string(b), "threads,threads,tps,") {
		t.Errorf("--out csv= of a sweep is one header and a row per step; got %q, %v", b, err)
	}
	if !strings.Contains(o.stdout, "Sweep of oltp_point_select over threads:") {
		t.Errorf("no sweep table in:\n%s", o.stdout)
	}
	if f := results.SweepFinding(sw); f == "" || !strings.Contains(o.stdout, f) {
		t.Errorf("finding %q not printed", f)
	}
}

// TestSweepByThroughputFigure: a workload that marks a throughput figure
// (kv_insert: records a second, 5 per transaction here) has each step carry
// it from the step's result, and the sweep's table, knee and finding are
// on it, not on TPS.
func TestSweepByThroughputFigure(t *testing.T) {
	dir := t.TempDir()
	o := dbgauge(t, dir, "sweep", "kv_insert", "--db", "sqlite:"+filepath.Join(dir, "k.db"), "--threads", "1,2",
		"--batch-size", "5", "--record-count", "1000", "--time", "1", "--report-interval", "0", "--results-dir", "res",
		"--out", "csv=steps.csv")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	sw, sdir := readSweep(t, dir)
	if len(sw.Steps) != 2 {
		t.Fatalf("sweep %+v, want 2 thread steps", sw)
	}
	for i, s := range sw.Steps {
		r := readResult(t, filepath.Join(sdir, s.Dir, "result.json"))
		f := r.ThroughputFigure()
		if f == nil || f.Name != "inserts" || s.Throughput == nil || s.Throughput.Name != "inserts" || s.Throughput.Value != f.Value ||
			s.Throughput.Value < 4.9*s.TPS {
			t.Errorf("step %d: throughput %+v, result's %+v, TPS %g: want the result's inserts figure, 5 records a transaction", i, s.Throughput, f, s.TPS)
		}
	}
	rows := readCSV(t, filepath.Join(dir, "steps.csv"))
	if len(rows) != 3 || len(rows[0]) < 14 || rows[0][11] != "throughput_name" || rows[0][12] != "throughput" {
		t.Fatalf("steps.csv %q: want a header with throughput_name, throughput, throughput_unit and a row per step", rows)
	}
	for i, s := range sw.Steps {
		if r := rows[i+1]; r[11] != "inserts" || r[12] != strconv.FormatFloat(s.Throughput.Value, 'f', -1, 64) || r[13] != s.Throughput.Unit {
			t.Errorf("steps.csv row %d %q: want step %d's figure %+v", i+1, r, i, s.Throughput)
		}
	}
	if m := results.MeasureOf(sw.Steps); m.Label() != "records/s" {
		t.Errorf("the sweep's measure is %q, want records/s", m.Label())
	}
	if !strings.Contains(o.stdout, "records/s") || !strings.Contains(results.SweepFinding(sw), "records/s") {
		t.Errorf("the table and the finding do not name records/s:\n%s", o.stdout)
	}
}

// TestSweepSizes: each size is prepared in turn, replacing the previous
// data through its stamp; every step measured the size it names.
func TestSweepSizes(t *testing.T) {
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "s.db")
	o := dbgauge(t, dir, "sweep", "oltp_read_only", "--db", url, "--table-size", "100,300", "--time", "1",
		"--report-interval", "0", "--results-dir", "res")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	sw, sdir := readSweep(t, dir)
	if sw.Parameter != "table-size" || len(sw.Steps) != 2 || sw.Knee != nil {
		t.Fatalf("sweep %+v, want 2 size steps and no knee", sw)
	}
	for i, want := range []string{"100", "300"} {
		r := readResult(t, filepath.Join(sdir, sw.Steps[i].Dir, "result.json"))
		if sw.Steps[i].Value != want || r.Dataset == nil || r.Dataset.Shape["table-size"] != want {
			t.Errorf("step %d: value %q, dataset %+v; want table-size %s", i, sw.Steps[i].Value, r.Dataset, want)
		}
	}
	if n := countRows(t, url, "sbtest1"); n != 300 {
		t.Errorf("sbtest1 has %d rows after the sweep, want the last size, 300", n)
	}
	if !strings.Contains(o.stderr, "to prepare it again") {
		t.Errorf("the second size did not replace the first:\n%s", o.stderr)
	}
}

// TestSweepTargets: one step per --db; a password never shows.
func TestSweepTargets(t *testing.T) {
	dir := t.TempDir()
	urls := []string{"sqlite:" + filepath.Join(dir, "a.db")}
	if pg := os.Getenv("DBGAUGE_TEST_POSTGRES"); pg != "" {
		urls = append(urls, pg)
	} else {
		urls = append(urls, "sqlite:"+filepath.Join(dir, "b.db"))
	}
	args := []string{"sweep", "oltp_point_select", "--time", "1", "--table-size", "200", "--report-interval", "0", "--results-dir", "res"}
	for _, u := range urls {
		args = append(args, "--db", u)
	}
	o := dbgauge(t, dir, args...)
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	sw, sdir := readSweep(t, dir)
	if sw.Parameter != "db" || len(sw.Steps) != 2 {
		t.Fatalf("sweep %+v, want 2 target steps", sw)
	}
	raw, _ := os.ReadFile(filepath.Join(sdir, results.SweepFile))
	if pw := os.Getenv("DBGAUGE_TEST_PASSWORD"); pw != "" {
		for what, s := range map[string]string{"stdout": o.stdout, "stderr": o.stderr, "sweep.json": string(raw)} {
			if strings.Contains(s, pw) {
				t.Errorf("the password is in %s", what)
			}
		}
	}
	if !strings.HasPrefix(sw.Steps[0].Value, "sqlite:") {
		t.Errorf("step 0 is %q, want the first --db", sw.Steps[0].Value)
	}
	for _, u := range urls {
		cleanup := dbgauge(t, dir, "cleanup", "oltp_point_select", "--db", u, "--table-size", "200")
		if cleanup.code != 0 {
			t.Errorf("cleanup %d: %s", cleanup.code, cleanup.stderr)
		}
	}
}

// TestSweepBadInput: usage errors exit 2 with one line, before any load.
func TestSweepBadInput(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "x.db")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--db", db}, "sweep needs a list"},
		{[]string{"--db", db, "--threads", "1,x"}, `"x" is not a positive whole number`},
		{[]string{"--db", db, "--threads", "1,2", "--table-size", "10,20"}, "one parameter at a time"},
		{[]string{"--db", db, "--db", "nosuch://x", "--threads", "1"}, `unknown database URL scheme "nosuch"`},
		{[]string{"--db", db, "--threads", "1,2", "--prepare-policy", "sometimes"}, "--prepare-policy must be one of"},
		{[]string{"--db", db, "--threads", "1,2", "--tables", "0"}, "oltp_point_select"},
	} {
		o := dbgauge(t, dir, append([]string{"sweep", "oltp_point_select", "--time", "1", "--results-dir", "res"}, tc.args...)...)
		if o.code != 2 || !strings.Contains(o.stderr, tc.want) || strings.Count(strings.TrimSpace(o.stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", tc.args, o.code, o.stderr, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.db")); err == nil {
		t.Error("a refused sweep touched the database")
	}
}
