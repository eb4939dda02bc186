package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer read while the process writes it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// interruptLaunch starts a launch (run --shards or k8s run), sends SIGINT
// once shard 0 has printed its second interval line, and checks what a run
// does on Ctrl-C: exit 130, and a merged result of every shard, marked
// interrupted, saved.
func interruptLaunch(t *testing.T, dir string, shards []int, args ...string) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "DBGAUGE_DB=")
	var stdout, stderr lockedBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for !strings.Contains(stdout.String(), "[ 2s ] thds: ") {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no second merged interval line in 60 s:\n%s\n%s", stdout.String(), stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Fatalf("exit %v, want 130:\n%s", err, stderr.String())
	}
	merged, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", "*-merged", "result.json"))
	if len(merged) != 1 {
		t.Fatalf("merged results %v:\n%s", merged, stderr.String())
	}
	m := readResult(t, merged[0])
	if !m.Interrupted || m.Totals.Transactions == 0 || !slices.Equal(m.Run.Shard.Merged, shards) {
		t.Errorf("merged: interrupted %v, %d transactions, shards %v (want %v)\n%s", m.Interrupted, m.Totals.Transactions, m.Run.Shard.Merged, shards, stderr.String())
	}
	if !strings.Contains(stdout.String(), "SQL statistics:") {
		t.Errorf("no merged summary after the interrupt:\n%s", stdout.String())
	}
}

// TestLocalShardsInterrupt: Ctrl-C reaches each shard once (they run in
// process groups of their own); each saves its partial result, and the
// launcher merges them.
func TestLocalShardsInterrupt(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	interruptLaunch(t, dir, []int{0, 1}, "run", "oltp_point_select", "--db", "sqlite:"+filepath.Join(dir, "x.db"),
		"--shards", "2", "--threads", "2", "--time", "120", "--table-size", "1000", "--start-delay", "2s", "--no-monitor")
}

// TestK8sInterrupt: Ctrl-C suspends the Job; the job controller deletes its
// pods, each shard gets SIGTERM and prints its partial result, which the
// launcher still reads from the log and merges.
func TestK8sInterrupt(t *testing.T) {
	url := k8sTarget(t)
	c := newK8sCluster(t, "intr", "", nil)
	prepareKV(t, c, url)
	interruptLaunch(t, c.dir, []int{0, 1, 2}, "k8s", "run", "kv_insert", "--db", url, "--kubeconfig", c.kubeconfig, "--namespace", c.ns,
		"--image", "registry.invalid/dbgauge:test", "--shards", "3", "--threads", "3", "--time", "120",
		"--record-count", "300", "--start-delay", "8s", "--no-monitor")
}
