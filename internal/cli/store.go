package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/results/store"
)

// storeFile is the store's name inside --results-dir: beside the folders
// it indexes, so that moving the directory keeps both.
const storeFile = "results.sqlite"

// storeOptions locate the results store: --store, else $DBGAUGE_STORE,
// else results.sqlite in --results-dir.
type storeOptions struct {
	store      string
	resultsDir string
}

func addStoreFlag(f *pflag.FlagSet, path *string) {
	f.StringVar(path, "store", "", "results store, an SQLite file (env DBGAUGE_STORE; default results.sqlite in --results-dir)")
}

// addStoreFlags adds --store and --results-dir to the commands that read
// the store.
func addStoreFlags(f *pflag.FlagSet, so *storeOptions) {
	addStoreFlag(f, &so.store)
	f.StringVar(&so.resultsDir, "results-dir", defaultResultsDir, "directory of the results folders, where the store is by default")
}

func (so storeOptions) path() string {
	switch {
	case so.store != "":
		return so.store
	case os.Getenv("DBGAUGE_STORE") != "":
		return os.Getenv("DBGAUGE_STORE")
	}
	return filepath.Join(so.resultsDir, storeFile)
}

// storePath is a run's store: --store, $DBGAUGE_STORE, or results.sqlite
// in --results-dir as given on the command line. A sweep or an experiment
// puts its steps' folders in a folder of its own, and they belong in the
// same store as every other run.
func (o *options) storePath() string {
	dir := o.spec.ResultsDir
	if o.workloadFlags != nil {
		if f := o.workloadFlags.Lookup("results-dir"); f != nil {
			dir = f.Value.String()
		}
	}
	return storeOptions{store: o.store, resultsDir: dir}.path()
}

// record adds a finished run to the store. A failure never costs the
// result, which is in its folder: it is a one-line warning, and the exit
// code stays what the run made it.
func (e *env) record(o *options, res *results.Result, dir string) {
	e.recordIn(o.storePath(), res, dir)
}

// recordIn is record into the store at path.
func (e *env) recordIn(path string, res *results.Result, dir string) {
	id, _, err := addToStore(path, res, dir)
	if err != nil {
		fmt.Fprintf(e.stderr, "dbgauge: warning: run not recorded: %s (the result is in %s)\n", message(err, e.secrets), dir)
		return
	}
	fmt.Fprintf(e.stderr, "Recorded as run #%d in %s\n", id, path)
}

func addToStore(path string, res *results.Result, dir string) (int64, bool, error) {
	s, err := store.Open(path)
	if err != nil {
		return 0, false, err
	}
	defer s.Close()
	return s.Add(redacted(res), dir)
}

// redacted is res with the URL and command line redacted again: results
// written by dbgauge already are, but `results add` takes any file.
func redacted(res *results.Result) *results.Result {
	r := *res
	r.Target.URL = db.Redact(r.Target.URL)
	if r.Environment != nil {
		env := *r.Environment
		env.CommandLine = db.Redact(env.CommandLine)
		r.Environment = &env
	}
	return &r
}

// runID parses a store id: 12 or #12.
func runID(arg string) (int64, bool) {
	id, err := strconv.ParseInt(strings.TrimPrefix(arg, "#"), 10, 64)
	return id, err == nil && id > 0
}

// loadRun finds a run by store id (12 or #12), results folder or
// result.json file. A folder or file that no longer exists is looked up in
// the store by the folder it was recorded from.
func (e *env) loadRun(so storeOptions, arg string) (results.Named, error) {
	if id, ok := runID(arg); ok {
		s, err := openStore(so)
		if err != nil {
			return results.Named{}, err
		}
		defer s.Close()
		_, res, err := s.Get(id)
		if err != nil {
			return results.Named{}, storeErr(err, s.Path())
		}
		return results.Named{Name: fmt.Sprintf("#%d", id), Result: res}, nil
	}
	if _, err := os.Stat(arg); err == nil {
		res, _, err := readRun(arg)
		if err != nil {
			return results.Named{}, err
		}
		return results.Named{Name: arg, Result: res}, nil
	}
	folder := arg
	if filepath.Base(arg) == "result.json" {
		folder = filepath.Dir(arg)
	}
	s, err := openStore(so)
	if err != nil {
		return results.Named{}, usageErr("%s: no such run id, folder or file", arg)
	}
	defer s.Close()
	run, res, err := s.ByFolder(folder)
	if err != nil {
		return results.Named{}, usageErr("%s: no such run id, folder or file, and no run recorded from it in %s", arg, s.Path())
	}
	return results.Named{Name: fmt.Sprintf("#%d", run.ID), Result: res}, nil
}

// readRun reads a results folder's result.json, or a result.json file,
// and returns the result and its folder.
func readRun(arg string) (*results.Result, string, error) {
	path, folder := arg, arg
	if st, err := os.Stat(arg); err == nil && st.IsDir() {
		path = filepath.Join(arg, "result.json")
		if _, err := os.Stat(path); err != nil {
			return nil, "", usageErr("%s has no result.json: it is not a results folder", arg)
		}
	} else {
		folder = filepath.Dir(arg)
	}
	res, err := results.Read(path)
	if err != nil {
		return nil, "", usageErr("%s: %v", arg, unwrapPathErr(err))
	}
	return res, folder, nil
}

// openStore opens an existing store for reading.
func openStore(so storeOptions) (*store.Store, error) {
	s, err := store.OpenExisting(so.path())
	if err != nil {
		return nil, storeErr(err, so.path())
	}
	return s, nil
}

// storeErr maps store errors to exit codes: what the user named that is
// not there is a usage error.
func storeErr(err error, path string) error {
	var me *store.MissingError
	var nf *store.NotFoundError
	switch {
	case errors.As(err, &me):
		return usageErr("%v", err)
	case errors.As(err, &nf):
		return usageErr("%v (%s)", err, path)
	}
	return err
}

func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
