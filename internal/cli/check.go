package cli

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/session"
)

func (e *env) checkCmd() *cobra.Command {
	o := newOptions()
	var all bool
	cmd := e.workloadCmd(o, "check WORKLOAD", "Check the consistency of a workload's data after a run (TPC-C's clause 3.3.2); exit 6 if a condition fails",
		func(ctx context.Context, name string) error {
			s, err := e.spec(o, name)
			if err != nil {
				return err
			}
			conds, err := session.Check(ctx, s, all)
			if err != nil {
				return err
			}
			return session.WriteConditions(e.stdout, conds)
		})
	cmd.Long = `check runs the workload's consistency conditions on the data prepared for it
(TPC-C: the twelve of clause 3.3.2) and prints each as passed, FAILED with
the warehouses and districts that break it, or skipped. The workload
options must match the prepared data. Exit 0 when every condition holds,
6 when one fails, 2 when there is no such data or nothing to check.`
	cmd.Flags().BoolVar(&all, "all", false, "also check the conditions that hold only right after a load (TPC-C's 3.3.2.11)")
	return cmd
}
