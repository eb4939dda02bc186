package main

import (
	"bytes"
	"errors"
	"net/url"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// TestCUBRIDRelogins: kill -9 the CAS of each of a run's connections (the
// user's, and the monitor's that reads the server's statistics) while
// they are idle between transactions (a slow open loop keeps it idle
// almost always), twice; the driver logs in again on its own, the run
// finishes with exit 0, and result.json and the summary count the
// relogins.
func TestCUBRIDRelogins(t *testing.T) {
	dsn := faultURL(t)
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	broker := u.Port()
	dir := t.TempDir()
	if o := dbgauge(t, dir, "prepare", "oltp_point_select", "--db", dsn, "--tables", "1", "--table-size", "1000"); o.code != 0 {
		t.Fatalf("prepare: %s", o.stderr)
	}
	t.Cleanup(func() { dbgauge(t, dir, "cleanup", "oltp_point_select", "--db", dsn) })
	cmd := exec.Command(binary, "run", "oltp_point_select", "--db", dsn, "--tables", "1", "--table-size", "1000",
		"--threads", "1", "--rate", "10", "--time", "8", "--out", filepath.Join(dir, "r.json"))
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitIntervals(t, dir, 2)
	for range 2 {
		for _, cas := range casServing(t, cmd.Process.Pid, broker) {
			if err := syscall.Kill(cas, syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
		}
		time.Sleep(2 * time.Second)
	}
	err = cmd.Wait()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		t.Fatalf("exit %d: %s", ee.ExitCode(), stderr.String())
	}
	r := readResult(t, filepath.Join(dir, "r.json"))
	if r.Totals.Relogins == nil || *r.Totals.Relogins < 1 {
		t.Fatalf("relogins %v after two CAS killed between transactions (reconnects %d, errors %v)",
			r.Totals.Relogins, r.Totals.Reconnects, r.Totals.ErrorsByClass)
	}
	line := regexp.MustCompile(`\nRelogins \(the driver logged in again after the server dropped an idle connection\): (\d+) `).FindStringSubmatch(stdout.String())
	if line == nil || line[1] != strconv.FormatInt(*r.Totals.Relogins, 10) {
		t.Errorf("summary's relogins line %q, want %d", line, *r.Totals.Relogins)
	}
}

// casServing are the CAS processes that hold the other end of pid's
// connections to the broker port: the broker hands a client's socket to
// a CAS, whose end then has the broker's port as its local port and the
// client's as its peer (ss -tnp, as root).
func casServing(t *testing.T, pid int, broker string) []int {
	t.Helper()
	out, err := exec.Command("ss", "-tnpH", "state", "established").Output()
	if err != nil {
		t.Fatalf("ss: %v", err)
	}
	endpoint := regexp.MustCompile(`(\S+):(\d+)\s+(\S+):(\d+)\s+users:\(\("([^"]+)",pid=(\d+)`)
	clientPorts := map[string]bool{}
	type end struct{ local, peer, pid string }
	var ends []end
	for _, m := range endpoint.FindAllStringSubmatch(string(out), -1) {
		if m[6] == strconv.Itoa(pid) && m[4] == broker {
			clientPorts[m[2]] = true
		}
		ends = append(ends, end{m[2], m[4], m[6]})
	}
	var cas []int
	for _, e := range ends {
		if e.local == broker && clientPorts[e.peer] {
			n, _ := strconv.Atoi(e.pid)
			cas = append(cas, n)
		}
	}
	if len(clientPorts) == 0 || len(cas) != len(clientPorts) {
		t.Fatalf("dbgauge (pid %d): %d connections to the broker port %s, %d CAS found:\n%s", pid, len(clientPorts), broker, len(cas), out)
	}
	return cas
}
