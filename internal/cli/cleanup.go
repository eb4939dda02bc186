package cli

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/session"
)

func (e *env) cleanupCmd() *cobra.Command {
	o := newOptions()
	cmd := &cobra.Command{
		Use:   "cleanup WORKLOAD",
		Short: "Drop exactly what prepare created for a workload, nothing else",
		Args:  oneWorkload,
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.cleanup(cmd.Context(), o, args[0])
		},
	}
	addTargetFlags(cmd.Flags(), o)
	e.takesWorkload(cmd, o, "")
	return cmd
}

func (e *env) cleanup(ctx context.Context, o *options, name string) error {
	s, err := o.specFor(name)
	if err != nil {
		return err
	}
	e.secretOf(s.Target)
	return session.Cleanup(ctx, s, e.observer(o.Spec))
}
