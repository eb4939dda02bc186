package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// TestExperimentRuns: a small matrix runs end to end on SQLite: every run
// in its folder, experiment.json complete, medians printed, and cleanup
// drops what the experiment prepared.
func TestExperimentRuns(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "x.sqlite")
	file := filepath.Join(dir, "x.yaml")
	os.WriteFile(file, []byte(`name: small
targets:
  lite: sqlite:`+db+`
defaults:
  table-size: 200
  time: 1
  report-interval: 0
repeat: 2
cleanup: true
steps:
  - workload: oltp_point_select
    matrix:
      threads: [1, 2]
  - workload: oltp_read_only
    set: {threads: 2}
`), 0o644)
	o := dbgauge(t, dir, "experiment", file, "--results-dir", "res")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	matches, _ := filepath.Glob(filepath.Join(dir, "res", "*-experiment-small", results.ExperimentFile))
	if len(matches) != 1 {
		t.Fatalf("experiment.json: %v", matches)
	}
	x, err := results.ReadExperiment(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	// 2 repeats × 2 thread counts, then 2 repeats of the second step.
	if len(x.Runs) != 6 || x.Interrupted || x.EndedAt == "" {
		t.Fatalf("%d runs, interrupted %v, ended %q; want 6 finished", len(x.Runs), x.Interrupted, x.EndedAt)
	}
	wantThreads := []int{1, 2, 1, 2, 2, 2}
	for i, r := range x.Runs {
		res := readResult(t, filepath.Join(filepath.Dir(matches[0]), r.Dir, "result.json"))
		if res.Run.Threads != wantThreads[i] || res.Workload.Name != r.Workload || res.Totals.Transactions == 0 {
			t.Errorf("run %d: %s threads %d (want %d), %d transactions", i, res.Workload.Name, res.Run.Threads, wantThreads[i], res.Totals.Transactions)
		}
	}
	for _, f := range []string{"report.html", "report.md"} {
		if _, err := os.Stat(filepath.Join(filepath.Dir(matches[0]), f)); err != nil {
			t.Errorf("the experiment's %s: %v", f, err)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(matches[0]), "experiment.yaml")); err != nil {
		t.Errorf("the experiment file was not kept beside its results: %v", err)
	}
	for _, want := range []string{"Experiment small (6 runs", "oltp_point_select  lite    threads=1", "oltp_read_only"} {
		if !strings.Contains(o.stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, o.stdout)
		}
	}
	checkNoTables(t, "sqlite:"+db)
}

// TestExperimentKeepsData: cleanup: true drops only what the experiment
// prepared; a dataset that was there before it stays, and it says so.
func TestExperimentKeepsData(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "x.sqlite")
	if o := dbgauge(t, dir, "prepare", "oltp_point_select", "--db", db, "--table-size", "200"); o.code != 0 {
		t.Fatalf("prepare: %s", o.stderr)
	}
	file := filepath.Join(dir, "x.yaml")
	os.WriteFile(file, []byte(`name: keep
targets:
  lite: `+db+`
defaults: {table-size: 200, time: 1, report-interval: 0}
cleanup: true
steps:
  - workload: oltp_point_select
`), 0o644)
	o := dbgauge(t, dir, "experiment", file, "--results-dir", "res")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	if !strings.Contains(o.stderr, "Kept the data of oltp_point_select on lite: the experiment did not prepare it.") {
		t.Errorf("no word of the data kept:\n%s", o.stderr)
	}
	if n := countRows(t, db, "sbtest1"); n != 200 {
		t.Errorf("sbtest1 has %d rows after the experiment, want the 200 prepared before it", n)
	}
}

// TestExperimentErrors: every problem of a file is reported at once, each
// with its line, and nothing runs.
func TestExperimentErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "bad.yaml")
	os.WriteFile(file, []byte(`targets:
  lite: sqlite:`+filepath.Join(dir, "x.db")+`
  pg: postgres://u:hunter2-secret@127.0.0.1:1/db
  odd: db2://x
defaults:
  time: soon
  db: sqlite:other.db
steps:
  - workload: oltp_read_only
    set:
      record-count: 10
      tabels: 2
  - workload: no_such_workload
  - workload: kv_get
    matrix:
      threads: [1, 0]
`), 0o644)
	o := dbgauge(t, dir, "experiment", file)
	if o.code != 2 {
		t.Fatalf("exit %d, want 2: %s", o.code, o.stderr)
	}
	for _, want := range []string{
		`bad.yaml:4: target odd: unknown database URL scheme "db2"`,
		`bad.yaml:6: time: "soon" is not a valid int`,
		"bad.yaml:7: db cannot be set in an experiment file",
		"bad.yaml:11: record-count is not an option of oltp_read_only",
		`bad.yaml:12: unknown option "tabels"`,
		`bad.yaml:13: unknown workload "no_such_workload"`,
		"bad.yaml:14: kv_get: --users/--threads must be between 1 and",
	} {
		if !strings.Contains(o.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, o.stderr)
		}
	}
	if strings.Contains(o.stderr, "would never end") {
		t.Errorf("a bad value cascaded into another error:\n%s", o.stderr)
	}
	if !strings.HasSuffix(o.stderr, "bad.yaml: 7 errors; nothing was run\n") {
		t.Errorf("stderr does not end with the count of errors:\n%s", o.stderr)
	}
	if strings.Contains(o.stderr, "hunter2") {
		t.Error("the password is printed")
	}
	if _, err := os.Stat(filepath.Join(dir, "x.db")); err == nil {
		t.Error("a refused experiment touched a database")
	}
}

// TestExamples: every file in examples/ is a valid experiment (dry run),
// with the servers' URLs set as scripts/services sets them.
func TestExamples(t *testing.T) {
	files, _ := filepath.Glob("../../examples/*.yaml")
	if len(files) < 4 {
		t.Fatalf("%d example files, want one per study (4)", len(files))
	}
	// scripts/services' URLs, and start-fast's (the tmpfs pair).
	urls := map[string]string{"DBGAUGE_TEST_POSTGRES": "postgres://x@127.0.0.1/x", "DBGAUGE_TEST_MYSQL": "mysql://x@127.0.0.1/x",
		"DBGAUGE_TEST_REDIS": "redis://127.0.0.1", "DBGAUGE_TEST_MONGO": "mongodb://127.0.0.1/x",
		"DBGAUGE_TEST_HANDLERSOCKET": "mysql://x@127.0.0.1/x?hs-port=9998", "DBGAUGE_TEST_CUBRID": "cubrid://x@127.0.0.1:33000/x",
		"DBGAUGE_FAST_CUBRID": "cubrid://x@127.0.0.1:33010/x", "DBGAUGE_FAST_MYSQL": "mysql://x@127.0.0.1:3307/x"}
	for env, url := range urls {
		if os.Getenv(env) == "" {
			t.Setenv(env, url)
		}
	}
	for _, f := range files {
		abs, _ := filepath.Abs(f)
		o := dbgauge(t, t.TempDir(), "experiment", abs, "--dry-run")
		if o.code != 0 || !strings.Contains(o.stdout, " runs\n") {
			t.Errorf("%s: exit %d\n%s%s", f, o.code, o.stdout, o.stderr)
		}
	}
}
