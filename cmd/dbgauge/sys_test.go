package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sysResult is the result.json of the only run in dir's results folder.
func sysResult(t *testing.T, dir string) string {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", "*-sys-*", "result.json"))
	if len(matches) != 1 {
		t.Fatalf("%d results in %s, want 1", len(matches), dir)
	}
	return matches[0]
}

// TestSysBadInput: bad sys command lines give one line on stderr and exit 2.
func TestSysBadInput(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "test_file.0"), []byte("sysbench's"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"sys"}, "needs a test"},
		{[]string{"sys", "disk"}, "unknown command"},
		{[]string{"sys", "cpu", "prepare"}, "has no command"},
		{[]string{"sys", "cpu", "run", "now"}, "one command"},
		{[]string{"sys", "cpu", "--cpu-max-prime", "0"}, "--cpu-max-prime"},
		{[]string{"sys", "cpu", "--cpu-max-prime", "many"}, "--cpu-max-prime"},
		{[]string{"sys", "cpu", "--threads", "0"}, "--threads"},
		{[]string{"sys", "cpu", "--time", "-1"}, "--time"},
		{[]string{"sys", "cpu", "--time", "0"}, "never end"},
		{[]string{"sys", "cpu", "--memory-oper", "read"}, "unknown flag"},
		{[]string{"sys", "memory", "--memory-block-size", "1000"}, "power of 2"},
		{[]string{"sys", "memory", "--memory-block-size", "1X"}, "--memory-block-size"},
		{[]string{"sys", "memory", "--memory-oper", "copy"}, "--memory-oper"},
		{[]string{"sys", "memory", "--memory-access-mode", "stride"}, "--memory-access-mode"},
		{[]string{"sys", "memory", "--memory-total-size", "1K", "--threads", "2"}, "less than one block"},
		{[]string{"sys", "memory", "--memory-total-size", "0", "--time", "0"}, "never end"},
		{[]string{"sys", "fileio", "run"}, "--file-test-mode"},
		{[]string{"sys", "fileio", "frob"}, "has no command"},
		{[]string{"sys", "fileio", "run", "--file-test-mode", "rndrx"}, "--file-test-mode"},
		{[]string{"sys", "fileio", "run", "--file-test-mode", "rndrd", "--file-io-mode", "async"}, "synchronous"},
		{[]string{"sys", "fileio", "prepare", "--file-extra-flags", "odirect"}, "--file-extra-flags"},
		{[]string{"sys", "fileio", "prepare", "--file-num", "0"}, "--file-num"},
		{[]string{"sys", "fileio", "prepare", "--file-total-size", "100M", "--file-num", "3"}, "whole number"},
		{[]string{"sys", "fileio", "run", "--file-test-mode", "rndrw", "--file-rw-ratio", "-2"}, "--file-rw-ratio"},
		{[]string{"sys", "fileio", "run", "--file-test-mode", "rndwr", "--file-fsync-mode", "never"}, "--file-fsync-mode"},
		{[]string{"sys", "fileio", "run", "--file-test-mode", "rndwr", "--file-fsync-all=maybe"}, "--file-fsync-all"},
		{[]string{"sys", "fileio", "prepare", "--file-total-size", "1M", "--file-num", "2"}, "not made by dbgauge"},
		{[]string{"sys", "fileio", "run", "--file-test-mode", "rndrd", "--file-total-size", "1M", "--file-num", "2"}, "not made by dbgauge"},
		{[]string{"sys", "fileio", "run", "--file-test-mode", "rndrd", "--file-dir", "sub", "--file-total-size", "1M", "--file-num", "4", "--no-prepare"}, "--no-prepare"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			o := dbgauge(t, dir, tc.args...)
			if o.code != 2 {
				t.Errorf("exit %d, want 2; stderr: %s", o.code, o.stderr)
			}
			lines := strings.Split(strings.TrimSpace(o.stderr), "\n")
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "dbgauge: ") || !strings.Contains(lines[0], tc.says) {
				t.Errorf("stderr %q is not one line saying %q", o.stderr, tc.says)
			}
		})
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "test_file.0")); string(b) != "sysbench's" {
		t.Errorf("a test file dbgauge did not make was changed: %q", b)
	}
}

// TestSysCPU: events are counted as sysbench counts them, and the summary
// has sysbench's CPU section.
func TestSysCPU(t *testing.T) {
	dir := t.TempDir()
	o := dbgauge(t, dir, "sys", "cpu", "--events", "120", "--threads", "2", "--cpu-max-prime", "2000", "--no-monitor")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	if !regexp.MustCompile(`(?m)^Prime numbers limit: 2000$`).MatchString(o.stdout) ||
		!regexp.MustCompile(`(?m)^CPU speed:\n    events per second: +[0-9]+\.[0-9]{2}\n\nGeneral statistics:\n`).MatchString(o.stdout) ||
		!regexp.MustCompile(`(?m)^    total number of events: +120$`).MatchString(o.stdout) {
		t.Errorf("summary:\n%s", o.stdout)
	}
	r := readResult(t, sysResult(t, dir))
	if r.Totals.Transactions != 120 || r.Sys == nil || r.Sys.Test != "cpu" || r.Sys.EventsPerSec <= 0 {
		t.Errorf("result: %d events, sys %+v", r.Totals.Transactions, r.Sys)
	}
	if r.Workload.Options["cpu-max-prime"] != "2000" || r.Target.Driver != "none" || r.Fairness.EventsAvg != 60 {
		t.Errorf("result: options %v, target %+v, fairness %+v", r.Workload.Options, r.Target, r.Fairness)
	}
}

