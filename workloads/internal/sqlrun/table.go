// Package sqlrun is the one way a SQL workload writes a transaction, after
// CockroachDB's workload.SQLRunner. A workload declares its statements once,
// in a Table indexed by its operation ids: each statement's name, class and
// SQL (with the workload's own markers, which the table's Rewrite writes for
// a dialect), or a transaction step (BEGIN, COMMIT, ROLLBACK). The table
// gives the instance its Ops, prepares the statements on each connection
// (Prepared, the workload's session keeps it) and runs each transaction
// through a Txn: every statement timed through the runner's Tx, its
// arguments copied into one reused slice, values read into destinations
// the workload builds once (Dest), and one policy for BEGIN, COMMIT, the
// rollback a transaction asks for and the rollback after a failed
// statement. The transaction's code reads as its spec's steps, with no
// exec/query wrappers of its own.
//
// sqlrun imports workload and db/sqldb; it is internal to workloads.
package sqlrun

import (
	"fmt"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// The transaction steps, as the SQL of a statement (Begin, Commit,
// Rollback): the dialect's statement, or the connection's protocol call
// where transactions are the connection's (sqldb.PrepareTxn).
const (
	beginSQL    = "{begin}"
	commitSQL   = "{commit}"
	rollbackSQL = "{rollback}"
)

// Statement is one measured statement of a workload.
type Statement struct {
	Name  string
	Class workload.Class
	// Verb counts the statement among the statements by verb; NoVerb:
	// its SQL's first word (workload.VerbOf), a step's own (COMMIT and
	// ROLLBACK theirs, BEGIN none).
	Verb workload.Verb
	// SQL is the statement with ? placeholders and the workload's markers,
	// or a transaction step.
	SQL string
	// ID names the column of the id an INSERT of one row generates, which
	// Txn.Insert returns (sqldb.PrepareIDInsert).
	ID string
	// Writer, if set, writes the statement for a dialect in place of the
	// table's Rewrite, from SQL; size is the rows of a sized statement.
	Writer func(d *sqldb.Dialect, sql string, size int) string
	// Sizes, if set, are the least and most rows of a statement whose
	// SQL depends on its number of rows (a multi-row INSERT): it is
	// prepared once per size, and Txn.ExecSize names the size.
	Sizes [2]int
}

// Read declares a read.
func Read(name, sql string) Statement { return Statement{Name: name, Class: workload.Read, SQL: sql} }

// Write declares a write.
func Write(name, sql string) Statement { return Statement{Name: name, Class: workload.Write, SQL: sql} }

// Begin, Commit and Rollback declare the transaction steps, named begin,
// commit and rollback.
func Begin() Statement    { return stepStatement("begin", beginSQL) }
func Commit() Statement   { return stepStatement("commit", commitSQL) }
func Rollback() Statement { return stepStatement("rollback", rollbackSQL) }

func stepStatement(name, sql string) Statement {
	return Statement{Name: name, Class: workload.Other, SQL: sql}
}

// Returning is s returning the id its INSERT generates, from column col.
func (s Statement) Returning(col string) Statement { s.ID = col; return s }

// Counted is s counted under verb v (a WITH that selects, a statement
// whose SQL its Writer makes).
func (s Statement) Counted(v workload.Verb) Statement { s.Verb = v; return s }

// WrittenBy is s written for each dialect by w.
func (s Statement) WrittenBy(w func(d *sqldb.Dialect, sql string, size int) string) Statement {
	s.Writer = w
	return s
}

// SizedFrom is s prepared for every number of rows from least to most.
func (s Statement) SizedFrom(least, most int) Statement { s.Sizes = [2]int{least, most}; return s }

// Reads is what a workload reads back on the measured path, which Prepare
// checks the driver's statements can do.
type Reads uint8

// Reads.
const (
	ReadsNothing Reads = iota
	ReadsRow           // the first row (sqldb.RowReader)
	ReadsRows          // every row (sqldb.RowsReader)
)

// Table is a workload's statements, indexed by its operation ids.
type Table struct {
	// Name names the workload in errors.
	Name  string
	Stmts []Statement
	// Rewrite writes a statement's SQL for a dialect: its markers, its
	// LIMITs. nil: the dialect's RewriteLimits.
	Rewrite func(d *sqldb.Dialect, sql string) string
	// ReadBegin prepares the dialect's read-only BEGIN too (Txn.BeginRead),
	// after the statements.
	ReadBegin bool
	// Reads is what the transactions read back.
	Reads Reads
	// MeasuredAbort measures the ROLLBACK after a failed statement, as
	// charbench counts it; otherwise it is sent unmeasured.
	MeasuredAbort bool
}

// Ops is the table's operations, for Instance.Ops.
func (t *Table) Ops() []workload.Op {
	ops := make([]workload.Op, len(t.Stmts))
	for i, s := range t.Stmts {
		v := s.Verb
		if v == workload.NoVerb {
			v = verbOf(s.SQL)
		}
		ops[i] = workload.Op{Name: s.Name, Class: s.Class, Verb: v}
	}
	return ops
}

// verbOf is the verb of a statement's SQL, steps included.
func verbOf(sql string) workload.Verb {
	switch sql {
	case beginSQL:
		return workload.NoVerb
	case commitSQL:
		return workload.Commit
	case rollbackSQL:
		return workload.Rollback
	}
	return workload.VerbOf(sql)
}

// step is the transaction step sql stands for, if it is one.
func step(sql string) (sqldb.TxnStep, bool) {
	switch sql {
	case beginSQL:
		return sqldb.BeginWrite, true
	case commitSQL:
		return sqldb.CommitTxn, true
	case rollbackSQL:
		return sqldb.RollbackTxn, true
	}
	return 0, false
}

// SQL is op's statement for dialect d (size: its rows, for a sized one);
// a step is its marker.
func (t *Table) SQL(op workload.OpID, d *sqldb.Dialect, size int) string {
	s := t.Stmts[op]
	switch {
	case s.Writer != nil:
		return s.Writer(d, s.SQL, size)
	case isStep(s.SQL):
		return s.SQL
	case t.Rewrite != nil:
		return t.Rewrite(d, s.SQL)
	}
	return d.RewriteLimits(s.SQL)
}

func isStep(sql string) bool { _, ok := step(sql); return ok }

// steps are the ops of the table's BEGIN, COMMIT and ROLLBACK (-1: none).
func (t *Table) steps() (begin, commit, rollback workload.OpID, err error) {
	begin, commit, rollback = -1, -1, -1
	for i, s := range t.Stmts {
		switch s.SQL {
		case beginSQL:
			begin = workload.OpID(i)
		case commitSQL:
			commit = workload.OpID(i)
		case rollbackSQL:
			rollback = workload.OpID(i)
		}
	}
	if (begin < 0) != (commit < 0) || (begin < 0) != (rollback < 0) {
		err = fmt.Errorf("%s: a table declares begin, commit and rollback together or none of them", t.Name)
	}
	return begin, commit, rollback, err
}
