package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestTenThousandUsers: 10,000 users over 20 connections on SQLite, with
// think time, run with client memory under 600 MB (60 KB a user), read
// from /proc while the run goes and from the kernel's peak at its end; the
// pool's waits and the think times are reported.
func TestTenThousandUsers(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "users.sqlite")
	if o := dbgauge(t, dir, "prepare", "oltp_point_select", "--db", db, "--table-size", "10000"); o.code != 0 {
		t.Fatalf("prepare: %s", o.stderr)
	}
	cmd := exec.Command(binary, "run", "oltp_point_select", "--db", db, "--table-size", "10000",
		"--users", "10000", "--connections", "20", "--think", "exp:500ms", "--time", "8", "--out", "r.json", "--no-monitor")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "DBGAUGE_DB=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var peakKB int64
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
wait:
	for {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("run: %v\n%s", err, stderr.String())
			}
			break wait
		case <-tick.C:
			peakKB = max(peakKB, procStatusKB(cmd.Process.Pid, "VmHWM:"))
		}
	}
	maxRSS := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // KB on Linux
	t.Logf("client memory: VmHWM %d KB while running, kernel peak RSS %d KB", peakKB, maxRSS)
	if peakKB == 0 {
		t.Fatal("/proc was never read: the test measured nothing")
	}
	const limitKB = 600 * 1024
	if peakKB > limitKB || maxRSS > limitKB {
		t.Errorf("10,000 users took %d KB (kernel: %d KB), over 600 MB", peakKB, maxRSS)
	}
	r := readResult(t, filepath.Join(dir, "r.json"))
	if r.Run.Threads != 10000 || r.Run.Connections != 20 {
		t.Errorf("result says %d users over %d connections", r.Run.Threads, r.Run.Connections)
	}
	if r.Totals.Transactions < 10000 || r.Totals.Errors != 0 {
		t.Errorf("%d transactions, %d errors: 10,000 users thinking 500 ms should do about 20,000/s", r.Totals.Transactions, r.Totals.Errors)
	}
	w := r.Totals.Waits
	// Thinks drawn with a mean of 500 ms, none cut short, and no wait ends
	// early: the completed ones average about 500 ms (a little less: the
	// long ones still going at the end are not counted). Late wake-ups on a
	// loaded machine only add, so the upper bound catches a misread
	// --think (a unit off), not the timers' precision.
	if w == nil || w.ThinkCount == 0 || w.ThinkMeanMs < 350 || w.ThinkMeanMs > 1500 {
		t.Errorf("think times %+v, want a mean near 500 ms", w)
	}
	if r.Totals.PoolWait == nil || r.Totals.PoolWait.Count == 0 {
		t.Errorf("no pool wait reported for 10,000 users over 20 connections")
	}
	if !strings.Contains(stdout.String(), "Connection pool (10000 users over 20 connections") {
		t.Errorf("the summary does not report the pool:\n%s", stdout.String())
	}
}

// procStatusKB reads a "Name: N kB" line of /proc/PID/status, 0 if gone.
func procStatusKB(pid int, name string) int64 {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) >= 2 && fields[0] == name {
			n, _ := strconv.ParseInt(fields[1], 10, 64)
			return n
		}
	}
	return 0
}