// TestSysMemory: memory-total-size limits the events as in sysbench (each
// of 3 threads runs 1 MiB / 1 KiB / 3 = 341), and each event moves one block.
func TestSysMemory(t *testing.T) {
	dir := t.TempDir()
	o := dbgauge(t, dir, "sys", "memory", "--memory-total-size", "1M", "--threads", "3", "--time", "0",
		"--memory-scope", "local", "--no-monitor")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	if !regexp.MustCompile(`(?m)^Total operations: 1023 \( *[0-9.]+ per second\)\n\n1\.00 MiB transferred \([0-9.]+ MiB/sec\)\n\n\nGeneral statistics:\n`).MatchString(o.stdout) {
		t.Errorf("summary:\n%s", o.stdout)
	}
	r := readResult(t, sysResult(t, dir))
	s := r.Sys
	if r.Totals.Transactions != 1023 || s.Operations != 1023 || s.MiBTransferred != 1023.0/1024 || s.BlockSize != 1024 {
		t.Errorf("result: %d events, sys %+v", r.Totals.Transactions, s)
	}
	if r.Fairness.EventsAvg != 341 || r.Fairness.EventsStddev != 0 {
		t.Errorf("fairness %+v, want 341 events per thread", r.Fairness)
	}
	// --events lower than the test's own limit wins.
	dir = t.TempDir()
	if o := dbgauge(t, dir, "sys", "memory", "--memory-block-size", "8K", "--events", "500", "--no-monitor"); o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	if r := readResult(t, sysResult(t, dir)); r.Totals.Transactions != 500 || r.Sys.MiBTransferred != 500*8.0/1024 {
		t.Errorf("--events 500 of 8K: %d events, %g MiB", r.Totals.Transactions, r.Sys.MiBTransferred)
	}
}

// TestSysFileIO: prepare, run in two modes and cleanup in a directory that
// also holds somebody else's files, which survive.
func TestSysFileIO(t *testing.T) {
	dir := t.TempDir()
	files := filepath.Join(dir, "files")
	if err := os.MkdirAll(files, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(files, "precious.db"), []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	common := []string{"--file-dir", files, "--file-num", "4", "--file-total-size", "1M", "--file-block-size", "4K", "--no-monitor"}
	o := dbgauge(t, dir, append([]string{"sys", "fileio", "prepare"}, common...)...)
	if o.code != 0 || !strings.Contains(o.stdout, "Creating file test_file.3") || !strings.Contains(o.stdout, "1048576 bytes written") {
		t.Fatalf("prepare: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
	for i := range 4 {
		if fi, err := os.Stat(filepath.Join(files, "test_file."+string(rune('0'+i)))); err != nil || fi.Size() != 256<<10 {
			t.Errorf("test_file.%d: %v", i, err)
		}
	}
	o = dbgauge(t, dir, append([]string{"sys", "fileio", "run", "--file-test-mode", "rndrw", "--events", "1000", "--file-fsync-freq", "50"}, common...)...)
	if o.code != 0 {
		t.Fatalf("run: exit %d: %s", o.code, o.stderr)
	}
	if !regexp.MustCompile(`\nFile operations:\n    reads/s: +[0-9.]+\n    writes/s: +[0-9.]+\n    fsyncs/s: +[0-9.]+\n\nThroughput:\n    read, MiB/s: +[0-9.]+\n    written, MiB/s: +[0-9.]+\n\nGeneral statistics:\n`).MatchString(o.stdout) {
		t.Errorf("summary:\n%s", o.stdout)
	}
	r := readResult(t, sysResult(t, dir))
	reads, writes, fsyncs := r.Ops["read"].Count, r.Ops["write"].Count, r.Ops["fsync"].Count
	// One thread: 50 requests, then 4 fsyncs, ..., then 4 at the end.
	if reads+writes+fsyncs-4 != 1000 || fsyncs != 18*4+4 || reads < 555 || reads > 560 {
		t.Errorf("reads/writes/fsyncs %d/%d/%d", reads, writes, fsyncs)
	}
	if r.Sys.BytesRead != reads*4096 || r.Sys.BytesWritten != writes*4096 || r.Target.URL != files {
		t.Errorf("sys %+v, target %+v", r.Sys, r.Target)
	}
	o = dbgauge(t, dir, "sys", "fileio", "cleanup", "--file-dir", files)
	if o.code != 0 {
		t.Fatalf("cleanup: exit %d: %s", o.code, o.stderr)
	}
	entries, _ := os.ReadDir(files)
	if len(entries) != 1 || entries[0].Name() != "precious.db" {
		t.Errorf("after cleanup the directory holds %v, want precious.db only", entries)
	}
}

// TestSysThreshold: a sys test's --threshold is checked like a run's: a
// failed one exits 5 with its section printed and saved in result.json,
// a met one exits 0.
func TestSysThreshold(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		expr string
		code int
	}{{"tps>1e12", 5}, {"tps>0", 0}} {
		dir := t.TempDir()
		o := dbgauge(t, dir, "sys", "cpu", "--events", "50", "--cpu-max-prime", "1000", "--no-monitor", "--threshold", c.expr)
		if o.code != c.code {
			t.Fatalf("--threshold %s: exit %d, want %d: %s", c.expr, o.code, c.code, o.stderr)
		}
		r := readResult(t, sysResult(t, dir))
		if len(r.Thresholds) != 1 || r.Thresholds[0].Pass != (c.code == 0) {
			t.Errorf("--threshold %s: result.json thresholds %+v", c.expr, r.Thresholds)
		}
	}
}
