package session

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/results"
)

// finishNotes is an Observer that keeps what it is told.
type finishNotes struct {
	Quiet
	lines   []string
	section string
}

func (n *finishNotes) Note(line string)          { n.lines = append(n.lines, line) }
func (n *finishNotes) Thresholds(section string) { n.section += section }

func TestFinishApply(t *testing.T) {
	dir := t.TempDir()
	res := &results.Result{Totals: results.Totals{TPS: 100, Transactions: 1000, DurationS: 10}}
	if err := results.WriteJSON(filepath.Join(dir, "result.json"), res); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "summary.txt"), []byte("summary\n"), 0o644)
	pass, _ := results.ParseThreshold("tps>10")
	fail, _ := results.ParseThreshold("tps>=1000")
	f := Finish{Thresholds: []results.Threshold{pass, fail},
		Outputs: []Output{{"json", filepath.Join(dir, "out.json")}, {"csv", filepath.Join(dir, "out.csv")}},
		Store:   filepath.Join(dir, "results.sqlite")}
	var n finishNotes
	err := f.Apply(res, dir, &n)
	if KindOf(err) != Failed || !strings.Contains(err.Error(), "1 of 2 thresholds failed: tps>=1000") {
		t.Fatalf("Apply = %v; want one failed threshold", err)
	}
	if !strings.Contains(n.section, "tps>10") || !strings.Contains(n.section, "FAIL") {
		t.Errorf("thresholds section = %q", n.section)
	}
	summary, _ := os.ReadFile(filepath.Join(dir, "summary.txt"))
	if !strings.HasPrefix(string(summary), "summary\n") || !strings.HasSuffix(string(summary), n.section) {
		t.Errorf("summary.txt = %q; want the section appended", summary)
	}
	saved, err := results.Read(filepath.Join(dir, "result.json"))
	if err != nil || len(saved.Thresholds) != 2 {
		t.Fatalf("result.json thresholds: %v, %v", saved, err)
	}
	for _, name := range []string{"out.json", "out.csv", "results.sqlite"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if len(n.lines) != 1 || !strings.HasPrefix(n.lines[0], "Recorded as run #1 in ") {
		t.Errorf("finishNotes = %q", n.lines)
	}
}

func TestFinishOutputError(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no", "such", "dir", "o.csv")
	f := Finish{Outputs: []Output{{"csv", missing}}}
	var oe *OutputError
	if err := f.CheckOutputs(); KindOf(err) != Usage || !errors.As(err, &oe) || oe.Format != "csv" {
		t.Fatalf("CheckOutputs = %v; want a usage *OutputError", err)
	}
	err := f.Apply(&results.Result{}, "", Quiet{})
	if !errors.As(err, &oe) || !FinishedOnly(err) {
		t.Fatalf("Apply = %v; want an *OutputError a sweep goes on after", err)
	}
	if FinishedOnly(&Error{Interrupted, errors.New("x")}) || FinishedOnly(nil) {
		t.Fatal("FinishedOnly takes an interrupted run (or none) for a finished one")
	}
}

func TestRedactURL(t *testing.T) {
	if got := redactURL("postgres://bob:hunter2@db:5432/x"); strings.Contains(got, "hunter2") {
		t.Fatalf("redactURL = %q", got)
	}
}

func TestAbortedErrNamesTheSetting(t *testing.T) {
	cause := &db.ConnectError{Err: errors.New("refused")}
	err := abortedErr(7, "transactions", 5, cause)
	var se *SettingError
	var ce *db.ConnectError
	switch {
	case KindOf(err) != Aborted || !errors.As(err, &ce):
		t.Errorf("%v: kind %d, want Aborted wrapping its cause", err, KindOf(err))
	case !errors.As(err, &se) || se.Words(func(s string) string { return "--" + s }) != "run aborted after 7 failed transactions (--max-errors 5): "+cause.Error():
		t.Errorf("worded: %v", err)
	case strings.Contains(err.Error(), "--"):
		t.Errorf("session names a flag: %v", err)
	}
}
