package mysql

import (
	"context"
	"database/sql/driver"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	gomysql "github.com/go-sql-driver/mysql"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// errUnsupportedPS is ER_UNSUPPORTED_PS: "This command is not supported in
// the prepared statement protocol yet". MySQL answers it to a prepared
// HANDLER READ; MariaDB prepares HANDLER READ since 5.3 (measured on
// 10.11: placeholders in the key list and in LIMIT both bind).
const errUnsupportedPS = 1295

// OpenHandler opens table's HANDLER on this connection
// (https://mariadb.com/kb/en/handler-commands/): the storage engine's index
// read by key, without the parser's and the optimizer's work per statement,
// the access path HandlerSocket exposed. It returns the two reads of index:
// get reads the row whose key equals its one argument; scan reads up to its
// second argument rows from its first argument on, in index order (a
// LIMIT after >= is an implicit NEXT). The handler stays open until
// CloseHandler or the end of the connection; a reconnect must open it again.
//
// Both reads are server-side prepared statements where the server
// prepares HANDLER READ (MariaDB); where it refuses (MySQL), they are sent
// as text with their arguments written into the statement as literals.
func (c *Conn) OpenHandler(ctx context.Context, table, index string) (get, scan sqldb.Stmt, err error) {
	t, i := sqldb.QuoteBacktick(table), sqldb.QuoteBacktick(index)
	if _, err := c.Exec(ctx, "HANDLER "+t+" OPEN"); err != nil {
		return nil, nil, fmt.Errorf("HANDLER %s OPEN: %w", table, err)
	}
	getSQL := "HANDLER " + t + " READ " + i + " = (?)"
	scanSQL := "HANDLER " + t + " READ " + i + " >= (?) LIMIT ?"
	if get, err = c.Prepare(ctx, getSQL); err == nil {
		if scan, err = c.Prepare(ctx, scanSQL); err != nil {
			get.Close()
		}
	}
	if isUnsupportedPS(err) {
		return c.textStmt(getSQL), c.textStmt(scanSQL), nil
	}
	if err != nil {
		c.CloseHandler(ctx, table)
		return nil, nil, fmt.Errorf("prepare HANDLER %s READ: %w", table, err)
	}
	return get, scan, nil
}

// CloseHandler closes table's HANDLER (HANDLER ... CLOSE).
func (c *Conn) CloseHandler(ctx context.Context, table string) error {
	_, err := c.Exec(ctx, "HANDLER "+sqldb.QuoteBacktick(table)+" CLOSE")
	return err
}

func isUnsupportedPS(err error) bool {
	var me *gomysql.MySQLError
	return errors.As(err, &me) && me.Number == errUnsupportedPS
}

// textStmt is a statement sent through the text protocol (COM_QUERY) with
// its arguments written in as literals, for a server that will not prepare
// it. Strings and byte slices are hexadecimal literals (X'75736572'), which
// need no escaping whatever the sql_mode (NO_BACKSLASH_ESCAPES) or the
// connection's character set; numbers are decimal.
type textStmt struct {
	c     *Conn
	parts []string // the statement split at its placeholders
	buf   []byte
	dest  []driver.Value
}

var (
	_ sqldb.Stmt      = (*textStmt)(nil)
	_ sqldb.RowReader = (*textStmt)(nil)
)

func (c *Conn) textStmt(query string) *textStmt {
	return &textStmt{c: c, parts: strings.Split(query, "?")}
}

// bind writes the statement with args in place of its placeholders.
func (s *textStmt) bind(args []any) (string, error) {
	if len(args) != len(s.parts)-1 {
		return "", fmt.Errorf("%d arguments for %d placeholders", len(args), len(s.parts)-1)
	}
	b := append(s.buf[:0], s.parts[0]...)
	for i, a := range args {
		switch v := a.(type) {
		case string:
			b = appendHex(b, v)
		case []byte:
			b = appendHex(b, string(v))
		case int:
			b = strconv.AppendInt(b, int64(v), 10)
		case int64:
			b = strconv.AppendInt(b, v, 10)
		default:
			return "", fmt.Errorf("argument %d: %T cannot be written as a literal", i+1, a)
		}
		b = append(b, s.parts[i+1]...)
	}
	s.buf = b
	return string(b), nil
}

// appendHex appends s as a hexadecimal literal: X'75736572' is "user".
func appendHex(b []byte, s string) []byte {
	b = append(b, "X'"...)
	b = hex.AppendEncode(b, []byte(s))
	return append(b, '\'')
}

// Exec implements sqldb.Stmt.
func (s *textStmt) Exec(ctx context.Context, args ...any) (int64, error) {
	q, err := s.bind(args)
	if err != nil {
		return 0, err
	}
	return s.c.Exec(ctx, q)
}

// Query implements sqldb.Stmt.
func (s *textStmt) Query(ctx context.Context, args ...any) (int, error) {
	return s.QueryRow(ctx, nil, args...)
}

// QueryRow implements sqldb.RowReader; with nil dest it is Query, which
// decodes nothing.
func (s *textStmt) QueryRow(ctx context.Context, dest []any, args ...any) (int, error) {
	q, err := s.bind(args)
	if err != nil {
		return 0, err
	}
	rows, err := s.c.DC.(driver.QueryerContext).QueryContext(ctx, q, nil)
	if err != nil {
		return 0, s.c.Classify(err)
	}
	defer rows.Close()
	cols := len(rows.Columns())
	if cap(s.dest) < cols {
		s.dest = make([]driver.Value, cols)
	}
	s.dest = s.dest[:cols]
	var scanErr error
	if dest != nil && len(dest) != cols {
		scanErr = fmt.Errorf("%d destinations for %d columns", len(dest), cols)
	}
	n := 0
	for {
		if err := rows.Next(s.dest); err != nil {
			if !errors.Is(err, io.EOF) {
				return n, s.c.Classify(err)
			}
			if scanErr != nil {
				return n, fmt.Errorf("read row: %w", scanErr)
			}
			return n, nil
		}
		if n == 0 && dest != nil && scanErr == nil {
			for i, v := range s.dest {
				if err := sqldb.ScanValue(dest[i], v); err != nil {
					scanErr = fmt.Errorf("column %d: %w", i+1, err)
					break
				}
			}
		}
		n++
	}
}

// Close implements sqldb.Stmt: nothing is held on the server.
func (s *textStmt) Close() error { return nil }
