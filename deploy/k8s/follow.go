package k8s

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"sync"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dbgauge/dbgauge/deploy"
	"github.com/dbgauge/dbgauge/results"
)

// pollEvery is how often the launcher reads the Job and its pods: once a
// second is two light requests, whatever the number of shards.
const pollEvery = time.Second

// follower follows one submitted Job to its end.
type follower struct {
	lr      *Launcher
	job     string
	startAt time.Time
	c       *deploy.Collector
	// per index: the state line last printed, whether a pod of it ever
	// started, and whether it is settled (kept, or given up).
	said    map[int]string
	started map[int]bool
	settled map[int]bool
	// streams are the pods' logs being read, by pod UID.
	mu      sync.Mutex
	streams map[types.UID]*logStream
	seq     int
}

// logStream is one pod's log as it is read.
type logStream struct {
	index int
	seq   int // order of creation
	pod   string
	buf   bytes.Buffer
	err   error
	done  chan struct{}
}

func (s *logStream) Write(p []byte) (int, error) { return s.buf.Write(p) }

// follow reads the Job and its pods every second until every shard is
// settled, keeping each shard's output as its pod ends. When ctx ends
// (Ctrl-C) the Job is suspended, which stops its pods (SIGTERM: each shard
// prints its partial result) and follow keeps what they print.
func (f *follower) follow(ctx context.Context) error {
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	stopped := false
	var stopDeadline time.Time
	// Reads after Ctrl-C use their own context: the launcher still has to
	// collect what the stopped shards print.
	bg := context.WithoutCancel(ctx)
	for {
		job, err := f.lr.Client.api.getJob(bg, f.lr.Launch.Opts.Namespace, f.job)
		if err != nil {
			return f.lr.Client.apiError("reading Job "+f.job, err)
		}
		pods, err := f.lr.Client.api.listPods(bg, f.lr.Launch.Opts.Namespace, LabelLaunch+"="+f.job)
		if err != nil {
			return f.lr.Client.apiError("listing the Job's pods", err)
		}
		running := f.step(bg, job, pods.Items)
		now := f.lr.now()
		if !stopped && now.After(f.startAt.Add(f.lr.Launch.Opts.StartTimeout)) {
			f.giveUpUnstarted(pods.Items)
		}
		if (f.allSettled() || jobFinished(job)) && running == 0 && f.streamsDone() {
			f.keepFinished(pods.Items)
			return nil
		}
		// Settled with pods still active: those of shards given up on
		// (an image that never starts). Suspending the Job removes them.
		if !stopped && (ctx.Err() != nil || f.allSettled() && running > 0) {
			stopped, stopDeadline = true, now.Add(90*time.Second)
			if ctx.Err() != nil {
				f.lr.note("stopping the Job %s: its shards save their partial results", f.job)
			}
			if err := f.lr.suspend(bg, f.job); err != nil {
				return err
			}
		}
		if stopped && (running == 0 && f.streamsDone() || now.After(stopDeadline)) {
			f.keepFinished(pods.Items)
			return nil
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			if !stopped {
				continue
			}
			<-tick.C
		}
	}
}

// step updates the shards' states from the pods, starts reading the logs
// of pods that started and keeps the outputs of pods that ended. It
// returns how many pods are still running or pending.
func (f *follower) step(ctx context.Context, job *batchv1.Job, pods []corev1.Pod) int {
	newest := map[int]*corev1.Pod{}
	active := 0
	for i := range pods {
		p := &pods[i]
		ix, ok := podIndex(p)
		if !ok {
			continue
		}
		if q := newest[ix]; q == nil || q.CreationTimestamp.Before(&p.CreationTimestamp) {
			newest[ix] = p
		}
		if p.Status.Phase == corev1.PodRunning || terminal(p) {
			f.started[ix] = true
			f.startStream(ctx, ix, p)
		}
		if !terminal(p) && p.DeletionTimestamp == nil {
			active++
		} else if p.DeletionTimestamp != nil && !terminal(p) && p.Status.Phase == corev1.PodRunning {
			active++ // stopping: its partial result is on the way
		}
	}
	ixs := make([]int, 0, len(newest))
	for ix := range newest {
		ixs = append(ixs, ix)
	}
	sort.Ints(ixs)
	for _, ix := range ixs {
		p := newest[ix]
		f.say(ix, describe(p))
		if terminal(p) && !f.settled[ix] && f.streamDone(p.UID) && (p.Status.Phase == corev1.PodSucceeded || indexFailed(job, ix)) {
			f.keep(ix, p)
		}
	}
	return active
}

