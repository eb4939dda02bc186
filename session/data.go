package session

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

// errMissing says the data is not prepared and may be.
var errMissing = errors.New("data not prepared")

// checkReady decides what to do with the data before a run: nil if the
// stamped data matches; errMissing if there is none and it may be prepared.
func checkReady(st workload.State, ds workload.Dataset, name string) error {
	if err := claimed(st); err != nil {
		return err
	}
	if st.Stamp == nil {
		if len(st.Foreign) > 0 {
			return settingf("tables %s exist but were not created by dbgauge for %s; drop them or use another database (prepare {force} takes them over)",
				strings.Join(st.Foreign, ", "), name)
		}
		return errMissing
	}
	if !st.Stamp.Complete {
		return Usagef("dataset %s is incomplete (its prepare was interrupted); `dbgauge prepare %s` with the same options resumes it, `dbgauge cleanup %s` drops it", ds.Name(), name, name)
	}
	if m := st.Stamp.Mismatch(ds.Shape()); m != "" {
		return Usagef("dataset %s was prepared with other options: %s; run `dbgauge cleanup %s` first or pass the same options",
			ds.Name(), m, name)
	}
	if len(st.Foreign) > 0 {
		return Usagef("tables %s exist but are not part of dataset %s; drop them or use another database", strings.Join(st.Foreign, ", "), ds.Name())
	}
	return nil
}

// claimed refuses tables that belong to another dbgauge dataset: only that
// dataset's cleanup may drop them.
func claimed(st workload.State) error {
	if len(st.Claimed) == 0 {
		return nil
	}
	var parts []string
	names := slices.Sorted(maps.Keys(st.Claimed))
	for _, t := range names {
		parts = append(parts, fmt.Sprintf("%s (dataset %s)", t, st.Claimed[t]))
	}
	return Usagef("tables %s belong to another dbgauge dataset; run `dbgauge cleanup` for a workload of dataset %s first, or use another database",
		strings.Join(parts, ", "), st.Claimed[names[0]])
}

// refresh applies the prepare policy before a run: it drops the dataset
// when the policy says so, through the dataset's own stamped cleanup (never
// a table the stamp does not list), and returns the state to continue from.
func refresh(ctx context.Context, s *Spec, o *opened, obs Observer) error {
	st, ds := o.state, o.ds
	drop := false
	switch s.Prepare {
	case PrepareFresh:
		drop = st.Stamp != nil
	case PrepareReplace:
		drop = st.Stamp != nil && (!st.Stamp.Complete || st.Stamp.Mismatch(ds.Shape()) != "")
	}
	if !drop {
		return nil
	}
	dropped, err := ds.Cleanup(ctx, o.conn)
	if err != nil {
		return fmt.Errorf("cleanup %s before preparing it again: %w", ds.Name(), err)
	}
	obs.Note(fmt.Sprintf("Dropped %s (dataset %s, %s) to prepare it again.", strings.Join(dropped, ", "), ds.Name(), s.Prepare))
	o.state, err = ds.Check(ctx, o.conn)
	return err
}

// ready makes sure the data is there before a run, preparing it if the
// policy allows.
func ready(ctx context.Context, s *Spec, o *opened, obs Observer, version string) error {
	sharded := s.Shard != ""
	if !sharded {
		if err := refresh(ctx, s, o, obs); err != nil {
			return err
		}
	}
	err := checkReady(o.state, o.ds, s.Workload)
	if !errors.Is(err, errMissing) {
		return err
	}
	if sharded {
		// Shards share one dataset: one of them preparing (or dropping)
		// it under the others would measure a load in progress.
		return Usagef("dataset %s is not prepared: shards do not prepare data; run `dbgauge prepare %s` once before starting them", o.ds.Name(), s.Workload)
	}
	if s.Prepare == PrepareNever {
		return settingf("dataset %s is not prepared ({no-prepare}): run `dbgauge prepare %s` first", o.ds.Name(), s.Workload)
	}
	if err := load(ctx, s, o, obs, version, false); err != nil {
		return err
	}
	o.state, err = o.ds.Check(ctx, o.conn)
	return err
}

