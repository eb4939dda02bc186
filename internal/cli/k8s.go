package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/deploy"
	"github.com/dbgauge/dbgauge/deploy/k8s"
	"github.com/dbgauge/dbgauge/session"
)

// k8sOptions are the flags of `dbgauge k8s VERB`.
type k8sOptions struct {
	kubeconfig, context string
	opts                k8s.Options
	nodeSelector        string
	tolerations         []string
	dryRun              bool
}

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
	ko := &k8sOptions{}
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
			return e.k8s(cmd.Context(), verb, o, ko, args[0])
		},
	}
	addTargetFlags(cmd.Flags(), o)
	if verb == deploy.VerbRun {
		addRunFlags(cmd.Flags(), o)
		cmd.Flags().IntVar(&o.shards, "shards", 1, "pods of the Indexed Job, each a shard of the run (users, connections, events and the --rate schedule are dealt over them)")
		cmd.Flags().DurationVar(&ko.opts.StartDelay, "start-delay", k8s.DefaultStartDelay, "time the pods get to be scheduled, pull the image and connect before the common start")
	} else {
		cmd.Flags().StringVar(&o.Spec.ResultsDir, "results-dir", defaultResultsDir, "directory that receives the pod's output")
	}
	if verb == deploy.VerbPrepare {
		cmd.Flags().BoolVar(&o.Spec.Force, "force", false, "take over tables of the same names that dbgauge did not create (they are dropped)")
	}
	addK8sFlags(cmd.Flags(), ko)
	e.takesWorkload(cmd, o, "")
	return cmd
}

func addK8sFlags(f *pflag.FlagSet, ko *k8sOptions) {
	o := &ko.opts
	f.StringVar(&ko.kubeconfig, "kubeconfig", "", "kubeconfig file (default $KUBECONFIG, ~/.kube/config, or the in-cluster configuration)")
	f.StringVar(&ko.context, "context", "", "kubeconfig context (default its current one)")
	f.StringVar(&o.Namespace, "namespace", "", "namespace of the Job (default the context's)")
	f.StringVar(&o.Image, "image", "", "container image holding this dbgauge's binary (required), e.g. registry.example.com/dbgauge:0.1")
	f.StringVar(&o.Command, "image-command", "dbgauge", "dbgauge's path in the image")
	f.StringVar(&o.PullPolicy, "pull-policy", "", "imagePullPolicy: Always, IfNotPresent or Never (default Kubernetes')")
	f.StringVar(&o.Requests, "requests", "", "each pod's resource requests, e.g. cpu=2,memory=1Gi")
	f.StringVar(&o.Limits, "limits", "", "each pod's resource limits, e.g. cpu=2,memory=2Gi")
	f.StringVar(&ko.nodeSelector, "node-selector", "", "nodes the pods may run on, e.g. pool=loadgen,zone=a")
	f.StringArrayVar(&ko.tolerations, "toleration", nil, "a toleration KEY[=VALUE]:EFFECT (EFFECT NoSchedule, PreferNoSchedule or NoExecute); repeatable")
	f.StringVar(&o.ServiceAccount, "service-account", "", "service account of the pods")
	f.StringVar(&o.DBSecret, "db-secret", "", "an existing Secret holding the database URL, NAME or NAME/KEY (key url); default: the launcher makes one from --db and deletes it at the end")
	f.Int32Var(&o.BackoffLimitPerIndex, "backoff-limit-per-index", 1, "times a failed shard's pod is replaced (the Job's backoffLimitPerIndex); a shard late for the common start or given bad input is never retried")
	f.DurationVar(&o.StartTimeout, "start-timeout", k8s.DefaultStartTimeout, "how long after the common start a shard whose pod has not started is waited for, before it is reported with its pod's reason")
	f.StringVar(&o.ResultsVolume, "results-volume", "", "a PersistentVolumeClaim mounted at /results in every pod: each shard also writes its results folder there")
	f.DurationVar(&o.TTL, "ttl", k8s.DefaultTTL, "the Job's ttlSecondsAfterFinished (when it is kept)")
	f.BoolVar(&o.Keep, "keep", false, "leave the Job and the Secret the launcher made in place at the end")
	f.BoolVar(&ko.dryRun, "dry-run", false, "print the Job's YAML (and the Secret's, without the URL) and submit nothing")
}

