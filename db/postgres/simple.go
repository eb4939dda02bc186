package postgres

import "context"

// A statement without arguments is sent as the one Query message of the
// simple protocol (libpq's PQexec, a sysbench script's con:query). Its
// results are read as they come, not through pgconn's ReadAll, which
// copies every row and value before they are copied again as text: on
// sysbench-tpcc that was a third of the client's allocations per
// transaction.

// textScratch is a connection's buffers for simpleStrings, reused query
// after query.
type textScratch struct {
	buf  []byte
	ends []int
	cols []int
}

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
// all its statements as text (NULL as ""). The values of one call share
// one string, and its rows one slice of cells: three allocations, however
// many rows and columns.
func (c *Conn) simpleStrings(ctx context.Context, query string) ([][]string, error) {
	sc := &c.text
	sc.buf, sc.ends, sc.cols = sc.buf[:0], sc.ends[:0], sc.cols[:0]
	mrr := c.pg.Exec(ctx, query)
	for mrr.NextResult() {
		rr := mrr.ResultReader()
		for rr.NextRow() {
			vals := rr.Values()
			for _, v := range vals {
				sc.buf = append(sc.buf, v...)
				sc.ends = append(sc.ends, len(sc.buf))
			}
			sc.cols = append(sc.cols, len(vals))
		}
		_, _ = rr.Close()
	}
	if err := mrr.Close(); err != nil {
		return nil, classify(err)
	}
	if len(sc.cols) == 0 {
		return nil, nil
	}
	text := string(sc.buf)
	cells := make([]string, len(sc.ends))
	start := 0
	for i, end := range sc.ends {
		cells[i] = text[start:end]
		start = end
	}
	rows := make([][]string, len(sc.cols))
	k := 0
	for i, n := range sc.cols {
		rows[i] = cells[k : k+n : k+n]
		k += n
	}
	if cap(sc.buf) > 1<<20 || cap(sc.ends) > 1<<16 { // a huge result's buffers are not kept
		*sc = textScratch{}
	}
	return rows, nil
}