// keep records the output of pod p, the last of shard ix.
func (f *follower) keep(ix int, p *corev1.Pod) {
	f.mu.Lock()
	s := f.streams[p.UID]
	f.mu.Unlock()
	out := s.buf.Bytes()
	if _, _, err := results.ReadStream(bytes.NewReader(out)); err != nil {
		// The followed stream broke before the end (an API server
		// restart): read the log again, whole, while the pod is there.
		if full, ferr := f.lr.wholeLog(p.Name); ferr == nil && len(full) > len(out) {
			out = full
		}
	}
	var runErr error
	if p.Status.Phase == corev1.PodFailed {
		runErr = podFailure(p, out)
	} else if s.err != nil {
		runErr = fmt.Errorf("reading the log of pod %s: %v", p.Name, s.err)
	}
	o := f.c.Keep(ix, out, runErr)
	f.settle(ix)
	f.report(ix, o)
}

// settle marks shard ix done: nothing more comes from it (a failed pod
// of an index the Job will retry is not settled: its replacement's
// intervals still count in the live lines).
func (f *follower) settle(ix int) {
	f.settled[ix] = true
	if f.lr.Live != nil {
		f.lr.Live.End(ix)
	}
}

// report prints what was kept of shard ix.
func (f *follower) report(ix int, o *deploy.Outcome) {
	switch {
	case f.lr.Launch.Worker.Verb != deploy.VerbRun:
		// prepare and cleanup print no result: their exit code says.
		if ee := (*deploy.ExitError)(nil); errors.As(o.Err, &ee) {
			f.lr.note("%s pod ended: %v", f.lr.Launch.Worker.Verb, ee)
		} else {
			f.lr.note("%s pod ended", f.lr.Launch.Worker.Verb)
		}
	case o.Result != nil && o.Err == nil:
		f.lr.note("shard %d of %d: collected, %d transactions", ix, f.c.Shards, o.Result.Totals.Transactions)
	case o.Result != nil:
		f.lr.note("shard %d of %d: collected a partial result (%v)", ix, f.c.Shards, o.Err)
	default:
		f.lr.note("shard %d of %d: failed: %v", ix, f.c.Shards, o.Err)
	}
}

// keepFinished keeps, at the end, the last output of every shard not kept
// yet: a shard stopped by Ctrl-C (its pod may be gone already), or one
// whose index the Job had not marked yet.
func (f *follower) keepFinished(pods []corev1.Pod) {
	byUID := map[types.UID]*corev1.Pod{}
	for i := range pods {
		byUID[pods[i].UID] = &pods[i]
	}
	f.mu.Lock()
	last := map[int]types.UID{}
	for uid, s := range f.streams {
		if l, ok := last[s.index]; !ok || f.streams[l].seq < s.seq {
			last[s.index] = uid
		}
	}
	f.mu.Unlock()
	for ix, uid := range last {
		if f.settled[ix] || !f.streamDone(uid) {
			continue
		}
		if p := byUID[uid]; p != nil && terminal(p) {
			f.keep(ix, p)
			continue
		}
		// The pod is gone (deleted once it stopped): its output decides.
		s := f.streams[uid]
		o := f.c.Keep(ix, s.buf.Bytes(), nil)
		f.settle(ix)
		f.report(ix, o)
	}
}

