package cubrid

import "github.com/dbgauge/dbgauge/db/sqldb"

// Dialect returns CUBRID's dialect, for tests that render SQL without a
// connection (the golden files of workloads/internal/sqlgolden).
func Dialect() *sqldb.Dialect { return dialect }

// dialect is CUBRID's (11.x). Transactions are the connection's
// (sqldb.Transactor): CUBRID has no BEGIN statement, and auto-commit is a
// flag of each request.
var dialect = &sqldb.Dialect{
	Name:      "cubrid",
	SerialInt: "INTEGER AUTO_INCREMENT NOT NULL",
	Commit:    "COMMIT",
	Rollback:  "ROLLBACK",
	MaxParams: 65535,
	Analyze:   "UPDATE STATISTICS ON %s",
	// Names are stored in lower case; a table belongs to its owner's
	// schema (CUBRID 11.2 and later).
	TableExistsQuery: "SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER",
	Timestamp:        "DATETIME",
	// Prepare loads explicit ids; the next generated one must follow them
	// (see resetSerial: the driver computes the value).
	ResetSerial: resetSerial,
	// A function index takes one function (CREATE INDEX ... (LOWER(a))),
	// never two: SOE's index on lower() of both name columns is refused
	// ("Multiple or nested functions are not allowed in a function index
	// definition"), so the name search is on the plain columns, as on
	// MariaDB. CUBRID's default collation (utf8_bin) is case-sensitive;
	// the workload searches names in the case it loaded them.
	ExpressionIndex: false,
	// The session's LAST_INSERT_ID comes with the INSERT's own round
	// trip (Stmt.ExecID).
	LastInsertID: true,
	ForUpdate:    " FOR UPDATE",
	Types: map[string]string{
		"TEXT":    "STRING",
		"BOOLEAN": "SMALLINT",
	},
	QuoteIdent: sqldb.QuoteDouble,
}
