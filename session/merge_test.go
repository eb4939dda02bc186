package session

import (
	"path/filepath"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// mergeNotes is an Observer that keeps its notes and the folders it mergeNotes.
type mergeNotes struct {
	Quiet
	notes, ends []string
}

func (o *mergeNotes) Note(line string)                  { o.notes = append(o.notes, line) }
func (o *mergeNotes) End(_ *results.Result, dir string) { o.ends = append(o.ends, dir) }

// TestMergeRunRefuses: inputs that do not merge are a usage error, and
// nothing is told, written or recorded.
func TestMergeRunRefuses(t *testing.T) {
	dir := t.TempDir()
	storePath := filepath.Join(dir, "results.sqlite")
	obs := &mergeNotes{}
	err := MergeRun([]string{filepath.Join(dir, "a"), filepath.Join(dir, "b")}, filepath.Join(dir, "out"), storePath, obs)
	if KindOf(err) != Usage {
		t.Errorf("MergeRun = %v (kind %d), want a usage error", err, KindOf(err))
	}
	if len(obs.notes) != 0 || len(obs.ends) != 0 {
		t.Errorf("notes %q, ends %q", obs.notes, obs.ends)
	}
	if matches, _ := filepath.Glob(filepath.Join(dir, "*")); len(matches) != 0 {
		t.Errorf("MergeRun left %q", matches)
	}
}
