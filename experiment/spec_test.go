package experiment

import (
	"errors"
	"strings"
	"testing"
)

func env(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

const good = `name: concurrency
targets:
  lite: sqlite:bench.db
  pg: ${PG_URL}
defaults:
  time: 5
  table-size: 1000
repeat: 2
steps:
  - workload: oltp_read_only
    targets: [lite]
    matrix:
      threads: [1, 2]
      table-size: [100, 200]
  - workload: oltp_point_select
    set: {threads: 4}
    prepare: fresh
    repeat: 1
`

func TestParseAndExpand(t *testing.T) {
	f, err := Parse("c.yaml", []byte(good), env(map[string]string{"PG_URL": "postgres://u@h/db"}))
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "concurrency" || f.Repeat != 2 || f.Prepare != "replace" || len(f.Targets) != 2 || f.Targets[1].URL != "postgres://u@h/db" {
		t.Fatalf("parsed %+v", f)
	}
	runs := f.Runs()
	// Step 1: 2 repeats × 1 target × 4 points; step 2: 1 × 2 targets × 1.
	if len(runs) != 10 {
		t.Fatalf("%d runs, want 10", len(runs))
	}
	var labels []string
	for _, r := range runs[:4] {
		labels = append(labels, r.Label())
	}
	if got := strings.Join(labels, ";"); got != "threads=1 table-size=100;threads=1 table-size=200;threads=2 table-size=100;threads=2 table-size=200" {
		t.Errorf("matrix order %s", got)
	}
	if runs[4].Repeat != 2 || runs[3].Repeat != 1 {
		t.Errorf("repetitions are not outermost: %d, %d", runs[3].Repeat, runs[4].Repeat)
	}
	last := runs[9]
	if last.Workload != "oltp_point_select" || last.Target.Name != "pg" || last.Prepare != "fresh" || last.Repeat != 1 {
		t.Errorf("last run %+v", last)
	}
	// Later settings win: the matrix's table-size comes after the default.
	s := runs[0].Settings
	if s[len(s)-1].Key != "table-size" || s[len(s)-1].Value != "100" || s[1].Value != "1000" {
		t.Errorf("settings order %+v", s)
	}
}

// TestAllErrorsAtOnce: every problem is reported, each with its line.
func TestAllErrorsAtOnce(t *testing.T) {
	bad := `name: x
targets:
  lite: sqlite:a.db
  pg: $NOPE
repeat: 0
colour: blue
steps:
  - workload: oltp_read_only
    targets: [lite, oracle]
    matrix:
      threads: 4
  - set: {time: [1, 2]}
    prepare: sometimes
`
	_, err := Parse("bad.yaml", []byte(bad), env(nil))
	var errs *Errors
	if !errors.As(err, &errs) {
		t.Fatalf("got %v, want *Errors", err)
	}
	want := []string{
		"bad.yaml:4: target pg: environment variable NOPE is not set",
		"bad.yaml:5: repeat must be a whole number of 1 or more",
		`bad.yaml:6: unknown key "colour"`,
		`bad.yaml:9: unknown target "oracle"`,
		"bad.yaml:11: matrix: threads must be a list",
		"bad.yaml:12: set: time must be a single value",
		"bad.yaml:12: a step needs a workload",
		"bad.yaml:13: prepare must be one of missing, replace, fresh, never",
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d errors, want %d:\n%s", len(lines), len(want), err)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("error %d is %q, want it to start with %q", i, lines[i], w)
		}
	}
}

func TestNotYAML(t *testing.T) {
	_, err := Parse("x.yaml", []byte("steps: [\n  - a\n  b: c"), env(nil))
	if err == nil || !strings.HasPrefix(err.Error(), "x.yaml:") || !strings.Contains(err.Error(), "not valid YAML") {
		t.Fatalf("got %v", err)
	}
}
