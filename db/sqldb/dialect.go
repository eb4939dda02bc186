package sqldb

import (
	"fmt"
	"regexp"
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
	// They are empty where transactions are the connection's (a
	// Transactor: Oracle, SQL Server). Workloads use PrepareTxn.
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
	// ForeignKeyChecks, if set, is the session setting that turns foreign
	// key checks off (%d is 0) and on again (1): MySQL's FOREIGN_KEY_CHECKS,
	// SQLite's foreign_keys pragma. DropTables turns them off to drop
	// tables whose foreign keys refer to each other in a cycle.
	ForeignKeyChecks string
	// DropMany is true when one DROP TABLE drops several tables with the
	// foreign keys between them, in any order and cycles included
	// (PostgreSQL; a table outside the list that refers to one of them
	// still stops it, as it should).
	DropMany bool
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

	// The fields below are zero for SQLite, PostgreSQL and MySQL, whose
	// SQL the workloads were first written in; Oracle and SQL Server set
	// them. Use the methods (Limit, DropTable, Type, ...), not the fields.

	// Limits is how a SELECT keeps its first rows: "" for LIMIT n,
	// LimitFetch for FETCH FIRST n ROWS ONLY (Oracle 12c+), LimitTop for
	// TOP (n) (SQL Server). Use Limit.
	Limits string
	// LockHint follows the table name of a SELECT that locks the rows it
	// reads for the transaction's later write, where the database asks
	// for a table hint instead of ForUpdate (SQL Server's
	// " WITH (UPDLOCK, ROWLOCK)").
	LockHint string
	// NoLimitLock is true when a SELECT cannot both limit and lock its
	// rows (Oracle: FETCH FIRST with FOR UPDATE is ORA-02014); a workload
	// then finds the one row it locks with MIN() in a subquery.
	NoLimitLock bool
	// NoRowValues is true when (a, b) IN ((?, ?), ...) is not SQL the
	// database runs (SQL Server); PairsIn writes ORs of ANDs instead.
	NoRowValues bool
	// InsertAll is true when INSERT ... VALUES takes one row only (Oracle
	// before 23c): a multi-row INSERT is INSERT ALL INTO ... SELECT 1 FROM
	// dual. Use InsertValues.
	InsertAll bool
	// DropFormat, if set, is the statement that drops table %s if it
	// exists ("" is DROP TABLE IF EXISTS, which Oracle before 23c lacks:
	// a PL/SQL block that ignores ORA-00942). Use DropTable.
	DropFormat string
	// CreateFormat, if set, creates table %[1]s with the column list %[2]s
	// unless it exists ("" is CREATE TABLE IF NOT EXISTS, which neither
	// Oracle before 23c nor SQL Server has). Use CreateIfMissing.
	CreateFormat string
	// Types maps the column types workloads write (BIGINT, TEXT, BOOLEAN,
	// TIMESTAMP) to the database's spelling where it differs (Oracle's
	// NUMBER(19) and CLOB, SQL Server's VARCHAR(MAX) and BIT). Use Type.
	Types map[string]string
	// TimestampLiterals is true when a timestamp literal must say so
	// (TIMESTAMP '2009-07-30 16:25:44': Oracle does not read a string as a
	// timestamp under every NLS setting). Use TimestampLiteral.
	TimestampLiterals bool
	// InsertOutput is true when an INSERT returns the row's generated id
	// with OUTPUT INSERTED.col before VALUES (SQL Server), read like
	// RETURNING. PrepareIDInsert uses it.
	InsertOutput bool
	// IdentitySequenceQuery, if set, returns the name of the sequence that
	// feeds the identity column (table and column as its two parameters,
	// in the folded case) and CurrentIDFormat reads that sequence's value
	// last taken by this session (%s: its name): Oracle, whose RETURNING
	// INTO needs out binds. PrepareIDInsert runs the INSERT, then that read.
	IdentitySequenceQuery, CurrentIDFormat string
	// SerialRefusesValues is true when an auto-increment column refuses
	// explicit values in an INSERT (SQL Server's IDENTITY, without SET
	// IDENTITY_INSERT, which one table per session may have): a workload
	// that writes its own ids into such a column cannot run on it; only
	// the driver's bulk loader keeps loaded ids.
	SerialRefusesValues bool
	// MaxVarchar, if set, is the longest VARCHAR(n) where Type("TEXT") is
	// a LOB read through locators (Oracle: 4,000 bytes, then CLOB): a text
	// column of known length up to it is a VARCHAR. Use TextType.
	MaxVarchar int
	// MaxValuesRows, if set, bounds the rows of one INSERT ... VALUES
	// (SQL Server: 1,000).
	MaxValuesRows int
}

// Limit values.
const (
	LimitFetch = "fetch"
	LimitTop   = "top"
)

