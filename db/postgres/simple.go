package postgres

import (
	"context"

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
			c.addTextRow(0, rr.Values())
		}
		_, _ = rr.Close()
	}
	if err := mrr.Close(); err != nil {
		return nil, classify(err)
	}
	return tr.Rows(), nil
}

// addTextRow appends a row's text values to the connection's TextRows (a
// readReply row function: it never fails).
func (c *Conn) addTextRow(_ int, values [][]byte) error {
	tr := &c.text
	for _, v := range values {
		tr.AddValue(append(tr.Buf(), v...))
	}
	tr.AddRow(len(values))
	return nil
}

// simpleRoundTrip sends query as one Query message and reads the reply
// (readReply): each row's values go to row (nil: rows are skipped), the
// rows affected are summed over the query's statements. The first error
// ends the query on the server (the rest of a multi-statement string is
// not run) and is returned, with 0 rows affected, as pgconn's Exec does.
// It skips what pgconn's Exec pays on every call: a context watcher, the
// 15 ms slow-write timer reset and stopped around the write (a Query of a
// script's statement is never stuck behind a server writing to us), and
// the result readers.
func (c *Conn) simpleRoundTrip(query string, row func(n int, values [][]byte) error) (int64, error) {
	fe := c.pg.Frontend()
	fe.SendQuery(&pgproto3.Query{String: query})
	if err := fe.Flush(); err != nil {
		return 0, closeBroken(c.pg, err)
	}
	_, affected, err := c.readReply(row)
	if err != nil {
		return 0, err
	}
	return affected, nil
}
