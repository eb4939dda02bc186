package workload

import "errors"

// ErrNoMoreEvents is what User.Run returns, without doing anything, when
// the workload's own limit is reached (sysbench's SB_REQ_TYPE_NULL event,
// as the memory test's memory-total-size gives each thread): the runner
// counts nothing and stops that user.
var ErrNoMoreEvents = errors.New("no more events")

// ErrRollback is what User.Run returns when the transaction rolled back as
// the workload intended (TPC-C's 1% of New-Orders with an unused item,
// clause 2.4.2.3): a completed transaction of its type, counted as an
// expected rollback, never as an error.
var ErrRollback = errors.New("expected rollback")

// FatalError is a transaction's error that would repeat every time (a
// script's own bug, not the database's): the runner counts the failed
// transaction and aborts the run with it (exit 4), whatever --max-errors
// allows.
type FatalError struct{ Err error }

func (e *FatalError) Error() string { return e.Err.Error() }
func (e *FatalError) Unwrap() error { return e.Err }

// InputError is a workload's error that the user fixes, as bad input: a
// table of another dataset in the way of a script's prepare. The CLI exits
// 2 with it.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }
