package session

import (
	"context"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/sys"
	"github.com/dbgauge/dbgauge/workload"
)

// lines is an Observer that keeps what it is told.
type lines struct {
	Quiet
	printed, notes []string
}

func (l *lines) Print(s string) { l.printed = append(l.printed, s) }
func (l *lines) Note(s string)  { l.notes = append(l.notes, s) }

func sysTest(t *testing.T, name string) workload.Workload {
	for _, w := range sys.Tests() {
		if w.Meta().Name == name {
			return w
		}
	}
	t.Fatalf("no sys test %s", name)
	return nil
}

// TestSysFileio: prepare writes the files and says so as sysbench does, a
// run without a test mode is refused, cleanup removes what prepare made.
func TestSysFileio(t *testing.T) {
	t.Chdir(t.TempDir())
	w := sysTest(t, "fileio")
	raw := map[string]string{"file-num": "2", "file-total-size": "64K"}
	obs := &lines{}
	never := func(sys.Test) Observer { t.Fatal("no run expected"); return nil }
	env := Env{Version: "v"}
	if err := Sys(context.Background(), "prepare", w, raw, *NewInputs(), obs, never, env); err != nil {
		t.Fatal(err)
	}
	if obs.printed[0] != "dbgauge v (sys fileio)\n" || !strings.HasPrefix(obs.printed[len(obs.printed)-1], "65536 bytes written in ") {
		t.Fatalf("prepare printed %q", obs.printed)
	}
	err := Sys(context.Background(), "run", w, raw, *NewInputs(), obs, never, env)
	if KindOf(err) != Usage || !strings.Contains(err.Error(), "missing required argument file-test-mode") {
		t.Fatalf("run without a mode: %v", err)
	}
	obs = &lines{}
	if err := Sys(context.Background(), "cleanup", w, raw, *NewInputs(), obs, never, env); err != nil {
		t.Fatal(err)
	}
	if len(obs.notes) != 1 || !strings.HasPrefix(obs.notes[0], "Removed 2 test files made by dbgauge from ") {
		t.Fatalf("cleanup noted %q", obs.notes)
	}
}
