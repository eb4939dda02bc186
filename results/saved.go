package results

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// InputError is a path given as saved results that holds none (missing,
// unreadable or not dbgauge's): the user's to fix.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

func inputErr(format string, a ...any) error { return &InputError{fmt.Errorf(format, a...)} }

// Saved is what a results folder (or a result.json) holds, read back: a
// run's result, a sweep or an experiment, one of them.
type Saved struct {
	// Dir is the folder, also for a result.json given as a file.
	Dir        string
	Run        *Result
	Sweep      *Sweep
	Experiment *Experiment
}

// ReadSaved reads a result.json file, or a folder holding sweep.json,
// experiment.json or result.json (the first of them there).
func ReadSaved(path string) (*Saved, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, inputErr("cannot read %s: %v", path, pathless(err))
	}
	if !st.IsDir() {
		r, err := Read(path)
		if err != nil {
			return nil, &InputError{pathless(err)}
		}
		return &Saved{Dir: filepath.Dir(path), Run: r}, nil
	}
	in := &Saved{Dir: path}
	exists := func(name string) bool { _, err := os.Stat(filepath.Join(path, name)); return err == nil }
	switch {
	case exists(SweepFile):
		in.Sweep, err = ReadSweep(filepath.Join(path, SweepFile))
	case exists(ExperimentFile):
		in.Experiment, err = ReadExperiment(filepath.Join(path, ExperimentFile))
	case exists("result.json"):
		in.Run, err = Read(filepath.Join(path, "result.json"))
	default:
		return nil, inputErr("%s holds no result.json, %s or %s", path, SweepFile, ExperimentFile)
	}
	if err != nil {
		return nil, &InputError{pathless(err)}
	}
	return in, nil
}

// ReadRun reads a results folder's result.json, or a result.json file,
// and returns the result and its folder.
func ReadRun(path string) (*Result, string, error) {
	file, folder := path, path
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		file = filepath.Join(path, "result.json")
		if _, err := os.Stat(file); err != nil {
			return nil, "", inputErr("%s has no result.json: it is not a results folder", path)
		}
	} else {
		folder = filepath.Dir(path)
	}
	res, err := Read(file)
	if err != nil {
		return nil, "", inputErr("%s: %v", path, pathless(err))
	}
	return res, folder, nil
}

// StepResults reads the results of a sweep's or an experiment's runs,
// from their folders sub inside dir (nil where one cannot be read).
func StepResults(dir string, sub []string) []*Result {
	rs := make([]*Result, len(sub))
	for i, s := range sub {
		if r, err := Read(filepath.Join(dir, s, "result.json")); err == nil {
			rs[i] = r
		}
	}
	return rs
}

// StepDirs are the folders of the sweep's steps, inside its own.
func (sw *Sweep) StepDirs() []string {
	sub := make([]string, len(sw.Steps))
	for i, s := range sw.Steps {
		sub[i] = s.Dir
	}
	return sub
}

// RunDirs are the folders of the experiment's runs, inside its own.
func (x *Experiment) RunDirs() []string {
	sub := make([]string, len(x.Runs))
	for i, r := range x.Runs {
		sub[i] = r.Dir
	}
	return sub
}

// pathless drops the path that an *os.PathError repeats.
func pathless(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
