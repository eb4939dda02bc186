package main

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCheckTPCC: prepare tpcc checks what it loaded and prints every
// condition; check passes on that data (exit 0), fails with exit 6 naming
// the condition and the warehouse once a W_YTD is changed, and refuses,
// with one line and exit 2, a database without tpcc data, other options
// than the stamp's, and a workload without checks.
func TestCheckTPCC(t *testing.T) {
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "tpcc.sqlite")
	o := dbgauge(t, dir, "prepare", "tpcc", "--db", url, "--threads", "2")
	if o.code != 0 {
		t.Fatalf("prepare: exit %d: %s", o.code, o.stderr)
	}
	for _, clause := range []string{"3.3.2.1", "3.3.2.5", "3.3.2.10", "3.3.2.11", "3.3.2.12"} {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(clause) + ` +\S.* passed$`).MatchString(o.stdout) {
			t.Errorf("prepare does not print %s as passed:\n%s", clause, o.stdout)
		}
	}
	if !strings.Contains(o.stdout, "Consistency: 12 passed, 0 failed, 0 skipped of 12 conditions") {
		t.Errorf("prepare's summary:\n%s", o.stdout)
	}

	o = dbgauge(t, dir, "check", "tpcc", "--db", url)
	if o.code != 0 || !strings.Contains(o.stdout, "Consistency: 11 passed, 0 failed, 1 skipped of 12 conditions") ||
		!regexp.MustCompile(`(?m)^3\.3\.2\.11 +count.* skipped: `).MatchString(o.stdout) {
		t.Fatalf("check: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}

	if _, err := sqlConn(t, url).Exec(context.Background(), "UPDATE warehouse SET w_ytd = w_ytd + 1 WHERE w_id = 1"); err != nil {
		t.Fatal(err)
	}
	o = dbgauge(t, dir, "check", "tpcc", "--db", url)
	if o.code != 6 {
		t.Fatalf("check after changing w_ytd: exit %d, want 6\n%s%s", o.code, o.stdout, o.stderr)
	}
	if !regexp.MustCompile(`(?m)^3\.3\.2\.1 +W_YTD = sum\(D_YTD\) +FAILED\n +warehouse 1: w_ytd 300001\.00, sum\(d_ytd\) 300000\.00$`).MatchString(o.stdout) {
		t.Errorf("check does not name 3.3.2.1 and warehouse 1:\n%s", o.stdout)
	}
	if lines := strings.Split(strings.TrimSpace(o.stderr), "\n"); len(lines) != 1 || !strings.Contains(lines[0], "3.3.2.1, 3.3.2.8") {
		t.Errorf("stderr: %q, want one line naming the failed conditions", o.stderr)
	}

	empty := "sqlite:" + filepath.Join(dir, "empty.sqlite")
	for _, tc := range []struct {
		name string
		args []string
		says string
	}{
		{"no tpcc data", []string{"check", "tpcc", "--db", empty}, "no tpcc data to check"},
		{"other warehouses", []string{"check", "tpcc", "--db", url, "--warehouses", "2"}, "warehouses=1 (asked 2)"},
		{"no checks", []string{"check", "oltp_point_select", "--db", empty}, "has no consistency checks (workloads with checks: orderentry, tpcc)"},
		{"zero warehouses", []string{"check", "tpcc", "--db", url, "--warehouses", "0"}, "--warehouses"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := dbgauge(t, dir, tc.args...)
			if o.code != 2 {
				t.Errorf("exit %d, want 2: %s", o.code, o.stderr)
			}
			if lines := strings.Split(strings.TrimSpace(o.stderr), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], "dbgauge: ") ||
				!strings.Contains(lines[0], tc.says) {
				t.Errorf("stderr %q, want one line saying %q", o.stderr, tc.says)
			}
		})
	}
}

// TestPrepareNoCheck: prepare --no-check loads without checking.
func TestPrepareNoCheck(t *testing.T) {
	dir := t.TempDir()
	o := dbgauge(t, dir, "prepare", "tpcc", "--db", "sqlite:"+filepath.Join(dir, "tpcc.sqlite"), "--threads", "2", "--no-check")
	if o.code != 0 || strings.Contains(o.stdout, "3.3.2") || strings.Contains(o.stderr, "Checking") {
		t.Fatalf("prepare --no-check: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
}
