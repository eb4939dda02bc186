package cli

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/session"
)

func (e *env) cleanupCmd() *cobra.Command {
	o := newOptions()
	return e.workloadCmd(o, "cleanup WORKLOAD", "Drop exactly what prepare created for a workload, nothing else",
		func(ctx context.Context, name string) error {
			s, err := e.spec(o, name)
			if err != nil {
				return err
			}
			return session.Cleanup(ctx, s, e.observer(o.Spec))
		})
}
