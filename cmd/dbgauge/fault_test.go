package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/testenv"
)

// ownServer starts a private PostgreSQL, MariaDB or Babelfish with scripts/services in
// its own directory and port, so that killing it disturbs no other test.
type ownServer struct {
	t       *testing.T
	name    string // postgres, mariadb or babelfish
	dir     string
	env     []string
	url     string
	hsURL   string // MariaDB's URL with its HandlerSocket ports (port+1, port+2) and secrets
	pidFile string
}

// startOwnServer starts the server on port with env added to
// scripts/services' environment. The ports (port to port+2) are below
// Linux's ephemeral range (32768–60999): a port in it can be some other
// test's outgoing connection when the server (re)starts, and its bind then
// fails with "Address already in use" (CI of 2026-11-27, port 51442).
func startOwnServer(t *testing.T, name string, port int, env ...string) *ownServer {
	// The fault tests start their own servers with scripts/services, which
	// has installed (or built) them when the shared ones run.
	need := map[string]string{"babelfish": "DBGAUGE_TEST_SQLSERVER"}[name]
	if need == "" {
		need = "DBGAUGE_TEST_POSTGRES"
	}
	testenv.URL(t, need)
	dir, err := os.MkdirTemp("/tmp", "dbgauge-fault-")
	if err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o755) // PostgreSQL runs as its own user and must traverse it
	s := &ownServer{t: t, name: name, dir: dir}
	s.env = append(append(os.Environ(), "DBGAUGE_SERVICES_DIR="+dir,
		fmt.Sprintf("DBGAUGE_PG_PORT=%d", port), fmt.Sprintf("DBGAUGE_MY_PORT=%d", port),
		fmt.Sprintf("DBGAUGE_HS_PORT=%d", port+1), fmt.Sprintf("DBGAUGE_HS_PORT_WR=%d", port+2),
		fmt.Sprintf("DBGAUGE_BABELFISH_PORT=%d", port), fmt.Sprintf("DBGAUGE_BABELFISH_PG_PORT=%d", port+1)), env...)
	out := s.services("start-" + name)
	key := map[string]string{"postgres": "DBGAUGE_TEST_POSTGRES", "mariadb": "DBGAUGE_TEST_MYSQL", "babelfish": "DBGAUGE_TEST_SQLSERVER"}[name]
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "export "+key+"="); ok {
			s.url = strings.Trim(v, "'")
		}
		if v, ok := strings.CutPrefix(sc.Text(), "export DBGAUGE_TEST_HANDLERSOCKET="); ok {
			s.hsURL = strings.Trim(v, "'")
		}
	}
	if s.url == "" {
		t.Fatalf("no %s URL from scripts/services: %s", key, out)
	}
	s.pidFile = map[string]string{"postgres": dir + "/pg/data/postmaster.pid", "mariadb": dir + "/my/mysqld.pid",
		"babelfish": dir + "/babelfish/data/postmaster.pid"}[name]
	t.Cleanup(func() { s.services("stop") })
	return s
}

func (s *ownServer) services(verb string) string {
	cmd := exec.Command("../../scripts/services", verb)
	cmd.Env = s.env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		s.t.Fatalf("scripts/services %s: %v\n%s", verb, err, errb.String())
	}
	return out.String()
}

// kill sends SIGKILL to the server and every process it started.
func (s *ownServer) kill() {
	b, err := os.ReadFile(s.pidFile)
	if err != nil {
		s.t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0]))
	exec.Command("pkill", "-9", "-P", strconv.Itoa(pid)).Run()
	killAndWait(s.t, pid)
}

// killAndWait sends SIGKILL to pid and returns once the process is gone or
// a zombie, failing the test after a minute. A server with many threads and
// a large buffer pool can take a while to die on a loaded machine, and
// scripts/services takes a pid whose process still lives for a server that
// runs (CI of 2026-11-28: MariaDB "restarted" 1 s after the kill was the
// dying one, and the next connection was refused).
func killAndWait(t *testing.T, pid int) {
	t.Helper()
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	statFile := "/proc/" + strconv.Itoa(pid) + "/stat"
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		stat, err := os.ReadFile(statFile)
		if err != nil {
			return
		}
		// The state follows the command's closing parenthesis.
		if f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:])); len(f) > 0 && f[0] == "Z" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("pid %d still runs a minute after SIGKILL", pid)
		}
	}
}

// TestServerKilledMidRun: kill -9 the server in the middle of a run and
// restart it 2 s later; the run finishes with exit 0, the reconnects and the
// lost-connection errors are counted, and no interval is missing.
func TestServerKilledMidRun(t *testing.T) {
	for _, tc := range []struct {
		name string
		port int
	}{{"postgres", 25441}, {"mariadb", 23341}} {
		t.Run(tc.name, func(t *testing.T) {
			srv := startOwnServer(t, tc.name, tc.port)
			dir := t.TempDir()
			if o := dbgauge(t, dir, "prepare", "oltp_point_select", "--db", srv.url, "--table-size", "1000"); o.code != 0 {
				t.Fatalf("prepare: %s", o.stderr)
			}
			cmd := exec.Command(binary, "run", "oltp_point_select", "--db", srv.url, "--table-size", "1000",
				"--threads", "2", "--time", "8", "--out", filepath.Join(dir, "r.json"))
			cmd.Dir = dir
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waitIntervals(t, dir, 2)
			srv.kill()
			time.Sleep(2 * time.Second)
			srv.services("start-" + tc.name)
			err := cmd.Wait()
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				t.Fatalf("exit %d: %s", ee.ExitCode(), stderr.String())
			}
			r := readResult(t, filepath.Join(dir, "r.json"))
			if r.Totals.Reconnects < 2 || r.Totals.ErrorsByClass["connection_lost"] < 1 {
				t.Errorf("reconnects %d, connection_lost errors %d; want at least one of each per thread",
					r.Totals.Reconnects, r.Totals.ErrorsByClass["connection_lost"])
			}
			if n := len(r.Intervals); n < 8 || n > 9 {
				t.Errorf("%d intervals in an 8 s run", n)
			}
			for i := 1; i < len(r.Intervals); i++ {
				if gap := r.Intervals[i].T - r.Intervals[i-1].T; gap > 1.5 {
					t.Errorf("interval %d comes %.1f s after the one before", i, gap)
				}
			}
			last := r.Intervals[len(r.Intervals)-2]
			if last.TPS == 0 {
				t.Errorf("no transactions after the restart: %+v", last)
			}
			if !strings.Contains(stdout.String(), "reconnects:") {
				t.Error("no summary")
			}
		})
	}
}

// waitIntervals waits until the run in dir has written n intervals.
func waitIntervals(t *testing.T, dir string, n int) {
	t.Helper()
	for range 600 {
		files, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", "*", "intervals.jsonl"))
		if len(files) == 1 {
			if b, _ := os.ReadFile(files[0]); bytes.Count(b, []byte("\n")) >= n {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("fewer than %d intervals after 30 s", n)
}
