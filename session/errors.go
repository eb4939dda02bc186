package session

import (
	"errors"
	"fmt"

	"github.com/dbgauge/dbgauge/run"
)

// Kind says how an error ends a command: the CLI maps kinds to exit codes.
type Kind int

// Error kinds.
const (
	// Usage: bad options, input or data state, fixed by the user (exit 2).
	Usage Kind = iota + 1
	// Interrupted: a signal stopped the run; partial results are saved.
	Interrupted
	// Aborted: failed transactions beyond --max-errors stopped the run.
	Aborted
)

// Error is an error of a Kind.
type Error struct {
	Kind Kind
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Usagef is a usage error.
func Usagef(format string, a ...any) error {
	return &Error{Usage, fmt.Errorf(format, a...)}
}

// KindOf is err's kind, 0 if it has none.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}

// Late says err is a run that did not start because its --start-at had
// passed, when it was checked or once its users were ready (a usage error
// too): a shard's launcher
// reports it apart, and does not retry it.
func Late(err error) bool {
	var late *run.LateStartError
	return errors.As(err, &late) || errors.Is(err, errPast)
}

// errPast marks a --start-at already past when the run was checked.
var errPast = errors.New("a shard cannot measure a window that has begun")
