package store

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

func TestFind(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "results.sqlite")
	var me *MissingError
	if _, err := Find(path, "#3"); !errors.As(err, &me) {
		t.Errorf("an id without a store: %v, want a MissingError", err)
	}
	var ie *results.InputError
	gone := filepath.Join(dir, "gone")
	if _, err := Find(path, gone); !errors.As(err, &ie) || err.Error() != gone+": no such run id, folder or file" {
		t.Errorf("a folder gone, no store: %v", err)
	}
	run := filepath.Join(dir, "run")
	os.Mkdir(run, 0o755)
	res := &results.Result{SchemaVersion: results.SchemaVersion, StartedAt: "2026-01-02T03:04:05Z"}
	res.Workload.Name = "w"
	if err := results.WriteJSON(filepath.Join(run, "result.json"), res); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	id, _, err := s.Add(res, run)
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	var nf *NotFoundError
	if _, err := Find(path, "#999"); !errors.As(err, &nf) || err.Error() != "run #999 is not in the results store ("+path+")" {
		t.Errorf("an unknown id: %v", err)
	}
	for _, arg := range []string{"#1", "1", run, filepath.Join(run, "result.json")} {
		n, err := Find(path, arg)
		if err != nil || n.Result.Workload.Name != "w" {
			t.Errorf("Find(%s) = %+v, %v", arg, n, err)
		}
	}
	if id != 1 {
		t.Errorf("id %d", id)
	}
}

func TestFindAll(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "results.sqlite")
	var runs []string
	for _, name := range []string{"a", "b"} {
		run := filepath.Join(dir, name)
		os.Mkdir(run, 0o755)
		res := &results.Result{SchemaVersion: results.SchemaVersion}
		res.Workload.Name = name
		if err := results.WriteJSON(filepath.Join(run, "result.json"), res); err != nil {
			t.Fatal(err)
		}
		runs = append(runs, run)
	}
	got, err := FindAll(path, runs)
	if err != nil || len(got) != 2 || got[0].Result.Workload.Name != "a" || got[1].Name != runs[1] {
		t.Errorf("FindAll = %+v, %v", got, err)
	}
	var ie *results.InputError
	if got, err := FindAll(path, []string{runs[0], filepath.Join(dir, "gone")}); !errors.As(err, &ie) || got != nil {
		t.Errorf("one run gone: %+v, %v; want no runs and an InputError", got, err)
	}
}
