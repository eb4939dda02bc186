package report

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/dbgauge/dbgauge/results"
)

// SavedDoc is the report of saved results: a run's, a sweep's (with its
// steps' results) or an experiment's (with its runs').
func SavedDoc(s *results.Saved) *Doc {
	switch {
	case s.Sweep != nil:
		return SweepDoc(s.Sweep, results.StepResults(s.Dir, s.Sweep.StepDirs()))
	case s.Experiment != nil:
		return ExperimentDoc(s.Experiment, results.StepResults(s.Dir, s.Experiment.RunDirs()))
	}
	return RunDoc(s.Run)
}

// OutDirError is a directory for the reports that cannot be made.
type OutDirError struct {
	Dir string
	Err error
}

func (e *OutDirError) Error() string { return fmt.Sprintf("cannot create %s: %v", e.Dir, e.Err) }
func (e *OutDirError) Unwrap() error { return e.Err }

// WriteSaved writes the report of the saved results at paths (ForSaved)
// into its folder, and returns the paths of the files it wrote.
func WriteSaved(paths []string, outDir, resultsDir string, now time.Time) ([]string, error) {
	doc, dir, err := ForSaved(paths, outDir, resultsDir, now)
	if err != nil {
		return nil, err
	}
	return WriteFiles(dir, doc)
}

// ForSaved is the report of the saved results at paths and the folder it
// belongs in: one path's (SavedDoc) in its folder, several runs' side by
// side (CompareDoc) in a new folder under resultsDir named from now, or
// either in outDir when given (made if missing: an *OutDirError if it
// cannot be). A path that holds no results, or a sweep or an experiment
// among several, is a *results.InputError.
func ForSaved(paths []string, outDir, resultsDir string, now time.Time) (*Doc, string, error) {
	var ins []*results.Saved
	for _, a := range paths {
		in, err := results.ReadSaved(a)
		if err != nil {
			return nil, "", &results.InputError{Err: fmt.Errorf("report: %v", err)}
		}
		if len(paths) > 1 && in.Run == nil {
			return nil, "", &results.InputError{Err: fmt.Errorf("report: %s is a sweep or an experiment: report it alone (several arguments must be runs, to compare them)", a)}
		}
		ins = append(ins, in)
	}
	doc, dir := (*Doc)(nil), ins[0].Dir
	if len(ins) == 1 {
		doc = SavedDoc(ins[0])
	} else {
		rs := make([]*results.Result, len(ins))
		names := make([]string, len(ins))
		for i, in := range ins {
			rs[i], names[i] = in.Run, filepath.Base(in.Dir)
		}
		doc = CompareDoc(rs, RunLabels(rs, names))
		if outDir == "" {
			outDir = filepath.Join(resultsDir, now.Format("20060102-150405")+"-report")
		}
	}
	if outDir != "" {
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, "", &OutDirError{outDir, err}
		}
		dir = outDir
	}
	return doc, dir, nil
}
