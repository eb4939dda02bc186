package deploy

import (
	"context"
	"fmt"
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
