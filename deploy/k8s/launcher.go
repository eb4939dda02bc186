package k8s

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dbgauge/dbgauge/deploy"
)

// Launcher submits a Launch and follows it to its end.
type Launcher struct {
	Client *Client
	Launch Launch
	// Notef prints one state line.
	Notef func(format string, a ...any)
	// Live, if set, merges the shards' intervals as they come.
	Live *deploy.Live
	// Now is the clock (time.Now).
	Now func() time.Time
}

func (lr *Launcher) now() time.Time {
	if lr.Now != nil {
		return lr.Now()
	}
	return time.Now()
}

func (lr *Launcher) note(format string, a ...any) {
	if lr.Notef != nil {
		lr.Notef(format, a...)
	}
}

// Check asks the API server whether the launcher may do all a launch
// needs (CheckAccess): call it before Run, before anything is written.
func (lr *Launcher) Check(ctx context.Context) error {
	return lr.Client.CheckAccess(ctx, lr.Launch.Opts.Namespace, lr.Launch.Opts.DBSecret == "")
}

// Run creates the Secret (unless the user named one) and the Job, follows the pods, keeps each shard's output
// and result in c as it comes, and at the end removes the Job and the
// Secret (unless Keep). The outcomes are in c, whatever the error.
func (lr *Launcher) Run(ctx context.Context, target string, c *deploy.Collector) error {
	l := lr.Launch
	ns := l.Opts.Namespace
	secret := l.Secret(target)
	job, err := l.Job()
	if err != nil {
		return err
	}
	startAt, err := time.Parse(time.RFC3339, l.Worker.Spec.StartAt)
	if err != nil && l.Worker.Verb == deploy.VerbRun {
		return fmt.Errorf("the launch has no common start: %v", err)
	}
	if err != nil {
		// prepare and cleanup: one pod, given the time a run's would get.
		startAt = lr.now().Add(DefaultStartDelay)
	}
	if secret != nil {
		if err := lr.Client.api.createSecret(ctx, secret); err != nil {
			return lr.Client.apiError("creating Secret "+secret.Name, err)
		}
		if !l.Opts.Keep {
			defer lr.Client.api.deleteSecret(context.WithoutCancel(ctx), ns, secret.Name)
		}
	}
	created, err := lr.Client.api.createJob(ctx, job)
	if err != nil {
		return lr.Client.apiError("creating Job "+job.Name, err)
	}
	lr.note("Job %s/%s created: %d pods, measured from %s", ns, created.Name, l.Worker.Shards, l.Worker.Spec.StartAt)
	if !l.Opts.Keep {
		defer lr.remove(context.WithoutCancel(ctx), created.Name)
	}
	f := &follower{lr: lr, job: created.Name, startAt: startAt, c: c,
		said: map[int]string{}, started: map[int]bool{}, settled: map[int]bool{}, streams: map[types.UID]*logStream{}}
	return f.follow(ctx)
}

// suspend stops the Job: the job controller deletes its active pods, each
// of which gets SIGTERM and its grace period to print its partial result.
func (lr *Launcher) suspend(ctx context.Context, name string) error {
	if err := lr.Client.api.patchJob(ctx, lr.Launch.Opts.Namespace, name, []byte(`{"spec":{"suspend":true}}`)); err != nil {
		return lr.Client.apiError("suspending Job "+name, err)
	}
	return nil
}

// remove deletes the Job; its pods go with it (background propagation).
func (lr *Launcher) remove(ctx context.Context, name string) {
	if err := lr.Client.api.deleteJob(ctx, lr.Launch.Opts.Namespace, name); err != nil {
		lr.note("could not delete Job %s: %s (kubectl delete job %s)", name, oneLine(err), name)
	}
}

// wholeLog reads a pod's log from its beginning, once, unfollowed.
func (lr *Launcher) wholeLog(pod string) ([]byte, error) {
	rc, err := lr.Client.api.podLog(context.Background(), lr.Launch.Opts.Namespace, pod, ContainerName, false)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// describe is a pod's state in a few words: its phase and, when waiting or
// ended, why.
func describe(p *corev1.Pod) string {
	var cs *corev1.ContainerStatus
	for i := range p.Status.ContainerStatuses {
		if p.Status.ContainerStatuses[i].Name == ContainerName {
			cs = &p.Status.ContainerStatuses[i]
		}
	}
	switch {
	case p.DeletionTimestamp != nil && !terminal(p):
		return "stopping (pod " + p.Name + ")"
	case p.Status.Phase == corev1.PodSucceeded:
		return "succeeded (pod " + p.Name + ")"
	case p.Status.Phase == corev1.PodFailed:
		if cs != nil && cs.State.Terminated != nil {
			return fmt.Sprintf("failed, exit %d (pod %s)", cs.State.Terminated.ExitCode, p.Name)
		}
		return "failed: " + orDefault(p.Status.Reason, "no reason given") + " (pod " + p.Name + ")"
	case p.Status.Phase == corev1.PodRunning:
		return "running on " + orDefault(p.Spec.NodeName, "a node") + " (pod " + p.Name + ")"
	}
	if cs != nil && cs.State.Waiting != nil && cs.State.Waiting.Reason != "" {
		w := cs.State.Waiting
		s := "pending: " + w.Reason
		if w.Message != "" {
			s += ": " + oneLine(fmt.Errorf("%s", w.Message))
		}
		return s + " (pod " + p.Name + ")"
	}
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodScheduled && c.Status == corev1.ConditionFalse {
			return "pending: unschedulable: " + oneLine(fmt.Errorf("%s", c.Message)) + " (pod " + p.Name + ")"
		}
	}
	return "pending (pod " + p.Name + ")"
}

// podFailure is why a failed pod failed: its exit code and the last line
// the worker printed (its one-line error), else the termination message.
func podFailure(p *corev1.Pod, out []byte) error {
	for _, cs := range p.Status.ContainerStatuses {
		if cs.Name != ContainerName || cs.State.Terminated == nil {
			continue
		}
		t := cs.State.Terminated
		line := deploy.LastLine(out)
		if line == "" {
			line = deploy.LastLine([]byte(t.Message))
		}
		if line == "" {
			line = t.Reason
		}
		return &deploy.ExitError{Code: int(t.ExitCode), Line: line}
	}
	return fmt.Errorf("pod %s failed: %s", p.Name, strings.TrimSpace(orDefault(p.Status.Reason+" "+p.Status.Message, "no reason given")))
}
