package main

import (
	neturl "net/url"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// TestKVStoreStudyExample runs examples/kv-store-study.yaml, scaled down
// (500 records, 1 s runs, 2 threads only), on MariaDB with HandlerSocket,
// MongoDB and Redis, each on a database of the test's own: every run
// finishes without an error, every access path runs under its own
// operation names, and no secret is in the experiment's folder.
func TestKVStoreStudyExample(t *testing.T) {
	hsDB := hsURL(t, "dbgauge_kv_study")
	redisURL := serverURL(t, "DBGAUGE_TEST_REDIS")
	mongoURL := serverURL(t, "DBGAUGE_TEST_MONGO")
	data, err := os.ReadFile("../../examples/kv-store-study.yaml")
	if err != nil {
		t.Fatal(err)
	}
	small := string(data)
	for re, repl := range map[string]string{
		`record-count: \[[0-9]+\]`: "record-count: [500]",
		`(?m)^  time: [0-9]+`:      "  time: 1",
		`(?m)^  warmup: [0-9]+`:    "  warmup: 0",
		`threads: \[2, 4\]`:        "threads: [2]",
	} {
		if !regexp.MustCompile(re).MatchString(small) {
			t.Fatalf("the study has no %s any more: update this test", re)
		}
		small = regexp.MustCompile(re).ReplaceAllString(small, repl)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "kv-store-study.yaml")
	if err := os.WriteFile(file, []byte(small), 0o644); err != nil {
		t.Fatal(err)
	}
	withPath := func(raw, path string) string {
		u, err := neturl.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		u.Path = path
		return u.String()
	}
	env := []string{"DBGAUGE_TEST_HANDLERSOCKET=" + hsDB, "DBGAUGE_TEST_REDIS=" + withPath(redisURL, "/7"),
		"DBGAUGE_TEST_MONGO=" + withPath(mongoURL, "/dbgauge_kv_study")}
	o := dbgaugeEnv(t, dir, env, "experiment", file, "--results-dir", "res")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	noSecrets(t, dir, o, hsSecrets(t, hsDB))
	matches, _ := filepath.Glob(filepath.Join(dir, "res", "*-experiment-kv-store-study", results.ExperimentFile))
	if len(matches) != 1 {
		t.Fatalf("experiment.json: %v", matches)
	}
	x, err := results.ReadExperiment(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Runs) != 32 || x.Interrupted {
		t.Fatalf("%d runs (interrupted %v), want the study's 64 at one thread count: 32", len(x.Runs), x.Interrupted)
	}
	for _, r := range x.Runs {
		res := readResult(t, filepath.Join(filepath.Dir(matches[0]), r.Dir, "result.json"))
		suffix := ""
		if m := regexp.MustCompile(`mysql-access=(\w+)`).FindStringSubmatch(r.Params); m != nil && m[1] != "sql" {
			suffix = " (" + m[1] + ")"
		}
		op := map[string]string{"kv_get": "read", "kv_insert": "insert"}[r.Workload]
		if suffix == " (handler)" && op == "insert" {
			suffix = "" // HANDLER's inserts are SQL's
		}
		if r.Errors != 0 || res.Ops[op+suffix].Count == 0 || res.Ops[op+suffix].Count != res.Totals.Transactions {
			t.Errorf("%s on %s (%s): %d errors, operations %v", r.Workload, r.Target, r.Params, r.Errors, res.Ops)
		}
	}
}
