package sqldb

import (
	"fmt"
	"strings"
)

// Dialect holds what differs between SQL databases for the statements the
// workloads issue. Each SQL driver returns one; workloads read its fields
// instead of asking which database they talk to.
type Dialect struct {
	// Name is for messages only; code must not branch on it.
	Name string
	// SerialInt is the column type of an auto-increment integer key
	// (sysbench: SERIAL on PostgreSQL, INTEGER AUTO_INCREMENT on MySQL).
	SerialInt string
	// ZeroAssignsID is true when inserting 0 into an auto-increment key makes
	// the database assign one (MySQL); elsewhere the column is left out.
	ZeroAssignsID bool
	// InlineKey is true when CREATE TABLE accepts "KEY name (cols)".
	InlineKey bool
	// TableOptions follows CREATE TABLE's closing parenthesis (ENGINE=...).
	TableOptions string
	// BeginRead and BeginWrite start a read-only and a read-write
	// transaction. SQLite needs BEGIN IMMEDIATE for writers: a deferred
	// transaction that reads and then writes fails at once with SQLITE_BUSY
	// when another writer got in between, which busy_timeout cannot wait out.
	BeginRead, BeginWrite string
	Commit, Rollback      string
	// MaxParams bounds the placeholders in one statement.
	MaxParams int
	// Analyze refreshes optimizer statistics for one table ("" for none).
	Analyze string
	// TableExistsQuery returns a row when the table named by its one
	// parameter exists in the current schema.
	TableExistsQuery string
	// SerialNeedsPK is true when an auto-increment column must also be the
	// primary key (SQLite: only INTEGER PRIMARY KEY assigns ids).
	SerialNeedsPK bool
	// ResetSerial, if set, is a format (%[1]s: table, %[2]s: column) run
	// after loading explicit ids into an auto-increment column, so the next
	// generated id follows them (PostgreSQL sequences do not advance on
	// explicit values). Use ResetSerialOf.
	ResetSerial string
	// Timestamp is the column type of a date and time without time zone
	// ("" means TIMESTAMP). MySQL's TIMESTAMP updates itself on every row
	// update; DATETIME is its plain equivalent.
	Timestamp string
	// DeferPrimaryKey is true when loading into a table without its primary
	// key and adding the key afterwards is faster (PostgreSQL, as pgbench -i
	// does); false where the key is the row's storage order (InnoDB, SQLite).
	DeferPrimaryKey bool
	// BeforeIndex, if set, runs on a connection before it builds indexes
	// (PostgreSQL: more maintenance_work_mem, so a sort fits in memory).
	BeforeIndex string
	// EngineClause, if set, returns the table option that picks a storage
	// engine (MySQL's ENGINE = X); nil where there is no such choice.
	EngineClause func(engine string) string
	// LastInsertID is true when the reply to an INSERT carries the id it
	// generated and the driver's statements are IDExecers (MySQL, MariaDB,
	// SQLite); PostgreSQL's protocol has no such field.
	LastInsertID bool
	// InsertReturning is true when INSERT ... RETURNING cols returns the
	// inserted row as a result set, read with RowReader (PostgreSQL, SQLite
	// 3.35+, MariaDB 10.5+; not MySQL). It says nothing of UPDATE ...
	// RETURNING, which MariaDB does not have. PrepareIDInsert picks between
	// the two ways.
	InsertReturning bool
	// LikeIndexOps follows the column of a CREATE INDEX that must serve
	// LIKE 'prefix%' searches (TPC-W's title and author searches): ""
	// where a plain index does (MySQL), " varchar_pattern_ops" on
	// PostgreSQL, whose plain index serves LIKE only under the C collation.
	LikeIndexOps string
	// ExpressionIndex is true when CREATE INDEX takes expressions such as
	// (lower(col)) (PostgreSQL, SQLite; not MariaDB, nor MySQL before
	// 8.0.13): a case-insensitive search has an index to use.
	ExpressionIndex bool
	// GroupByCube is true when GROUP BY CUBE(a, b) is SQL the database
	// runs (PostgreSQL); elsewhere a query writes the grouping sets out as
	// a UNION ALL.
	GroupByCube bool
	// ForUpdate ends a SELECT that reads a row the transaction will write
	// back (TPC-C's d_next_o_id), so that a concurrent transaction waits
	// instead of reading the same value: " FOR UPDATE", or "" where
	// BeginWrite already holds the write lock (SQLite's BEGIN IMMEDIATE).
	ForUpdate string
	// Bind, if set, rewrites the '?' placeholders every workload writes
	// into the database's own (":1" on Oracle, "@p1" on SQL Server);
	// DriverConn applies it. Use BindQuery.
	Bind func(query string) string
	// QuoteIdent quotes an identifier.
	QuoteIdent func(string) string
	// CopyCSV, if set, returns the command of the database's own client
	// that loads file (CSV as dataset/sqlstore writes it: NULL as \N) into
	// table's columns: psql's \copy, MySQL's LOAD DATA LOCAL INFILE.
	CopyCSV func(table, file string, columns []string) string
}

// BindQuery returns query with the dialect's placeholders.
func (d *Dialect) BindQuery(query string) string {
	if d == nil || d.Bind == nil {
		return query
	}
	return d.Bind(query)
}

// DropTable returns the statement that drops table if it exists.
func (d *Dialect) DropTable(table string) string {
	return "DROP TABLE IF EXISTS " + d.QuoteIdent(table)
}

// AnalyzeTable returns the statistics statement for table, or "".
func (d *Dialect) AnalyzeTable(table string) string {
	if d.Analyze == "" {
		return ""
	}
	return fmt.Sprintf(d.Analyze, d.QuoteIdent(table))
}

// ResetSerialOf returns the statement that makes the next id generated for
// table's auto-increment column follow the ids loaded into it, or "" where
// the database does that by itself (MySQL, SQLite).
func (d *Dialect) ResetSerialOf(table, column string) string {
	if d.ResetSerial == "" {
		return ""
	}
	return fmt.Sprintf(d.ResetSerial, table, column)
}

// TimestampType returns the dialect's plain timestamp column type.
func (d *Dialect) TimestampType() string {
	if d.Timestamp == "" {
		return "TIMESTAMP"
	}
	return d.Timestamp
}

// QuoteDouble quotes with double quotes (SQL standard, SQLite, PostgreSQL).
func QuoteDouble(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// QuoteBacktick quotes with backticks (MySQL, MariaDB).
func QuoteBacktick(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }
