package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScriptOptionNamedLikeAFlag: a script that declares an option with the
// name of one of dbgauge's own flags (`out`) never receives that flag's
// value. --out stays dbgauge's results file, the script sees its own
// default, and --opt-out reaches the script.
func TestScriptOptionNamedLikeAFlag(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := `sysbench.cmdline.options = { out = {"where the script writes", "script-default.txt"} }
function thread_init() print("script out = " .. tostring(sysbench.opt.out)) end
function event() end
`
	if err := os.WriteFile(filepath.Join(dir, "named.lua"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	db := "sqlite:" + filepath.Join(dir, "s.db")
	o := dbgauge(t, dir, "run", "./named.lua", "--db", db, "--events", "10", "--out", "res.json")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	if !strings.Contains(o.stdout, "script out = script-default.txt") {
		t.Errorf("with dbgauge's --out the script saw another value than its default:\n%s", o.stdout)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "res.json")); err != nil || !strings.Contains(string(b), `"schema_version"`) {
		t.Errorf("--out res.json did not receive the result (%v)", err)
	}
	o = dbgauge(t, dir, "run", "./named.lua", "--db", db, "--events", "10", "--opt-out", "mine.txt")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	if !strings.Contains(o.stdout, "script out = mine.txt") {
		t.Errorf("--opt-out did not reach the script:\n%s", o.stdout)
	}
	if o = dbgauge(t, dir, "run", "./named.lua", "--help"); !strings.Contains(o.stdout, "--opt-out") {
		t.Errorf("help does not list --opt-out:\n%s", o.stdout)
	}
}
