package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/results"
)

// TestShardsMerge is the acceptance line: two shards of
// oltp_insert --auto-inc=off, started together (--start-at) on one
// database, insert disjoint ids, each exactly the ids its part of the
// unique sequence holds, as many as it counted; `dbgauge merge` of the
// two is the sum of their counts and the merge of their histograms,
// interval by interval. On SQLite always, on PostgreSQL and MariaDB when
// their servers are up.
func TestShardsMerge(t *testing.T) {
	for name, url := range targets(t) {
		t.Run(name, func(t *testing.T) { shardsMerge(t, url) })
	}
}

func shardsMerge(t *testing.T, url string) {
	dir := t.TempDir()
	const seed = 11
	dbgauge(t, dir, "cleanup", "oltp_insert", "--db", url)
	if o := dbgauge(t, dir, "prepare", "oltp_insert", "--db", url, "--auto-inc=off", "--seed", strconv.Itoa(seed)); o.code != 0 {
		t.Fatalf("prepare: %s", o.stderr)
	}
	t.Cleanup(func() { dbgauge(t, dir, "cleanup", "oltp_insert", "--db", url) })
	// Both shards count the (empty) table while the common start is still
	// ahead, so each draws its part of the sequence from its beginning.
	start := time.Now().Add(5 * time.Second).UTC().Format(time.RFC3339)
	outs := make([]outcome, 2)
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Go(func() {
			outs[i] = runQuietly(dir, "run", "oltp_insert", "--db", url, "--auto-inc=off", "--threads", "4", "--time", "3",
				"--seed", strconv.Itoa(seed), "--shard", fmt.Sprintf("%d/2", i), "--start-at", start,
				"--results-dir", fmt.Sprintf("shard%d", i), "--no-monitor")
		})
	}
	wg.Wait()
	var shards []*results.Result
	var folders []string
	for i, o := range outs {
		if o.code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, o.code, o.stderr)
		}
		found, _ := filepath.Glob(filepath.Join(dir, fmt.Sprintf("shard%d", i), "*-oltp_insert"))
		if len(found) != 1 {
			t.Fatalf("shard %d folders: %v", i, found)
		}
		r := readResult(t, filepath.Join(found[0], "result.json"))
		if r.Run.Shard == nil || r.Run.Shard.Index != i || r.Run.Shard.Count != 2 || r.Totals.Errors != 0 || r.Totals.Transactions == 0 {
			t.Fatalf("shard %d: run.shard %+v, %d transactions, %d errors", i, r.Run.Shard, r.Totals.Transactions, r.Totals.Errors)
		}
		shards, folders = append(shards, r), append(folders, found[0])
	}
	checkDisjointIDs(t, url, seed, shards)

	// One shard by its folder, the other by its result.json.
	o := dbgauge(t, dir, "merge", folders[0], filepath.Join(folders[1], "result.json"), "--results-dir", "merged")
	if o.code != 0 {
		t.Fatalf("merge: exit %d: %s", o.code, o.stderr)
	}
	found, _ := filepath.Glob(filepath.Join(dir, "merged", "*-oltp_insert-merged"))
	if len(found) != 1 {
		t.Fatalf("merged folders: %v", found)
	}
	for _, f := range []string{"result.json", "intervals.jsonl", "summary.txt", "report.md", "report.html"} {
		if _, err := os.Stat(filepath.Join(found[0], f)); err != nil {
			t.Errorf("the merged folder lacks %s", f)
		}
	}
	m := readResult(t, filepath.Join(found[0], "result.json"))
	checkMerged(t, m, shards[0], shards[1])
	if want := fmt.Sprintf("transactions:                        %d", m.Totals.Transactions); !strings.Contains(o.stdout, want) {
		t.Errorf("merge printed no summary with %q:\n%s", want, o.stdout)
	}
	lines, _ := os.ReadFile(filepath.Join(found[0], "intervals.jsonl"))
	var ivs []results.Interval
	for _, l := range bytes.Split(bytes.TrimSpace(lines), []byte("\n")) {
		var iv results.Interval
		if err := json.Unmarshal(l, &iv); err != nil {
			t.Fatal(err)
		}
		ivs = append(ivs, iv)
	}
	if len(ivs) != len(m.Intervals) || len(ivs) == 0 || ivs[len(ivs)-1].Transactions != m.Intervals[len(ivs)-1].Transactions {
		t.Errorf("intervals.jsonl has %d intervals, result.json %d", len(ivs), len(m.Intervals))
	}
}

// checkDisjointIDs: the table holds exactly the ids of both shards'
// parts of the unique sequence, as many as each counted, none twice.
func checkDisjointIDs(t *testing.T, url string, seed uint64, shards []*results.Result) {
	t.Helper()
	rows, err := sqlConn(t, url).QueryStrings(context.Background(), "SELECT id FROM sbtest1")
	if err != nil {
		t.Fatal(err)
	}
	inDB := map[int64]bool{}
	for _, r := range rows {
		id, _ := strconv.ParseInt(r[0], 10, 64)
		inDB[id] = true
	}
	n0, n1 := shards[0].Totals.Transactions, shards[1].Totals.Transactions
	if int64(len(rows)) != n0+n1 || len(inDB) != len(rows) {
		t.Fatalf("%d rows, %d distinct ids; the shards inserted %d + %d", len(rows), len(inDB), n0, n1)
	}
	owner := map[int64]int{}
	for i, r := range shards {
		u := randgen.NewUniqueShard(seed, 0, i, 2)
		for range r.Totals.Transactions {
			id := int64(u.Next()) - 2147483648
			if j, ok := owner[id]; ok {
				t.Fatalf("id %d is in the sequences of shard %d and shard %d", id, j, i)
			}
			owner[id] = i
			if !inDB[id] {
				t.Fatalf("shard %d's id %d is not in the table", i, id)
			}
		}
	}
	if len(owner) != len(inDB) {
		t.Errorf("the table holds %d ids, the shards' sequences %d", len(inDB), len(owner))
	}
}

