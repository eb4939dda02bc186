// Package sqldb is what SQL drivers share: the SQL connection ability and
// its optional statement abilities (reading values, generated ids), the
// Dialect that carries DDL/DML differences between databases (so no workload
// ever tests a driver's name), multi-row insert and the dataset stamp table.
//
// Placeholders are always written as '?'; drivers that number them rebind.
// sqldb imports only db.
package sqldb

import (
	"context"

	"github.com/dbgauge/dbgauge/db"
)

// Conn is a connection that runs SQL.
type Conn interface {
	db.Conn
	Dialect() *Dialect
	// Exec runs a statement and returns the rows it affected.
	Exec(ctx context.Context, query string, args ...any) (int64, error)
	// QueryStrings runs a query and returns every value as text (NULL as "").
	// It is for small metadata reads, never for the measured load.
	QueryStrings(ctx context.Context, query string, args ...any) ([][]string, error)
	// Prepare makes a server-side (or cached) statement for the load.
	Prepare(ctx context.Context, query string) (Stmt, error)
}

// Stmt is a prepared statement.
type Stmt interface {
	// Exec runs the statement and returns the rows it affected.
	Exec(ctx context.Context, args ...any) (int64, error)
	// Query runs the statement, reads every row to the end as a client
	// application would, and returns how many rows there were. It decodes
	// no value: a statement whose values are used is read with RowReader.
	Query(ctx context.Context, args ...any) (int, error)
	Close() error
}

// Row is one row of values for a bulk insert.
type Row []any

// BulkInserter is a Conn that loads rows faster than multi-row INSERT (COPY,
// LOAD DATA, or one transaction of prepared inserts). rows is consumed once.
type BulkInserter interface {
	BulkInsert(ctx context.Context, table string, columns []string, rows []Row) error
}

// Open asserts that c runs SQL, with a message naming what it is instead.
func Open(c db.Conn, driver string) (Conn, error) {
	s, ok := c.(Conn)
	if !ok {
		return nil, &db.UnsupportedError{Workload: "this workload", Needs: "a SQL database", Driver: driver}
	}
	return s, nil
}

// Transactor is a Conn whose transactions start and end through its
// protocol rather than through statements: Oracle has no BEGIN (a
// transaction starts with its first statement) and SQL Server's driver
// manages BEGIN TRAN itself. Where a Conn is not a Transactor, workloads run
// the dialect's BeginRead/BeginWrite/Commit/Rollback as prepared statements,
// as sysbench does, so the server sees the same statements. PrepareTxn
// gives a workload either as a Stmt, measured the same way.
type Transactor interface {
	// BeginTx starts a transaction; readOnly asks for a read-only one where
	// the database has them.
	BeginTx(ctx context.Context, readOnly bool) error
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
}
