package cli

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

func prepareCmd(env *env) *cobra.Command {
	o := &options{}
	cmd := &cobra.Command{
		Use:   "prepare WORKLOAD",
		Short: "Create the schema and load the data of a workload (parallel, stamped)",
		Args:  oneWorkload,
		RunE: func(cmd *cobra.Command, args []string) error {
			return env.prepare(cmd.Context(), o, args[0])
		},
	}
	addTargetFlags(cmd, o)
	addWorkloadFlags(cmd, o)
	cmd.Flags().BoolVar(&o.force, "force", false, "take over tables of the same names that dbgauge did not create (they are dropped)")
	return cmd
}

func (e *env) prepare(ctx context.Context, o *options, name string) error {
	s, err := e.start(ctx, o, name, false, nil)
	if err != nil {
		return err
	}
	defer s.conn.Close()
	ds, st := s.ds, s.state
	switch err := checkReady(st, ds, name); {
	case err == nil:
		fmt.Fprintf(e.stderr, "Dataset %s is already prepared with these options (%s); nothing to do.\n", ds.Name(), shapeText(ds.Shape()))
		return nil
	case st.Stamp != nil && st.Stamp.Complete:
		return err // prepared with other options
	case len(st.Claimed) > 0:
		return claimed(st)
	case len(st.Foreign) > 0 && !o.force:
		return usageErr("tables %s exist but were not created by dbgauge for %s; prepare refuses to overwrite them (add --force to drop and replace tables no dbgauge dataset owns)",
			strings.Join(st.Foreign, ", "), name)
	}
	return e.load(ctx, o, s.tg, s.conn, ds, o.force)
}

// load runs the dataset's prepare with progress.
func (e *env) load(ctx context.Context, o *options, tg *target, conn db.Conn, ds workload.Dataset, force bool) error {
	start := time.Now()
	parallel := max(o.threads, runtime.NumCPU())
	fmt.Fprintf(e.stderr, "Preparing dataset %s (%s) with %d loaders...\n", ds.Name(), shapeText(ds.Shape()), parallel)
	p := newProgress(e.stderr, totalRows(ds))
	err := ds.Prepare(ctx, workload.PrepareEnv{
		Conn: conn, Open: tg.open, Driver: tg.driver.Name(), Parallel: parallel,
		Seed: o.seed, Force: force, Progress: p.update, Version: Version,
	})
	p.finish()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return withCode(ExitInterrupted, fmt.Errorf("prepare interrupted; the partial dataset is stamped incomplete, `dbgauge cleanup` removes it"))
		}
		return fmt.Errorf("prepare %s: %w", ds.Name(), err)
	}
	fmt.Fprintf(e.stderr, "Prepared %s in %.2fs\n", strings.Join(ds.Objects(), ", "), time.Since(start).Seconds())
	return nil
}

// totalRows reads the dataset's size from its shape for the progress bar.
func totalRows(ds workload.Dataset) int64 {
	var tables, size int64
	fmt.Sscan(ds.Shape()["tables"], &tables)
	fmt.Sscan(ds.Shape()["table-size"], &size)
	return tables * size
}

func shapeText(shape map[string]string) string {
	var parts []string
	for _, k := range sortedKeys(shape) {
		parts = append(parts, k+"="+shape[k])
	}
	return strings.Join(parts, " ")
}

func oneWorkload(cmd *cobra.Command, args []string) error {
	if len(args) != 1 {
		return usageErr("%s needs exactly one workload (see `dbgauge list`), got %d arguments", cmd.Name(), len(args))
	}
	return nil
}
