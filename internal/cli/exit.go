package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/deploy"
	"github.com/dbgauge/dbgauge/deploy/k8s"
	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/results/store"
	"github.com/dbgauge/dbgauge/session"
	"github.com/dbgauge/dbgauge/workload"
)

// Exit codes (DESIGN.md §2, README's table). No error exits 1: one that
// none of the kinds below claims is a command stopped by an error (4), or
// the command line refused (2) when no command ran.
const (
	ExitOK          = 0
	ExitUsage       = 2
	ExitUnreachable = 3
	ExitAborted     = 4
	ExitThreshold   = 5
	// ExitCheckFailed: a consistency condition does not hold (check, and
	// prepare's check after loading).
	ExitCheckFailed = 6
	ExitInterrupted = 130
)

// exitError carries an exit code with a one-line message.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func usageErr(format string, a ...any) error {
	return &exitError{ExitUsage, fmt.Errorf(format, a...)}
}

// unclassified is codeOf's answer for an error no kind claims: Main makes
// it ExitAborted, or ExitUsage before any command ran.
const unclassified = -1

// codeOf maps an error to its exit code.
func codeOf(err error) int {
	var e *exitError
	var pod *deploy.ExitError
	switch {
	case errors.As(err, &e):
		return e.code
	case is[*db.ConnectError](err) || is[*k8s.ClusterError](err):
		return ExitUnreachable
	case errors.As(err, &pod): // a prepare or cleanup pod's own exit
		return pod.Code
	case is[*deploy.LateError](err):
		return deploy.ExitLate
	case is[*workload.InputError](err) || is[*db.UnsupportedError](err) || is[*results.InputError](err) || is[*report.OutDirError](err),
		// What the user named that is not there is a usage error too.
		is[*store.MissingError](err) || is[*store.NotFoundError](err):
		return ExitUsage
	}
	switch session.KindOf(err) {
	case session.Usage:
		return ExitUsage
	case session.Interrupted:
		return ExitInterrupted
	case session.Aborted:
		return ExitAborted
	case session.Failed:
		return ExitThreshold
	case session.CheckFailed:
		return ExitCheckFailed
	}
	return unclassified
}

// is says err's chain holds a T (errors.As).
func is[T error](err error) bool {
	var t T
	return errors.As(err, &t)
}

// message renders err as one line without secrets.
func message(err error, secrets []string) string {
	s := strings.Join(strings.Fields(err.Error()), " ")
	for _, p := range secrets {
		if p != "" {
			s = strings.ReplaceAll(s, p, "xxxxx")
		}
	}
	return db.Redact(s)
}

// worded puts session's typed errors in the command line's words: the
// flag each came from.
func worded(err error) error {
	var oe *session.OutputError
	var te *session.ThresholdOpError
	var de *session.ResultsDirError
	// session.SettingError, k8s.OptionError: settings named by the caller.
	var se interface {
		error
		Words(name func(string) string) string
	}
	switch {
	case errors.As(err, &se):
		// In its place in the message: a caller may have added context.
		return errors.New(strings.Replace(err.Error(), se.Error(), se.Words(flagName), 1))
	case errors.As(err, &de):
		return fmt.Errorf("--results-dir: %w", de.Err)
	case is[*report.OutDirError](err):
		return fmt.Errorf("--out-dir: %w", err)
	case errors.As(err, &oe):
		return fmt.Errorf("--out %s: %w", oe.Format, oe.Err)
	case errors.As(err, &te):
		return fmt.Errorf("--%w", te)
	}
	return err
}

// flagName is a Spec setting's flag: session names settings as the flags
// do, without the dashes.
func flagName(setting string) string { return "--" + setting }
