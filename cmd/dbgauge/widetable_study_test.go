package main

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/testenv"
)

// freePort is a TCP port nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// TestWidetableStudyExample runs examples/widetable-cubrid-vs-mariadb.yaml,
// scaled down (3 tables of 200 and 400 rows, 1 s runs, 2 threads), on the
// study's four targets: CUBRID and MariaDB from scripts/services, and the
// tmpfs pair that `scripts/services start-fast` starts (here in a folder of
// the test's own, on its own ports, stopped at the end). Every run finishes
// without an error, and the select runs of each size find every row they
// look for.
//
// Not parallel: TestCUBRIDWorkloads prepares widetable's tables in the
// shared CUBRID database too.
func TestWidetableStudyExample(t *testing.T) {
	cubrid := serverURL(t, "DBGAUGE_TEST_CUBRID")
	testenv.URL(t, "DBGAUGE_TEST_MYSQL")
	mysql := ownDatabases(t, "dbgauge_wide_study")["mysql"]
	fastDir, err := os.MkdirTemp("/tmp", "dbgauge-fast-")
	if err != nil {
		t.Fatal(err)
	}
	os.Chmod(fastDir, 0o755) // CUBRID runs as its own user and must traverse it
	fastEnv := append(os.Environ(), "DBGAUGE_FAST_DIR="+fastDir,
		fmt.Sprintf("DBGAUGE_FAST_MY_PORT=%d", freePort(t)), fmt.Sprintf("DBGAUGE_FAST_CUBRID_PORT=%d", freePort(t)),
		fmt.Sprintf("DBGAUGE_FAST_CUBRID_MASTER_PORT=%d", freePort(t)))
	services := func(verb string) string {
		cmd := exec.Command("../../scripts/services", verb)
		cmd.Env = fastEnv
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("scripts/services %s: %v", verb, err)
		}
		return string(out)
	}
	t.Cleanup(func() { services("stop-fast"); os.RemoveAll(fastDir) })
	fast := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(services("start-fast")))
	for sc.Scan() {
		if k, v, ok := strings.Cut(strings.TrimPrefix(sc.Text(), "export "), "="); ok {
			fast[k] = strings.Trim(v, "'")
		}
	}
	if fast["DBGAUGE_FAST_MYSQL"] == "" || fast["DBGAUGE_FAST_CUBRID"] == "" {
		t.Fatalf("start-fast printed %v", fast)
	}

	data, err := os.ReadFile("../../examples/widetable-cubrid-vs-mariadb.yaml")
	if err != nil {
		t.Fatal(err)
	}
	small := string(data)
	for re, repl := range map[string]string{
		`table-size: \[5000\]`:   "table-size: [200]",
		`table-size: \[50000\]`:  "table-size: [400]",
		`(?m)^  tables: [0-9]+`:  "  tables: 3",
		`(?m)^  threads: [0-9]+`: "  threads: 2",
		`(?m)^  time: [0-9]+`:    "  time: 1",
		`(?m)^  warmup: [0-9]+`:  "  warmup: 0",
	} {
		if !regexp.MustCompile(re).MatchString(small) {
			t.Fatalf("the study has no %s any more: update this test", re)
		}
		small = regexp.MustCompile(re).ReplaceAllString(small, repl)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "study.yaml")
	if err := os.WriteFile(file, []byte(small), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"DBGAUGE_TEST_CUBRID=" + cubrid, "DBGAUGE_TEST_MYSQL=" + mysql,
		"DBGAUGE_FAST_CUBRID=" + fast["DBGAUGE_FAST_CUBRID"], "DBGAUGE_FAST_MYSQL=" + fast["DBGAUGE_FAST_MYSQL"]}
	o := dbgaugeEnv(t, dir, env, "experiment", file, "--results-dir", "res")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	matches, _ := filepath.Glob(filepath.Join(dir, "res", "*-experiment-widetable-cubrid-vs-mariadb", results.ExperimentFile))
	if len(matches) != 1 {
		t.Fatalf("experiment.json: %v", matches)
	}
	x, err := results.ReadExperiment(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Runs) != 24 || x.Interrupted {
		t.Fatalf("%d runs (interrupted %v), want 4 targets x 6", len(x.Runs), x.Interrupted)
	}
	targets := map[string]int{}
	for _, r := range x.Runs {
		targets[r.Target]++
		res := readResult(t, filepath.Join(filepath.Dir(matches[0]), r.Dir, "result.json"))
		if r.Errors != 0 || res.Totals.Transactions == 0 {
			t.Errorf("%s on %s (%s): %d transactions, %d errors", r.Workload, r.Target, r.Params, res.Totals.Transactions, r.Errors)
		}
	}
	for _, name := range []string{"cubrid", "cubrid-tmpfs", "mariadb", "mariadb-tmpfs"} {
		if targets[name] != 6 {
			t.Errorf("target %s ran %d times, want 6: %v", name, targets[name], targets)
		}
	}
}
