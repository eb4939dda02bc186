package cubrid

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// direct runs sql without arguments in one round trip: prepare and
// execute together (fn_prepare_and_execute in cas_function.c), the rows
// to row, the handle closed along with the next prepare.
func (c *Conn) direct(ctx context.Context, sql string, row rowFunc) (rows, count int, err error) {
	var s *Stmt
	err = c.exchange(ctx, "prepare and execute", funcOp{func() ([]byte, error) {
		c.buildPrepare(fcPrepareAndExecute, sql)
		r := &c.req
		r.byteArg(0) // execute flags: none
		r.intArg(0)  // no column size limit
		r.intArg(0)  // no row limit
		r.nullArg()  // no parameter modes
		r.cacheTimeArg()
		r.intArg(0) // no query timeout
		return r.bytes(), nil
	}, func() error {
		d, handle, err := c.recv()
		if err != nil {
			return err
		}
		s = &Stmt{c: c, sql: sql, gen: c.gen, p: readPrepared(d, handle, nil), row: row}
		err = s.readResult(d, d.i32())
		if !c.broken {
			c.deferred = append(c.deferred, handle)
		}
		return err
	}})
	if s == nil {
		return 0, 0, err
	}
	if err == nil {
		err = s.rowErr
	}
	return s.rows, s.count, err
}

// Exec implements sqldb.Conn.
func (c *Conn) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	if len(args) == 0 {
		if ok, err := c.execResetSerial(ctx, query); ok {
			return 0, err
		}
		_, n, err := c.direct(ctx, query, nil)
		return int64(n), err
	}
	st, err := c.Prepare(ctx, query)
	if err != nil {
		return 0, err
	}
	defer st.Close()
	return st.Exec(ctx, args...)
}

// QueryStrings implements sqldb.Conn: every value as text, NULL as "".
func (c *Conn) QueryStrings(ctx context.Context, query string, args ...any) ([][]string, error) {
	var out [][]string
	row := func(_ int, vals []value, _ []column) error {
		r := make([]string, len(vals))
		for i, v := range vals {
			if v.null {
				continue
			}
			b, err := v.appendText(nil)
			if err != nil {
				return fmt.Errorf("column %d: %w", i+1, err)
			}
			r[i] = string(b)
		}
		out = append(out, r)
		return nil
	}
	if len(args) == 0 {
		_, _, err := c.direct(ctx, query, row)
		return out, err
	}
	st, err := c.Prepare(ctx, query)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	s := st.(*Stmt)
	s.row = row
	err = s.execute(ctx, args)
	return out, err
}

// BeginTx implements sqldb.Transactor: the statements that follow run
// with auto-commit off, so the CAS keeps their transaction open until
// Commit or Rollback. CUBRID has no read-only transaction and no BEGIN
// statement: a transaction starts with its first statement.
func (c *Conn) BeginTx(ctx context.Context, readOnly bool) error {
	if c.inTx {
		return sqldb.ErrTxOpen
	}
	c.inTx = true
	return nil
}

// Commit implements sqldb.Transactor.
func (c *Conn) Commit(ctx context.Context) error { return c.endTran(ctx, tranCommit) }

// Rollback implements sqldb.Transactor.
func (c *Conn) Rollback(ctx context.Context) error { return c.endTran(ctx, tranRollback) }

// endTran ends the transaction (fn_end_tran in cas_function.c) when the
// CAS holds one for this client; a transaction that ran no statement, or
// that the server already ended, has nothing to end.
func (c *Conn) endTran(ctx context.Context, how byte) error {
	if !c.inTx {
		return nil
	}
	c.inTx = false
	if !c.active() && !c.broken {
		return nil
	}
	_, _, err := c.call(ctx, "end transaction", func() ([]byte, error) {
		c.req.begin(fcEndTran, c.info)
		c.req.byteArg(how)
		return c.req.bytes(), nil
	})
	return err
}

// ServerVersion implements db.Versioner: the CAS's build number
// ("11.3.2.1180-...").
func (c *Conn) ServerVersion(ctx context.Context) (string, error) {
	if c.version != "" {
		return c.version, nil
	}
	d, _, err := c.call(ctx, "get version", func() ([]byte, error) {
		c.req.begin(fcGetDBVersion, c.info)
		c.req.boolArg(c.autocommit())
		return c.req.bytes(), nil
	})
	if err != nil {
		return "", err
	}
	c.version = "CUBRID " + string(trimNUL(d.take(d.remaining())))
	return c.version, nil
}

// dbParameter reads one of the connection's transaction settings
// (fn_get_db_parameter in cas_function.c).
func (c *Conn) dbParameter(ctx context.Context, param int32) (int32, error) {
	d, _, err := c.call(ctx, "get parameter", func() ([]byte, error) {
		c.req.begin(fcGetDBParameter, c.info)
		c.req.intArg(param)
		return c.req.bytes(), nil
	})
	if err != nil {
		return 0, err
	}
	v := d.i32()
	return v, d.err
}
