package cli

import (
	"context"
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

// Prepare policies of a sweep or experiment step.
const (
	// refreshMissing prepares the data if it is missing and refuses data
	// made with other options: what run does.
	refreshMissing = "missing"
	// refreshReplace drops this dataset when it was made with other
	// options (another size) or is incomplete, and prepares it anew.
	refreshReplace = "replace"
	// refreshFresh drops and prepares before every run: insert and delete
	// workloads change their data as they run.
	refreshFresh = "fresh"
	// refreshNever fails when the data is missing (run --no-prepare).
	refreshNever = "never"
)

var refreshPolicies = []string{refreshMissing, refreshReplace, refreshFresh, refreshNever}

// refresh applies o.refresh before a run: it drops the dataset when the
// policy says so, through the dataset's own stamped cleanup (never a table
// the stamp does not list), and returns the state to continue from.
func (e *env) refresh(ctx context.Context, o *options, conn db.Conn, ds workload.Dataset, st workload.State) (workload.State, error) {
	drop := false
	switch o.refresh {
	case refreshFresh:
		drop = st.Stamp != nil
	case refreshReplace:
		drop = st.Stamp != nil && (!st.Stamp.Complete || st.Stamp.Mismatch(ds.Shape()) != "")
	case refreshNever:
		o.noPrepare = true
	}
	if !drop {
		return st, nil
	}
	dropped, err := ds.Cleanup(ctx, conn)
	if err != nil {
		return st, fmt.Errorf("cleanup %s before preparing it again: %w", ds.Name(), err)
	}
	fmt.Fprintf(e.stderr, "Dropped %s (dataset %s, %s) to prepare it again.\n", strings.Join(dropped, ", "), ds.Name(), o.refresh)
	return ds.Check(ctx, conn)
}
