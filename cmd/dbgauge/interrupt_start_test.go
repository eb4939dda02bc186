package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterruptWhileStarting: Ctrl-C before the run measures (its users
// still preparing their statements, blocked by a table another session
// has locked) exits 130, interrupted, in one line: not 4, as if the
// database had stopped it.
func TestInterruptWhileStarting(t *testing.T) {
	t.Parallel()
	url, ok := ownDatabases(t, "dbgauge_interrupt_test")["postgres"]
	if !ok {
		return // ownDatabases has said why (and failed under CI)
	}
	dir := t.TempDir()
	if o := dbgauge(t, dir, "prepare", "oltp_point_select", "--db", url, "--table-size", "100", "--tables", "1"); o.code != 0 {
		t.Fatalf("prepare: exit %d: %s", o.code, o.stderr)
	}
	defer dbgauge(t, dir, "cleanup", "oltp_point_select", "--db", url)
	lock := sqlConn(t, url)
	ctx := context.Background()
	if _, err := lock.Exec(ctx, "BEGIN"); err != nil {
		t.Fatal(err)
	}
	if _, err := lock.Exec(ctx, "LOCK TABLE sbtest1 IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	unlocked := false
	unlock := func() {
		if !unlocked {
			unlocked = true
			lock.Exec(ctx, "ROLLBACK")
		}
	}
	defer unlock()
	cmd := exec.Command(binary, "run", "oltp_point_select", "--db", url, "--table-size", "100", "--tables", "1",
		"--threads", "2", "--time", "60", "--results-dir", filepath.Join(dir, "res"))
	cmd.Dir = dir
	cmd.Env = append(cmd.Environ(), "DBGAUGE_DB=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until a session of the run waits for the lock (asked on
	// another connection: inside the lock's transaction pg_stat_activity
	// is a snapshot taken once).
	watch := sqlConn(t, url)
	for i := 0; ; i++ {
		rows, err := watch.QueryStrings(ctx, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) == 1 && rows[0][0] != "0" {
			break
		}
		if i == 400 {
			cmd.Process.Kill()
			t.Fatalf("no session of the run waited for the lock after 20 s; stderr: %s", stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := interruptFor130(cmd, &stderr); err != nil {
		t.Error(err)
	}
	unlock()
	if s := stderr.String(); strings.Count(strings.TrimSpace(s), "\n") > 0 && strings.Contains(s, "goroutine") {
		t.Errorf("stderr is not one line:\n%s", s)
	}
}

// interruptFor130 sends SIGINT to cmd and waits up to 40 s for it to exit
// 130; it says what happened instead, or nil.
func interruptFor130(cmd *exec.Cmd, stderr *bytes.Buffer) error {
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 130 {
			return fmt.Errorf("exit: %v, want 130; stderr: %s", err, stderr.String())
		}
		return nil
	case <-time.After(40 * time.Second):
		cmd.Process.Kill()
		return fmt.Errorf("no exit 40 s after SIGINT; stderr: %s", stderr.String())
	}
}
