package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/results"
)

// TestInterruptKeepsPartialResult: SIGINT in the middle of a run prints the
// summary, saves result.json marked interrupted with every interval, and
// exits 130.
func TestInterruptKeepsPartialResult(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(binary, "run", "oltp_point_select", "--db", "sqlite:"+filepath.Join(dir, "x.db"),
				"--time", "120", "--threads", "2", "--table-size", "1000", "--out", filepath.Join(dir, "r.json"))
			cmd.Dir = dir
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Wait, by polling the file the run appends, for two intervals.
			var jsonl string
			for i := 0; i < 600; i++ {
				files, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", "*", "intervals.jsonl"))
				if len(files) == 1 {
					b, _ := os.ReadFile(files[0])
					if strings.Count(string(b), "\n") >= 2 {
						jsonl = files[0]
						break
					}
				}
				time.Sleep(50 * time.Millisecond)
			}
			if jsonl == "" {
				cmd.Process.Kill()
				t.Fatalf("no intervals after 30 s; stderr: %s", stderr.String())
			}
			cmd.Process.Signal(sig)
			err := cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 130 {
				t.Fatalf("exit: %v, want 130; stderr: %s", err, stderr.String())
			}
			if !strings.Contains(stdout.String(), "SQL statistics:") || !strings.Contains(stdout.String(), "Interrupted") {
				t.Errorf("no summary after the interrupt:\n%s", stdout.String())
			}
			r := readResult(t, filepath.Join(dir, "r.json"))
			if !r.Interrupted || r.Totals.Transactions == 0 {
				t.Errorf("interrupted=%v transactions=%d", r.Interrupted, r.Totals.Transactions)
			}
			b, _ := os.ReadFile(jsonl)
			if n := strings.Count(string(b), "\n"); n != len(r.Intervals) {
				t.Errorf("intervals.jsonl has %d lines, result.json %d intervals", n, len(r.Intervals))
			}
			var sum int64
			for _, iv := range r.Intervals {
				sum += iv.Transactions
			}
			if sum != r.Totals.Transactions {
				t.Errorf("intervals add up to %d transactions, totals say %d", sum, r.Totals.Transactions)
			}
		})
	}
}

// TestKillLeavesIntervals: after SIGKILL, every finished interval is on disk
// and parses.
func TestKillLeavesIntervals(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(binary, "run", "oltp_point_select", "--db", "sqlite:"+filepath.Join(dir, "x.db"),
		"--time", "120", "--table-size", "1000")
	cmd.Dir = dir
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitIntervals(t, dir, 3)
	cmd.Process.Kill()
	cmd.Wait()
	files, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", "*", "intervals.jsonl"))
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) < 3 {
		t.Fatalf("%d intervals on disk after the kill, want at least 3", len(lines))
	}
	for i, l := range lines {
		var iv results.Interval
		if err := json.Unmarshal([]byte(l), &iv); err != nil || iv.DurS <= 0 {
			t.Errorf("interval %d does not parse: %q (%v)", i, l, err)
		}
	}
}
