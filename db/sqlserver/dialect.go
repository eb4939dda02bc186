package sqlserver

import (
	"strings"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// dialect is SQL Server's (2016 SP1 and later: DROP ... IF EXISTS).
// Transactions are the connection's (sqldb.Transactor): a BEGIN TRAN run as a
// prepared statement would be undone by sp_execute's transaction count
// check.
var dialect = &sqldb.Dialect{
	Name:             "sqlserver",
	SerialInt:        "INT IDENTITY(1,1)",
	Commit:           "COMMIT",
	Rollback:         "ROLLBACK",
	MaxParams:        2099, // 2,100 parameters per request
	TableExistsQuery: "SELECT 1 FROM sys.tables WHERE name = ? AND schema_id = SCHEMA_ID()",
	Timestamp:        "DATETIME2",
	ExpressionIndex:  false,
	GroupByCube:      true,
	Bind:             sqldb.Numbered("@p"),
	QuoteIdent:       quoteBracket,
}

// quoteBracket quotes an identifier with brackets.
func quoteBracket(s string) string { return "[" + strings.ReplaceAll(s, "]", "]]") + "]" }
