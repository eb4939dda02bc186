package db

import (
	"context"
	"errors"
	"fmt"
)

// Class is the kind of a database error, in the field's words. Drivers map
// their native codes onto these; reports count errors by class.
type Class int

// Error classes. ClassNone is success.
const (
	ClassNone Class = iota
	Deadlock
	Serialization
	LockTimeout
	DuplicateKey
	ConnectionLost
	Timeout
	// NotFound is a read that should have found a record and found none:
	// a bug in the workload or lost data, never to be passed over.
	NotFound
	Other
	numClasses
)

// Classes lists every error class in report order.
var Classes = []Class{Deadlock, Serialization, LockTimeout, DuplicateKey, ConnectionLost, Timeout, NotFound, Other}

var classNames = [numClasses]string{"none", "deadlock", "serialization_failure", "lock_wait_timeout", "duplicate_key", "connection_lost", "timeout", "not_found", "other"}

func (c Class) String() string {
	if c < 0 || c >= numClasses {
		return fmt.Sprintf("class(%d)", int(c))
	}
	return classNames[c]
}

// ParseClass reads a class name as String writes it.
func ParseClass(s string) (Class, bool) {
	for i, n := range classNames {
		if n == s && i != 0 {
			return Class(i), true
		}
	}
	return ClassNone, false
}

// Retryable reports whether a transaction that failed with c can simply be run
// again: sysbench's default --mysql-ignore-errors (1213 deadlock, 1020 record
// changed, 1205 lock wait timeout) and PostgreSQL's deadlock and
// serialization failures.
func (c Class) Retryable() bool {
	return c == Deadlock || c == Serialization || c == LockTimeout
}

// Error is a classified database error.
type Error struct {
	Class Class
	// Code is the database's own code (SQLSTATE, errno, SQLITE_BUSY, ...).
	Code string
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// ClassOf returns the class of err: ClassNone for nil, the driver's class for
// an *Error, Timeout for a deadline, Other for anything else.
func ClassOf(err error) Class {
	if err == nil {
		return ClassNone
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Class
	}
	var ce *ConnectError
	if errors.As(err, &ce) {
		return ConnectionLost
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return Timeout
	}
	return Other
}

// ConnectError says a server could not be reached or refused the login.
type ConnectError struct {
	// Addr is host:port, a socket or a file: never the URL with its password.
	Addr string
	Err  error
}

func (e *ConnectError) Error() string {
	return fmt.Sprintf("cannot connect to %s: %v", e.Addr, e.Err)
}
func (e *ConnectError) Unwrap() error { return e.Err }
