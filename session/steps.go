package session

import (
	"time"

	"github.com/dbgauge/dbgauge/results"
)

// steps follows the runs of a sweep or an experiment: it stops at a run
// that fails, interrupted or not, and goes on after a finished run whose
// thresholds or outputs failed (FinishedOnly); err is the error that ended
// them, or the first such failure if they all ran.
type steps struct{ err error }

// next takes in how a run ended (its result, nil if it has none, and its
// error) and says whether the next run goes on.
func (s *steps) next(res *results.Result, err error) bool {
	switch {
	case res != nil && FinishedOnly(err):
		if s.err == nil {
			s.err = err
		}
	case err != nil:
		s.err = err
		return false
	}
	return true
}

// end is the time the steps ended, and whether a signal ended them.
func (s *steps) end() (endedAt string, interrupted bool) {
	return time.Now().Format(time.RFC3339), KindOf(s.err) == Interrupted
}
