package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"github.com/dbgauge/dbgauge/deploy"
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
// shard of the run, started for a common start time (deploy.ReadyLocal);
// their results are kept as they end and merged into one results folder,
// which is reported as a run's.
func (e *env) runShards(ctx context.Context, o *options, name string) error {
	o.Spec.Workload = name
	s, err := e.spec(o, name)
	if err != nil {
		return err
	}
	l, c, err := deploy.ReadyLocal(ctx, &o.Inputs, s, o.shards, o.startDelay, e.observer(o.Spec), Version)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "Starting %d shards of %s, measured from %s; their outputs go to %s\n", o.shards, name, l.Worker.Spec.StartAt, c.Dir)
	l.Notef, l.Obs = e.notef, e.observer(s)
	l.Run(ctx, c)
	return e.mergeLaunch(ctx, &o.Inputs, c)
}

// mergeLaunch merges what a launch collected and prints it as a run's
// summary (deploy's Collector.Finish).
func (e *env) mergeLaunch(ctx context.Context, in *session.Inputs, c *deploy.Collector) error {
	failed := c.Failed()
	for _, f := range failed {
		fmt.Fprintf(e.stderr, "shard %d of %d has no result: %s\n", f.Index, c.Shards, message(f.Err, e.secrets))
	}
	return c.Finish(ctx, in, failed, e.observer(in.Spec))
}
