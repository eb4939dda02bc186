package k8s

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/dbgauge/dbgauge/deploy"
	"github.com/dbgauge/dbgauge/session"
)

// Request is one `dbgauge k8s VERB WORKLOAD` as its caller gave it: the
// run's settings (Inputs), the Job's options, and how to reach the cluster.
type Request struct {
	Verb, Workload string
	Inputs         *session.Inputs
	// Shards are the pods of a run's Indexed Job (1: one pod).
	Shards int
	Opts   Options
	// NodeSelector and Tolerations are Opts' in their text forms (Parse).
	NodeSelector string
	Tolerations  []string
	// Kubeconfig and Context reach the cluster (Connect); DryRun writes
	// the Job's YAML instead.
	Kubeconfig, Context string
	DryRun              bool
}

// Spec builds and checks the pods' Spec, measured from a common start
// Opts.StartDelay after now for a run. Its errors name settings in
// braces (session.SettingError, OptionError): {image}, {shards}.
func (r *Request) Spec(now time.Time) (session.Spec, error) {
	in := r.Inputs
	in.Spec.Workload = r.Workload
	s, err := in.Build(r.Workload)
	if err != nil && !(r.Opts.DBSecret != "" && in.DB == "" && os.Getenv(session.TargetEnv) == "") {
		return s, err
	}
	switch {
	case r.Opts.Image == "":
		return s, session.Settingf("{image} is required: a container image holding dbgauge (see the README's Kubernetes section)")
	case r.Opts.DBSecret != "" && s.Target != "" && in.DB != "":
		return s, session.Settingf("{db} with {db-secret}: the pods read the URL from the Secret; give one of them")
	case r.Opts.DBSecret == "" && s.Target == "":
		return s, session.Settingf("no database: give {db} (or DBGAUGE_DB), or {db-secret} naming a Secret that holds the URL")
	case r.Opts.StartTimeout <= 0:
		return s, session.Settingf("{start-timeout} must be more than 0, got %s", r.Opts.StartTimeout)
	}
	if err := r.Opts.Parse(r.NodeSelector, r.Tolerations); err != nil {
		return s, &session.Error{Kind: session.Usage, Err: err}
	}
	if _, err := session.NewPlan(s, false); err != nil || r.Verb != deploy.VerbRun {
		return s, err
	}
	switch {
	case r.Shards < 1:
		return s, session.Settingf("{shards} must be 1 or more, got %d", r.Shards)
	case s.Shard != "":
		return s, session.Settingf("{shard} with k8s run: the Job gives every pod its shard; use {shards}")
	case r.Opts.StartDelay <= 0:
		return s, session.Settingf("{start-delay} must be more than 0, got %s", r.Opts.StartDelay)
	case in.Web != "":
		return s, session.Settingf("{web} with k8s run: the dashboard follows one process")
	}
	if r.Shards > 1 {
		s.Shard = fmt.Sprintf("0/%d", r.Shards)
	}
	if _, err := session.NewPlan(s, true); err != nil {
		return s, err
	}
	if err := in.ParseThresholds(); err != nil {
		return s, err
	}
	if err := in.CheckWritable(); err != nil {
		return s, err
	}
	// The pods write their folders in the volume, or in their own /tmp;
	// the launcher writes the merged one here, in the results directory.
	return deploy.ForShards(s, r.Opts.StartDelay, now), nil
}

// Launch is the Job of Spec s (from Spec) with the workload files it
// carries (deploy.FilesFor, for a workload file): with DryRun its YAML
// written to yaml, else submitted and followed to its end, each pod's
// output and result kept in the returned Collector. notef prints a state
// line; obs, if set, follows a run's intervals, merged as they come
// (deploy.LiveFor).
func (r *Request) Launch(ctx context.Context, s session.Spec, yaml io.Writer,
	notef func(string, ...any), obs session.Observer) (*deploy.Collector, error) {
	var files map[string]string
	if session.IsFile(r.Workload) {
		var err error
		if files, err = deploy.FilesFor(r.Workload); err != nil {
			return nil, &session.Error{Kind: session.Usage, Err: err}
		}
	}
	folder := session.FolderName(r.Workload)
	l := NewLaunch(r.Verb, folder, r.Shards, s, files, r.Opts, time.Now())
	if r.DryRun {
		if err := l.WriteYAML(yaml); err != nil {
			return nil, &session.Error{Kind: session.Usage, Err: err}
		}
		return nil, nil
	}
	cl, err := Connect(r.Kubeconfig, r.Context)
	if err != nil {
		return nil, err
	}
	if l.Opts.Namespace == "" {
		l.Opts.Namespace = cl.Namespace
	}
	lr := &Launcher{Client: cl, Launch: l, Notef: notef}
	if err := lr.Check(ctx); err != nil {
		return nil, err
	}
	c, err := deploy.NewCollector(s.ResultsDir, folder, l.Worker.Shards, s.StartAt, time.Now())
	if err != nil {
		return nil, err
	}
	if r.Verb == deploy.VerbRun {
		notef("Launching %d shards of %s in namespace %s, measured from %s; their outputs go to %s",
			l.Worker.Shards, r.Workload, l.Opts.Namespace, s.StartAt, c.Dir)
		if obs != nil {
			lr.Live = deploy.LiveFor(s, l.Worker.Shards, obs)
			defer lr.Live.Close()
		}
	}
	if err := lr.Run(ctx, s.Target, c); err != nil {
		if len(c.Outcomes()) > 0 {
			notef("What was collected is in %s", c.Dir)
		}
		return c, err
	}
	return c, nil
}
