package main

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// TestMergeBadInput: merge of results that are not shards of one run, or
// that cannot be read, is one line on stderr and exit 2, never a stack
// trace; merge never writes into its inputs, and a refused merge writes
// nothing at all.
func TestMergeBadInput(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "bench.sqlite")
	if o := dbgauge(t, dir, "prepare", "oltp_point_select", "--db", db, "--table-size", "500"); o.code != 0 {
		t.Fatalf("prepare: %s", o.stderr)
	}
	var folders []string
	for i := range 2 {
		o := dbgauge(t, dir, "run", "oltp_point_select", "--db", db, "--table-size", "500", "--threads", "2", "--time", "1",
			"--shard", fmt.Sprintf("%d/2", i), "--results-dir", fmt.Sprintf("shard%d", i), "--no-monitor")
		if o.code != 0 {
			t.Fatalf("shard %d: %s", i, o.stderr)
		}
		found, _ := filepath.Glob(filepath.Join(dir, fmt.Sprintf("shard%d", i), "*-oltp_point_select"))
		if len(found) != 1 {
			t.Fatalf("shard %d folders %v", i, found)
		}
		folders = append(folders, found[0])
	}
	s0, s1 := folders[0], folders[1]
	one := readResult(t, filepath.Join(s1, "result.json"))
	// variant writes shard 1's result changed by f, as a result file.
	variant := func(name string, f func(r *results.Result)) string {
		c := *one
		c.Workload.Options = map[string]string{}
		for k, v := range one.Workload.Options {
			c.Workload.Options[k] = v
		}
		sh := *one.Run.Shard
		c.Run.Shard = &sh
		f(&c)
		p := filepath.Join(dir, name+".json")
		if err := results.WriteJSON(p, &c); err != nil {
			t.Fatal(err)
		}
		return p
	}
	garbage := filepath.Join(dir, "garbage.json")
	os.WriteFile(garbage, []byte("{not json"), 0o644)
	empty := filepath.Join(dir, "empty")
	os.Mkdir(empty, 0o755)
	unreadable := variant("unreadable", func(*results.Result) {})
	os.Chmod(unreadable, 0)
	cases := []struct {
		name string
		args []string
		says string
	}{
		{"one shard", []string{s0}, "two shards or more"},
		{"different workloads", []string{s0, variant("workload", func(r *results.Result) { r.Workload.Name = "oltp_read_only" })}, "different workloads"},
		{"different options", []string{s0, variant("options", func(r *results.Result) { r.Workload.Options["table-size"] = "600" })}, "different options (table-size=500 vs 600)"},
		{"different schema versions", []string{s0, variant("schema", func(r *results.Result) { r.SchemaVersion = 2 })}, "different schema versions"},
		{"different shard counts", []string{s0, variant("count", func(r *results.Result) { r.Run.Shard.Count = 3 })}, "split differently"},
		{"the same shard twice", []string{s0, filepath.Join(s0, "result.json")}, "shard 0 is given twice"},
		{"not a shard", []string{s0, variant("whole", func(r *results.Result) { r.Run.Shard = nil })}, "is not a shard"},
		{"another seed", []string{s0, variant("seed", func(r *results.Result) { r.Run.Seed = 99 })}, "seed 0 vs 99"},
		{"missing file", []string{s0, filepath.Join(dir, "no-such.json")}, "cannot read"},
		{"missing folder", []string{filepath.Join(dir, "no-such-folder"), s1}, "cannot read"},
		{"not a result", []string{s0, garbage}, "is not a dbgauge result"},
		{"a folder without result.json", []string{s0, empty}, "not a results folder"},
		{"unreadable file", []string{s0, unreadable}, "permission denied"},
		{"output is an input", []string{s0, s1, "--results-dir", s1}, "merge never writes into its inputs"},
		{"output inside an input", []string{s0, s1, "--results-dir", filepath.Join(s0, "merged")}, "merge never writes into its inputs"},
		{"output inside the folder of a result.json", []string{filepath.Join(s0, "result.json"), s1, "--results-dir", filepath.Join(s0, "x")}, "merge never writes into its inputs"},
	}
	before := treeSums(t, dir)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "unreadable file" && os.Geteuid() == 0 {
				t.Skip("root reads a file of mode 000")
			}
			o := dbgauge(t, dir, append([]string{"merge"}, tc.args...)...)
			if o.code != 2 {
				t.Errorf("exit %d, want 2; stderr: %s", o.code, o.stderr)
			}
			lines := strings.Split(strings.TrimSpace(o.stderr), "\n")
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "dbgauge: ") || !strings.Contains(lines[0], tc.says) {
				t.Errorf("stderr %q is not one line saying %q", o.stderr, tc.says)
			}
		})
	}
	if after := treeSums(t, dir); !equalSums(before, after) {
		t.Errorf("a refused merge changed files:\nbefore %v\nafter  %v", before, after)
	}
	// The same shards merge; the inputs stay as they were.
	if o := dbgauge(t, dir, "merge", s0, s1, "--results-dir", "merged"); o.code != 0 {
		t.Fatalf("merge: exit %d: %s", o.code, o.stderr)
	}
	after := treeSums(t, dir)
	for p, sum := range before {
		if after[p] != sum {
			t.Errorf("merge changed its input %s", p)
		}
	}
}

// treeSums is every file under dir (but the database) with its SHA-256.
func treeSums(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	out := map[string][32]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.Contains(p, "bench.sqlite") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			b = []byte("unreadable")
		}
		out[p] = sha256.Sum256(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func equalSums(a, b map[string][32]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
