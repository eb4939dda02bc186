package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/testenv"
)

// Server settings are global: the tests that change them share their
// servers with other tests running at the same time, so each changes a
// setting no other test changes, to a value that cannot disturb them (a
// memory budget, a logging threshold, the query cache), and checks values
// it set itself.

// TestServerSetBadInput: what --server-set cannot do is one line and exit
// 2, before the run, with nothing changed and no password printed.
func TestServerSetBadInput(t *testing.T) {
	dir := t.TempDir()
	lite := "sqlite:" + filepath.Join(dir, "bad.sqlite")
	type tc struct {
		name string
		db   string
		set  []string
		says string
	}
	cases := []tc{
		{"no equals sign", lite, []string{"--server-set", "cache_size"}, "is not NAME=VALUE"},
		{"empty name", lite, []string{"--server-set", "=5"}, "empty setting name"},
		{"characters outside the name's", lite, []string{"--server-set", "cache-size=5"}, "letters, digits, _ and . only"},
		{"SQL in the name", lite, []string{"--server-set", "a;drop=1"}, "letters, digits, _ and . only"},
		{"unknown pragma", lite, []string{"--server-set", "no_such_pragma=1"}, "not a PRAGMA a run can set"},
		{"pragma of a new file", lite, []string{"--server-set", "page_size=8192"}, "created or rebuilt by VACUUM"},
		{"bad pragma value", lite, []string{"--server-set", "synchronous=SOMETIMES"}, "not a value of this PRAGMA"},
		{"on a shard", lite, []string{"--server-set", "cache_size=-4000", "--shard", "0/2", "--users", "2"}, "shards share one server"},
	}
	servers := testenv.URLs(t, map[string]string{"postgres": "DBGAUGE_TEST_POSTGRES", "mysql": "DBGAUGE_TEST_MYSQL", "redis": "DBGAUGE_TEST_REDIS"})
	if url, ok := servers["postgres"]; ok {
		cases = append(cases,
			tc{"PostgreSQL: unknown setting", url, []string{"--server-set", "no_such_setting=1"}, "unknown setting"},
			tc{"PostgreSQL: restart only", url, []string{"--server-set", "shared_buffers=1GB"}, "takes effect only when the server restarts"},
			tc{"PostgreSQL: set on the command line", url, []string{"--server-set", "fsync=on"}, "overrides ALTER SYSTEM"},
			tc{"PostgreSQL: bad value", url, []string{"--server-set", "work_mem=lots"}, `invalid value for parameter "work_mem"`})
	}
	if url, ok := servers["mysql"]; ok {
		cases = append(cases,
			tc{"MariaDB: unknown variable", url, []string{"--server-set", "no_such_variable=1"}, "unknown system variable"},
			tc{"MariaDB: restart only", url, []string{"--server-set", "port=3307"}, "takes effect only at a restart"},
			tc{"MariaDB: session variable", url, []string{"--server-set", "pseudo_thread_id=1"}, "a session variable"})
	}
	if url, ok := servers["redis"]; ok {
		cases = append(cases, tc{"a driver without settings", url, []string{"--server-set", "maxmemory=1"}, "the redis driver cannot change server settings"})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := []string{"run", "oltp_point_select", "--db", c.db, "--time", "1", "--table-size", "1000"}
			if strings.HasPrefix(c.db, "redis") {
				args = []string{"run", "kv_get", "--db", c.db, "--time", "1", "--record-count", "1000"}
			}
			args = append(args, c.set...)
			o := dbgauge(t, dir, args...)
			lines := strings.Split(strings.TrimSpace(o.stderr), "\n")
			if o.code != 2 || len(lines) != 1 || !strings.HasPrefix(lines[0], "dbgauge: ") || !strings.Contains(lines[0], c.says) {
				t.Errorf("exit %d, stderr %q: want exit 2 and one line saying %q", o.code, o.stderr, c.says)
			}
			if pw := os.Getenv("DBGAUGE_TEST_PASSWORD"); pw != "" && strings.Contains(o.stdout+o.stderr, pw) {
				t.Errorf("the password is printed: %q", o.stderr)
			}
		})
	}
}

// serverCase is a setting a test changes on one server, and how to read it
// from a new connection, as the run's connections see it.
type serverCase struct {
	env, name, value, inForce string
	see                       string // the query that reads it
}

