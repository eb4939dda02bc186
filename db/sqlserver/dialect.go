package sqlserver

import (
	"strings"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// dialect is SQL Server's (2016 SP1 and later: DROP ... IF EXISTS).
// Transactions are the connection's (sqldb.Transactor): a BEGIN TRAN run as a
// prepared statement would be undone by sp_execute's transaction count
// check.
//
// An IDENTITY column refuses explicit values unless the session sets
// IDENTITY_INSERT, which one table at a time may have: loaded ids go in by
// the driver's bulk copy (KeepIdentity), and a workload that writes its
// own ids into such a column at run time says it cannot run here.
var dialect = &sqldb.Dialect{
	Name:      "sqlserver",
	SerialInt: "INT IDENTITY(1,1)",
	Commit:    "COMMIT",
	Rollback:  "ROLLBACK",
	MaxParams: 2098, // 2,100 parameters per request, two of them sp_executesql's statement and declarations
	Analyze:   "UPDATE STATISTICS %s",
	// With no new value, RESEED moves the identity past the largest id.
	ResetSerial:      "DBCC CHECKIDENT ('%[1]s', RESEED)",
	TableExistsQuery: "SELECT 1 FROM sys.tables WHERE name = ? AND schema_id = SCHEMA_ID()",
	Timestamp:        "DATETIME2",
	InsertOutput:     true,
	// A LIKE 'prefix%' search uses a plain index; lower() would need a
	// computed column.
	ExpressionIndex: false,
	GroupByCube:     true,
	LockHint:        " WITH (UPDLOCK, ROWLOCK)",
	NoRowValues:     true,
	Limits:          sqldb.LimitTop,
	CreateFormat:    "IF OBJECT_ID(N'%[1]s', N'U') IS NULL CREATE TABLE %[1]s %[2]s",
	Types: map[string]string{
		"TEXT":      "VARCHAR(MAX)",
		"BOOLEAN":   "BIT",
		"TIMESTAMP": "DATETIME2", // TIMESTAMP is ROWVERSION here
	},
	SerialRefusesValues: true,
	MaxValuesRows:       1000,
	Bind:                sqldb.Numbered("@p"),
	QuoteIdent:          quoteBracket,
}

// quoteBracket quotes an identifier with brackets.
func quoteBracket(s string) string { return "[" + strings.ReplaceAll(s, "]", "]]") + "]" }

// Dialect returns the dialect, for tests that render SQL without a
// connection (the golden files of workloads/internal/sqlgolden).
func Dialect() *sqldb.Dialect { return dialect }
