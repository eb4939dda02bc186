package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestThresholds: thresholds that pass exit 0, one that fails exits 5 and
// says which, and the outcomes are saved in result.json and summary.txt.
func TestThresholds(t *testing.T) {
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "bench.db")
	run := func(out string, thresholds ...string) outcome {
		args := []string{"run", "oltp_read_write", "--db", url, "--table-size", "500", "--time", "1", "--out", out}
		for _, th := range thresholds {
			args = append(args, "--threshold", th)
		}
		return dbgaugeClean(t, dir, nil, args...)
	}
	pass := filepath.Join(dir, "pass.json")
	o := run(pass, "p99<10s", "tps > 1", "point_select.p95<=5s", "commit.errors<1", "error_rate<1%")
	if o.code != 0 {
		t.Fatalf("passing thresholds: exit %d: %s", o.code, o.stderr)
	}
	if !strings.Contains(o.stdout, "Thresholds:") || strings.Count(o.stdout, " pass ") != 5 {
		t.Errorf("no Thresholds section with five passes:\n%s", o.stdout)
	}
	r := readResult(t, pass)
	if len(r.Thresholds) != 5 || !r.Thresholds[0].Pass || r.Thresholds[0].Expr != "p99<10s" || r.Thresholds[0].Measured <= 0 {
		t.Errorf("result.json thresholds: %+v", r.Thresholds)
	}

	fail := filepath.Join(dir, "fail.json")
	o = run(fail, "p99<10s", "tps>1e9")
	if o.code != 5 {
		t.Fatalf("failing threshold: exit %d, want 5: %s", o.code, o.stderr)
	}
	lines := strings.Split(strings.TrimSpace(o.stderr), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "dbgauge: 1 of 2 thresholds failed: tps>1e9 (measured") {
		t.Errorf("last stderr line %q does not name the failed threshold", last)
	}
	if !strings.Contains(o.stdout, "tps>1e9") || !strings.Contains(o.stdout, "FAIL") {
		t.Errorf("the Thresholds section does not show the failure:\n%s", o.stdout)
	}
	r = readResult(t, fail)
	if len(r.Thresholds) != 2 || !r.Thresholds[0].Pass || r.Thresholds[1].Pass {
		t.Errorf("result.json thresholds: %+v", r.Thresholds)
	}
	// The results folder has them too, and the store knows the run failed.
	folders, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", "*-oltp_read_write*"))
	last := folders[len(folders)-1]
	if in := readResult(t, filepath.Join(last, "result.json")); len(in.Thresholds) != 2 {
		t.Errorf("the folder's result.json lacks the thresholds")
	}
	if b, _ := os.ReadFile(filepath.Join(last, "summary.txt")); !strings.Contains(string(b), "Thresholds:") {
		t.Errorf("summary.txt lacks the thresholds")
	}
	if o := dbgaugeClean(t, dir, nil, "results", "list"); !strings.Contains(line(o.stdout, "2"), "1 thresholds failed") {
		t.Errorf("results list does not flag the failed threshold:\n%s", o.stdout)
	}

	// Bad thresholds are usage errors before anything runs.
	for _, bad := range []struct{ threshold, says string }{
		{"p98<5ms", `unknown metric "p98"`},
		{"latency<5ms", "unknown metric"},
		{"p99=5ms", "no comparison"},
		{"p99<5parsecs", "bad value"},
		{"no_such_op.p99<2ms", `has no operation "no_such_op"`},
		{"point_select.tps>3", "whole run"},
	} {
		o := dbgaugeClean(t, dir, nil, "run", "oltp_read_write", "--db", url, "--table-size", "500", "--time", "1", "--threshold", bad.threshold)
		if o.code != 2 || strings.Count(strings.TrimSpace(o.stderr), "\n") != 0 || !strings.Contains(o.stderr, "--threshold") ||
			!strings.Contains(o.stderr, bad.says) || o.stdout != "" {
			t.Errorf("--threshold %s: exit %d, stdout %d bytes, stderr %q; want exit 2 and one line saying %q",
				bad.threshold, o.code, len(o.stdout), o.stderr, bad.says)
		}
	}
}

// TestThresholdKeepsInterruptCode: an interrupted run exits 130 even when
// a threshold fails.
func TestThresholdKeepsInterruptCode(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(binary, "run", "oltp_point_select", "--db", "sqlite:"+filepath.Join(dir, "x.db"), "--table-size", "500",
		"--time", "120", "--threshold", "tps>1e12", "--store", filepath.Join(dir, "s.sqlite"))
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitIntervals(t, dir, 1)
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatal("no exit 60 s after SIGINT")
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Fatalf("exit %v, want 130; stderr: %s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "FAIL") || !strings.Contains(stderr.String(), "Recorded as run #1") {
		t.Errorf("an interrupted run still checks its thresholds and is recorded:\n%s%s", stdout.String(), stderr.String())
	}
}

// TestOutForms: --out FILE, json=FILE and csv=FILE together; the CSV has a
// header and one row per interval, warmup included and marked.
func TestOutForms(t *testing.T) {
	dir := t.TempDir()
	o := dbgaugeClean(t, dir, nil, "run", "oltp_point_select", "--db", "sqlite:"+filepath.Join(dir, "b.db"), "--table-size", "500",
		"--warmup", "1", "--time", "2", "--out", "plain.json", "--out", "json=named.json", "--out", "csv=iv.csv")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	r := readResult(t, filepath.Join(dir, "plain.json"))
	if n := readResult(t, filepath.Join(dir, "named.json")); n.StartedAt != r.StartedAt {
		t.Errorf("json=FILE and FILE differ")
	}
	rows := readCSV(t, filepath.Join(dir, "iv.csv"))
	if len(rows) != len(r.Intervals)+1 || len(r.Intervals) < 3 {
		t.Fatalf("%d CSV rows for %d intervals, want a header and one row each", len(rows), len(r.Intervals))
	}
	if got := strings.Join(rows[0][:5], ","); got != "t,dur_s,warmup,threads,tps" || !strings.Contains(strings.Join(rows[0], ","), "cpu_iowait_pct") {
		t.Errorf("header %q", rows[0])
	}
	warm := 0
	for i, iv := range r.Intervals {
		if (rows[i+1][2] == "1") != iv.Warmup {
			t.Errorf("row %d: warmup %s, interval warmup %v", i+1, rows[i+1][2], iv.Warmup)
		}
		if iv.Warmup {
			warm++
		}
	}
	if warm == 0 {
		t.Errorf("no warmup interval with --warmup 1")
	}
	for _, bad := range []struct{ out, says string }{
		{"xml=r.xml", `unknown format "xml"`},
		{"csv=", "no file"},
		{"csv=" + filepath.Join(dir, "no", "such", "iv.csv"), "--out csv"},
	} {
		o := dbgaugeClean(t, dir, nil, "run", "oltp_point_select", "--db", "sqlite:"+filepath.Join(dir, "b.db"), "--table-size", "500", "--out", bad.out)
		if o.code != 2 || !strings.Contains(o.stderr, bad.says) || strings.Count(strings.TrimSpace(o.stderr), "\n") != 0 {
			t.Errorf("--out %s: exit %d, stderr %q; want exit 2 and one line saying %q", bad.out, o.code, o.stderr, bad.says)
		}
	}
}
