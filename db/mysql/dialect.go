package mysql

import (
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// Dialect returns MySQL's dialect (MariaDB's differs in its name and, from
// 10.5, INSERT ... RETURNING), for tests that render SQL without a
// connection (the golden files of workloads/internal/sqlgolden).
func Dialect() *sqldb.Dialect { return dialect }

// dialect is MySQL's: the SQL every workload was first written in, so
// none of the fields for Oracle and SQL Server is set.
var dialect = &sqldb.Dialect{
	Name:             "mysql",
	SerialInt:        "INTEGER NOT NULL AUTO_INCREMENT",
	ZeroAssignsID:    true,
	InlineKey:        true,
	BeginRead:        "BEGIN",
	BeginWrite:       "BEGIN",
	Commit:           "COMMIT",
	Rollback:         "ROLLBACK",
	MaxParams:        65535,
	Analyze:          "ANALYZE TABLE %s",
	TableExistsQuery: "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?",
	QuoteIdent:       sqldb.QuoteBacktick,
	Timestamp:        "DATETIME",
	EngineClause:     func(engine string) string { return "/*! ENGINE = " + engine + " */" },
	// The OK packet that answers an INSERT carries the id it generated.
	LastInsertID: true,
	ForUpdate:    " FOR UPDATE",
	// FOREIGN_KEY_CHECKS is the session's, as sysbench-tpcc sets it.
	ForeignKeyChecks: "SET FOREIGN_KEY_CHECKS = %d",
	// Run with `mysql --local-infile=1`; \N is NULL under the default
	// ESCAPED BY '\\'.
	CopyCSV: func(table, file string, columns []string) string {
		return fmt.Sprintf(`LOAD DATA LOCAL INFILE '%s' INTO TABLE %s FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '"' (%s);`,
			file, table, strings.Join(columns, ", "))
	},
}

// mariadb is MySQL's dialect under MariaDB's name, for messages.
var mariadb = func() *sqldb.Dialect {
	d := *dialect
	d.Name = "mariadb"
	return &d
}()

// mariadbReturning is MariaDB 10.5+, which has INSERT ... RETURNING
// (https://mariadb.com/kb/en/insertreturning/).
var mariadbReturning = func() *sqldb.Dialect {
	d := *mariadb
	d.InsertReturning = true
	return &d
}()
