package deploy

import (
	"context"
	"io"

	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/session"
)

// LateError is a shard's run that could not measure the common window
// (session.Late): its worker exits ExitLate.
type LateError struct{ Err error }

func (e *LateError) Error() string { return e.Err.Error() }
func (e *LateError) Unwrap() error { return e.Err }

// Work is what worker w does, its output on out: a prepare (with its
// consistency checks, written to out) or a cleanup, reported to obs, or its
// shard of a run (RunShard), reported to shardObs.
func Work(ctx context.Context, w Worker, out io.Writer, obs, shardObs session.Observer, env session.Env) error {
	switch w.Verb {
	case VerbPrepare:
		conds, err := session.Prepare(ctx, w.Spec, obs, env.Version, true)
		if err != nil || conds == nil {
			return err
		}
		return session.WriteConditions(out, conds)
	case VerbCleanup:
		return session.Cleanup(ctx, w.Spec, obs)
	}
	return RunShard(ctx, w.Spec, out, shardObs, env)
}

// RunShard is a worker's run of s: it prints the result as a block at the
// end of out, for the launcher to read (results.WriteStream), even when the
// run was interrupted or aborted. A run too late for the common start is a
// *LateError.
func RunShard(ctx context.Context, s session.Spec, out io.Writer, obs session.Observer, env session.Env) error {
	p, err := session.NewPlan(s, true)
	if err != nil {
		if session.Late(err) {
			// A replacement pod started after the others began: it
			// cannot measure the common window; a retry would be later.
			return &LateError{err}
		}
		return err
	}
	res, _, err := session.Run(ctx, p.Spec, obs, env)
	if res != nil {
		if werr := results.WriteStream(out, res); werr != nil && err == nil {
			err = werr
		}
	}
	if session.Late(err) {
		return &LateError{err}
	}
	return err
}
