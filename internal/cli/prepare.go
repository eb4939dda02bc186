package cli

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/session"
)

func (e *env) prepareCmd() *cobra.Command {
	o := newOptions()
	var noCheck bool
	var output string
	cmd := e.workloadCmd(o, "prepare WORKLOAD", "Create the schema and load the data of a workload (parallel, stamped), then check its consistency (TPC-C)",
		func(ctx context.Context, name string) error {
			if output != "" {
				return e.export(ctx, o, name, output)
			}
			s, err := e.spec(o, name)
			if err != nil {
				return err
			}
			conds, err := session.Prepare(ctx, s, e.observer(o.Spec), Version, !noCheck)
			if err != nil || conds == nil {
				return err
			}
			return session.WriteConditions(e.stdout, conds)
		})
	cmd.Flags().BoolVar(&o.Spec.Force, "force", false, "take over tables of the same names that dbgauge did not create (they are dropped)")
	cmd.Flags().BoolVar(&noCheck, "no-check", false, "do not check the consistency of the data after loading it (workloads with checks: exit 6 if a condition fails)")
	cmd.Flags().StringVar(&output, "output", "", "csv=DIR: write the data as CSV files, with schema, load, index and stamp scripts for --db's database, into DIR instead of loading it")
	return cmd
}

// export is prepare --output csv=DIR.
func (e *env) export(ctx context.Context, o *options, name, output string) error {
	format, dir, ok := strings.Cut(output, "=")
	if !ok || format != "csv" || dir == "" {
		return usageErr("--output wants csv=DIR, got %q", output)
	}
	s, err := e.spec(o, name)
	if err != nil {
		return err
	}
	return session.Export(ctx, s, dir, e.observer(o.Spec))
}
