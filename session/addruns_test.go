package session

import (
	"path/filepath"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

func TestAddRuns(t *testing.T) {
	dir := t.TempDir()
	r := &results.Result{SchemaVersion: results.SchemaVersion, Workload: results.Workload{Name: "kv_get"},
		Target: results.Target{Driver: "postgres", URL: "postgres://u:secret@h/db"}, StartedAt: "2026-01-02T03:04:05Z"}
	if err := results.WriteJSON(filepath.Join(dir, "result.json"), r); err != nil {
		t.Fatal(err)
	}
	storePath := filepath.Join(t.TempDir(), "s.sqlite")
	if _, err := AddRuns(storePath, []string{dir, filepath.Join(dir, "none")}); err == nil {
		t.Fatal("a path without a run was added")
	}
	first, err := AddRuns(storePath, []string{dir})
	if err != nil || len(first) != 1 || !first[0].New {
		t.Fatalf("first add: %+v, %v", first, err)
	}
	again, err := AddRuns(storePath, []string{dir})
	if err != nil || len(again) != 1 || again[0].New || again[0].ID != first[0].ID {
		t.Errorf("second add: %+v, %v; want run #%d already recorded", again, err, first[0].ID)
	}
}
