package sqldb

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// DriverConn runs SQL on a database/sql/driver connection directly, without
// database/sql's pool, locks and per-call allocations on the measured path.
// SQL drivers built on a database/sql driver (SQLite, MySQL) embed it and add
// what is theirs (bulk load, server version).
type DriverConn struct {
	DC driver.Conn
	// D is the driver's dialect; Classify wraps its errors with a class.
	D        *Dialect
	Classify func(error) error
	// Null, if set, is sent for a nil argument instead of nil (a typed
	// NULL, for a server that refuses the protocol's untyped one).
	Null any
	// tx is the transaction a Transactor's BeginTx opened (Begun), until
	// Commit or Rollback.
	tx driver.Tx
	// text is QueryStrings' buffers.
	text TextRows
}

// Dialect implements Conn.
func (c *DriverConn) Dialect() *Dialect { return c.D }

// Close implements Conn.
func (c *DriverConn) Close() error { return c.DC.Close() }

// Exec implements Conn.
func (c *DriverConn) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	query = c.D.BindQuery(query)
	if ex, ok := c.DC.(driver.ExecerContext); ok {
		res, err := ex.ExecContext(ctx, query, named(nil, args, c.Null))
		if !errors.Is(err, driver.ErrSkip) {
			if err != nil {
				return 0, c.Classify(err)
			}
			n, _ := res.RowsAffected()
			return n, nil
		}
	}
	// The driver wants a prepared statement for arguments (MySQL without
	// interpolateParams).
	st, err := c.Prepare(ctx, query)
	if err != nil {
		return 0, err
	}
	defer st.Close()
	return st.Exec(ctx, args...)
}

// QueryStrings implements Conn.
func (c *DriverConn) QueryStrings(ctx context.Context, query string, args ...any) ([][]string, error) {
	query = c.D.BindQuery(query)
	var rows driver.Rows
	var err error
	if q, ok := c.DC.(driver.QueryerContext); ok {
		rows, err = q.QueryContext(ctx, query, named(nil, args, c.Null))
	}
	if rows == nil && (err == nil || errors.Is(err, driver.ErrSkip)) {
		var st driver.Stmt
		if st, err = c.DC.(driver.ConnPrepareContext).PrepareContext(ctx, query); err == nil {
			defer st.Close()
			rows, err = st.(driver.StmtQueryContext).QueryContext(ctx, named(nil, args, c.Null))
		}
	}
	if err != nil {
		return nil, c.Classify(err)
	}
	defer rows.Close()
	dest := make([]driver.Value, len(rows.Columns()))
	tr := &c.text
	tr.Reset()
	for {
		if err := rows.Next(dest); err != nil {
			if errors.Is(err, io.EOF) {
				return tr.Rows(), nil
			}
			return nil, c.Classify(err)
		}
		for _, v := range dest {
			buf := tr.Buf()
			switch x := v.(type) {
			case nil:
			case []byte:
				buf = append(buf, x...)
			case int64:
				buf = strconv.AppendInt(buf, x, 10)
			default:
				buf = fmt.Append(buf, x) // fmt.Sprint's text
			}
			tr.AddValue(buf)
		}
		tr.AddRow(len(dest))
	}
}

// Prepare implements Conn.
func (c *DriverConn) Prepare(ctx context.Context, query string) (Stmt, error) {
	query = c.D.BindQuery(query)
	st, err := c.DC.(driver.ConnPrepareContext).PrepareContext(ctx, query)
	if err != nil {
		return nil, c.Classify(err)
	}
	return &DriverStmt{st: st, classify: c.Classify, null: c.Null}, nil
}

var (
	_ RowReader = (*DriverStmt)(nil)
	_ IDExecer  = (*DriverStmt)(nil)
)

// DriverStmt is a prepared statement of a DriverConn. Its argument and row
// buffers are reused, so it belongs to one goroutine. It reads values
// (RowReader) and generated ids (IDExecer): both database/sql drivers in use
// (SQLite, MySQL) report a last insert id.
type DriverStmt struct {
	st       driver.Stmt
	classify func(error) error
	null     any // DriverConn.Null
	args     []driver.NamedValue
	dest     []driver.Value
}

