package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
)

// A statement without arguments is sent as the one Query message of the
// simple protocol (libpq's PQexec, a sysbench script's con:query). Its
// results are read as they come, not through pgconn's ReadAll, which
// copies every row and value before they are copied again as text: on
// sysbench-tpcc that was a third of the client's allocations per
// transaction. With a context that is never cancelled (the runner's
// operations) the Query goes out and its reply comes back in one round
// trip of our own (simpleRoundTrip), as prepared statements do
// (roundTrip); any other context keeps pgconn's Exec, which watches it.

// simpleExec runs query on the simple protocol and returns the rows it
// affected, summed over its statements.
func (c *Conn) simpleExec(ctx context.Context, query string) (int64, error) {
	if ctx.Done() == nil {
		return c.simpleRoundTrip(query, nil)
	}
	mrr := c.pg.Exec(ctx, query)
	var n int64
	for mrr.NextResult() {
		tag, _ := mrr.ResultReader().Close()
		n += tag.RowsAffected()
	}
	if err := mrr.Close(); err != nil {
		return 0, classify(err)
	}
	return n, nil
}

// simpleStrings runs query on the simple protocol and returns the rows of
// all its statements as text (NULL as "").
func (c *Conn) simpleStrings(ctx context.Context, query string) ([][]string, error) {
	tr := &c.text
	tr.Reset()
	if ctx.Done() == nil {
		if _, err := c.simpleRoundTrip(query, c.addTextRow); err != nil {
			return nil, err
		}
		return tr.Rows(), nil
	}
	mrr := c.pg.Exec(ctx, query)
	for mrr.NextResult() {
		rr := mrr.ResultReader()
		for rr.NextRow() {
			c.addTextRow(rr.Values())
		}
		_, _ = rr.Close()
	}
	if err := mrr.Close(); err != nil {
		return nil, classify(err)
	}
	return tr.Rows(), nil
}

// addTextRow appends a row's text values to the connection's TextRows.
func (c *Conn) addTextRow(values [][]byte) {
	tr := &c.text
	for _, v := range values {
		tr.AddValue(append(tr.Buf(), v...))
	}
	tr.AddRow(len(values))
}

// simpleRoundTrip sends query as one Query message and reads the reply to
// ReadyForQuery: each row's values go to row (nil: rows are skipped), the
// rows affected are summed over the query's statements. The first error
// ends the query on the server (the rest of a multi-statement string is
// not run) and is returned, with 0 rows affected, as pgconn's Exec does.
// It skips what pgconn's Exec pays on every call: a context watcher, the
// 15 ms slow-write timer reset and stopped around the write (a Query of a
// script's statement is never stuck behind a server writing to us), and
// the result readers. A COPY asked for through it is refused: FROM STDIN
// gets a CopyFail (the server answers with an error), TO STDOUT's data is
// read and dropped.
func (c *Conn) simpleRoundTrip(query string, row func(values [][]byte)) (int64, error) {
	pg := c.pg
	fe := pg.Frontend()
	fe.SendQuery(&pgproto3.Query{String: query})
	if err := fe.Flush(); err != nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		pg.Close(ctx) // broken: pgconn refuses the connection from now on
		cancel()
		return 0, classify(err)
	}
	var affected int64
	var failed error
	for {
		msg, err := pg.ReceiveMessage(context.Background())
		if err != nil {
			return 0, classify(err)
		}
		switch m := msg.(type) {
		case *pgproto3.DataRow:
			if row != nil && failed == nil {
				row(m.Values)
			}
		case *pgproto3.CommandComplete:
			affected += rowsAffected(m.CommandTag)
		case *pgproto3.CopyInResponse:
			fe.Send(&pgproto3.CopyFail{Message: "COPY FROM STDIN is not supported in a query"})
			if err := fe.Flush(); err != nil {
				return 0, classify(err)
			}
		case *pgproto3.ErrorResponse:
			if failed == nil {
				failed = classify(pgconn.ErrorResponseToPgError(m))
			}
		case *pgproto3.ReadyForQuery:
			if failed != nil {
				return 0, failed
			}
			return affected, nil
		}
	}
}
