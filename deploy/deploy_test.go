package deploy

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/session"
)

func TestWorkerEnvRoundTrip(t *testing.T) {
	t.Parallel()
	s := session.NewSpec("postgres://u:secret@h/db", "oltp_read_write")
	s.Users, s.StartAt = 8, "2026-11-24T10:00:00Z"
	env, err := Worker{Verb: VerbRun, Shards: 4, Spec: s}.Env()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(env, "secret") {
		t.Fatalf("the target is in the worker's description: %s", env)
	}
	vars := map[string]string{EnvWorker: env, EnvDB: "postgres://u:secret@h/db", EnvJobIndex: "3"}
	w, err := FromEnv(func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	if w.Spec.Shard != "3/4" || w.Spec.Target != vars[EnvDB] || w.Spec.Users != 8 || w.Spec.StartAt != s.StartAt {
		t.Errorf("worker %+v", w)
	}
	// The local index wins over the Job's.
	vars[EnvIndex] = "1"
	if w, _ := FromEnv(func(k string) string { return vars[k] }); w.Spec.Shard != "1/4" {
		t.Errorf("shard %q, want 1/4", w.Spec.Shard)
	}
	for name, bad := range map[string]map[string]string{
		"no worker":    {EnvDB: "x"},
		"no database":  {EnvWorker: env, EnvIndex: "0"},
		"index beyond": {EnvWorker: env, EnvDB: "x", EnvIndex: "4"},
		"no index":     {EnvWorker: env, EnvDB: "x"},
		"not JSON":     {EnvWorker: "{", EnvDB: "x", EnvIndex: "0"},
	} {
		if _, err := FromEnv(func(k string) string { return bad[k] }); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestStartAt(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 24, 10, 0, 0, 400e6, time.UTC)
	if got := StartAt(now, 5*time.Second, 10); got != "2026-11-24T10:00:16Z" {
		t.Errorf("StartAt = %s: after the delay and the warmup, on the next whole second", got)
	}
}

// shardOutput is what a worker prints: log lines, then its result block.
func shardOutput(t *testing.T, r *results.Result) []byte {
	var b bytes.Buffer
	b.WriteString("[ 1s ] thds: 2 tps: 10\n")
	if err := results.WriteStream(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestCollectorKeep: a shard's result is saved as it comes; a result of
// another run (another start, another shard count) or output without a
// result is refused with why; the failed shards are listed by index.
func TestCollectorKeep(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const start = "2026-11-24T10:00:16Z"
	c, err := NewCollector(dir, "kv_insert", 3, start, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	shard := func(i, n int, startAt string) *results.Result {
		return &results.Result{SchemaVersion: results.SchemaVersion, Run: results.Run{Shard: &results.Shard{Index: i, Count: n}, StartAt: startAt},
			Totals: results.Totals{Transactions: int64(100 + i)}}
	}
	if o := c.Keep(0, shardOutput(t, shard(0, 3, start)), nil); o.Result == nil || o.Err != nil {
		t.Fatalf("shard 0: %+v", o)
	}
	if _, err := os.Stat(filepath.Join(c.Dir, "shard-0", "result.json")); err != nil {
		t.Errorf("shard 0's result.json was not saved: %v", err)
	}
	if o := c.Keep(1, shardOutput(t, shard(1, 3, "2026-11-24T09:00:00Z")), nil); o.Result != nil || !strings.Contains(o.Err.Error(), "another run's") {
		t.Errorf("another run's shard: %+v", o)
	}
	if o := c.Keep(2, shardOutput(t, shard(2, 4, start)), nil); o.Result != nil || !strings.Contains(o.Err.Error(), "of 4") {
		t.Errorf("a shard of 4: %+v", o)
	}
	exit := &ExitError{Code: 4, Line: "dbgauge: aborted"}
	if o := c.Keep(2, []byte("dbgauge: aborted\n"), exit); o.Result != nil || !errors.Is(o.Err, exit) {
		t.Errorf("a failed shard: %+v", o)
	}
	failed := c.Failed()
	if len(failed) != 2 || failed[0].Index != 1 || failed[1].Index != 2 {
		t.Errorf("failed %+v", failed)
	}
	if b, _ := os.ReadFile(filepath.Join(c.Dir, "shard-2", "output.log")); string(b) != "dbgauge: aborted\n" {
		t.Errorf("shard 2's output.log: %q (the latest output is kept)", b)
	}
}

func TestLastLine(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	b.WriteString("line one\ndbgauge: the error\n")
	results.WriteStream(&b, &results.Result{})
	if got := LastLine(b.Bytes()); got != "dbgauge: the error" {
		t.Errorf("LastLine = %q: the result block is not a line of the output", got)
	}
}

// TestWorkerFiles: a pod gets the workload files of the launcher's machine
// (a Lua script and the modules beside it) and runs its own copies.
func TestWorkerFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "mine.lua"), []byte(`require("common")`), 0o644)
	os.WriteFile(filepath.Join(dir, "common.lua"), []byte(`x = 1`), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte(`not a module`), 0o644)
	files, err := FilesFor(filepath.Join(dir, "mine.lua"))
	if err != nil || len(files) != 2 || files["common.lua"] != "x = 1" {
		t.Fatalf("files %v, %v", files, err)
	}
	s := session.NewSpec("", filepath.Join(dir, "mine.lua"))
	env, _ := Worker{Verb: VerbRun, Shards: 1, Spec: s, Files: files}.Env()
	w, err := FromEnv(func(k string) string { return map[string]string{EnvWorker: env, EnvDB: "sqlite:x"}[k] })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(filepath.Dir(w.Spec.Workload)) })
	if filepath.Dir(w.Spec.Workload) == dir || filepath.Base(w.Spec.Workload) != "mine.lua" {
		t.Errorf("the worker runs %s, not its own copy", w.Spec.Workload)
	}
	if b, _ := os.ReadFile(filepath.Join(filepath.Dir(w.Spec.Workload), "common.lua")); string(b) != "x = 1" {
		t.Errorf("common.lua beside the copy: %q", b)
	}
	bad, _ := Worker{Verb: VerbRun, Spec: s, Files: map[string]string{"../evil.lua": "x"}}.Env()
	if _, err := FromEnv(func(k string) string { return map[string]string{EnvWorker: bad, EnvDB: "sqlite:x"}[k] }); err == nil {
		t.Error("a file name with a path was written")
	}
}
