package cli

import (
	"errors"

	"github.com/spf13/pflag"

	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/results/store"
	"github.com/dbgauge/dbgauge/session"
)

// storeOptions locate the results store: --store, else $DBGAUGE_STORE,
// else results.sqlite in --results-dir (session.StorePath).
type storeOptions struct {
	store      string
	resultsDir string
}

// addStoreFlags adds --store and --results-dir to the commands that read
// the store.
func addStoreFlags(f *pflag.FlagSet, so *storeOptions) {
	f.StringVar(&so.store, session.StoreSetting.Name, "", session.StoreSetting.Help)
	f.StringVar(&so.resultsDir, "results-dir", defaultResultsDir, "directory of the results folders, where the store is by default")
}

func (so storeOptions) path() string { return session.StorePath(so.store, so.resultsDir) }

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
