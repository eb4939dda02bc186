package postgres

import "context"

// A statement without arguments is sent as the one Query message of the
// simple protocol (libpq's PQexec, a sysbench script's con:query). Its
// results are read as they come, not through pgconn's ReadAll, which
// copies every row and value before they are copied again as text: on
// sysbench-tpcc that was a third of the client's allocations per
// transaction.

// simpleExec runs query on the simple protocol and returns the rows it
// affected, summed over its statements.
func (c *Conn) simpleExec(ctx context.Context, query string) (int64, error) {
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
	mrr := c.pg.Exec(ctx, query)
	for mrr.NextResult() {
		rr := mrr.ResultReader()
		for rr.NextRow() {
			vals := rr.Values()
			for _, v := range vals {
				tr.AddValue(append(tr.Buf(), v...))
			}
			tr.AddRow(len(vals))
		}
		_, _ = rr.Close()
	}
	if err := mrr.Close(); err != nil {
		return nil, classify(err)
	}
	return tr.Rows(), nil
}
