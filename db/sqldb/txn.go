package sqldb

import (
	"context"
	"fmt"
)

// Transaction statements: a workload prepares its BEGIN, COMMIT and
// ROLLBACK with PrepareTxn and runs them as statements (sysbench measures
// them as statements, and the server sees the same ones), except on a
// Transactor, where the returned Stmt calls the connection's BeginTx,
// Commit or Rollback: the operation is still timed, by the protocol call.

// TxnStep is a transaction statement for PrepareTxn.
type TxnStep int

// The steps of a transaction.
const (
	BeginRead TxnStep = iota
	BeginWrite
	CommitTxn
	RollbackTxn
)

// PrepareTxn prepares a transaction step on c.
func PrepareTxn(ctx context.Context, c Conn, step TxnStep) (Stmt, error) {
	if t, ok := c.(Transactor); ok {
		return txnStmt{t: t, step: step}, nil
	}
	d := c.Dialect()
	q := [...]string{BeginRead: d.BeginRead, BeginWrite: d.BeginWrite, CommitTxn: d.Commit, RollbackTxn: d.Rollback}[step]
	if q == "" {
		return nil, fmt.Errorf("%s: the dialect has no transaction statement and the connection does not start transactions itself", d.Name)
	}
	return c.Prepare(ctx, q)
}

// Begin, Commit and Rollback run a transaction step once, unprepared
// (setup and tests; the measured path prepares them with PrepareTxn).
func Begin(ctx context.Context, c Conn, readOnly bool) error {
	if t, ok := c.(Transactor); ok {
		return t.BeginTx(ctx, readOnly)
	}
	q := c.Dialect().BeginWrite
	if readOnly {
		q = c.Dialect().BeginRead
	}
	_, err := c.Exec(ctx, q)
	return err
}

// Commit commits c's transaction.
func Commit(ctx context.Context, c Conn) error {
	if t, ok := c.(Transactor); ok {
		return t.Commit(ctx)
	}
	_, err := c.Exec(ctx, c.Dialect().Commit)
	return err
}

// Rollback rolls c's transaction back.
func Rollback(ctx context.Context, c Conn) error {
	if t, ok := c.(Transactor); ok {
		return t.Rollback(ctx)
	}
	_, err := c.Exec(ctx, c.Dialect().Rollback)
	return err
}

// txnStmt is a transaction step of a Transactor as a Stmt.
type txnStmt struct {
	t    Transactor
	step TxnStep
}

func (s txnStmt) Exec(ctx context.Context, _ ...any) (int64, error) {
	switch s.step {
	case BeginRead, BeginWrite:
		return 0, s.t.BeginTx(ctx, s.step == BeginRead)
	case CommitTxn:
		return 0, s.t.Commit(ctx)
	}
	return 0, s.t.Rollback(ctx)
}

// Query runs the step as Exec does; it reads no row.
func (s txnStmt) Query(ctx context.Context, args ...any) (int, error) {
	_, err := s.Exec(ctx, args...)
	return 0, err
}

func (txnStmt) Close() error { return nil }
