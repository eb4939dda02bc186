package main

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSQLServerKilledMidRun: kill -9 a private Babelfish (its postmaster and
// every backend) in the middle of a run over TDS with TLS (encrypt=true)
// and start it again 2 s later; the run counts lost connections, reconnects once the server is
// back, finishes with exit 0, and no interval is missing. The shared
// Babelfish of the other tests is never touched.
func TestSQLServerKilledMidRun(t *testing.T) {
	t.Parallel()
	serverURL(t, sqlserverVar) // Babelfish is built and runs here
	srv := startOwnServer(t, "babelfish", 21441)
	if !strings.Contains(srv.url, "127.0.0.1:21441") {
		t.Fatalf("scripts/services gave %q for the private Babelfish", srv.url)
	}
	// Over TLS: the server says the session is encrypted (and a session
	// that did not ask is not).
	url := encrypted(t, srv.url)
	for _, tc := range []struct{ url, want string }{{url, "TRUE"}, {srv.url, "FALSE"}} {
		rows, err := sqlConn(t, tc.url).QueryStrings(context.Background(), "SELECT encrypt_option FROM sys.dm_exec_connections WHERE session_id = @@SPID")
		if err != nil || len(rows) != 1 || !strings.EqualFold(rows[0][0], tc.want) {
			t.Fatalf("encrypt_option of the session: %v, %v; want %s", rows, err, tc.want)
		}
	}
	dir := t.TempDir()
	if o := dbgauge(t, dir, "prepare", "oltp_point_select", "--db", url, "--table-size", "1000"); o.code != 0 {
		t.Fatalf("prepare: %s", o.stderr)
	}
	const seconds = 12 // Babelfish takes longer than PostgreSQL to start on busy cores
	cmd := exec.Command(binary, "run", "oltp_point_select", "--db", url, "--table-size", "1000",
		"--threads", "2", "--time", "12", "--out", filepath.Join(dir, "r.json"))
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitIntervals(t, dir, 2)
	srv.kill()
	time.Sleep(2 * time.Second)
	srv.services("start-babelfish")
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
	if n := len(r.Intervals); n < seconds || n > seconds+1 {
		t.Errorf("%d intervals in a %d s run", n, seconds)
	}
	for i := 1; i < len(r.Intervals); i++ {
		if gap := r.Intervals[i].T - r.Intervals[i-1].T; gap > 1.5 {
			t.Errorf("interval %d comes %.1f s after the one before", i, gap)
		}
	}
	if last := r.Intervals[len(r.Intervals)-2]; last.TPS == 0 {
		t.Errorf("no transactions after the restart: %+v", last)
	}
	if !sqlserverNamed(r.Target.ServerVersion) {
		t.Errorf("server %q", r.Target.ServerVersion)
	}
}
