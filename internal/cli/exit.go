package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/deploy/k8s"
	"github.com/dbgauge/dbgauge/session"
	"github.com/dbgauge/dbgauge/workload"
)

// Exit codes (DESIGN.md §2).
const (
	ExitOK          = 0
	ExitFailure     = 1
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

func withCode(code int, err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code, err}
}

// codeOf maps an error to its exit code.
func codeOf(err error) int {
	var e *exitError
	if errors.As(err, &e) {
		return e.code
	}
	var ce *db.ConnectError
	if errors.As(err, &ce) {
		return ExitUnreachable
	}
	var ke *k8s.ClusterError
	if errors.As(err, &ke) {
		return ExitUnreachable
	}
	var ie *workload.InputError
	if errors.As(err, &ie) {
		return ExitUsage
	}
	var ue *db.UnsupportedError
	if errors.As(err, &ue) {
		return ExitUsage
	}
	switch session.KindOf(err) {
	case session.Usage:
		return ExitUsage
	case session.Interrupted:
		return ExitInterrupted
	case session.Aborted:
		return ExitAborted
	}
	return ExitFailure
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
