package postgres

import (
	"bytes"
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
)

// roundTrip runs the prepared statement with the arguments encode left in
// s.vals: Bind (text arguments, the unnamed portal, results in formats),
// Execute and Sync in one write, then the reply read to ReadyForQuery. Each
// row's values go to row (nil: rows are counted, never decoded); row's
// first error is returned once the reply is read. It returns the rows read
// and the rows the command tag says it affected.
//
// It is pgconn's ExecStatement without what a benchmark's measured path
// pays for nothing: no Describe (the server does not send the row
// description again on every execution: sysbench's libpq does), no 15 ms
// slow-write timer reset and stopped around every write (pgconn guards a
// write that cannot finish because the server is blocked writing to us: a
// Bind of a few hundred bytes is never that), no ResultReader. Messages go
// through pgconn's own Frontend and ReceiveMessage, so notices, parameter
// status and the transaction status are handled as pgconn handles them.
//
// ctx must be one that is never cancelled (the runner's operations): the
// messages are read without a context watcher. Stmt uses pgconn's path
// for any other.
func (s *Stmt) roundTrip(formats []int16, row func(n int, values [][]byte) error) (rows int, affected int64, err error) {
	pg := s.c.pg
	fe := pg.Frontend()
	s.bind.PreparedStatement, s.bind.Parameters, s.bind.ResultFormatCodes = s.sd.Name, s.vals, formats
	fe.SendBind(&s.bind)
	fe.SendExecute(&execute)
	fe.SendSync(&sync)
	if err := fe.Flush(); err != nil {
		return 0, 0, closeBroken(pg, err)
	}
	return s.c.readReply(row)
}

// closeBroken closes a connection whose write failed, so that pgconn
// refuses it from now on, as its own failed flush does, and returns the
// write's error by class. Close writes a Terminate first: bound that, the
// socket may be stuck.
func closeBroken(pg *pgconn.PgConn, err error) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	pg.Close(ctx)
	cancel()
	return classify(err)
}

// readReply reads messages to ReadyForQuery: each row's values go to row
// (nil: rows are counted, never decoded), whose first error is returned
// once the reply is read; the rows affected are summed over the command
// tags (a simple query's string may hold several statements). The
// server's first error is returned, with what was read before it. A COPY
// FROM STDIN asked for is refused with a CopyFail (the server then sends
// its error); COPY TO STDOUT's data is read and dropped.
//
// The messages a reply is made of (rows, command tags, the protocol's
// acknowledgements, a ReadyForQuery that leaves the transaction status as
// it was) are taken from the connection's framer; every other (errors,
// notices, parameter status, COPY, a ReadyForQuery that changes the
// status) is given back unread and read through pgconn, which keeps the
// connection's transaction status and parameters, calls the notice
// handler and closes the connection on a FATAL error. A read error, too,
// is met by pgconn.
func (c *Conn) readReply(row func(n int, values [][]byte) error) (rows int, affected int64, err error) {
	var failed, rowErr error
	pg, f := c.pg, c.fr
	for {
		typ, body, err := f.next()
		if err == nil {
			switch typ {
			case 'D': // DataRow
				if row == nil {
					rows += 1 + f.skipRows()
					continue
				}
				if rowErr == nil {
					if rowErr = c.row.Decode(body); rowErr == nil {
						rowErr = row(rows, c.row.Values)
					}
				}
				rows++
				continue
			case 'C': // CommandComplete: the tag, NUL-terminated
				affected += rowsAffected(bytes.TrimSuffix(body, nul))
				continue
			case '1', '2', '3', 'n', 's', 'I', 'T': // ParseComplete, BindComplete,
				// CloseComplete, NoData, PortalSuspended, EmptyQueryResponse,
				// RowDescription (of a simple query: the values are text)
				continue
			case 'Z': // ReadyForQuery: pgconn reads it only if the status changes
				if len(body) == 1 && body[0] == pg.TxStatus() {
					if failed == nil {
						failed = rowErr
					}
					return rows, affected, failed
				}
			}
			f.unread()
		}
		msg, err := pg.ReceiveMessage(context.Background())
		if err != nil {
			return rows, affected, classify(err)
		}
		switch m := msg.(type) {
		case *pgproto3.DataRow: // after a read error the framer gave up on
			// (a timeout), pgx may read the rest of the reply itself
			if row != nil && rowErr == nil {
				rowErr = row(rows, m.Values)
			}
			rows++
		case *pgproto3.CommandComplete:
			affected += rowsAffected(m.CommandTag)
		case *pgproto3.CopyInResponse:
			fe := pg.Frontend()
			fe.Send(&pgproto3.CopyFail{Message: "COPY FROM STDIN is not supported in a query"})
			if err := fe.Flush(); err != nil {
				return rows, affected, closeBroken(pg, err)
			}
		case *pgproto3.ErrorResponse:
			if failed == nil {
				failed = classify(pgconn.ErrorResponseToPgError(m))
			}
		case *pgproto3.ReadyForQuery:
			if failed == nil {
				failed = rowErr
			}
			return rows, affected, failed
		}
	}
}

var nul = []byte{0}

var (
	execute pgproto3.Execute
	sync    pgproto3.Sync
)

// rowsAffected reads the count at the end of a command tag ("UPDATE 1",
// "INSERT 0 1", "SELECT 100"); 0 for a tag without one ("BEGIN"). It is
// pgconn's CommandTag.RowsAffected on the message's bytes, which a
// CommandTag would copy.
func rowsAffected(tag []byte) int64 {
	var n int64
	for _, c := range tag[bytes.LastIndexByte(tag, ' ')+1:] {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int64(c-'0')
	}
	return n
}