// Exec implements Stmt.
func (s *DriverStmt) Exec(ctx context.Context, args ...any) (int64, error) {
	s.args = named(s.args, args, s.null)
	res, err := s.st.(driver.StmtExecContext).ExecContext(ctx, s.args)
	if err != nil {
		return 0, s.classify(err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// Query implements Stmt.
func (s *DriverStmt) Query(ctx context.Context, args ...any) (int, error) {
	s.args = named(s.args, args, s.null)
	rows, err := s.st.(driver.StmtQueryContext).QueryContext(ctx, s.args)
	if err != nil {
		return 0, s.classify(err)
	}
	if cols := len(rows.Columns()); cap(s.dest) < cols {
		s.dest = make([]driver.Value, cols)
	} else {
		s.dest = s.dest[:cols]
	}
	n := 0
	for {
		if err := rows.Next(s.dest); err != nil {
			rows.Close()
			if errors.Is(err, io.EOF) {
				return n, nil
			}
			return n, s.classify(err)
		}
		n++
	}
}

// QueryRow implements RowReader: Query's loop, with the first row's values
// converted into dest while they are in the driver's buffer.
func (s *DriverStmt) QueryRow(ctx context.Context, dest []any, args ...any) (int, error) {
	return s.QueryRows(ctx, dest, nil, args...)
}

// QueryRows implements RowsReader; with each nil it is QueryRow.
func (s *DriverStmt) QueryRows(ctx context.Context, dest []any, each func(row int) error, args ...any) (int, error) {
	s.args = named(s.args, args, s.null)
	rows, err := s.st.(driver.StmtQueryContext).QueryContext(ctx, s.args)
	if err != nil {
		return 0, s.classify(err)
	}
	cols := len(rows.Columns())
	if cap(s.dest) < cols {
		s.dest = make([]driver.Value, cols)
	} else {
		s.dest = s.dest[:cols]
	}
	var scanErr error
	if len(dest) != cols {
		scanErr = fmt.Errorf("%d destinations for %d columns", len(dest), cols)
	}
	n := 0
	for {
		if err := rows.Next(s.dest); err != nil {
			rows.Close()
			if !errors.Is(err, io.EOF) {
				return n, s.classify(err)
			}
			if scanErr != nil {
				return n, fmt.Errorf("read row: %w", scanErr)
			}
			return n, nil
		}
		if scanErr == nil && (n == 0 || each != nil) {
			scanErr = scanRow(dest, s.dest)
			if scanErr == nil && each != nil {
				scanErr = each(n)
			}
		}
		n++
	}
}

// scanRow stores a row's values into dest, naming the column that failed.
func scanRow(dest []any, row []driver.Value) error {
	for i, v := range row {
		if err := ScanValue(dest[i], v); err != nil {
			return fmt.Errorf("column %d: %w", i+1, err)
		}
	}
	return nil
}

// ExecID implements IDExecer.
func (s *DriverStmt) ExecID(ctx context.Context, args ...any) (affected, id int64, err error) {
	s.args = named(s.args, args, s.null)
	res, err := s.st.(driver.StmtExecContext).ExecContext(ctx, s.args)
	if err != nil {
		return 0, 0, s.classify(err)
	}
	affected, _ = res.RowsAffected()
	if id, err = res.LastInsertId(); err != nil {
		return affected, 0, fmt.Errorf("last insert id: %w", err)
	}
	return affected, id, nil
}

// Close implements Stmt.
func (s *DriverStmt) Close() error { return s.st.Close() }

// named converts args into buf, turning Go ints into int64 as
// database/sql/driver requires.
func named(buf []driver.NamedValue, args []any, null any) []driver.NamedValue {
	buf = buf[:0]
	for i, a := range args {
		switch v := a.(type) {
		case int:
			a = int64(v)
		case int32:
			a = int64(v)
		case uint32:
			a = int64(v)
		case nil:
			a = null
		}
		buf = append(buf, driver.NamedValue{Ordinal: i + 1, Value: a})
	}
	return buf
}
