package cli

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spf13/pflag"

	"github.com/dbgauge/dbgauge/deploy"
	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/session"
)

// defaultLocalStartDelay is the time local shards get to start and open
// their connections before the common start: a process starts in
// milliseconds, and a thousand connections open in about a second here.
const defaultLocalStartDelay = 5 * time.Second

// addShardsFlags adds run's --shards and --start-delay.
func addShardsFlags(f *pflag.FlagSet, o *options) {
	f.IntVar(&o.shards, "shards", 1, "run as this many processes on this machine (shards 0..N-1 of the run, with a common start), collected and merged into one result")
	f.DurationVar(&o.startDelay, "start-delay", defaultLocalStartDelay, "with --shards, the time the shards get to start and connect before the common start (--start-at, after --warmup)")
}

// runShards is `run --shards N`: N worker processes of this binary, each a
// shard of the run, started for a common start time; their results are
// kept as they end and merged into one results folder, which is reported
// as a run's.
func (e *env) runShards(ctx context.Context, o *options, name string) error {
	o.Spec.Workload = name
	s, err := o.specFor(name)
	if err != nil {
		return err
	}
	e.secretOf(s.Target)
	if err := checkShards(o, s); err != nil {
		return err
	}
	s.Shard = fmt.Sprintf("0/%d", o.shards) // checks users and settings as a shard's
	if err := o.validate(); err != nil {
		return err
	}
	p, err := session.NewPlan(s, true)
	if err != nil {
		return err
	}
	if err := o.CheckWritable(); err != nil {
		return err
	}
	// Shards do not prepare: the launcher does it once, as run would.
	if _, err := p.Ready(ctx, e.observer(o.Spec), Version); err != nil {
		return err
	}
	l, c, err := deploy.NewLocalLaunch(s, o.shards, o.startDelay, time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "Starting %d shards of %s, measured from %s; their outputs go to %s\n", o.shards, name, l.Worker.Spec.StartAt, c.Dir)
	l.Notef = func(f string, a ...any) { fmt.Fprintln(e.stderr, message(fmt.Errorf(f, a...), e.secrets)) }
	l.Live = e.liveMerge(s, o.shards)
	l.Run(ctx, c)
	l.Live.Close()
	return e.mergeLaunch(ctx, o, c)
}

// checkShards refuses what --shards cannot do.
func checkShards(o *options, s session.Spec) error {
	switch {
	case o.shards < 1:
		return usageErr("--shards must be 1 or more, got %d", o.shards)
	case s.Shard != "":
		return usageErr("--shards with --shard: --shards starts every shard itself; give one of them")
	case o.Web != "":
		return usageErr("--web with --shards: the dashboard follows one process; open each shard's report or the merged one")
	case o.startDelay <= 0:
		return usageErr("--start-delay must be more than 0, got %s", o.startDelay)
	}
	return nil
}

// mergeLaunch merges what a launch collected, prints it as a run's
// summary, writes its reports and checks its thresholds. A launch with a
// shard missing ends with exit 4 (interrupted: 130) after the partial
// result is saved.
func (e *env) mergeLaunch(ctx context.Context, o *options, c *deploy.Collector) error {
	failed := c.Failed()
	for _, f := range failed {
		fmt.Fprintf(e.stderr, "shard %d of %d has no result: %s\n", f.Index, c.Shards, message(f.Err, e.secrets))
	}
	res, dir, err := c.Merge(o.Spec.ResultsDir, o.Spec.Histogram)
	if err != nil {
		if ctx.Err() != nil {
			return &session.Error{Kind: session.Interrupted, Err: err}
		}
		return withCode(ExitAborted, err)
	}
	report.Summary(e.stdout, res, o.Spec.Histogram)
	session.WriteReports(res, dir, e.observer(o.Spec))
	e.observe(func(ob runObserver) { ob.End(res, dir) })
	fmt.Fprintf(e.stderr, "Merged shards %s of %d (outputs in %s)\n", joinShards(results.ShardsOf(res)), c.Shards, c.Dir)
	fmt.Fprintf(e.stderr, "Results: %s\n", dir)
	aerr := o.Finish().Apply(res, dir, e.observer(o.Spec))
	if err := deploy.LaunchErr(ctx, c, failed, dir); err != nil {
		return err
	}
	return aerr
}

// liveMerge prints the shards' intervals merged as they come, as one
// process prints its own.
func (e *env) liveMerge(s session.Spec, shards int) *deploy.Live {
	step := s.ReportIntervalS
	if step <= 0 {
		step = 1
	}
	l := deploy.NewLive(shards, step, float64(s.Percentile), func(iv results.Interval) {
		if s.ReportIntervalS > 0 && iv.DurS >= s.ReportIntervalS/2 {
			e.outMu.Lock()
			io.WriteString(e.stdout, report.IntervalLine(iv, float64(s.Percentile), s.Rate > 0))
			e.outMu.Unlock()
		}
	})
	// A shard's script prints, as they come, as one process prints them.
	l.Print = func(_ int, line string) {
		e.outMu.Lock()
		io.WriteString(e.stdout, line+"\n")
		e.outMu.Unlock()
	}
	return l
}