// startStream starts following pod p's log once.
func (f *follower) startStream(ctx context.Context, ix int, p *corev1.Pod) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.streams[p.UID] != nil {
		return
	}
	f.seq++
	s := &logStream{index: ix, pod: p.Name, seq: f.seq, done: make(chan struct{})}
	f.streams[p.UID] = s
	var w io.Writer = s
	if f.lr.Live != nil {
		w = io.MultiWriter(s, f.lr.Live.Writer(ix))
	}
	go func() {
		defer close(s.done)
		rc, err := f.lr.Client.api.podLog(ctx, f.lr.Launch.Opts.Namespace, p.Name, ContainerName, true)
		if err != nil {
			s.err = err
			return
		}
		defer rc.Close()
		_, s.err = io.Copy(w, rc)
	}()
}

func (f *follower) streamDone(uid types.UID) bool {
	f.mu.Lock()
	s := f.streams[uid]
	f.mu.Unlock()
	if s == nil {
		return false
	}
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

func (f *follower) streamsDone() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, s := range f.streams {
		select {
		case <-s.done:
		default:
			return false
		}
	}
	return true
}

// giveUpUnstarted settles the shards none of whose pods started by the
// common start plus the start timeout, with their pods' reasons.
func (f *follower) giveUpUnstarted(pods []corev1.Pod) {
	for ix := 0; ix < f.c.Shards; ix++ {
		if f.started[ix] || f.settled[ix] {
			continue
		}
		reason := "no pod was created for it"
		for i := range pods {
			if j, ok := podIndex(&pods[i]); ok && j == ix {
				reason = "its pod " + pods[i].Name + " is " + describe(&pods[i])
			}
		}
		f.c.Keep(ix, nil, fmt.Errorf("did not start within %s of the common start %s: %s",
			f.lr.Launch.Opts.StartTimeout, f.startAt.UTC().Format(time.RFC3339), reason))
		f.settle(ix)
		f.lr.note("shard %d of %d: did not start: %s", ix, f.c.Shards, reason)
	}
}

func (f *follower) allSettled() bool {
	for ix := 0; ix < f.c.Shards; ix++ {
		if !f.settled[ix] {
			return false
		}
	}
	return true
}

// say prints shard ix's state when it changes.
func (f *follower) say(ix int, state string) {
	if f.said[ix] == state {
		return
	}
	f.said[ix] = state
	f.lr.note("shard %d of %d: %s", ix, f.c.Shards, state)
}

// podIndex is a pod's completion index.
func podIndex(p *corev1.Pod) (int, bool) {
	v, ok := p.Annotations[IndexKey]
	if !ok {
		v, ok = p.Labels[IndexKey]
	}
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(v)
	return i, err == nil
}

func terminal(p *corev1.Pod) bool {
	return p.Status.Phase == corev1.PodSucceeded || p.Status.Phase == corev1.PodFailed
}

// jobFinished: the Job has its Complete or Failed condition.
func jobFinished(j *batchv1.Job) bool {
	for _, c := range j.Status.Conditions {
		if (c.Type == batchv1.JobComplete || c.Type == batchv1.JobFailed) && c.Status == corev1.ConditionTrue {
			return true
		}
	}
	return false
}

// indexFailed: the Job gave up on index ix (it will not be retried).
func indexFailed(j *batchv1.Job, ix int) bool {
	if j.Status.FailedIndexes == nil {
		return jobFinished(j)
	}
	for _, i := range expandIndexes(*j.Status.FailedIndexes) {
		if i == ix {
			return true
		}
	}
	return jobFinished(j)
}

// expandIndexes reads the Job status's "0,2-4" index lists.
func expandIndexes(s string) []int {
	var out []int
	for _, part := range bytes.Split([]byte(s), []byte(",")) {
		a, b, ok := bytes.Cut(part, []byte("-"))
		lo, err := strconv.Atoi(string(a))
		if err != nil {
			continue
		}
		hi := lo
		if ok {
			if hi, err = strconv.Atoi(string(b)); err != nil {
				continue
			}
		}
		for i := lo; i <= hi; i++ {
			out = append(out, i)
		}
	}
	return out
}
