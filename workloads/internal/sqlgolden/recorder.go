// Package sqlgolden renders the exact SQL every SQL workload sends, for
// each dialect, without a server: a Recorder is a sqldb.Conn that keeps
// the text of every statement (with the dialect's placeholders, as the
// server would receive it) and answers like an empty database. Its test
// compares what prepare, a session and cleanup send with the golden files
// in testdata/golden/<workload>/<dialect>.sql.
//
// It is the dialect layer's unit test; the real databases run the same
// statements in the end-to-end tests. sqlgolden imports db, db/sqldb and
// workload; it is internal to workloads.
package sqlgolden

import (
	"context"
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// Recorder is a sqldb.Conn that records statements instead of running them.
// Reads return no row, except the dialect's table-exists query while
// Exists is set and the identity-sequence query (one made-up name), so
// that prepare sees an empty database and cleanup a prepared one. Each
// distinct text is kept once, in the order first sent.
type Recorder struct {
	D *sqldb.Dialect
	// Exists makes every table exist.
	Exists bool
	// Answer, if set, is the rows of every other read (a count of rows
	// that a user reads before it starts).
	Answer [][]string
	seen   map[string]bool
	// Statements are the texts recorded, in order.
	Statements []string
}

var (
	_ sqldb.Conn         = (*Recorder)(nil)
	_ sqldb.BulkInserter = (*Recorder)(nil)
)

// NewRecorder returns a recorder for d.
func NewRecorder(d *sqldb.Dialect) *Recorder { return &Recorder{D: d, seen: map[string]bool{}} }

// Record adds a statement or a comment line.
func (r *Recorder) Record(s string) {
	if r.seen[s] {
		return
	}
	r.seen[s] = true
	r.Statements = append(r.Statements, s)
}

// Dialect implements sqldb.Conn.
func (r *Recorder) Dialect() *sqldb.Dialect { return r.D }

// Close implements db.Conn.
func (r *Recorder) Close() error { return nil }

// Exec implements sqldb.Conn.
func (r *Recorder) Exec(_ context.Context, query string, _ ...any) (int64, error) {
	r.Record(r.D.BindQuery(query))
	return 0, nil
}

// QueryStrings implements sqldb.Conn.
func (r *Recorder) QueryStrings(_ context.Context, query string, _ ...any) ([][]string, error) {
	r.Record(r.D.BindQuery(query))
	switch {
	case query == r.D.TableExistsQuery && r.Exists:
		return [][]string{{"1"}}, nil
	case r.D.IdentitySequenceQuery != "" && query == r.D.IdentitySequenceQuery:
		return [][]string{{"ISEQ$$_1"}}, nil
	}
	return r.Answer, nil
}

// Prepare implements sqldb.Conn.
func (r *Recorder) Prepare(_ context.Context, query string) (sqldb.Stmt, error) {
	r.Record(r.D.BindQuery(query))
	return stmt{}, nil
}

// BulkInsert implements sqldb.BulkInserter: a comment for the driver's
// own bulk path, and the multi-row INSERT of sqldb.InsertRows (drivers
// without one), for two rows.
func (r *Recorder) BulkInsert(_ context.Context, table string, columns []string, _ []sqldb.Row) error {
	r.Record(fmt.Sprintf("-- load %s (%s): the driver's bulk loader, else", table, strings.Join(columns, ", ")))
	r.Record(r.D.BindQuery(sqldb.MultiRowInsert(r.D, table, columns, 2)))
	return nil
}

// Transactor is a Recorder whose connection starts and ends transactions
// through its protocol (sqldb.Transactor): begin and end are comments.
type Transactor struct{ *Recorder }

var _ sqldb.Transactor = Transactor{}

// BeginTx implements sqldb.Transactor.
func (t Transactor) BeginTx(_ context.Context, readOnly bool) error {
	if readOnly {
		t.Record("-- begin a read-only transaction (protocol)")
	} else {
		t.Record("-- begin a transaction (protocol)")
	}
	return nil
}

// Commit implements sqldb.Transactor.
func (t Transactor) Commit(context.Context) error {
	t.Record("-- commit (protocol)")
	return nil
}

// Rollback implements sqldb.Transactor.
func (t Transactor) Rollback(context.Context) error {
	t.Record("-- rollback (protocol)")
	return nil
}

// stmt is a prepared statement of a Recorder: it affects nothing and reads
// no row.
type stmt struct{}

var (
	_ sqldb.RowsReader = stmt{}
	_ sqldb.IDExecer   = stmt{}
)

func (stmt) Exec(context.Context, ...any) (int64, error) { return 0, nil }
func (stmt) Query(context.Context, ...any) (int, error)  { return 0, nil }
func (stmt) Close() error                                { return nil }
func (stmt) QueryRow(context.Context, []any, ...any) (int, error) {
	return 0, nil
}
func (stmt) QueryRows(context.Context, []any, func(int) error, ...any) (int, error) {
	return 0, nil
}
func (stmt) ExecID(context.Context, ...any) (int64, int64, error) { return 0, 0, nil }

// Open returns the conn for d: a Transactor where the dialect has no BEGIN
// statement.
func Open(d *sqldb.Dialect) (*Recorder, db.Conn) {
	r := NewRecorder(d)
	if d.BeginWrite == "" {
		return r, Transactor{r}
	}
	return r, r
}