// checkMerged: counts sum, histograms are the HDR merge of the shards',
// intervals merge index by index.
func checkMerged(t *testing.T, m, a, b *results.Result) {
	t.Helper()
	if sh := m.Run.Shard; sh == nil || sh.Count != 2 || !slices.Equal(sh.Merged, []int{0, 1}) {
		t.Errorf("run.shard %+v, want merged [0 1] of 2", sh)
	}
	ta, tb, tm := a.Totals, b.Totals, m.Totals
	if tm.Transactions != ta.Transactions+tb.Transactions || tm.Queries != (results.Queries{Write: ta.Queries.Write + tb.Queries.Write, Total: ta.Queries.Total + tb.Queries.Total}) ||
		tm.IgnoredErrors != ta.IgnoredErrors+tb.IgnoredErrors || tm.Errors != 0 {
		t.Errorf("merged totals %+v, shards %+v and %+v", tm, ta, tb)
	}
	if got := m.Ops["insert"].Count; got != a.Ops["insert"].Count+b.Ops["insert"].Count {
		t.Errorf("inserts %d, want %d + %d", got, a.Ops["insert"].Count, b.Ops["insert"].Count)
	}
	if got := tm.Statements["insert"]; got != ta.Statements["insert"]+tb.Statements["insert"] || got != m.Ops["insert"].Count {
		t.Errorf("inserts by verb %d, want %d + %d, the insert statements' count", got, ta.Statements["insert"], tb.Statements["insert"])
	}
	if got := m.Transactions["oltp_insert"].Count; got != tm.Transactions {
		t.Errorf("transaction type count %d, want %d", got, tm.Transactions)
	}
	sameMerge(t, "transactions", m.Histogram, a.Histogram, b.Histogram)
	sameMerge(t, "insert", m.OpHistograms["insert"], a.OpHistograms["insert"], b.OpHistograms["insert"])
	sameMerge(t, "oltp_insert", m.TxnHistograms["oltp_insert"], a.TxnHistograms["oltp_insert"], b.TxnHistograms["oltp_insert"])
	if m.Latency.Max != max(a.Latency.Max, b.Latency.Max) || m.Latency.Min != min(a.Latency.Min, b.Latency.Min) {
		t.Errorf("latency min/max %g/%g, shards %g/%g and %g/%g", m.Latency.Min, m.Latency.Max, a.Latency.Min, a.Latency.Max, b.Latency.Min, b.Latency.Max)
	}
	// No warmup: interval k of the merge is interval k of each shard that has one.
	if n := max(len(a.Intervals), len(b.Intervals)); len(m.Intervals) != n || n < 3 {
		t.Fatalf("%d merged intervals, shards have %d and %d", len(m.Intervals), len(a.Intervals), len(b.Intervals))
	}
	for k, iv := range m.Intervals {
		var tx, inserts int64
		var dur float64
		var hs [][]byte
		for _, s := range []*results.Result{a, b} {
			if k < len(s.Intervals) {
				tx += s.Intervals[k].Transactions
				inserts += s.Intervals[k].Counts.Statements["insert"]
				dur = max(dur, s.Intervals[k].DurS)
				hs = append(hs, s.Intervals[k].Hist)
			}
		}
		if iv.Transactions != tx || iv.Shards != len(hs) || iv.DurS != dur {
			t.Errorf("interval %d: %d transactions of %d shards over %gs, want %d of %d over %gs", k, iv.Transactions, iv.Shards, iv.DurS, tx, len(hs), dur)
		}
		if want := float64(tx) / dur; iv.TPS < want*(1-1e-9) || iv.TPS > want*(1+1e-9) {
			t.Errorf("interval %d: tps %g, want %g", k, iv.TPS, want)
		}
		if iv.Counts.Statements["insert"] != inserts {
			t.Errorf("interval %d: %d inserts by verb, want %d", k, iv.Counts.Statements["insert"], inserts)
		}
		sameMerge(t, fmt.Sprintf("interval %d", k), iv.Hist, hs...)
	}
}

// sameMerge fails unless merged is, bucket by bucket, the HDR merge of
// the shards' histograms.
func sameMerge(t *testing.T, what string, merged []byte, shards ...[]byte) {
	t.Helper()
	want := hist.New()
	for _, s := range shards {
		if len(s) == 0 {
			continue
		}
		h, err := hist.Decode(s)
		if err != nil {
			t.Fatal(err)
		}
		want.Merge(h)
	}
	got, err := hist.Decode(merged)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	bucketsOf := func(h interface {
		ForEachBucket(func(v, c int64) bool)
	}) map[int64]int64 {
		m := map[int64]int64{}
		h.ForEachBucket(func(v, c int64) bool { m[v] += c; return true })
		return m
	}
	if got.TotalCount() != want.TotalCount() || got.TotalCount() == 0 || !maps.Equal(bucketsOf(got), bucketsOf(want)) {
		t.Errorf("%s: the merged histogram (%d values) is not the HDR merge of the shards' (%d values)", what, got.TotalCount(), want.TotalCount())
	}
}

// runQuietly runs the binary in dir without a *testing.T, for runs started
// together from several goroutines.
func runQuietly(dir string, args ...string) outcome {
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "DBGAUGE_DB=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	o := outcome{stdout: stdout.String(), stderr: stderr.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		o.code = ee.ExitCode()
	} else if err != nil {
		o.code, o.stderr = -1, err.Error()
	}
	return o
}
