package mysql

import (
	"context"
	"fmt"

	gomysql "github.com/go-sql-driver/mysql"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// countStmt is a prepared statement whose Query counts the rows of the
// reply without decoding them. go-sql-driver/mysql converts every value of
// a row into a driver.Value as it reads it: a CHAR value is a []byte boxed
// into an interface, one allocation per value (convTslice was 5% of the
// client's CPU in oltp_read_only), and its API has no way to read a row
// without that. sysbench, which the oltp tests copy, counts rows without
// converting them. So Query writes the COM_STMT_EXECUTE itself, on the
// driver's socket and with the driver's statement id, and reads the reply
// with a replyReader: a binary-protocol row starts with 0x00 and a result
// set ends with 0xfe, so a row is counted by its first byte and its values
// are skipped by the packet's length, whatever their types.
//
// Everything else (Exec, and QueryRow, QueryRows, ExecID for the values a
// workload uses) is the driver's, as is Query itself when the connection is
// compressed or encrypted, the context can be cancelled (the runner's
// operations run on one that cannot: run/runner.go), or an argument is of
// a type this path does not send. Both paths run the same statement, so the
// server's counters see one COM_STMT_EXECUTE per query either way.
//
// Between two commands the driver has read the whole previous reply and
// keeps no state about the socket that a counted query changes, but for
// two: the server status of the last reply (which only the text protocol's
// escaping reads, from sql_mode, which a counted SELECT cannot change),
// and, on MariaDB with metadata caching, the result columns of the
// statement, which the server sends again only when DDL changed them: if a
// counted reply carries them, the driver, which did not see them, would
// decode a later QueryRow with the old ones, so the statement is prepared
// again (the one case where the server counts a prepare more).
type countStmt struct {
	*sqldb.DriverStmt
	c      *Conn
	query  string
	id     uint32
	params int
}

var (
	_ sqldb.RowReader  = (*countStmt)(nil)
	_ sqldb.RowsReader = (*countStmt)(nil)
	_ sqldb.IDExecer   = (*countStmt)(nil)
)

// Prepare implements sqldb.Conn: the driver's statement, which Query
// counts the rows of itself where the connection's framing allows.
func (c *Conn) Prepare(ctx context.Context, query string) (sqldb.Stmt, error) {
	if c.wire == nil || !c.framing.plain {
		return c.DriverConn.Prepare(ctx, query)
	}
	c.wire.startPrepare()
	st, err := c.DriverConn.Prepare(ctx, query)
	id, params, ok := c.wire.prepared()
	if err != nil {
		return nil, err
	}
	ds, isDS := st.(*sqldb.DriverStmt)
	if !ok || !isDS {
		return st, nil
	}
	return &countStmt{DriverStmt: ds, c: c, query: query, id: id, params: params}, nil
}

// Query implements sqldb.Stmt.
func (s *countStmt) Query(ctx context.Context, args ...any) (int, error) {
	c := s.c
	if ctx.Done() != nil || len(args) != s.params {
		return s.DriverStmt.Query(ctx, args...)
	}
	var ok bool
	if c.request, ok = executePacket(c.request[:0], s.id, args); !ok {
		return s.DriverStmt.Query(ctx, args...)
	}
	n, newColumns, err := c.countReply()
	if newColumns && err == nil {
		err = s.reprepare(ctx)
	}
	if err != nil && !isServerError(err) {
		// The socket is no longer in step with the driver: close it, so
		// that the driver's next command fails rather than reads the rest
		// of this reply. The error is a lost connection's, as the
		// driver's would be.
		c.wire.Close()
		err = fmt.Errorf("%w: %w", gomysql.ErrInvalidConn, err)
	}
	return n, classify(err)
}

// reprepare replaces the driver's statement by a new one of the same query,
// after a counted reply brought column definitions the driver did not read.
func (s *countStmt) reprepare(ctx context.Context) error {
	st, err := s.c.Prepare(ctx, s.query)
	if err != nil {
		return err
	}
	old := s.DriverStmt
	switch st := st.(type) {
	case *countStmt:
		s.DriverStmt, s.id, s.params = st.DriverStmt, st.id, st.params
	case *sqldb.DriverStmt:
		// Not countable after all: Query then takes the driver's path.
		s.DriverStmt, s.params = st, -1
	default:
		st.Close()
		return fmt.Errorf("prepare again: a %T", st)
	}
	return old.Close()
}

// countReply sends c.request and counts the rows of the first result set
// of its reply that has columns (the one the driver's rows would read),
// reading the rest of the reply to its end; newColumns says that it carried
// column definitions where the driver expects them cached.
func (c *Conn) countReply() (n int, newColumns bool, err error) {
	if _, err := c.wire.Write(c.request); err != nil {
		return 0, false, err
	}
	rd := &c.reply
	if rd.buf == nil {
		rd.conn, rd.buf = c.wire.Conn, make([]byte, replyBuffer)
	}
	rd.r, rd.w, rd.seq = 0, 0, 1
	n, newColumns, err = rd.countResults(c.framing)
	if err == nil && rd.r != rd.w {
		// Bytes after the end of the reply: it was not framed as read.
		err = errProtocol
	}
	return n, newColumns, err
}

// countResults reads a reply's results to the last and counts the rows of
// the first that has columns.
func (rd *replyReader) countResults(f framing) (n int, newColumns bool, err error) {
	counted := false
	for {
		p, err := rd.packet()
		if err != nil {
			return n, newColumns, err
		}
		switch p[0] {
		case pktERR:
			return n, newColumns, serverError(p)
		case pktOK:
			status, err := okStatus(p)
			if err != nil || status&serverMoreResults == 0 {
				return n, newColumns, err
			}
			continue
		}
		cols, size := lenenc(p)
		if size == 0 || p[0] == 0xfb || p[0] == 0xfe {
			return n, newColumns, errProtocol
		}
		if !f.cacheMetadata || len(p) > size && p[size] == 1 {
			newColumns = newColumns || f.cacheMetadata
			for range cols {
				if err := rd.skipDefinition(); err != nil {
					return n, newColumns, err
				}
			}
		}
		if !f.deprecateEOF {
			if err := rd.expectEOF(); err != nil {
				return n, newColumns, err
			}
		}
		rows, status, err := rd.countRows(f.deprecateEOF)
		if !counted {
			n, counted = rows, true
		}
		if err != nil || status&serverMoreResults == 0 {
			return n, newColumns, err
		}
	}
}

// skipDefinition skips a column definition packet.
func (rd *replyReader) skipDefinition() error {
	n, err := rd.header()
	if err != nil {
		return err
	}
	return rd.skipPacket(n)
}

// expectEOF reads the EOF packet that ends column definitions without
// DEPRECATE_EOF.
func (rd *replyReader) expectEOF() error {
	p, err := rd.packet()
	if err != nil {
		return err
	}
	if p[0] != pktEOF {
		return errProtocol
	}
	return nil
}

// countRows counts the rows of a result set up to the packet that ends it,
// and returns that packet's status, or the error it reports.
func (rd *replyReader) countRows(deprecateEOF bool) (rows int, status uint16, err error) {
	for {
		rows += rd.skipRows()
		n, err := rd.header()
		if err != nil {
			return rows, 0, err
		}
		if n == 0 {
			return rows, 0, errProtocol
		}
		if err := rd.fill(1); err != nil {
			return rows, 0, err
		}
		switch rd.buf[rd.r] {
		case pktOK: // a row: its values are skipped unread
			rows++
			if err := rd.skipPacket(n); err != nil {
				return rows, 0, err
			}
			continue
		case pktEOF, pktERR:
			if n >= maxPayload {
				return rows, 0, errProtocol
			}
		default:
			return rows, 0, errProtocol
		}
		if err := rd.fill(n); err != nil {
			return rows, 0, err
		}
		p := rd.buf[rd.r : rd.r+n]
		rd.r += n
		switch {
		case p[0] == pktERR:
			return rows, 0, serverError(p)
		case deprecateEOF:
			status, err = okStatus(p)
		default:
			status, err = eofStatus(p)
		}
		return rows, status, err
	}
}
