package results

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestReadSaved(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "run")
	sweep := filepath.Join(dir, "sweep")
	empty := filepath.Join(dir, "empty")
	for _, d := range []string{run, sweep, empty} {
		os.Mkdir(d, 0o755)
	}
	if err := WriteJSON(filepath.Join(run, "result.json"), &Result{SchemaVersion: SchemaVersion, StartedAt: "t"}); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(filepath.Join(sweep, SweepFile), &Sweep{Parameter: "threads", Steps: []SweepStep{{Dir: "a"}, {Dir: "b"}}}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{run, filepath.Join(run, "result.json")} {
		s, err := ReadSaved(p)
		if err != nil || s.Run == nil || s.Run.StartedAt != "t" || s.Dir != run {
			t.Errorf("ReadSaved(%s) = %+v, %v", p, s, err)
		}
	}
	s, err := ReadSaved(sweep)
	if err != nil || s.Sweep == nil || len(s.Sweep.StepDirs()) != 2 || s.Sweep.StepDirs()[1] != "b" {
		t.Errorf("ReadSaved(sweep) = %+v, %v", s, err)
	}
	var ie *InputError
	for p, want := range map[string]string{
		empty:                      empty + " holds no result.json, sweep.json or experiment.json",
		filepath.Join(dir, "gone"): "cannot read " + filepath.Join(dir, "gone") + ": no such file or directory",
	} {
		if _, err := ReadSaved(p); !errors.As(err, &ie) || err.Error() != want {
			t.Errorf("ReadSaved(%s): %v, want the input error %q", p, err, want)
		}
	}
	if _, _, err := ReadRun(empty); !errors.As(err, &ie) || err.Error() != empty+" has no result.json: it is not a results folder" {
		t.Errorf("ReadRun(empty folder): %v", err)
	}
	if rs := StepResults(dir, []string{"run", "gone"}); rs[0] == nil || rs[1] != nil {
		t.Errorf("StepResults = %v", rs)
	}
}
