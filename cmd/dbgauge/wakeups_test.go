package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWakeups: the wake-up experiments (DBGAUGE_WAKEUPS) run a closed loop
// on PostgreSQL without errors, say in the result which applied, with the
// GOMAXPROCS each needs, and report the GC pauses. Under raw, SIGINT still
// ends a run whose users are blocked in raw reads (a table locked by
// another session): the grace passes, the sockets are shut down, exit 130.
func TestWakeups(t *testing.T) {
	t.Parallel()
	url, ok := ownDatabases(t, "dbgauge_wakeups_test")["postgres"]
	if !ok {
		t.Skip("no PostgreSQL (DBGAUGE_TEST_POSTGRES)")
	}
	dir := t.TempDir()
	if o := dbgauge(t, dir, "prepare", "oltp_read_write", "--db", url, "--table-size", "1000", "--tables", "1"); o.code != 0 {
		t.Fatalf("prepare: exit %d: %s", o.code, o.stderr)
	}
	defer dbgauge(t, dir, "cleanup", "oltp_read_write", "--db", url)
	for _, c := range []struct {
		wake  string
		procs func(int) bool
	}{
		{"raw,noyield", func(p int) bool { return p >= 2+2 }},
		{"locked,noyield", func(p int) bool { return p == 2+1 }},
	} {
		out := filepath.Join(dir, "r.json")
		o := dbgaugeEnv(t, dir, []string{"DBGAUGE_DB=", "GOMAXPROCS=", "DBGAUGE_SOCKETS=", "DBGAUGE_WAKEUPS=" + c.wake},
			"run", "oltp_read_write", "--db", url, "--table-size", "1000", "--tables", "1", "--threads", "2", "--time", "2", "--out", out)
		if o.code != 0 {
			t.Fatalf("%s: exit %d: %s", c.wake, o.code, o.stderr)
		}
		r := readResult(t, out)
		if r.Totals.Errors != 0 || r.Totals.Transactions == 0 {
			t.Fatalf("%s: transactions %d, errors %d", c.wake, r.Totals.Transactions, r.Totals.Errors)
		}
		w := r.Environment.ClientWakeups
		if w == nil || w.Asked != c.wake || w.Applied != c.wake {
			t.Fatalf("%s: client_wakeups %+v", c.wake, w)
		}
		if !c.procs(r.Environment.GOMAXPROCS) {
			t.Errorf("%s: GOMAXPROCS %d", c.wake, r.Environment.GOMAXPROCS)
		}
		if w.GCPauses > 0 && w.GCPauseMaxMs <= 0 {
			t.Errorf("%s: %d GC pauses, longest %v ms", c.wake, w.GCPauses, w.GCPauseMaxMs)
		}
	}

	// SIGINT with every user blocked in a raw read: the table is locked
	// once the run measures (its statements are prepared by then).
	cmd := exec.Command(binary, "run", "oltp_point_select", "--db", url, "--table-size", "1000", "--tables", "1",
		"--threads", "2", "--time", "120", "--results-dir", filepath.Join(dir, "interrupted"))
	cmd.Dir = dir
	cmd.Env = append(cmd.Environ(), "DBGAUGE_DB=", "GOMAXPROCS=", "DBGAUGE_SOCKETS=", "DBGAUGE_WAKEUPS=raw,noyield")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		files, _ := filepath.Glob(filepath.Join(dir, "interrupted", "*", "intervals.jsonl"))
		if len(files) == 1 {
			if b, _ := os.ReadFile(files[0]); len(b) > 0 {
				break
			}
		}
		if i == 600 {
			cmd.Process.Kill()
			t.Fatalf("no interval after 30 s; stderr: %s", stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	lock := sqlConn(t, url)
	ctx := context.Background()
	if _, err := lock.Exec(ctx, "BEGIN"); err != nil {
		t.Fatal(err)
	}
	defer lock.Exec(ctx, "ROLLBACK")
	if _, err := lock.Exec(ctx, "LOCK TABLE sbtest1 IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // every user now waits for the lock
	t0 := time.Now()
	if err := interruptFor130(cmd, &stderr); err != nil {
		t.Fatalf("users in raw reads: %v", err)
	}
	t.Logf("exited 130 %v after SIGINT", time.Since(t0).Round(time.Millisecond))
	if strings.Contains(stderr.String(), "panic") {
		t.Fatal(stderr.String())
	}
}
