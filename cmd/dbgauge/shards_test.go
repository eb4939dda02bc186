package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/testenv"
)

// TestLocalShards is `run --shards 4`: four worker processes of the binary
// from one common start, on SQLite and PostgreSQL. Each shard's result.json
// is kept in the launch's shards folder, and the merged result holds all
// four, with transactions equal to the shards' sum. kv_insert's shards
// insert disjoint keys: the table grows by exactly the merged inserts, with
// no duplicate-key error or retry.
func TestLocalShards(t *testing.T) {
	tg := testenv.URLs(t, map[string]string{"postgres": "DBGAUGE_TEST_POSTGRES"})
	tg["sqlite"] = "sqlite:" + filepath.Join(t.TempDir(), "shards.sqlite")
	for name, url := range tg {
		for _, w := range []string{"oltp_read_write", "kv_insert"} {
			t.Run(name+"/"+w, func(t *testing.T) { localShards(t, url, w) })
		}
	}
}

func localShards(t *testing.T, url, w string) {
	dir := t.TempDir()
	size := []string{"--table-size", "2000"}
	if w == "kv_insert" {
		size = []string{"--record-count", "500"}
	}
	if o := dbgauge(t, dir, append([]string{"prepare", w, "--db", url}, size...)...); o.code != 0 {
		t.Fatalf("prepare: exit %d: %s", o.code, o.stderr)
	}
	t.Cleanup(func() { dbgauge(t, dir, "cleanup", w, "--db", url) })
	o := dbgauge(t, dir, append([]string{"run", w, "--db", url, "--shards", "4", "--threads", "8", "--time", "3",
		"--start-delay", "3s", "--no-monitor", "--seed", "5"}, size...)...)
	if o.code != 0 {
		t.Fatalf("run --shards 4: exit %d\n%s\n%s", o.code, o.stdout, o.stderr)
	}
	// The interval lines as they came are the four shards' merged: all
	// eight users.
	if !strings.Contains(o.stdout, "] thds: 8 tps: ") {
		t.Errorf("no merged interval line for the 8 users:\n%s", o.stdout)
	}
	if !strings.Contains(o.stderr, "Merged shards 0, 1, 2, 3 of 4") {
		t.Errorf("stderr does not say the four shards were merged:\n%s", o.stderr)
	}
	shardDirs, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", w+"-shards-*", "shard-*"))
	merged, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", "*-"+w+"-merged", "result.json"))
	if len(shardDirs) != 4 || len(merged) != 1 {
		t.Fatalf("shard folders %v, merged %v", shardDirs, merged)
	}
	m := readResult(t, merged[0])
	var sum int64
	var sumOps results.Queries
	for i := range 4 {
		r := readResult(t, filepath.Join(filepath.Dir(shardDirs[0]), fmt.Sprintf("shard-%d", i), "result.json"))
		if r.Run.Shard == nil || r.Run.Shard.Index != i || r.Run.Shard.Count != 4 || r.Run.StartAt != m.Run.StartAt {
			t.Fatalf("shard %d: run.shard %+v start %s (merged start %s)", i, r.Run.Shard, r.Run.StartAt, m.Run.StartAt)
		}
		if r.Totals.Transactions == 0 {
			t.Errorf("shard %d ran no transaction", i)
		}
		sum += r.Totals.Transactions
		sumOps.Read += r.Totals.Queries.Read
		sumOps.Write += r.Totals.Queries.Write
		sumOps.Other += r.Totals.Queries.Other
		sumOps.Total += r.Totals.Queries.Total
	}
	if m.Totals.Transactions != sum || m.Totals.Queries != sumOps {
		t.Errorf("merged %d transactions, %d queries; the shards' sums %d, %d", m.Totals.Transactions, m.Totals.Queries, sum, sumOps)
	}
	if sh := m.Run.Shard; sh == nil || !slices.Equal(sh.Merged, []int{0, 1, 2, 3}) || m.Run.Threads != 8 {
		t.Errorf("merged run.shard %+v, threads %d", m.Run.Shard, m.Run.Threads)
	}
	if m.Totals.Errors != 0 {
		t.Errorf("%d failed transactions", m.Totals.Errors)
	}
	if w == "kv_insert" {
		// oltp_read_write's deadlocks are retried as in one process;
		// kv_insert's new keys are dealt over the shards and never collide.
		if m.Totals.IgnoredErrors != 0 {
			t.Errorf("%d retried errors (%v): the shards' keys collided", m.Totals.IgnoredErrors, m.Totals.IgnoredByClass)
		}
		n, err := sqlConn(t, url).QueryStrings(t.Context(), "SELECT COUNT(*) FROM usertable")
		if err != nil {
			t.Fatal(err)
		}
		got, _ := strconv.ParseInt(n[0][0], 10, 64)
		if want := 500 + m.Totals.Queries.Write; got != want {
			t.Errorf("usertable holds %d rows; 500 prepared + %d inserted = %d", got, m.Totals.Queries.Write, want)
		}
	}
}

// TestLocalShardsOfAFile: a workload file runs as shards too; the shards'
// and the merged folders take the name inside the file, not its path.
func TestLocalShardsOfAFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file, err := filepath.Abs(filepath.Join("..", "..", "examples", "workloads", "shop.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	o := dbgauge(t, dir, "run", file, "--db", "sqlite:"+filepath.Join(dir, "shop.db"), "--shards", "2", "--users", "2",
		"--time", "2", "--start-delay", "3s", "--no-monitor", "--customers", "200")
	if o.code != 0 {
		t.Fatalf("exit %d\n%s", o.code, o.stderr)
	}
	merged, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", "*-shop-merged", "result.json"))
	shards, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", "shop-shards-*", "shard-1", "result.json"))
	if len(merged) != 1 || len(shards) != 1 {
		t.Fatalf("merged %v, shards %v", merged, shards)
	}
	if m := readResult(t, merged[0]); m.Totals.Transactions == 0 || len(m.Run.Shard.Merged) != 2 {
		t.Errorf("merged %d transactions of shards %v", m.Totals.Transactions, m.Run.Shard.Merged)
	}
}

// TestWorkerLate: a shard started after the common start exits 7, which the
// Kubernetes Job never retries (a retry would be later still).
func TestWorkerLate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w := `{"verb":"run","shards":2,"spec":{"workload":"oltp_point_select","users":2,"time_s":2,"arrival":"poisson","start_at":"2020-01-01T00:00:00Z","report_interval_s":1,"percentile":95,"prepare":"never"}}`
	o := dbgaugeEnv(t, dir, []string{"DBGAUGE_WORKER=" + w, "DBGAUGE_DB=sqlite:" + filepath.Join(dir, "x.db"), "DBGAUGE_SHARD_INDEX=1"}, "worker")
	if o.code != 7 || !strings.Contains(o.stderr, "is in the past") {
		t.Errorf("exit %d (want 7): %s", o.code, o.stderr)
	}
}
