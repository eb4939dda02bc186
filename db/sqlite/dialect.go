package sqlite

import "github.com/dbgauge/dbgauge/db/sqldb"

// Dialect returns SQLite's dialect, for tests that render SQL without a
// connection (the golden files of workloads/internal/sqlgolden).
func Dialect() *sqldb.Dialect { return dialect }

// dialect is SQLite's: the SQL every workload was first written in, so
// none of the fields for Oracle and SQL Server is set.
var dialect = &sqldb.Dialect{
	Name:             "sqlite",
	SerialInt:        "INTEGER",
	InlineKey:        false,
	BeginRead:        "BEGIN",
	BeginWrite:       "BEGIN IMMEDIATE",
	Commit:           "COMMIT",
	Rollback:         "ROLLBACK",
	MaxParams:        32766,
	Analyze:          "ANALYZE %s",
	TableExistsQuery: "SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?",
	QuoteIdent:       sqldb.QuoteDouble,
	SerialNeedsPK:    true,
	// last_insert_rowid comes with every INSERT; RETURNING since SQLite
	// 3.35 (2021), older than any modernc.org/sqlite this module accepts.
	LastInsertID:    true,
	InsertReturning: true,
	// BeginWrite is BEGIN IMMEDIATE: the transaction holds the write lock
	// from its start, and SQLite has no FOR UPDATE.
	ForUpdate:       "",
	ExpressionIndex: true,
	// A no-op inside a transaction; DropTables runs outside one.
	ForeignKeyChecks: "PRAGMA foreign_keys = %d",
}
