package cli

import (
	"context"
	"time"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/deploy"
	"github.com/dbgauge/dbgauge/deploy/k8s"
)

// k8sCmd is `dbgauge k8s run|prepare|cleanup WORKLOAD`.
func (e *env) k8sCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "k8s",
		Short: "Run, prepare or clean up through a Kubernetes Job: a run as N shards (an Indexed Job), collected and merged",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	for _, verb := range []string{deploy.VerbRun, deploy.VerbPrepare, deploy.VerbCleanup} {
		cmd.AddCommand(e.k8sVerbCmd(verb))
	}
	return cmd
}

func (e *env) k8sVerbCmd(verb string) *cobra.Command {
	o := newOptions()
	r := k8s.NewRequest(verb, &o.Inputs)
	short := map[string]string{
		deploy.VerbRun:     "Run a workload as --shards pods of one Indexed Job, from a common start, and merge their results",
		deploy.VerbPrepare: "Prepare a workload's data from one pod in the cluster (near the database)",
		deploy.VerbCleanup: "Clean up a workload's data from one pod in the cluster",
	}[verb]
	cmd := e.workloadCmd(o, verb+" WORKLOAD", short, func(ctx context.Context, name string) error { return e.k8s(ctx, r, name) })
	if verb == deploy.VerbRun {
		addRunFlags(cmd.Flags(), o)
		cmd.Flags().IntVar(&r.Shards, "shards", 1, "pods of the Indexed Job, each a shard of the run (users, connections, events and the --rate schedule are dealt over them)")
		cmd.Flags().DurationVar(&r.Opts.StartDelay, "start-delay", k8s.DefaultStartDelay, "time the pods get to be scheduled, pull the image and connect before the common start")
	} else {
		cmd.Flags().StringVar(&o.Spec.ResultsDir, "results-dir", defaultResultsDir, "directory that receives the pod's output")
	}
	if verb == deploy.VerbPrepare {
		cmd.Flags().BoolVar(&o.Spec.Force, "force", false, "take over tables of the same names that dbgauge did not create (they are dropped)")
	}
	for _, st := range k8s.Settings {
		addFlag(cmd.Flags(), st.Name, st.Help, st.Field(r))
	}
	return cmd
}

// k8s is one `dbgauge k8s VERB WORKLOAD`.
func (e *env) k8s(ctx context.Context, r *k8s.Request, name string) error {
	r.Workload = name
	s, err := r.Spec(time.Now())
	e.secretOf(s.Target)
	if err != nil {
		return err
	}
	c, err := r.Launch(ctx, s, e.stdout, e.notef, e.observer(s))
	switch {
	case err != nil || c == nil:
		return err
	case r.Verb != deploy.VerbRun:
		// A prepare or cleanup pod: its output, and its exit code.
		out, err := c.PodEnd()
		e.stdout.Write(out)
		return err
	}
	return e.mergeLaunch(ctx, r.Inputs, c)
}