// load runs the dataset's prepare with progress.
func load(ctx context.Context, s *Spec, o *opened, obs Observer, version string, force bool) error {
	start := time.Now()
	ds := o.ds
	parallel := s.loaders(o.tg.Driver)
	obs.Note(fmt.Sprintf("Preparing dataset %s (%s) with %d loaders...", ds.Name(), ShapeText(ds.Shape()), parallel))
	update, finish := obs.Progress(totalRows(ds))
	err := ds.Prepare(ctx, workload.PrepareEnv{
		Conn: o.conn, Open: o.tg.Open, Driver: o.tg.Driver.Name(), Parallel: parallel, SingleWriter: singleWriter(o.tg.Driver),
		Seed: s.Seed, Force: force, Progress: update, Version: version, Note: obs.Note,
	})
	finish()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return &Error{Interrupted, errors.New("prepare interrupted; the partial dataset is stamped incomplete: prepare again with the same options to resume it, or `dbgauge cleanup` to drop it")}
		}
		return fmt.Errorf("prepare %s: %w", ds.Name(), err)
	}
	obs.Note(fmt.Sprintf("Prepared %s in %.2fs", strings.Join(ds.Objects(), ", "), time.Since(start).Seconds()))
	return nil
}

// totalRows reads the dataset's size from its shape for the progress bar.
func totalRows(ds workload.Dataset) int64 {
	var tables, size int64
	fmt.Sscan(ds.Shape()["tables"], &tables)
	fmt.Sscan(ds.Shape()["table-size"], &size)
	return tables * size
}

// ShapeText is a dataset's shape as k=v pairs.
func ShapeText(shape map[string]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(shape)) {
		parts = append(parts, k+"="+shape[k])
	}
	return strings.Join(parts, " ")
}

// Prepare creates the schema and loads the data of s's workload, unless it
// is there already with the same options. With check, a workload with
// consistency checks (workload.Checker) checks the data it has just
// loaded, every condition included, and Prepare returns what they found
// (nil when nothing was loaded or there is nothing to check).
func Prepare(ctx context.Context, s Spec, obs Observer, version string, check bool) ([]workload.Condition, error) {
	o, err := open(ctx, &s, false, obs)
	if err != nil {
		return nil, err
	}
	defer o.conn.Close()
	ds, st := o.ds, o.state
	switch err := checkReady(st, ds, s.Workload); {
	case err == nil:
		obs.Note(fmt.Sprintf("Dataset %s is already prepared with these options (%s); nothing to do.", ds.Name(), ShapeText(ds.Shape())))
		return nil, nil
	case st.Stamp != nil && st.Stamp.Complete:
		return nil, err // prepared with other options
	case len(st.Claimed) > 0:
		return nil, claimed(st)
	case len(st.Foreign) > 0 && !s.Force:
		return nil, settingf("tables %s exist but were not created by dbgauge for %s; prepare refuses to overwrite them (add {force} to drop and replace tables no dbgauge dataset owns)",
			strings.Join(st.Foreign, ", "), s.Workload)
	}
	if err := load(ctx, &s, o, obs, version, s.Force); err != nil || !check {
		return nil, err
	}
	return runChecks(ctx, o, true, obs)
}

// Cleanup drops exactly what prepare created for s's workload.
func Cleanup(ctx context.Context, s Spec, obs Observer) error {
	o, err := open(ctx, &s, false, obs)
	if err != nil {
		return err
	}
	defer o.conn.Close()
	ds, st := o.ds, o.state
	dropped, err := ds.Cleanup(ctx, o.conn)
	if err != nil {
		return fmt.Errorf("cleanup %s: %w", ds.Name(), err)
	}
	if len(dropped) == 0 {
		obs.Note(fmt.Sprintf("Dataset %s is not prepared here; nothing dropped.", ds.Name()))
	} else {
		obs.Note(fmt.Sprintf("Dropped %s (dataset %s).", strings.Join(dropped, ", "), ds.Name()))
	}
	if len(st.Foreign) > 0 {
		obs.Note(fmt.Sprintf("Left alone: %s (not created by this dataset's prepare).", strings.Join(st.Foreign, ", ")))
	}
	return nil
}

// loaders is how many connections load (or write) data in parallel: the
// users, and at least one per CPU, at most maxLoaders, and no more than a
// single-writer database takes (d may be nil: an export writes files).
func (s *Spec) loaders(d db.Driver) int {
	n := min(max(s.Users, runtime.NumCPU()), maxLoaders)
	if w, ok := d.(db.SingleWriter); ok {
		n = min(n, w.Writers())
	}
	return n
}

// singleWriter reports whether d's database takes one writer at a time.
func singleWriter(d db.Driver) bool {
	_, ok := d.(db.SingleWriter)
	return ok
}

// maxLoaders bounds prepare's connections: a run of 10,000 users prepares
// with as many loaders as the database can keep busy, not 10,000.
const maxLoaders = 32
