package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// main runs Main on args and returns its exit code and outputs.
func main(args ...string) (int, string, string) {
	var out, errs strings.Builder
	code := Main(args, &out, &errs)
	return code, out.String(), errs.String()
}

// TestMainExitCodes: the command line refused (before or by a command),
// and what a command that ran refused, each one line on stderr.
func TestMainExitCodes(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"frobnicate"}, ExitUsage, `dbgauge: unknown command "frobnicate" for "dbgauge"` + "\n"},
		{[]string{"run"}, ExitUsage, "dbgauge: run needs exactly one workload (see `dbgauge list`), got 0 arguments\n"},
		{[]string{"run", "kv_get", "--db", "db2://x"}, ExitUsage, `dbgauge: unknown database URL scheme "db2"`},
		{[]string{"list", "nope"}, ExitUsage, `dbgauge: unknown workload "nope"`},
		{[]string{"results", "list", "--last", "-1"}, ExitUsage, "dbgauge: --last must be 0 or more, got -1\n"},
		{[]string{"list", "--cpuprofile", filepath.Join(t.TempDir(), "none", "cpu.prof")}, ExitUsage, "dbgauge: --cpuprofile: open "},
	} {
		code, _, stderr := main(c.args...)
		if code != c.code || !strings.HasPrefix(stderr, c.says) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want exit %d, %q", c.args, code, stderr, c.code, c.says)
		}
	}
}

// TestMainProfiles: --cpuprofile and --memprofile write their files.
func TestMainProfiles(t *testing.T) {
	dir := t.TempDir()
	cpu, heap := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "heap.prof")
	if code, out, stderr := main("list", "kv_get", "--cpuprofile", cpu, "--memprofile", heap); code != ExitOK || !strings.HasPrefix(out, "kv_get options:") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, f := range []string{cpu, heap} {
		if st, err := os.Stat(f); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// TestMainHidesPasswords: a URL's password is never printed.
func TestMainHidesPasswords(t *testing.T) {
	code, _, stderr := main("run", "kv_get", "--db", "mysql://u:hunter2@h:notaport/x")
	if code != ExitUsage || strings.Contains(stderr, "hunter2") || !strings.Contains(stderr, "u:xxxxx@h") {
		t.Errorf("exit %d: %q", code, stderr)
	}
}
