package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/dbgauge/dbgauge/catalog"
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
	r := &k8s.Request{Verb: verb, Inputs: &o.Inputs, Shards: 1}
	short := map[string]string{
		deploy.VerbRun:     "Run a workload as --shards pods of one Indexed Job, from a common start, and merge their results",
		deploy.VerbPrepare: "Prepare a workload's data from one pod in the cluster (near the database)",
		deploy.VerbCleanup: "Clean up a workload's data from one pod in the cluster",
	}[verb]
	cmd := &cobra.Command{
		Use:   verb + " WORKLOAD",
		Short: short,
		Args:  oneWorkload,
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.k8s(cmd.Context(), r, args[0])
		},
	}
	addTargetFlags(cmd.Flags(), o)
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
	addK8sFlags(cmd.Flags(), r)
	e.takesWorkload(cmd, o, "")
	return cmd
}

func addK8sFlags(f *pflag.FlagSet, r *k8s.Request) {
	o := &r.Opts
	f.StringVar(&r.Kubeconfig, "kubeconfig", "", "kubeconfig file (default $KUBECONFIG, ~/.kube/config, or the in-cluster configuration)")
	f.StringVar(&r.Context, "context", "", "kubeconfig context (default its current one)")
	f.StringVar(&o.Namespace, "namespace", "", "namespace of the Job (default the context's)")
	f.StringVar(&o.Image, "image", "", "container image holding this dbgauge's binary (required), e.g. registry.example.com/dbgauge:0.1")
	f.StringVar(&o.Command, "image-command", "dbgauge", "dbgauge's path in the image")
	f.StringVar(&o.PullPolicy, "pull-policy", "", "imagePullPolicy: Always, IfNotPresent or Never (default Kubernetes')")
	f.StringVar(&o.Requests, "requests", "", "each pod's resource requests, e.g. cpu=2,memory=1Gi")
	f.StringVar(&o.Limits, "limits", "", "each pod's resource limits, e.g. cpu=2,memory=2Gi")
	f.StringVar(&r.NodeSelector, "node-selector", "", "nodes the pods may run on, e.g. pool=loadgen,zone=a")
	f.StringArrayVar(&r.Tolerations, "toleration", nil, "a toleration KEY[=VALUE]:EFFECT (EFFECT NoSchedule, PreferNoSchedule or NoExecute); repeatable")
	f.StringVar(&o.ServiceAccount, "service-account", "", "service account of the pods")
	f.StringVar(&o.DBSecret, "db-secret", "", "an existing Secret holding the database URL, NAME or NAME/KEY (key url); default: the launcher makes one from --db and deletes it at the end")
	f.Int32Var(&o.BackoffLimitPerIndex, "backoff-limit-per-index", 1, "times a failed shard's pod is replaced (the Job's backoffLimitPerIndex); a shard late for the common start or given bad input is never retried")
	f.DurationVar(&o.StartTimeout, "start-timeout", k8s.DefaultStartTimeout, "how long after the common start a shard whose pod has not started is waited for, before it is reported with its pod's reason")
	f.StringVar(&o.ResultsVolume, "results-volume", "", "a PersistentVolumeClaim mounted at /results in every pod: each shard also writes its results folder there")
	f.DurationVar(&o.TTL, "ttl", k8s.DefaultTTL, "the Job's ttlSecondsAfterFinished (when it is kept)")
	f.BoolVar(&o.Keep, "keep", false, "leave the Job and the Secret the launcher made in place at the end")
	f.BoolVar(&r.DryRun, "dry-run", false, "print the Job's YAML (and the Secret's, without the URL) and submit nothing")
}

// k8s is one `dbgauge k8s VERB WORKLOAD`.
func (e *env) k8s(ctx context.Context, r *k8s.Request, name string) error {
	r.Workload = name
	s, err := r.Spec(time.Now())
	e.secretOf(s.Target)
	if err != nil {
		return err
	}
	var files map[string]string
	if catalog.IsFile(name) {
		if files, err = deploy.FilesFor(name); err != nil {
			return usageErr("%v", err)
		}
	}
	notef := func(f string, a ...any) { fmt.Fprintln(e.stderr, message(fmt.Errorf(f, a...), e.secrets)) }
	live := func(shards int) *deploy.Live { return e.liveMerge(s, shards) }
	c, err := r.Launch(ctx, s, files, e.stdout, notef, live)
	switch {
	case err != nil || c == nil:
		return err
	case r.Verb != deploy.VerbRun:
		return e.podVerbEnd(c)
	}
	return e.mergeLaunch(ctx, r.Inputs, c)
}

// podVerbEnd prints a prepare or cleanup pod's output and ends with its
// exit code.
func (e *env) podVerbEnd(c *deploy.Collector) error {
	out, err := c.PodEnd()
	e.stdout.Write(out)
	var ee *deploy.ExitError
	if errors.As(err, &ee) {
		return withCode(ee.Code, ee)
	}
	return err
}
