// Package postgres is the PostgreSQL driver: jackc/pgx v5. Statements are
// server-side prepared by default and run through pgconn's extended protocol
// directly, with arguments sent as text and result rows read without
// decoding: the least client CPU per query. The replies of the runner's
// statements are read from a framer under pgx's Frontend (framer.go), which
// hands pgconn the messages it must see. Rows whose values a workload
// uses are decoded with pgx's scan plans, kept per statement. With the URL
// parameter default_query_exec_mode=simple_protocol (the CLI's
// --pg-simple-protocol), nothing is prepared on the server and arguments are
// interpolated by pgx, so PgBouncer-style poolers in transaction mode work.
// Loading uses COPY.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sockconn"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// Driver opens PostgreSQL connections.
type Driver struct{}

// Name implements db.Driver.
func (Driver) Name() string { return "postgres" }

// Schemes implements db.Driver.
func (Driver) Schemes() []string { return []string{"postgres", "postgresql", "pgsql"} }

var _ db.SimpleProtocol = Driver{}

// SimpleProtocol implements db.SimpleProtocol: pgx's simple protocol mode,
// which sends every statement with its arguments inlined.
func (Driver) SimpleProtocol(raw string) string {
	sep := "?"
	if strings.Contains(raw, "?") {
		sep = "&"
	}
	return raw + sep + "default_query_exec_mode=simple_protocol"
}

// Open implements db.Driver.
func (Driver) Open(ctx context.Context, t *db.Target) (db.Conn, error) {
	raw := t.Raw
	if t.Scheme == "pgsql" {
		raw = "postgres" + strings.TrimPrefix(raw, t.URL.Scheme)
	}
	cfg, err := pgx.ParseConfig(raw)
	if err != nil {
		return nil, fmt.Errorf("invalid PostgreSQL URL %s: %w", t.Redacted(), cleanParseError(err, t.Password()))
	}
	addr := net.JoinHostPort(cfg.Host, strconv.Itoa(int(cfg.Port)))
	c := &Conn{simple: cfg.DefaultQueryExecMode == pgx.QueryExecModeSimpleProtocol}
	cfg.DialFunc = c.raw.Dial
	cfg.BuildFrontend = func(r io.Reader, w io.Writer) *pgproto3.Frontend {
		f := newFramer(r)
		if c.pg == nil { // while Open connects: the last one built is c's,
			// not one of a connection made later from a copy of cfg
			c.fr = f
		}
		return pgproto3.NewFrontend(f, w)
	}
	// dbgauge prepares its statements itself and runs every other query
	// with an explicit mode, so pgx's statement and description caches are
	// never used; each would cost 54 KB per connection (54 MB at 1,000).
	// COPY describes its table in the default mode, which must then not
	// be one of the cached ones.
	cfg.StatementCacheCapacity, cfg.DescriptionCacheCapacity = 0, 0
	if m := cfg.DefaultQueryExecMode; m == pgx.QueryExecModeCacheStatement || m == pgx.QueryExecModeCacheDescribe {
		cfg.DefaultQueryExecMode = pgx.QueryExecModeDescribeExec
	}
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, &db.ConnectError{Addr: addr, Err: rootCause(err)}
	}
	c.conn, c.pg = conn, conn.PgConn()
	return c, nil
}

// cleanParseError keeps pgx's reason but never the password it may quote.
func cleanParseError(err error, password string) error {
	msg := rootCause(err).Error()
	if password != "" {
		msg = strings.ReplaceAll(msg, password, "xxxxx")
	}
	return errors.New(db.Redact(msg))
}

// rootCause is the innermost error: "password authentication failed for user
// bench" or "connect: connection refused", without pgx's wrapping, which
// names the user and database.
func rootCause(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return errors.New(pe.Message)
	}
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}

// Conn is one PostgreSQL connection.
type Conn struct {
	conn   *pgx.Conn
	pg     *pgconn.PgConn
	raw    sockconn.Set
	simple bool
	next   int
	text   sqldb.TextRows
	fr     *framer          // under pgx's Frontend: readReply reads from it
	row    pgproto3.DataRow // readReply's, reused
}

// Interrupt implements db.Interrupter.
func (c *Conn) Interrupt() { c.raw.Interrupt() }

var (
	_ sqldb.Conn         = (*Conn)(nil)
	_ sqldb.BulkInserter = (*Conn)(nil)
	_ db.Versioner       = (*Conn)(nil)
	_ db.Interrupter     = (*Conn)(nil)
)

// Dialect implements sqldb.Conn.
func (c *Conn) Dialect() *sqldb.Dialect { return dialect }

// Close implements db.Conn.
func (c *Conn) Close() error { return c.conn.Close(context.Background()) }

// ServerVersion implements db.Versioner.
func (c *Conn) ServerVersion(ctx context.Context) (string, error) {
	rows, err := c.QueryStrings(ctx, "SHOW server_version")
	if err != nil || len(rows) == 0 {
		return "", err
	}
	return "PostgreSQL " + rows[0][0], nil
}

// Exec implements sqldb.Conn.
func (c *Conn) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	if len(args) == 0 && !c.simple {
		return c.simpleExec(ctx, query)
	}
	tag, err := c.conn.Exec(ctx, dialect.BindQuery(query), c.mode(args)...)
	if err != nil {
		return 0, classify(err)
	}
	return tag.RowsAffected(), nil
}

func (c *Conn) mode(args []any) []any {
	mode := pgx.QueryExecModeExec
	if c.simple {
		mode = pgx.QueryExecModeSimpleProtocol
	}
	return append([]any{mode}, args...)
}

// QueryStrings implements sqldb.Conn. Without arguments it sends the one
// Query message of the simple protocol, as libpq's PQexec does (a sysbench
// script's con:query): no Parse and Bind for the server, text values.
func (c *Conn) QueryStrings(ctx context.Context, query string, args ...any) ([][]string, error) {
	if len(args) == 0 {
		return c.simpleStrings(ctx, query)
	}
	rows, err := c.conn.Query(ctx, dialect.BindQuery(query), c.mode(args)...)
	if err != nil {
		return nil, classify(err)
	}
	defer rows.Close()
	var out [][]string
	for rows.Next() {
		raw := rows.RawValues()
		r := make([]string, len(raw))
		for i, v := range raw {
			r[i] = string(v) // text format: the values are as psql shows them
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, classify(err)
	}
	return out, nil
}

// Prepare implements sqldb.Conn.
func (c *Conn) Prepare(ctx context.Context, query string) (sqldb.Stmt, error) {
	q := dialect.BindQuery(query)
	if c.simple {
		return &simpleStmt{c: c, sql: q}, nil
	}
	c.next++
	name := "dbg" + strconv.Itoa(c.next)
	sd, err := c.pg.Prepare(ctx, name, q, nil)
	if err != nil {
		return nil, classify(err)
	}
	return &Stmt{c: c, sd: sd}, nil
}

// BulkInsert implements sqldb.BulkInserter with COPY.
func (c *Conn) BulkInsert(ctx context.Context, table string, columns []string, rows []sqldb.Row) error {
	src := make([][]any, len(rows))
	for i, r := range rows {
		src[i] = r
	}
	_, err := c.conn.CopyFrom(ctx, pgx.Identifier{table}, columns, pgx.CopyFromRows(src))
	return classify(err)
}
