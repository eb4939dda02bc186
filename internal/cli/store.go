package cli

import (
	"github.com/spf13/pflag"

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
