package main

import (
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// shortRun runs oltp_point_select for a second on SQLite and returns its
// results folder.
func shortRun(t *testing.T, dir string, threads string) string {
	t.Helper()
	before, _ := filepath.Glob(filepath.Join(dir, "res", "*"))
	o := dbgauge(t, dir, "run", "oltp_point_select", "--db", "sqlite:"+filepath.Join(dir, "b.db"), "--threads", threads, "--time", "1", "--results-dir", "res")
	if o.code != 0 {
		t.Fatalf("run exited %d: %s", o.code, o.stderr)
	}
	after, _ := filepath.Glob(filepath.Join(dir, "res", "*"))
	for _, a := range after {
		if !strings.Contains(strings.Join(before, "\n"), a) {
			return a
		}
	}
	t.Fatal("no new results folder")
	return ""
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestReportCommand(t *testing.T) {
	dir := t.TempDir()
	a, b := shortRun(t, dir, "1"), shortRun(t, dir, "2")
	md := readFile(t, filepath.Join(a, "report.md"))
	for _, w := range []string{"# oltp_point_select on sqlite: dbgauge report", "## Environment", "## Method", "dbgauge run oltp_point_select",
		"## Results", "## Latency", "## Resource usage", "## Findings", "## Conclusion"} {
		if !strings.Contains(md, w) {
			t.Errorf("the run's report.md lacks %q", w)
		}
	}

	// Several runs: compared side by side.
	o := dbgauge(t, dir, "report", a, filepath.Join(b, "result.json"), "--out-dir", "cmp")
	if o.code != 0 {
		t.Fatalf("report A B exited %d: %s", o.code, o.stderr)
	}
	if got := strings.Fields(o.stdout); len(got) != 2 || got[0] != filepath.Join("cmp", "report.md") || got[1] != filepath.Join("cmp", "report.html") {
		t.Errorf("printed paths: %q", o.stdout)
	}
	cmp := readFile(t, filepath.Join(dir, "cmp", "report.md"))
	for _, w := range []string{"# Comparison of 2 runs", "1 thr", "2 thr", "vs 1 thr"} {
		if !strings.Contains(cmp, w) {
			t.Errorf("the comparison lacks %q:\n%s", w, cmp)
		}
	}

	// A sweep folder: sweep.json and a run folder per step.
	sweep := filepath.Join(dir, "sweep")
	var sw results.Sweep
	sw.SchemaVersion, sw.Workload, sw.Parameter = 1, "oltp_point_select", "threads"
	for i, run := range []string{a, b} {
		r := readResult(t, filepath.Join(run, "result.json"))
		sub := filepath.Base(run)
		if err := os.MkdirAll(filepath.Join(sweep, sub), 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(sweep, sub, "result.json"), []byte(readFile(t, filepath.Join(run, "result.json"))), 0o644)
		sw.Steps = append(sw.Steps, results.SweepStep{Value: []string{"1", "2"}[i], Threads: r.Run.Threads, Dir: sub,
			TPS: r.Totals.TPS, QPS: r.Totals.QPS, P95Ms: r.Latency.P95})
	}
	js, _ := json.Marshal(sw)
	os.WriteFile(filepath.Join(sweep, results.SweepFile), js, 0o644)
	if o := dbgauge(t, dir, "report", sweep); o.code != 0 || !strings.Contains(o.stdout, filepath.Join(sweep, "report.html")) {
		t.Fatalf("report SWEEP exited %d: %s %s", o.code, o.stdout, o.stderr)
	}
	if s := readFile(t, filepath.Join(sweep, "report.md")); !strings.Contains(s, "over threads: dbgauge sweep report") || !strings.Contains(s, "## Findings") {
		t.Errorf("sweep report:\n%s", s)
	}
	if s := readFile(t, filepath.Join(sweep, "report.html")); !strings.Contains(s, `"id":"sweep-threads"`) || !strings.Contains(s, `"id":"sweep-over-time"`) {
		t.Error("the sweep's page lacks its curves")
	}

	// An experiment folder: experiment.json and a folder per run.
	x := results.Experiment{SchemaVersion: 1, Name: "demo", File: "demo.yaml"}
	for i, st := range sw.Steps {
		x.Runs = append(x.Runs, results.ExperimentRun{Step: i + 1, Workload: "oltp_point_select", Target: "sqlite",
			Params: "threads=" + st.Value, Repeat: 1, Dir: st.Dir, TPS: st.TPS})
	}
	js, _ = json.Marshal(x)
	os.WriteFile(filepath.Join(sweep, results.ExperimentFile), js, 0o644)
	os.Remove(filepath.Join(sweep, results.SweepFile))
	if o := dbgauge(t, dir, "report", sweep); o.code != 0 {
		t.Fatalf("report EXPERIMENT exited %d: %s", o.code, o.stderr)
	}
	if s := readFile(t, filepath.Join(sweep, "report.md")); !strings.Contains(s, "# Experiment demo: dbgauge report") || !strings.Contains(s, "threads=2") {
		t.Errorf("experiment report:\n%s", s)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"report"}, "report needs"},
		{[]string{"report", "nowhere"}, "cannot read nowhere"},
		{[]string{"report", dir}, "holds no result.json"},
		{[]string{"report", sweep, a}, "report it alone"},
	} {
		o := dbgauge(t, dir, c.args...)
		if o.code != 2 || !strings.Contains(o.stderr, c.want) || strings.Count(strings.TrimSpace(o.stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", c.args, o.code, o.stderr, c.want)
		}
	}
}

// TestWebBadAddress: --web fails at once, before any load, on a bad
// address or a port in use.
func TestWebBadAddress(t *testing.T) {
	dir := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	for _, c := range []struct{ addr, want string }{
		{"nonsense", "--web \"nonsense\": want HOST:PORT"},
		{ln.Addr().String(), "address already in use"},
	} {
		o := dbgauge(t, dir, "run", "oltp_point_select", "--db", "sqlite:"+filepath.Join(dir, "b.db"), "--time", "1", "--results-dir", "res", "--web", c.addr)
		if o.code != 2 || !strings.Contains(o.stderr, c.want) {
			t.Errorf("--web %s: exit %d, stderr %q", c.addr, o.code, o.stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "b.db")); err == nil {
			t.Errorf("--web %s: the database was created: the load started", c.addr)
		}
	}
	if o := dbgauge(t, dir, "run", "oltp_point_select", "--web", ":0", "--web-linger", "-1s"); o.code != 2 {
		t.Errorf("--web-linger -1s: exit %d, %s", o.code, o.stderr)
	}
}

// TestDatasetLineOmitsForeignOptions: a SQLite run's dataset line and
// result names no option that means nothing on SQLite (issue 27 item 5:
// the report read "mysql-storage-engine=innodb" for a SQLite run).
func TestDatasetLineOmitsForeignOptions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	folder := shortRun(t, dir, "1")
	md := readFile(t, filepath.Join(folder, "report.md"))
	line := ""
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "Dataset oltp:") {
			line = l
		}
	}
	if line == "" || !strings.Contains(line, "table-size=") {
		t.Fatalf("no dataset line with the table size in report.md:\n%s", md)
	}
	if strings.Contains(line, "mysql") {
		t.Errorf("a SQLite run's dataset line names a MySQL option: %s", line)
	}
	r := readResult(t, filepath.Join(folder, "result.json"))
	if _, ok := r.Dataset.Shape["mysql-storage-engine"]; ok || r.Dataset.Shape["table-size"] == "" {
		t.Errorf("a SQLite run's dataset shape: %v", r.Dataset.Shape)
	}
}