func (sc serverCase) read(t *testing.T) string {
	t.Helper()
	rows, err := sqlConn(t, os.Getenv(sc.env)).QueryStrings(context.Background(), sc.see)
	if err != nil {
		t.Fatalf("%s: %v", sc.see, err)
	}
	return rows[0][0]
}

// startRun starts a run with --server-set and waits until it measures.
func startRun(t *testing.T, dir, url string, seconds string, set ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	args := []string{"run", "oltp_point_select", "--db", url, "--time", seconds, "--table-size", "1000", "--out", filepath.Join(dir, "r.json")}
	for _, s := range set {
		args = append(args, "--server-set", s)
	}
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	waitIntervals(t, dir, 1)
	return cmd, &stderr
}

// checkRecorded checks the result's record of a setting.
func checkRecorded(t *testing.T, r *results.Result, name, value, inForce, previous string) {
	t.Helper()
	if r.Environment == nil || len(r.Environment.ServerSettings) == 0 {
		t.Fatalf("the result records no server setting")
	}
	for _, s := range r.Environment.ServerSettings {
		if s.Name == name {
			if s.Value != value || s.InForce != inForce || s.Previous != previous || !s.Restored {
				t.Errorf("recorded %+v, want %s asked %s in force %s, was %s, restored", s, name, value, inForce, previous)
			}
			return
		}
	}
	t.Errorf("the result does not record %s: %+v", name, r.Environment.ServerSettings)
}

// TestServerSetRun: on PostgreSQL and MariaDB, the setting is in force for
// new connections while the run measures, recorded in the result and in
// the summary, and put back when it ends.
func TestServerSetRun(t *testing.T) {
	for _, sc := range []serverCase{
		{"DBGAUGE_TEST_POSTGRES", "work_mem", "48MB", "48MB", "SHOW work_mem"},
		// The nile study's pair: the query cache on (the server's default
		// 1 MB of cache is kept).
		{"DBGAUGE_TEST_MYSQL", "query_cache_type", "1", "ON", "SELECT @@query_cache_type"},
	} {
		t.Run(sc.name, func(t *testing.T) {
			url := serverURL(t, sc.env)
			dir := t.TempDir()
			defer dbgauge(t, dir, "cleanup", "oltp_point_select", "--db", url)
			before := sc.read(t)
			if before == sc.inForce {
				t.Fatalf("%s is already %s", sc.name, before)
			}
			cmd, stderr := startRun(t, dir, url, "3", sc.name+"="+sc.value)
			if during := sc.read(t); during != sc.inForce {
				t.Errorf("during the run a new connection sees %s = %s, want %s", sc.name, during, sc.inForce)
			}
			if err := cmd.Wait(); err != nil {
				t.Fatalf("run: %v: %s", err, stderr)
			}
			if after := sc.read(t); after != before {
				t.Errorf("after the run %s = %s, want %s again", sc.name, after, before)
			}
			r := readResult(t, filepath.Join(dir, "r.json"))
			checkRecorded(t, r, sc.name, sc.value, sc.inForce, before)
			if !strings.Contains(stderr.String(), "Server settings put back: "+sc.name+"="+before) {
				t.Errorf("stderr does not say the setting was put back: %s", stderr)
			}
			summaries, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", "*", "summary.txt"))
			if b, err := os.ReadFile(summaries[0]); err != nil || !strings.Contains(string(b), sc.name+":") {
				t.Errorf("summary.txt does not show the setting: %v", err)
			}
		})
	}
}

// TestServerSetInterrupted: SIGINT in the middle of a run still puts the
// settings back, and the interrupted result records them as put back.
func TestServerSetInterrupted(t *testing.T) {
	for _, sc := range []serverCase{
		{"DBGAUGE_TEST_POSTGRES", "log_temp_files", "12MB", "12MB", "SHOW log_temp_files"},
		{"DBGAUGE_TEST_MYSQL", "slow_launch_time", "7", "7", "SELECT @@GLOBAL.slow_launch_time"},
	} {
		t.Run(sc.name, func(t *testing.T) {
			url := serverURL(t, sc.env)
			dir := t.TempDir()
			defer dbgauge(t, dir, "cleanup", "oltp_point_select", "--db", url)
			before := sc.read(t)
			cmd, stderr := startRun(t, dir, url, "120", sc.name+"="+sc.value)
			if during := sc.read(t); during != sc.inForce {
				t.Errorf("during the run %s = %s, want %s", sc.name, during, sc.inForce)
			}
			cmd.Process.Signal(syscall.SIGINT)
			err := cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 130 {
				t.Fatalf("exit %v, want 130: %s", err, stderr)
			}
			if after := sc.read(t); after != before {
				t.Errorf("after the interrupt %s = %s, want %s again", sc.name, after, before)
			}
			r := readResult(t, filepath.Join(dir, "r.json"))
			if !r.Interrupted {
				t.Error("the result is not marked interrupted")
			}
			checkRecorded(t, r, sc.name, sc.value, sc.inForce, before)
		})
	}
}

