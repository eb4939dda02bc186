package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// FindAll finds each of args (Find), in order.
func FindAll(path string, args []string) ([]results.Named, error) {
	runs := make([]results.Named, 0, len(args))
	for _, arg := range args {
		n, err := Find(path, arg)
		if err != nil {
			return nil, err
		}
		runs = append(runs, n)
	}
	return runs, nil
}

// Find finds a run by its id in the store at path (12 or #12), by a results
// folder or result.json file, or, when that folder or file is gone, by the
// folder it was recorded from. A run it cannot find is a *MissingError, a
// *NotFoundError or a *results.InputError.
func Find(path, arg string) (results.Named, error) {
	if id, ok := runID(arg); ok {
		s, err := OpenExisting(path)
		if err != nil {
			return results.Named{}, err
		}
		defer s.Close()
		_, res, err := s.Get(id)
		var nf *NotFoundError
		if errors.As(err, &nf) {
			return results.Named{}, fmt.Errorf("%w (%s)", err, s.Path())
		} else if err != nil {
			return results.Named{}, err
		}
		return results.Named{Name: fmt.Sprintf("#%d", id), Result: res}, nil
	}
	if _, err := os.Stat(arg); err == nil {
		res, _, err := results.ReadRun(arg)
		if err != nil {
			return results.Named{}, err
		}
		return results.Named{Name: arg, Result: res}, nil
	}
	folder := arg
	if filepath.Base(arg) == "result.json" {
		folder = filepath.Dir(arg)
	}
	s, err := OpenExisting(path)
	if err != nil {
		return results.Named{}, &results.InputError{Err: fmt.Errorf("%s: no such run id, folder or file", arg)}
	}
	defer s.Close()
	run, res, err := s.ByFolder(folder)
	if err != nil {
		return results.Named{}, &results.InputError{Err: fmt.Errorf("%s: no such run id, folder or file, and no run recorded from it in %s", arg, s.Path())}
	}
	return results.Named{Name: fmt.Sprintf("#%d", run.ID), Result: res}, nil
}

// runID parses a store id: 12 or #12.
func runID(arg string) (int64, bool) {
	id, err := strconv.ParseInt(strings.TrimPrefix(arg, "#"), 10, 64)
	return id, err == nil && id > 0
}
