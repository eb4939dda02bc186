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
