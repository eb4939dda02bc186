package session

import (
	"errors"
	"fmt"
	"strings"

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
	// Failed: the run ended, but a threshold on its result failed.
	Failed
	// CheckFailed: a consistency condition does not hold (check, and
	// prepare's check after loading).
	CheckFailed
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

// ResultsDirError is a results directory (Spec.ResultsDir) that cannot
// take a results folder: a usage error.
type ResultsDirError struct{ Err error }

func (e *ResultsDirError) Error() string { return "results directory: " + e.Err.Error() }
func (e *ResultsDirError) Unwrap() error { return e.Err }

func resultsDirErr(err error) error { return &Error{Usage, &ResultsDirError{err}} }

// SettingError is a setting of a Spec that cannot be (a usage error). Its
// message names settings in braces, {users}: Error names them bare, and
// Words as its caller does (the CLI: its flags), so that session never
// speaks in flag names.
type SettingError struct {
	format string
	args   []any
	// err is the error that the message ends with, if any: Unwrap's.
	err error
}

func (e *SettingError) Error() string { return e.Words(func(s string) string { return s }) }
func (e *SettingError) Unwrap() error { return e.err }

// Words is the message with each {setting} named by name(setting).
func (e *SettingError) Words(name func(setting string) string) string {
	var b strings.Builder
	rest := e.format
	for {
		i := strings.Index(rest, "{")
		j := strings.Index(rest, "}")
		if i < 0 || j < i {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:i])
		b.WriteString(strings.ReplaceAll(name(rest[i+1:j]), "%", "%%"))
		rest = rest[j+1:]
	}
	return fmt.Sprintf(b.String(), e.args...)
}

// settingf is a usage error about settings named {like_this} in format.
func settingf(format string, a ...any) error {
	return &Error{Usage, &SettingError{format: format, args: a}}
}

// Settingf is settingf for the packages above the session that check
// settings of their own (the launchers: {shards}, {image}).
func Settingf(format string, a ...any) error { return settingf(format, a...) }

// pastError is a start time already past when the run was checked: a
// SettingError that Late recognises (errPast).
type pastError struct{ *SettingError }

func (e *pastError) Unwrap() []error { return []error{e.SettingError, errPast} }
