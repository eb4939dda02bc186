// Package sqlrun runs a SQL workload's prepared statements under the
// runner's meter: each call times one statement through the transaction's
// Tx (Begin before, End after) and returns what the statement returned.
// Callers pass an argument slice they reuse, so that a statement allocates
// nothing for its arguments.
//
// sqlrun imports workload and db/sqldb; it is internal to workloads.
package sqlrun

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// Exec runs a statement and returns the rows it affected.
func Exec(ctx context.Context, tx workload.Tx, op workload.OpID, st sqldb.Stmt, args []any) (int64, error) {
	m := tx.Begin()
	n, err := st.Exec(ctx, args...)
	tx.End(op, m, err)
	return n, err
}

// Query runs a read whose values are not used (a page or a report shows
// them) and returns its rows.
func Query(ctx context.Context, tx workload.Tx, op workload.OpID, st sqldb.Stmt, args []any) (int, error) {
	m := tx.Begin()
	n, err := st.Query(ctx, args...)
	tx.End(op, m, err)
	return n, err
}

// Row runs a read, scans its first row into dest and returns its rows.
func Row(ctx context.Context, tx workload.Tx, op workload.OpID, st sqldb.Stmt, dest, args []any) (int, error) {
	m := tx.Begin()
	n, err := st.(sqldb.RowReader).QueryRow(ctx, dest, args...)
	tx.End(op, m, err)
	return n, err
}

// Rows runs a read and scans every row into dest, calling each after each
// row; it returns the rows.
func Rows(ctx context.Context, tx workload.Tx, op workload.OpID, st sqldb.Stmt, dest []any, each func(int) error, args []any) (int, error) {
	m := tx.Begin()
	n, err := st.(sqldb.RowsReader).QueryRows(ctx, dest, each, args...)
	tx.End(op, m, err)
	return n, err
}

// Insert runs an INSERT of one row and returns the id the database
// generated for it; anything but one row and a positive id is an error.
func Insert(ctx context.Context, tx workload.Tx, op workload.OpID, ins *sqldb.IDInsert, args []any) (int64, error) {
	m := tx.Begin()
	id, n, err := ins.Exec(ctx, args...)
	if err == nil && (n != 1 || id <= 0) {
		err = fmt.Errorf("an INSERT of one row inserted %d rows and returned id %d", n, id)
	}
	tx.End(op, m, err)
	return id, err
}

// Transaction steps, as the SQL of a statement given to Prepare: the
// step's statement, or the connection's protocol call where transactions
// are the connection's (sqldb.PrepareTxn).
const (
	BeginRead  = "{begin read}"
	BeginWrite = "{begin}"
	Commit     = "{commit}"
	Rollback   = "{rollback}"
)

// txnStep is the transaction step sql stands for, if it is one.
func txnStep(sql string) (sqldb.TxnStep, bool) {
	switch sql {
	case BeginRead:
		return sqldb.BeginRead, true
	case BeginWrite:
		return sqldb.BeginWrite, true
	case Commit:
		return sqldb.CommitTxn, true
	case Rollback:
		return sqldb.RollbackTxn, true
	}
	return 0, false
}

// Prepare prepares a session's statements on conn: spec(i) gives
// statement i's name (for errors), its SQL (or a transaction step) and, for
// an INSERT whose generated id comes back, the id's column; it lands in
// stmts[i], or in ids[i] for such an INSERT. On an error, Close what was
// made.
func Prepare(ctx context.Context, conn sqldb.Conn, stmts []sqldb.Stmt, ids []*sqldb.IDInsert, spec func(i int) (name, sql, idColumn string)) error {
	for i := range stmts {
		name, sql, idColumn := spec(i)
		var err error
		if step, ok := txnStep(sql); ok {
			stmts[i], err = sqldb.PrepareTxn(ctx, conn, step)
		} else if idColumn != "" {
			ids[i], err = sqldb.PrepareIDInsert(ctx, conn, sql, idColumn)
		} else {
			stmts[i], err = conn.Prepare(ctx, sql)
		}
		if err != nil {
			return fmt.Errorf("prepare %s: %w", name, err)
		}
	}
	return nil
}

// Close closes the statements Prepare made.
func Close(stmts []sqldb.Stmt, ids []*sqldb.IDInsert) {
	for _, st := range stmts {
		if st != nil {
			st.Close()
		}
	}
	for _, ins := range ids {
		if ins != nil {
			ins.Close()
		}
	}
}
