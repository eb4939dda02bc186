package postgres

import (
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// Dialect returns PostgreSQL's dialect, for tests that render SQL without a
// connection (the golden files of workloads/internal/sqlgolden).
func Dialect() *sqldb.Dialect { return dialect }

// dialect is PostgreSQL's: the SQL every workload was first written in, so
// none of the fields for Oracle and SQL Server is set.
var dialect = &sqldb.Dialect{
	Name:             "postgres",
	SerialInt:        "SERIAL",
	BeginRead:        "BEGIN",
	BeginWrite:       "BEGIN",
	Commit:           "COMMIT",
	Rollback:         "ROLLBACK",
	MaxParams:        65535,
	Analyze:          "ANALYZE %s",
	TableExistsQuery: "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = ?",
	QuoteIdent:       sqldb.QuoteDouble,
	// The driver applies it (pgx is not a DriverConn).
	Bind:            sqldb.Numbered("$"),
	DeferPrimaryKey: true,
	BeforeIndex:     "SET maintenance_work_mem = '256MB'",
	// Prepare loads explicit ids; the sequence must continue after them.
	ResetSerial: "SELECT setval(pg_get_serial_sequence('%[1]s', '%[2]s'), COALESCE((SELECT MAX(%[2]s) FROM %[1]s), 0) + 1, false)",
	// The protocol has no last insert id (lastval() would be a second
	// round trip): ids come back with RETURNING.
	InsertReturning: true,
	ForUpdate:       " FOR UPDATE",
	LikeIndexOps:    " varchar_pattern_ops",
	ExpressionIndex: true,
	GroupByCube:     true,
	DropMany:        true,
	CopyCSV: func(table, file string, columns []string) string {
		return fmt.Sprintf(`\copy %s (%s) FROM '%s' WITH (FORMAT csv, NULL '\N')`, table, strings.Join(columns, ", "), file)
	},
}
