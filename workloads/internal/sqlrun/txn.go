package sqlrun

import (
	"context"
	"fmt"
	"time"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// Txn is one transaction of a user on a connection's prepared statements.
// Each call times one statement through the runner's Tx (Begin before,
// End after) and returns what the statement returned; its arguments are
// copied into a slice the connection reuses, so that a statement
// allocates nothing for them.
//
// The policy is here, the same for every workload: Begin and BeginRead
// open the transaction, Commit ends it, Rollback is the rollback the
// transaction asks for (workload.ErrRollback), and End, called with what
// the transaction's code returned, rolls back one that failed while open
// (measured if the table says so) before the runner classifies the error.
type Txn struct {
	p    *Prepared
	tx   workload.Tx
	args []any
	open bool
}

// Start is the connection's transaction for tx: the user's next one.
func (p *Prepared) Start(tx workload.Tx) *Txn {
	t := &p.txn
	t.tx, t.open = tx, false
	return t
}

// Begin opens a read-write transaction.
func (t *Txn) Begin(ctx context.Context) error {
	return t.begin(ctx, t.p.stmts[t.p.begin])
}

// BeginRead opens a read-only transaction with the dialect's read BEGIN
// (Table.ReadBegin), measured as the table's begin.
func (t *Txn) BeginRead(ctx context.Context) error { return t.begin(ctx, t.p.beginRead) }

func (t *Txn) begin(ctx context.Context, st sqldb.Stmt) error {
	if _, err := t.exec(ctx, t.p.begin, st); err != nil {
		return err
	}
	t.open = true
	return nil
}

// Commit commits. A COMMIT that fails leaves the transaction open, for End
// to roll back.
func (t *Txn) Commit(ctx context.Context) error {
	if _, err := t.exec(ctx, t.p.commit, t.p.stmts[t.p.commit]); err != nil {
		return err
	}
	t.open = false
	return nil
}

// Rollback is the measured ROLLBACK a transaction asks for (TPC-C's 1% of
// New-Orders): it returns workload.ErrRollback, or the ROLLBACK's error.
func (t *Txn) Rollback(ctx context.Context) error {
	t.open = false
	if _, err := t.exec(ctx, t.p.rollback, t.p.stmts[t.p.rollback]); err != nil {
		return err
	}
	return workload.ErrRollback
}

// End is the transaction's end: err is what its code returned. A
// transaction still open after an error is rolled back, under a context
// that the run's end does not cancel, and err is returned for the runner
// to classify.
func (t *Txn) End(ctx context.Context, err error) error {
	if err == nil || !t.open {
		return err
	}
	t.open = false
	ctx = context.WithoutCancel(ctx)
	st := t.p.stmts[t.p.rollback]
	if t.p.t.MeasuredAbort {
		_, _ = t.exec(ctx, t.p.rollback, st)
	} else {
		_, _ = st.Exec(ctx)
	}
	return err
}

// Pause asks the runner for a pause inside the transaction
// (workload.Tx.Pause).
func (t *Txn) Pause(d time.Duration) bool { return t.tx.Pause(d) }

func (t *Txn) bind(args []any) []any {
	t.args = append(t.args[:0], args...)
	return t.args
}

func (t *Txn) exec(ctx context.Context, op workload.OpID, st sqldb.Stmt, args ...any) (int64, error) {
	a := t.bind(args)
	m := t.tx.Begin()
	n, err := st.Exec(ctx, a...)
	t.tx.End(op, m, err)
	return n, err
}

// Exec runs a statement and returns the rows it affected.
func (t *Txn) Exec(ctx context.Context, op workload.OpID, args ...any) (int64, error) {
	return t.exec(ctx, op, t.p.stmts[op], args...)
}

// ExecSize runs the form of a sized statement for size rows.
func (t *Txn) ExecSize(ctx context.Context, op workload.OpID, size int, args ...any) (int64, error) {
	return t.exec(ctx, op, t.p.sized[op][size], args...)
}

// Query runs a read whose values are not used (a page or a report shows
// them) and returns its rows.
func (t *Txn) Query(ctx context.Context, op workload.OpID, args ...any) (int, error) {
	a := t.bind(args)
	m := t.tx.Begin()
	n, err := t.p.stmts[op].Query(ctx, a...)
	t.tx.End(op, m, err)
	return n, err
}

// Row runs a read, scans its first row into dest and returns its rows.
func (t *Txn) Row(ctx context.Context, op workload.OpID, dest []any, args ...any) (int, error) {
	a := t.bind(args)
	m := t.tx.Begin()
	n, err := t.p.stmts[op].(sqldb.RowReader).QueryRow(ctx, dest, a...)
	t.tx.End(op, m, err)
	return n, err
}

// Rows runs a read and scans every row into dest, calling each after each
// row; it returns the rows.
func (t *Txn) Rows(ctx context.Context, op workload.OpID, dest []any, each func(int) error, args ...any) (int, error) {
	a := t.bind(args)
	m := t.tx.Begin()
	n, err := t.p.stmts[op].(sqldb.RowsReader).QueryRows(ctx, dest, each, a...)
	t.tx.End(op, m, err)
	return n, err
}

// Insert runs an INSERT of one row and returns the id the database
// generated for it; anything but one row and a positive id is an error.
func (t *Txn) Insert(ctx context.Context, op workload.OpID, args ...any) (int64, error) {
	a := t.bind(args)
	m := t.tx.Begin()
	id, n, err := t.p.ids[op].Exec(ctx, a...)
	if err == nil && (n != 1 || id <= 0) {
		err = fmt.Errorf("an INSERT of one row inserted %d rows and returned id %d", n, id)
	}
	t.tx.End(op, m, err)
	return id, err
}