// k8s is one `dbgauge k8s VERB WORKLOAD`.
func (e *env) k8s(ctx context.Context, verb string, o *options, ko *k8sOptions, name string) error {
	o.Spec.Workload = name
	s, err := e.k8sSpec(verb, o, ko, name)
	if err != nil {
		return err
	}
	var files map[string]string
	if catalog.IsFile(name) {
		if files, err = deploy.FilesFor(name); err != nil {
			return usageErr("%v", err)
		}
	}
	l := k8s.NewLaunch(verb, session.FolderName(name), o.shards, s, files, ko.opts, time.Now())
	if ko.dryRun {
		if err := l.WriteYAML(e.stdout); err != nil {
			return usageErr("%w", err)
		}
		return nil
	}
	cl, err := k8s.Connect(ko.kubeconfig, ko.context)
	if err != nil {
		return err
	}
	if l.Opts.Namespace == "" {
		l.Opts.Namespace = cl.Namespace
	}
	lr := &k8s.Launcher{Client: cl, Launch: l,
		Notef: func(f string, a ...any) { fmt.Fprintln(e.stderr, message(fmt.Errorf(f, a...), e.secrets)) }}
	if err := lr.Check(ctx); err != nil {
		return err
	}
	c, err := deploy.NewCollector(s.ResultsDir, session.FolderName(name), l.Worker.Shards, s.StartAt, time.Now())
	if err != nil {
		return err
	}
	if verb == deploy.VerbRun {
		fmt.Fprintf(e.stderr, "Launching %d shards of %s in namespace %s, measured from %s; their outputs go to %s\n",
			l.Worker.Shards, name, l.Opts.Namespace, s.StartAt, c.Dir)
	}
	if verb == deploy.VerbRun {
		lr.Live = e.liveMerge(s, l.Worker.Shards)
		defer lr.Live.Close()
	}
	if err := lr.Run(ctx, s.Target, c); err != nil {
		if len(c.Outcomes()) > 0 {
			fmt.Fprintf(e.stderr, "What was collected is in %s\n", c.Dir)
		}
		return err
	}
	if verb != deploy.VerbRun {
		return e.podVerbEnd(c)
	}
	return e.mergeLaunch(ctx, o, c)
}

// k8sSpec builds and checks the worker's Spec.
func (e *env) k8sSpec(verb string, o *options, ko *k8sOptions, name string) (session.Spec, error) {
	s, err := o.specFor(name)
	if err != nil && !(ko.opts.DBSecret != "" && o.DB == "" && os.Getenv("DBGAUGE_DB") == "") {
		return s, err
	}
	e.secretOf(s.Target)
	if ko.opts.Image == "" {
		return s, usageErr("--image is required: a container image holding dbgauge (see the README's Kubernetes section)")
	}
	if ko.opts.DBSecret != "" && s.Target != "" && o.DB != "" {
		return s, usageErr("--db with --db-secret: the pods read the URL from the Secret; give one of them")
	}
	if ko.opts.DBSecret == "" && s.Target == "" {
		return s, usageErr("no database: give --db (or DBGAUGE_DB), or --db-secret naming a Secret that holds the URL")
	}
	if ko.opts.StartTimeout <= 0 {
		return s, usageErr("--start-timeout must be more than 0, got %s", ko.opts.StartTimeout)
	}
	if err := ko.opts.Parse(ko.nodeSelector, ko.tolerations); err != nil {
		return s, usageErr("%w", err)
	}
	if _, err := session.NewPlan(s, false); err != nil || verb != deploy.VerbRun {
		return s, err
	}
	if o.shards < 1 {
		return s, usageErr("--shards must be 1 or more, got %d", o.shards)
	}
	if s.Shard != "" {
		return s, usageErr("--shard with k8s run: the Job gives every pod its shard; use --shards")
	}
	if ko.opts.StartDelay <= 0 {
		return s, usageErr("--start-delay must be more than 0, got %s", ko.opts.StartDelay)
	}
	if o.Web != "" {
		return s, usageErr("--web with k8s run: the dashboard follows one process")
	}
	if o.shards > 1 {
		s.Shard = fmt.Sprintf("0/%d", o.shards)
	}
	if _, err := session.NewPlan(s, true); err != nil {
		return s, err
	}
	if err := o.ParseThresholds(); err != nil {
		return s, err
	}
	if err := o.CheckWritable(); err != nil {
		return s, err
	}
	// The pods write their folders in the volume, or in their own /tmp;
	// the launcher writes the merged one here, in --results-dir.
	return deploy.ForShards(s, ko.opts.StartDelay, time.Now()), nil
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
