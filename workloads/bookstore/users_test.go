package bookstore

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/dbgauge/dbgauge/workloads/internal/fixture"
)

// TestTenThousandUsers runs the binary with 10,000 emulated browsers on
// SQLite, thinking TPC-W's negative-exponential time at a 20 s mean, over
// the workload's default pool: 100 connections, every interaction
// completing without error, the users thinking, the pool's waits reported,
// and the client's peak RSS (the kernel's) under 600 MB: 50 KB a user plus
// the process's own 100 MB (SQLite's page caches, in the client here,
// included).
func TestTenThousandUsers(t *testing.T) {
	t.Parallel()
	bin, err := fixture.Binary()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "users.sqlite")
	if o := dbgauge(t, dir, append([]string{"prepare", "bookstore", "--db", url}, fixtureOptions()...)...); o.Code != 0 {
		t.Fatalf("prepare: exit %d\n%s%s", o.Code, o.Stdout, o.Stderr)
	}
	args := append([]string{"run", "bookstore", "--db", url, "--users", "10000", "--think", "exp:20s", "--ramp", "3",
		"--warmup", "3", "--time", "6", "--out", "r.json", "--no-monitor"}, fixtureOptions()...)
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "DBGAUGE_DB=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("run: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	maxRSS := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // KB on Linux
	t.Logf("10,000 users: client peak RSS %d KB", maxRSS)
	if maxRSS == 0 || maxRSS > 600*1024 {
		t.Errorf("client peak RSS %d KB, want (0, 600 MB]", maxRSS)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "r.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Run    struct{ Threads, Connections int }
		Totals struct {
			Transactions, Errors int64
			PoolWait             *struct{ Count int64 } `json:"pool_wait_ms"`
			Waits                *struct {
				ThinkCount  int64   `json:"think_count"`
				ThinkMeanMs float64 `json:"think_mean_ms"`
			}
		}
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	if r.Run.Threads != 10000 || r.Run.Connections != 100 {
		t.Errorf("%d users over %d connections, want 10,000 over the default pool of 100", r.Run.Threads, r.Run.Connections)
	}
	// 10,000 users thinking 20 s on average: about 500 interactions/s.
	if r.Totals.Transactions < 600 || r.Totals.Errors != 0 {
		t.Errorf("%d interactions, %d errors in 6 s of 10,000 users", r.Totals.Transactions, r.Totals.Errors)
	}
	// Every user thinks: the thinks that end within a run this short are
	// the short ones of the distribution (a user's long first think is
	// still going), so their mean is not the 20 s asked; only that they
	// happened, under the 200 s cap, is checked here (Little's law over
	// long runs: scripts/perf/users.sh, the soak).
	if w := r.Totals.Waits; w == nil || w.ThinkCount < 100 || w.ThinkMeanMs <= 0 || w.ThinkMeanMs > 200000 {
		t.Errorf("think times %+v, want thinks of 10,000 users", w)
	}
	if r.Totals.PoolWait == nil || r.Totals.PoolWait.Count == 0 {
		t.Error("no pool wait reported for 10,000 users over 100 connections")
	}
	if !strings.Contains(stdout.String(), "Connection pool (10000 users over 100 connections") {
		t.Errorf("the summary does not report the pool:\n%s", stdout.String())
	}
}
