package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// withSettings is the fixed run with query_cache_type changed (as asked,
// in force, before).
func withSettings(asked, inForce string, restored bool) *results.Result {
	r := fixedRun("mysql", 4, 1200)
	s := results.ServerSetting{Name: "query_cache_type", Value: asked, InForce: inForce, Previous: "OFF", Restored: restored}
	if !restored {
		s.RestoreError = "connection refused"
	}
	r.Environment.ServerSettings = []results.ServerSetting{s, {Name: "query_cache_size", Value: "16777216", InForce: "16777216", Previous: "1048576", Restored: true}}
	return r
}

// TestServerSettingsSummary: the summary lists the settings after
// sysbench's sections, which stay as they were.
func TestServerSettingsSummary(t *testing.T) {
	var plain, with bytes.Buffer
	Summary(&plain, fixedRun("mysql", 4, 1200), false)
	Summary(&with, withSettings("1", "ON", false), false)
	cut := func(s string) string { return s[:strings.Index(s, "Latency percentiles")] }
	if cut(plain.String()) != cut(with.String()) {
		t.Error("server settings changed sysbench's sections")
	}
	for _, want := range []string{
		"Server settings changed for the run (--server-set):",
		"query_cache_type:                    ON (asked 1, was OFF; NOT put back: connection refused)",
		"query_cache_size:                    16777216 (was 1048576; put back)",
	} {
		if !strings.Contains(with.String(), want) {
			t.Errorf("the summary lacks %q:\n%s", want, with.String())
		}
	}
	if strings.Contains(plain.String(), "--server-set") {
		t.Error("a run without settings shows the section")
	}
}

func TestServerSettingsRunDoc(t *testing.T) {
	md := string(markdownOf(t, RunDoc(withSettings("1", "ON", true))))
	for _, want := range []string{"changed for this run (--server-set)", "| query_cache_type | ON | 1 | OFF | put back |"} {
		if !strings.Contains(md, want) {
			t.Errorf("the run report lacks %q", want)
		}
	}
}

// TestServerSettingsCompare: runs that differ by a setting say so, in
// their labels, their lines and the differences.
func TestServerSettingsCompare(t *testing.T) {
	off, on := withSettings("0", "OFF", true), withSettings("1", "ON", true)
	rs := []*results.Result{off, on}
	labels := RunLabels(rs, []string{"a", "b"})
	if !strings.Contains(labels[1], "query_cache_type=ON") || strings.Contains(labels[1], "query_cache_size") {
		t.Errorf("labels %q", labels)
	}
	md := string(markdownOf(t, CompareDoc(rs, labels)))
	if !strings.Contains(md, "| server settings |") {
		t.Error("the comparison's environment lacks the server settings")
	}
	var out bytes.Buffer
	CompareTable(&out, results.Compare([]results.Named{{Name: "#1", Result: off}, {Name: "#2", Result: on}}))
	for _, want := range []string{"server query_cache_type=ON query_cache_size=16777216", "B: server setting query_cache_type=ON (A: OFF)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("compare lacks %q:\n%s", want, out.String())
		}
	}
}
