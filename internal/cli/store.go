package cli

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"

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

// loadRun finds a run by store id (12 or #12), results folder or
// result.json file, or by the folder it was recorded from.
func (e *env) loadRun(so storeOptions, arg string) (results.Named, error) {
	n, err := store.Find(so.path(), arg)
	if err != nil {
		return n, storeErr(err)
	}
	return n, nil
}

// storeErr maps store errors to exit codes: what the user named that is
// not there is a usage error.
func storeErr(err error) error {
	var me *store.MissingError
	var nf *store.NotFoundError
	if errors.As(err, &me) || errors.As(err, &nf) {
		return usageErr("%v", err)
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
