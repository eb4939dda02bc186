package cli

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/session"
)

func prepareCmd(e *env) *cobra.Command {
	o := newOptions()
	var noCheck bool
	var output string
	cmd := &cobra.Command{
		Use:   "prepare WORKLOAD",
		Short: "Create the schema and load the data of a workload (parallel, stamped), then check its consistency (TPC-C)",
		Args:  oneWorkload,
		RunE: func(cmd *cobra.Command, args []string) error {
			if output != "" {
				return e.export(cmd.Context(), o, args[0], output)
			}
			return e.prepare(cmd.Context(), o, args[0], !noCheck)
		},
	}
	addTargetFlags(cmd.Flags(), o)
	cmd.Flags().BoolVar(&o.Spec.Force, "force", false, "take over tables of the same names that dbgauge did not create (they are dropped)")
	cmd.Flags().BoolVar(&noCheck, "no-check", false, "do not check the consistency of the data after loading it (workloads with checks: exit 6 if a condition fails)")
	cmd.Flags().StringVar(&output, "output", "", "csv=DIR: write the data as CSV files, with schema, load, index and stamp scripts for --db's database, into DIR instead of loading it")
	e.takesWorkload(cmd, o, "")
	return cmd
}

// export is prepare --output csv=DIR.
func (e *env) export(ctx context.Context, o *options, name, output string) error {
	format, dir, ok := strings.Cut(output, "=")
	if !ok || format != "csv" || dir == "" {
		return usageErr("--output wants csv=DIR, got %q", output)
	}
	s, err := o.specFor(name)
	if err != nil {
		return err
	}
	e.secretOf(s.Target)
	return session.Export(ctx, s, dir, e.observer(o.Spec))
}

func (e *env) prepare(ctx context.Context, o *options, name string, check bool) error {
	s, err := o.specFor(name)
	if err != nil {
		return err
	}
	e.secretOf(s.Target)
	conds, err := session.Prepare(ctx, s, e.observer(o.Spec), Version, check)
	if err != nil || conds == nil {
		return err
	}
	return session.WriteConditions(e.stdout, conds)
}

func oneWorkload(cmd *cobra.Command, args []string) error {
	if len(args) != 1 {
		return usageErr("%s needs exactly one workload (see `dbgauge list`), got %d arguments", cmd.Name(), len(args))
	}
	return nil
}