// Limit returns query, a SELECT, keeping its first n rows: n is a number
// or "?" (a parameter, which stays the query's last). With TOP, a literal
// n goes after SELECT (and DISTINCT); a parameter, whose place would
// change the order of the arguments, becomes OFFSET 0 ROWS FETCH NEXT ?
// ROWS ONLY, which needs the query's ORDER BY, added as ORDER BY (SELECT
// NULL) when the query has none.
func (d *Dialect) Limit(query, n string) string {
	switch d.Limits {
	case LimitFetch:
		return query + " FETCH FIRST " + n + " ROWS ONLY"
	case LimitTop:
		if n == "?" {
			if !strings.Contains(query, " ORDER BY ") {
				query += " ORDER BY (SELECT NULL)"
			}
			return query + " OFFSET 0 ROWS FETCH NEXT ? ROWS ONLY"
		}
		// TOP follows the statement's own SELECT (and DISTINCT), after
		// any WITH: the first SELECT outside parentheses.
		i, depth := 0, 0
		for ; i < len(query); i++ {
			switch query[i] {
			case '(':
				depth++
			case ')':
				depth--
			}
			if depth == 0 && strings.HasPrefix(query[i:], "SELECT ") {
				break
			}
		}
		head := "SELECT "
		if strings.HasPrefix(query[i:], "SELECT DISTINCT ") {
			head = "SELECT DISTINCT "
		}
		if i == len(query) {
			return query // no SELECT: nothing to limit
		}
		return query[:i] + head + "TOP (" + n + ") " + query[i+len(head):]
	}
	return query + " LIMIT " + n
}

// limitN is a LIMIT n as statements are written, portable across the
// LIMIT databases.
var limitN = regexp.MustCompile(` LIMIT (\d+)`)

// RewriteLimits writes each LIMIT n of s (n a number) the dialect's way
// (Limit): the SELECT it limits is the innermost one open where it stands,
// a subquery in parentheses or the statement. Where the dialect has LIMIT,
// s is returned as it is.
func (d *Dialect) RewriteLimits(s string) string {
	if d.Limits == "" {
		return s
	}
	for off := 0; ; {
		m := limitN.FindStringSubmatchIndex(s[off:])
		if m == nil {
			return s
		}
		for i := range m {
			m[i] += off
		}
		start, depth := 0, 0
		for i := m[0] - 1; i >= 0; i-- {
			if s[i] == ')' {
				depth++
			} else if s[i] == '(' {
				if depth == 0 {
					start = i + 1
					break
				}
				depth--
			}
		}
		head := s[:start] + d.Limit(s[start:m[0]], s[m[2]:m[3]])
		s, off = head+s[m[1]:], len(head)
	}
}

// PairsIn returns the condition that (a, b) is one of n pairs of
// parameters, in the order a1, b1, a2, b2, ...
func (d *Dialect) PairsIn(a, b string, n int) string {
	if d.NoRowValues {
		one := "(" + a + " = ? AND " + b + " = ?)"
		return "(" + strings.TrimSuffix(strings.Repeat(one+" OR ", n), " OR ") + ")"
	}
	return "(" + a + ", " + b + ") IN (" + strings.TrimSuffix(strings.Repeat("(?, ?), ", n), ", ") + ")"
}

// InsertValues returns an INSERT of n rows: into is "INSERT INTO t (cols)",
// row one row's "(?, ?, ...)", sep what separates rows after VALUES.
func (d *Dialect) InsertValues(into, row, sep string, n int) string {
	var b strings.Builder
	if d.InsertAll {
		target := strings.TrimPrefix(into, "INSERT ")
		b.WriteString("INSERT ALL")
		for range n {
			b.WriteString(" " + target + " VALUES " + row)
		}
		b.WriteString(" SELECT 1 FROM dual")
		return b.String()
	}
	b.WriteString(into + " VALUES ")
	for i := range n {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(row)
	}
	return b.String()
}

// CreateIfMissing returns the statement that creates table with its column
// list (in parentheses) unless it exists.
func (d *Dialect) CreateIfMissing(table, columns string) string {
	if d.CreateFormat == "" {
		return "CREATE TABLE IF NOT EXISTS " + table + " " + columns
	}
	return fmt.Sprintf(d.CreateFormat, table, columns)
}

// Type returns a column definition with its leading type in the
// database's spelling: "BIGINT NOT NULL" is "NUMBER(19) NOT NULL" on
// Oracle. A type Types does not name is returned as it is.
func (d *Dialect) Type(def string) string {
	for from, to := range d.Types {
		if rest, ok := strings.CutPrefix(def, from); ok && (rest == "" || rest[0] == ' ') {
			return to + rest
		}
	}
	return def
}

// TextType returns the type of a text column whose values have at most n
// bytes: TEXT (in the dialect's spelling), or VARCHAR(n) where TEXT would
// be a LOB and n fits MaxVarchar.
func (d *Dialect) TextType(n int64) string {
	if d.MaxVarchar > 0 && n <= int64(d.MaxVarchar) {
		return fmt.Sprintf("VARCHAR(%d)", n)
	}
	return d.Type("TEXT")
}

// TimestampLiteral returns the literal of timestamp s ('2009-07-30
// 16:25:44').
func (d *Dialect) TimestampLiteral(s string) string {
	if d.TimestampLiterals {
		return "TIMESTAMP '" + s + "'"
	}
	return "'" + s + "'"
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
	if d.DropFormat != "" {
		return fmt.Sprintf(d.DropFormat, d.QuoteIdent(table))
	}
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

// QuoteUpper quotes an identifier in upper case (Oracle, which folds
// unquoted names to upper case: a quoted name is the same table as the
// unquoted one the statements write).
func QuoteUpper(s string) string { return QuoteDouble(strings.ToUpper(s)) }

// QuoteDouble quotes with double quotes (SQL standard, SQLite, PostgreSQL).
func QuoteDouble(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// QuoteBacktick quotes with backticks (MySQL, MariaDB).
func QuoteBacktick(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }
