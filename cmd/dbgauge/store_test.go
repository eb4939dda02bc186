package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// dbgaugeClean runs the binary in dir with no store in the environment, so
// that the store is the one the flags say, and with env added.
func dbgaugeClean(t *testing.T, dir string, env []string, args ...string) outcome {
	t.Helper()
	return dbgaugeEnv(t, dir, append([]string{"DBGAUGE_DB=", "DBGAUGE_STORE="}, env...), args...)
}

var recordedRE = regexp.MustCompile(`Recorded as run #(\d+) in (\S+)`)

// recordedRun checks that a run was recorded and returns its id.
func recordedRun(t *testing.T, o outcome) string {
	t.Helper()
	if o.code != 0 {
		t.Fatalf("run: exit %d: %s", o.code, o.stderr)
	}
	m := recordedRE.FindStringSubmatch(o.stderr)
	if m == nil {
		t.Fatalf("run not recorded in the store:\n%s", o.stderr)
	}
	return m[1]
}

// line returns the first line of out whose first field is name.
func line(out, name string) string {
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 0 && f[0] == name {
			return l
		}
	}
	return ""
}

// TestResultsStore: runs are recorded in the default store; results list
// shows them, results show prints the sysbench summary even after the
// folder is deleted, and compare gives deltas with the noise mark.
func TestResultsStore(t *testing.T) {
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "bench.db")
	// An open loop at a fixed rate: both runs do the same 200 tps, which
	// the noise rule must call noise; the third does 100.
	runArgs := func(rate string) []string {
		return []string{"run", "oltp_point_select", "--db", url, "--table-size", "500", "--threads", "2",
			"--time", "5", "--rate", rate, "--rate-arrival", "fixed"}
	}
	ids := []string{
		recordedRun(t, dbgaugeClean(t, dir, nil, runArgs("200")...)),
		recordedRun(t, dbgaugeClean(t, dir, nil, runArgs("200")...)),
		recordedRun(t, dbgaugeClean(t, dir, nil, runArgs("100")...)),
	}
	if fmt.Sprint(ids) != "[1 2 3]" {
		t.Fatalf("run ids %v", ids)
	}
	if _, err := os.Stat(filepath.Join(dir, "dbgauge-results", "results.sqlite")); err != nil {
		t.Fatalf("no store in the results directory: %v", err)
	}

	o := dbgaugeClean(t, dir, nil, "results", "list")
	if o.code != 0 || line(o.stdout, "1") == "" || line(o.stdout, "2") == "" || line(o.stdout, "3") == "" ||
		!strings.Contains(line(o.stdout, "1"), "oltp_point_select") || line(o.stdout, "ID") == "" {
		t.Fatalf("results list: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
	o = dbgaugeClean(t, dir, nil, "results", "list", "--last", "1", "--workload", "oltp_point_select", "--driver", "sqlite")
	if line(o.stdout, "3") == "" || line(o.stdout, "1") != "" || line(o.stdout, "2") != "" {
		t.Errorf("results list --last 1:\n%s", o.stdout)
	}

	o = dbgaugeClean(t, dir, nil, "compare", "1", "2", "3")
	if o.code != 0 {
		t.Fatalf("compare: exit %d: %s", o.code, o.stderr)
	}
	// tps (/s) A B ΔB ~ C ΔC: the same rate is noise, half the rate is not.
	tps := strings.Fields(line(o.stdout, "tps"))
	if len(tps) < 8 || tps[5] != "~" || !strings.HasPrefix(tps[7], "-") || strings.HasSuffix(line(o.stdout, "tps"), "~") {
		t.Errorf("compare tps line %q: want B within noise (~) and C -50%% beyond it\n%s", line(o.stdout, "tps"), o.stdout)
	}
	for _, want := range []string{"~ within run-to-run noise", "Not comparable", "C: rate 100/s (A: 200/s)", "point_select p95 (ms)", "latency p99 (ms)"} {
		if !strings.Contains(o.stdout, want) {
			t.Errorf("compare output lacks %q:\n%s", want, o.stdout)
		}
	}

	// The store keeps the result when the folder is gone.
	folder := recordedFolder(t, dir, "1")
	if err := os.RemoveAll(folder); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"1", "#1", folder} {
		o = dbgaugeClean(t, dir, nil, "results", "show", arg)
		if o.code != 0 || !strings.Contains(o.stdout, "SQL statistics:") || !strings.Contains(o.stdout, "Latency (ms):") ||
			!strings.Contains(o.stdout, "Threads fairness:") || !strings.HasPrefix(o.stdout, "Run #1: oltp_point_select") {
			t.Errorf("results show %s after the folder is gone: exit %d\n%s%s", arg, o.code, o.stdout, o.stderr)
		}
	}
	if o = dbgaugeClean(t, dir, nil, "results", "list"); !strings.Contains(line(o.stdout, "1"), "folder gone") {
		t.Errorf("results list does not flag the deleted folder:\n%s", o.stdout)
	}
	// Compare takes folders and files too, and a run whose folder is gone.
	f2 := recordedFolder(t, dir, "2")
	if o = dbgaugeClean(t, dir, nil, "compare", "1", f2, filepath.Join(f2, "result.json")); o.code != 0 || line(o.stdout, "tps") == "" {
		t.Errorf("compare by id, folder and file: exit %d %s", o.code, o.stderr)
	}

	// results add is idempotent: a recorded folder, even copied, is not added again.
	copied := filepath.Join(dir, "copied")
	os.Mkdir(copied, 0o755)
	b, _ := os.ReadFile(filepath.Join(f2, "result.json"))
	os.WriteFile(filepath.Join(copied, "result.json"), b, 0o644)
	o = dbgaugeClean(t, dir, nil, "results", "add", f2, copied)
	if o.code != 0 || strings.Count(o.stdout, "#2 already recorded") != 2 {
		t.Errorf("results add of recorded folders: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
	if o = dbgaugeClean(t, dir, nil, "results", "list"); line(o.stdout, "4") != "" {
		t.Errorf("results add duplicated a run:\n%s", o.stdout)
	}

	for _, bad := range []struct {
		args []string
		says string
	}{
		{[]string{"results", "show", "99"}, "run #99 is not in the results store"},
		{[]string{"results", "show", filepath.Join(dir, "nowhere")}, "no such run id, folder or file"},
		{[]string{"results", "show"}, "one run"},
		{[]string{"results", "add", dir}, "result.json"},
		{[]string{"compare", "1"}, "two runs or more"},
		{[]string{"results", "frob"}, "unknown command"},
		{[]string{"results", "list", "--store", filepath.Join(dir, "none.sqlite")}, ""},
	} {
		o := dbgaugeClean(t, dir, nil, bad.args...)
		want := 2
		if bad.says == "" {
			want = 0 // an empty store lists nothing, and says so
		}
		if o.code != want || !strings.Contains(o.stderr, bad.says) || strings.Count(strings.TrimSpace(o.stderr), "\n") > 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and one line saying %q", bad.args, o.code, o.stderr, want, bad.says)
		}
	}
}

// recordedFolder is the folder the store has for run id.
func recordedFolder(t *testing.T, dir, id string) string {
	t.Helper()
	o := dbgaugeClean(t, dir, nil, "results", "list")
	f := strings.Fields(line(o.stdout, id))
	if len(f) == 0 {
		t.Fatalf("run %s not listed:\n%s", id, o.stdout)
	}
	folder := f[len(f)-1]
	if !filepath.IsAbs(folder) {
		folder = filepath.Join(dir, folder)
	}
	return folder
}

// TestConcurrentRecording: dbgauge processes recording into one store at
// once all succeed, whether runs or imports.
func TestConcurrentRecording(t *testing.T) {
	dir := t.TempDir()
	st := filepath.Join(dir, "shared.sqlite")
	var wg sync.WaitGroup
	outs := make([]outcome, 2)
	for i := range outs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i] = dbgaugeClean(t, dir, nil, "run", "oltp_point_select", "--db", fmt.Sprintf("sqlite:%s/b%d.db", dir, i),
				"--table-size", "500", "--time", "2", "--results-dir", filepath.Join(dir, fmt.Sprint("res", i)), "--store", st)
		}()
	}
	wg.Wait()
	for _, o := range outs {
		recordedRun(t, o)
		if strings.Contains(o.stderr, "warning") {
			t.Errorf("a concurrent run warned: %s", o.stderr)
		}
	}
	// Twelve imports at once, of distinct results, into a store none of
	// them finds: creating it races too.
	m := regexp.MustCompile(`Results: (\S+)`).FindStringSubmatch(outs[0].stderr)
	if m == nil {
		t.Fatalf("no results folder in %s", outs[0].stderr)
	}
	r := readResult(t, filepath.Join(m[1], "result.json"))
	const n = 12
	imports := filepath.Join(dir, "imports.sqlite")
	adds := make([]outcome, n)
	for i := range n {
		r.StartedAt = fmt.Sprintf("2025-01-01T10:00:%02dZ", i)
		folder := filepath.Join(dir, fmt.Sprint("imp", i))
		os.Mkdir(folder, 0o755)
		if err := results.WriteJSON(filepath.Join(folder, "result.json"), r); err != nil {
			t.Fatal(err)
		}
	}
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			adds[i] = dbgaugeClean(t, dir, nil, "results", "add", "--store", imports, filepath.Join(dir, fmt.Sprint("imp", i)))
		}()
	}
	wg.Wait()
	for i, o := range adds {
		if o.code != 0 || !strings.Contains(o.stdout, "added") {
			t.Errorf("import %d: exit %d %s%s", i, o.code, o.stdout, o.stderr)
		}
	}
	o := dbgaugeClean(t, dir, nil, "results", "list", "--store", imports)
	for i := 1; i <= n; i++ {
		if line(o.stdout, fmt.Sprint(i)) == "" {
			t.Errorf("run %d missing after concurrent imports:\n%s", i, o.stdout)
		}
	}
}

