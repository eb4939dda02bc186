package cli

import (
	"context"
	"maps"
	"strconv"
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

// sweepStep is o set for step i of the sweep.
func sweepStep(o *options, p session.SweepOver, i int) *options {
	step := *o
	step.Options = maps.Clone(o.Options)
	v := strings.TrimSpace(p.Values[i])
	switch p.Param {
	case "threads":
		step.Spec.Users, _ = strconv.Atoi(v)
	case "db":
		step.DB = v
	default:
		step.Options[p.Param] = v
	}
	return &step
}

func (e *env) sweep(ctx context.Context, o *options, sf *sweepFlags, name string) error {
	plan, users, err := session.PlanSweep(o.workload, sf.threads, o.Options, sf.dbs, o.Spec.Prepare)
	if err != nil {
		return err
	}
	o.Spec.Users = users
	if len(sf.dbs) == 1 {
		o.DB = sf.dbs[0]
	}
	// Every step is checked before the first one runs: a bad URL or size
	// in the last step must not cost the user the whole sweep.
	sp := session.SweepPlan{Workload: name, Param: plan.Param, Values: plan.Values, ResultsDir: o.Spec.ResultsDir}
	for i := range plan.Values {
		step := sweepStep(o, plan, i)
		step.Spec.Workload = name
		if err := step.validate(); err != nil {
			return err
		}
		spec, err := step.specFor(name)
		if err != nil {
			return err
		}
		p, err := session.NewPlan(spec, true)
		if err != nil {
			return err
		}
		if _, err := session.ResolveTarget(spec.Target); err != nil {
			return err
		}
		e.secretOf(spec.Target)
		sp.Specs = append(sp.Specs, p.Spec)
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
