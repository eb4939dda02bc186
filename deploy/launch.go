package deploy

import (
	"context"
	"fmt"
	"github.com/dbgauge/dbgauge/results"
	"os"
	"strings"
	"time"

	"github.com/dbgauge/dbgauge/session"
)

// NewLocalLaunch is `run --shards N` of s on this machine: N processes of
// this binary (`dbgauge worker`), each a shard of s measured from a common
// start delay after now (ForShards), and the Collector that keeps their
// results. The database URL goes to the shards apart from their Spec
// (Local.Target), as to a Job's pods. The caller has made the data ready.
func NewLocalLaunch(s session.Spec, shards int, delay time.Duration, now time.Time) (Local, *Collector, error) {
	s = ForShards(s, delay, now)
	exe, err := os.Executable()
	if err != nil {
		return Local{}, nil, fmt.Errorf("cannot find dbgauge's own executable to start the shards: %w", err)
	}
	c, err := NewCollector(s.ResultsDir, session.FolderName(s.Workload), shards, s.StartAt, now)
	if err != nil {
		return Local{}, nil, err
	}
	target := s.Target
	s.Target = ""
	return Local{Exe: exe, Target: target, Worker: Worker{Verb: VerbRun, Shards: shards, Spec: s}}, c, nil
}

// LaunchErr is how a launch whose merged result is saved in dir ends:
// interrupted (ctx ended: the result is partial), failed shards (the result
// holds only the others: an aborted run), or nil.
func LaunchErr(ctx context.Context, c *Collector, failed []Outcome, dir string) error {
	switch {
	case ctx.Err() != nil:
		return &session.Error{Kind: session.Interrupted, Err: fmt.Errorf("interrupted: the partial result is in %s", dir)}
	case len(failed) > 0:
		var ix []string
		for _, f := range failed {
			ix = append(ix, fmt.Sprint(f.Index))
		}
		return &session.Error{Kind: session.Aborted, Err: fmt.Errorf("shard %s of %d failed: the result in %s holds only the others", strings.Join(ix, ", "), c.Shards, dir)}
	}
	return nil
}

// CheckLocal refuses what `run --shards` cannot do with s: shards below
// 1, a shard given too (s.Shard), a dashboard (web) or no start delay.
// Its errors name the settings in braces (session.SettingError).
func CheckLocal(s session.Spec, shards int, delay time.Duration, web string) error {
	switch {
	case shards < 1:
		return session.Settingf("{shards} must be 1 or more, got %d", shards)
	case s.Shard != "":
		return session.Settingf("{shards} with {shard}: {shards} starts every shard itself; give one of them")
	case web != "":
		return session.Settingf("{web} with {shards}: the dashboard follows one process; open each shard's report or the merged one")
	case delay <= 0:
		return session.Settingf("{start-delay} must be more than 0, got %s", delay)
	}
	return nil
}

// Finish merges what launch c collected into a results folder under in's
// results directory and ends it as a run's: its reports, a note of the
// shards it holds, obs.End, then in's Finish (thresholds, outputs, store).
// It returns the launch's error (LaunchErr) before the Finish's, and an
// Aborted (Interrupted) error when nothing could merge.
func (c *Collector) Finish(ctx context.Context, in *session.Inputs, failed []Outcome, obs session.Observer) error {
	res, dir, err := c.Merge(in.Spec.ResultsDir, in.Spec.Histogram)
	if err != nil {
		if ctx.Err() != nil {
			return &session.Error{Kind: session.Interrupted, Err: err}
		}
		return &session.Error{Kind: session.Aborted, Err: err}
	}
	session.WriteReports(res, dir, obs)
	obs.Note(fmt.Sprintf("Merged shards %s of %d (outputs in %s)", results.JoinShards(results.ShardsOf(res)), c.Shards, c.Dir))
	obs.End(res, dir)
	aerr := in.Finish().Apply(res, dir, obs)
	if err := LaunchErr(ctx, c, failed, dir); err != nil {
		return err
	}
	return aerr
}

// ReadyLocal readies `run --shards N` of s, the Spec in builds: it refuses
// what CheckLocal refuses and what in or s refuse as a shard's, makes the
// data ready once (shards do not prepare: the launcher does it, as run
// would), and returns the launch of the shards from a common start delay
// after now (NewLocalLaunch).
func ReadyLocal(ctx context.Context, in *session.Inputs, s session.Spec, shards int, delay time.Duration,
	obs session.Observer, version string) (Local, *Collector, error) {
	if err := CheckLocal(s, shards, delay, in.Web); err != nil {
		return Local{}, nil, err
	}
	s.Shard = fmt.Sprintf("0/%d", shards) // checks users and settings as a shard's
	if err := in.Check(); err != nil {
		return Local{}, nil, err
	}
	p, err := session.NewPlan(s, true)
	if err != nil {
		return Local{}, nil, err
	}
	if err := in.CheckWritable(); err != nil {
		return Local{}, nil, err
	}
	if _, err := p.Ready(ctx, obs, version); err != nil {
		return Local{}, nil, err
	}
	return NewLocalLaunch(s, shards, delay, time.Now())
}

// LiveFor is the Live of a launch of shards of s: the shards' intervals
// merged as they come and their scripts' prints, handed to obs as one
// process hands its own.
func LiveFor(s session.Spec, shards int, obs session.Observer) *Live {
	step := s.ReportIntervalS
	if step <= 0 {
		step = 1
	}
	l := NewLive(shards, step, float64(s.Percentile), obs.Interval)
	l.Print = func(_ int, line string) { obs.Print(line) }
	return l
}