// TestWorkloadHelp: `run W --help` lists the common options and W's own,
// with their types and defaults, and no other workload's.
func TestWorkloadHelp(t *testing.T) {
	dir := t.TempDir()
	o := dbgauge(t, dir, "run", "kv_a", "--help")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	for _, want := range []string{"Common options:", "--users int", "--connections int", "--think string", "kv_a options:",
		"--record-count int", "(default 1000)", "--distribution enum", "(default zipfian)"} {
		if !strings.Contains(o.stdout, want) {
			t.Errorf("run kv_a --help lacks %q", want)
		}
	}
	for _, other := range []string{"--table-size", "--point-selects", "--cpu-max-prime", "--delta", "--bound"} {
		if strings.Contains(o.stdout, other) {
			t.Errorf("run kv_a --help lists %s, another workload's option", other)
		}
	}
	o = dbgauge(t, dir, "run", "--help")
	if o.code != 0 || strings.Contains(o.stdout, "--table-size") || !strings.Contains(o.stdout, "dbgauge run WORKLOAD --help") {
		t.Errorf("run --help (no workload) lists workload options or does not say where they are:\n%s", o.stdout)
	}
	o = dbgauge(t, dir, "prepare", "--db", "sqlite:x.db", "select_random_ranges", "--help")
	if !strings.Contains(o.stdout, "--delta int") || strings.Contains(o.stdout, "--random-points") {
		t.Errorf("prepare select_random_ranges --help (workload after a flag):\n%s", o.stdout)
	}
	// The bare command's help lists the verbs (its own flags are the
	// default run's), and only those meant to be seen.
	o = dbgauge(t, dir, "--help")
	for _, verb := range []string{"Commands:", "\n  run ", "\n  prepare ", "\n  cleanup ", "\n  command ", "\n  k8s ", "\n  report "} {
		if o.code != 0 || !strings.Contains(o.stdout, verb) {
			t.Errorf("dbgauge --help lacks %q: exit %d\n%s", verb, o.code, o.stdout)
		}
	}
	if strings.Contains(o.stdout, "\n  worker ") {
		t.Errorf("dbgauge --help lists the hidden worker verb")
	}
	// Commands that take no workload say nothing of workload options.
	for _, cmd := range []string{"merge", "compare", "report", "results"} {
		o = dbgauge(t, dir, cmd, "--help")
		if o.code != 0 || strings.Contains(o.stdout, "Workload options") || !strings.Contains(o.stdout, "Flags:") {
			t.Errorf("%s --help: exit %d\n%s", cmd, o.code, o.stdout)
		}
	}
}

// TestUsersOverConnections runs oltp_read_write with 8 users over 2
// connections and a fixed think time on every target: the statements per
// transaction stay sysbench's, the pool's waits and the think times are
// reported, and the transaction type has its line.
func TestUsersOverConnections(t *testing.T) {
	for name, url := range targets(t) {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			dbgauge(t, dir, "cleanup", "oltp_read_write", "--db", url)
			o := dbgauge(t, dir, "run", "oltp_read_write", "--db", url, "--users", "8", "--connections", "2",
				"--think", "20ms", "--time", "2", "--table-size", "2000", "--out", "r.json")
			if o.code != 0 {
				t.Fatalf("exit %d: %s", o.code, o.stderr)
			}
			r := readResult(t, filepath.Join(dir, "r.json"))
			tx, q, ign := r.Totals.Transactions, r.Totals.Queries, r.Totals.IgnoredErrors
			if tx == 0 || r.Totals.Errors != 0 {
				t.Fatalf("transactions %d, errors %d %v", tx, r.Totals.Errors, r.Totals.ErrorsByClass)
			}
			for i, got := range []int64{q.Read, q.Write, q.Other} {
				want := [3]int64{14, 4, 2}[i]
				if got < want*tx || got > want*(tx+ign) {
					t.Errorf("queries r/w/o %d/%d/%d for %d transactions", q.Read, q.Write, q.Other, tx)
				}
			}
			if pw := r.Totals.PoolWait; pw == nil || pw.Count < tx {
				t.Errorf("pool wait %+v for %d transactions of 8 users over 2 connections", pw, tx)
			}
			// No think is shorter than asked; a loaded machine's late
			// wake-ups only lengthen them, so the upper bound catches a
			// misread --think, not the timers' precision.
			if w := r.Totals.Waits; w == nil || w.ThinkMeanMs < 20 || w.ThinkMeanMs > 200 {
				t.Errorf("think times %+v, want a mean of 20 ms or a little more", w)
			}
			if x := r.Transactions["oltp_read_write"]; x.Count != tx {
				t.Errorf("transaction types %+v, want oltp_read_write with all %d", r.Transactions, tx)
			}
			if !strings.Contains(o.stdout, "Transactions (latency in ms):") || !strings.Contains(o.stdout, "SQL statistics:") {
				t.Errorf("summary lacks the transactions table or sysbench's sections")
			}
			dbgauge(t, dir, "cleanup", "oltp_read_write", "--db", url)
		})
	}
}
