package session

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/dbgauge/dbgauge/workload"
)

// Export writes the data s's workload would load into dir as files (CSV,
// and the scripts that load them with the target's own tools) instead of
// loading it: `prepare --output csv=DIR`. The target is only asked for
// its dialect; nothing is written to it.
func Export(ctx context.Context, s Spec, dir string, obs Observer) error {
	o, err := open(ctx, &s, false, obs)
	if err != nil {
		return err
	}
	defer o.conn.Close()
	x, ok := o.ds.(workload.Exporter)
	if !ok {
		return Usagef("%s's data cannot be written as files", s.Workload)
	}
	start := time.Now()
	parallel := s.loaders(nil) // files, not a database: no writer limit
	obs.Note(fmt.Sprintf("Writing dataset %s (%s) as CSV into %s with %d writers...", o.ds.Name(), ShapeText(o.ds.Shape()), dir, parallel))
	update, finish := obs.Progress(totalRows(o.ds))
	err = x.Export(ctx, workload.ExportEnv{Conn: o.conn, Driver: o.tg.Driver.Name(), Dir: dir, Seed: s.Seed, Parallel: parallel, Progress: update})
	finish()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return &Error{Interrupted, fmt.Errorf("export interrupted; %s holds the files written so far", dir)}
		}
		return fmt.Errorf("export %s: %w", o.ds.Name(), err)
	}
	obs.Note(fmt.Sprintf("Wrote %s in %.2fs: load schema.sql, then the CSV files (load.sql where the database has a loader), then indexes.sql", dir, time.Since(start).Seconds()))
	return nil
}
