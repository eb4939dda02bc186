package cli

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/session"
)

// workloadCmd is a verb on one workload (use, short): the target flags,
// the named workload's options bound to o, and run with its name.
func (e *env) workloadCmd(o *options, use, short string, run func(ctx context.Context, name string) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   use,
		Short: short,
		Args:  oneWorkload,
		RunE:  func(cmd *cobra.Command, args []string) error { return run(cmd.Context(), args[0]) },
	}
	addTargetFlags(cmd.Flags(), o)
	e.takesWorkload(cmd, o, "")
	return cmd
}

func oneWorkload(cmd *cobra.Command, args []string) error {
	if len(args) != 1 {
		return usageErr("%s needs exactly one workload (see `dbgauge list`), got %d arguments", cmd.Name(), len(args))
	}
	return nil
}

// spec is the Spec of workload name from o's flags; the secrets of its
// target are hidden from then on.
func (e *env) spec(o *options, name string) (session.Spec, error) {
	s, err := o.Build(name)
	if err == nil {
		e.secretOf(s.Target)
	}
	return s, err
}
