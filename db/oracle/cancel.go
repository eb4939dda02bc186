package oracle

import (
	"context"
	"database/sql/driver"
	"errors"
)

// oraConn is what DriverConn, BeginTx and BulkInsert use of go-ora's
// connection.
type oraConn interface {
	driver.Conn
	driver.ExecerContext
	driver.QueryerContext
	driver.ConnPrepareContext
	driver.ConnBeginTx
}

// oraStmt is what they use of its statements.
type oraStmt interface {
	driver.Stmt
	driver.StmtExecContext
	driver.StmtQueryContext
}

// cancelConn answers a call whose context is already done with the
// context's error before go-ora sees it. go-ora cancels by sending a break
// from another goroutine while the call is written and read; for a call
// that never needed to start, that only risks the session. A context
// cancelled during a call still goes through go-ora's break.
type cancelConn struct{ oraConn }

func (c cancelConn) ExecContext(ctx context.Context, q string, args []driver.NamedValue) (driver.Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return c.oraConn.ExecContext(ctx, q, args)
}

func (c cancelConn) QueryContext(ctx context.Context, q string, args []driver.NamedValue) (driver.Rows, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return c.oraConn.QueryContext(ctx, q, args)
}

func (c cancelConn) PrepareContext(ctx context.Context, q string) (driver.Stmt, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	st, err := c.oraConn.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	s, ok := st.(oraStmt)
	if !ok {
		st.Close()
		return nil, errors.New("oracle: go-ora's statement lacks ExecContext or QueryContext")
	}
	return cancelStmt{s}, nil
}

// cancelStmt is cancelConn's statement.
type cancelStmt struct{ oraStmt }

func (s cancelStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return s.oraStmt.ExecContext(ctx, args)
}

func (s cancelStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return s.oraStmt.QueryContext(ctx, args)
}
