package cli

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/session"
)

// sweepFlags are what sweep has beyond run's flags.
type sweepFlags struct {
	dbs     []string
	threads string
}

func (e *env) sweepCmd() *cobra.Command {
	o := newOptions()
	sf := &sweepFlags{}
	cmd := &cobra.Command{
		Use:   "sweep WORKLOAD",
		Short: "Run a workload over a list of thread counts, data sizes or targets, and find the knee",
		Long: `sweep runs the same workload once per step and writes one sweep folder:
  --threads 1,2,4,8,16          thread counts (the knee is found and stated)
  --table-size 10000,100000     data sizes (also --record-count), each prepared in turn
  --db URL1 --db URL2           targets
One parameter varies per sweep; dbgauge experiment runs a matrix.`,
		Args: oneWorkload,
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.sweep(cmd.Context(), o, sf, args[0])
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&sf.dbs, "db", nil, "database URL; repeat it to sweep over targets (env DBGAUGE_DB)")
	f.StringVar(&sf.threads, "threads", "1", "user (thread) counts, a comma list (1,2,4,8) or one count")
	f.StringVar(&sf.threads, "users", "1", "the same as --threads")
	f.IntVar(&o.Spec.Connections, "connections", 0, "connections the users share at every step (0: one per user)")
	f.StringVar(&o.Spec.Prepare, "prepare-policy", session.PrepareReplace, "data before each step: "+strings.Join(session.PreparePolicies, ", "))
	addSettings(f, &o.Inputs, settings("seed", "pg-simple-protocol")...)
	addRunFlags(cmd.Flags(), o)
	addServerSetFlag(f, o)
	e.takesWorkload(cmd, o, "")
	return cmd
}

func (e *env) sweep(ctx context.Context, o *options, sf *sweepFlags, name string) error {
	sp, err := session.NewSweep(o.Inputs, o.workload, name, sf.threads, sf.dbs)
	for _, spec := range sp.Specs {
		e.secretOf(spec.Target)
	}
	if err != nil {
		return err
	}
	sw, dir, runErr := session.Sweep(ctx, sp, e.observer(o.Spec), e.sessionEnv())
	if sw == nil {
		return runErr
	}
	report.SweepTable(e.stdout, sw)
	if err := session.FinishSweep(sw, dir, o.Outputs, e.observer(o.Spec)); err != nil {
		return err
	}
	return runErr
}