// sqliteJournal reads the file's journal mode from its header (bytes 18
// and 19 are 2 in WAL mode) without opening it.
func sqliteJournal(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil || len(b) < 20 {
		t.Fatalf("read %s: %v", path, err)
	}
	if b[18] == 2 && b[19] == 2 {
		return "wal"
	}
	return "rollback"
}

// TestServerSetSQLite: PRAGMAs apply to every connection of the run;
// journal_mode, the file's, is in force during the run and set back after.
func TestServerSetSQLite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "lite.sqlite")
	if o := dbgauge(t, dir, "prepare", "oltp_point_select", "--db", "sqlite:"+path, "--table-size", "1000"); o.code != 0 {
		t.Fatal(o.stderr)
	}
	cmd, stderr := startRun(t, dir, "sqlite:"+path, "2", "journal_mode=DELETE", "cache_size=-8000")
	if m := sqliteJournal(t, path); m != "rollback" {
		t.Errorf("during the run the file is in %s mode, want a rollback journal", m)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("run: %v: %s", err, stderr)
	}
	if m := sqliteJournal(t, path); m != "wal" {
		t.Errorf("after the run the file is in %s mode, want wal again", m)
	}
	r := readResult(t, filepath.Join(dir, "r.json"))
	checkRecorded(t, r, "journal_mode", "DELETE", "delete", "wal")
	checkRecorded(t, r, "cache_size", "-8000", "-8000", "-2000")
	if strings.Contains(r.Target.URL, "_pragma") {
		t.Errorf("the recorded URL carries the settings: %s", r.Target.URL)
	}
}

// TestServerSetExperiment: an experiment file sets a server setting in its
// defaults and varies another in a matrix (server-set.NAME keys); a bad
// one is reported with its line.
func TestServerSetExperiment(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "x.yaml")
	os.WriteFile(file, []byte(`name: pragmas
targets:
  lite: sqlite:`+filepath.Join(dir, "x.sqlite")+`
defaults:
  table-size: 200
  time: 1
  report-interval: 0
  server-set.cache_size: -6000
steps:
  - workload: oltp_point_select
    matrix:
      server-set.synchronous: [OFF, FULL]
`), 0o644)
	o := dbgauge(t, dir, "experiment", file, "--dry-run")
	if o.code != 0 || !strings.Contains(o.stdout, "server-set.synchronous=OFF") || !strings.Contains(o.stdout, "server-set.synchronous=FULL") {
		t.Fatalf("dry run: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
	if o := dbgauge(t, dir, "experiment", file, "--results-dir", "res"); o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	matches, _ := filepath.Glob(filepath.Join(dir, "res", "*-experiment-pragmas", results.ExperimentFile))
	x, err := results.ReadExperiment(matches[0])
	if err != nil || len(x.Runs) != 2 {
		t.Fatalf("%v runs, %v", x, err)
	}
	for i, want := range []string{"0", "2"} {
		r := readResult(t, filepath.Join(filepath.Dir(matches[0]), x.Runs[i].Dir, "result.json"))
		checkRecorded(t, r, "cache_size", "-6000", "-6000", "-2000")
		checkRecorded(t, r, "synchronous", []string{"OFF", "FULL"}[i], want, "1")
	}

	os.WriteFile(file, []byte(`targets:
  lite: sqlite:`+filepath.Join(dir, "x.sqlite")+`
steps:
  - workload: oltp_point_select
    matrix:
      server-set.cache-size: [1, 2]
`), 0o644)
	o = dbgauge(t, dir, "experiment", file, "--dry-run")
	if o.code != 2 || !strings.Contains(o.stderr, "x.yaml:6: server-set:") || !strings.Contains(o.stderr, `"cache-size"`) {
		t.Errorf("a bad setting name: exit %d, %s", o.code, o.stderr)
	}
}