// TestStoreNeverCostsTheRun: a store that cannot be written is a one-line
// warning; the run keeps its exit code and its results folder.
func TestStoreNeverCostsTheRun(t *testing.T) {
	dir := t.TempDir()
	bench := filepath.Join(dir, "bench.db")
	for _, st := range []string{dir, bench} { // a directory; the benchmark's own database
		o := dbgaugeClean(t, dir, nil, "run", "oltp_point_select", "--db", "sqlite:"+bench, "--table-size", "500",
			"--time", "1", "--store", st, "--threshold", "tps>1e12")
		if o.code != 5 {
			t.Errorf("--store %s: exit %d, want 5 (the threshold's): %s", st, o.code, o.stderr)
		}
		if strings.Count(o.stderr, "warning: run not recorded") != 1 || !strings.Contains(o.stderr, "Results: ") {
			t.Errorf("--store %s: want one warning line and the results folder:\n%s", st, o.stderr)
		}
	}
	// The benchmark's database was not written into.
	o := dbgaugeClean(t, dir, nil, "run", "oltp_point_select", "--db", "sqlite:"+bench, "--table-size", "500", "--time", "1", "--no-prepare")
	recordedRun(t, o)
}

// TestStoreRedactsPasswords: a result with a password in it (written by
// hand or by an old tool) is stored and shown without it.
func TestStoreRedactsPasswords(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "imported")
	os.Mkdir(folder, 0o755)
	r := &results.Result{SchemaVersion: 1, Workload: results.Workload{Name: "oltp_read_write"},
		Target:      results.Target{Driver: "postgres", URL: "postgres://bench:TopSecret9@db:5432/bench"},
		Environment: &results.Environment{CommandLine: "dbgauge run --db postgres://bench:TopSecret9@db/bench"},
		StartedAt:   "2025-01-01T10:00:00Z", Totals: results.Totals{TPS: 10, DurationS: 1}}
	b, _ := json.Marshal(r)
	os.WriteFile(filepath.Join(folder, "result.json"), b, 0o644)
	st := filepath.Join(dir, "s.sqlite")
	if o := dbgaugeClean(t, dir, nil, "results", "add", "--store", st, folder); o.code != 0 {
		t.Fatalf("add: %s", o.stderr)
	}
	os.RemoveAll(folder) // show must come from the store
	list := dbgaugeClean(t, dir, nil, "results", "list", "--store", st)
	show := dbgaugeClean(t, dir, nil, "results", "show", "--store", st, "1")
	raw, _ := os.ReadFile(st)
	if show.code != 0 || !strings.Contains(show.stdout, "postgres://bench:xxxxx@db:5432/bench") {
		t.Errorf("show: exit %d\n%s%s", show.code, show.stdout, show.stderr)
	}
	for name, s := range map[string]string{"list": list.stdout + list.stderr, "show": show.stdout + show.stderr, "store file": string(raw)} {
		if strings.Contains(s, "TopSecret9") {
			t.Errorf("the password is in the %s", name)
		}
	}
}
