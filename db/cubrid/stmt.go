package cubrid

import (
	"context"
	"errors"
	"fmt"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// Stmt is a statement prepared on the CAS. Its handle belongs to the CAS
// that prepared it: after the Conn logged in again, the statement is
// prepared anew before it runs. It belongs to one goroutine.
type Stmt struct {
	c   *Conn
	sql string
	// gen is the Conn's generation the handle belongs to; -1 before the
	// first prepare.
	gen int
	p   prepared
	// closed statements send nothing more.
	closed bool
	// vals holds a row's values while they are read.
	vals []value

	// The call in progress (Stmt is the op exchange runs, so a call
	// allocates nothing): its arguments, where its rows go, what it found.
	args []any
	// dest, when set, takes the first row (every row when each is set);
	// else row, when set, takes every row; else rows are counted.
	dest   []any
	each   func(int) error
	row    rowFunc
	withID bool
	rows   int
	count  int
	id     int64
	rowErr error
}

var (
	_ sqldb.RowsReader = (*Stmt)(nil)
	_ sqldb.IDExecer   = (*Stmt)(nil)
)

// Prepare implements sqldb.Conn.
func (c *Conn) Prepare(ctx context.Context, query string) (sqldb.Stmt, error) {
	s := &Stmt{c: c, sql: query, gen: -1}
	err := c.exchange(ctx, "prepare", funcOp{func() ([]byte, error) { return nil, s.ensure() }, func() error { return nil }})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// ensure prepares the statement on the current CAS if it is not there:
// one round trip, sent directly (exchange decides about retrying).
func (s *Stmt) ensure() error {
	if s.closed {
		return errors.New("cubrid: the statement is closed")
	}
	if s.gen == s.c.gen {
		return nil
	}
	c := s.c
	c.buildPrepare(fcPrepare, s.sql)
	if err := c.send(c.req.bytes()); err != nil {
		return err
	}
	d, handle, err := c.recv()
	if err != nil {
		return err
	}
	p := readPrepared(d, handle, s.p.cols)
	if d.err != nil {
		c.broken = true
		return shortReplyError("prepare", d.err)
	}
	s.p, s.gen = p, c.gen
	return nil
}

// buildPrepare starts a prepare (or a prepare-and-execute) of sql with
// the handles waiting to be closed: [sql][flag][auto-commit][handles...]
// (fn_prepare_internal in cas_function.c).
func (c *Conn) buildPrepare(fc byte, sql string) {
	c.req.begin(fc, c.info)
	if fc == fcPrepareAndExecute {
		c.req.intArg(int32(3 + len(c.deferred)))
	}
	c.req.stringArg(sql)
	c.req.byteArg(0) // prepare flags: none
	c.req.boolArg(c.autocommit())
	for _, h := range c.deferred {
		c.req.intArg(h)
	}
	c.deferred = c.deferred[:0]
}

// buildExecute writes the execute request for args: [handle][flag]
// [max column size][max rows][parameter modes][fetch flag][auto-commit]
// [forward-only cursor][cache time][query timeout] then the bound values
// (fn_execute_internal in cas_function.c). With auto-commit the cursor is
// forward-only, so the CAS commits once the last row is sent.
func (s *Stmt) buildExecute(args []any) ([]byte, error) {
	if err := s.ensure(); err != nil {
		return nil, err
	}
	if len(args) != s.p.markers {
		return nil, fmt.Errorf("cubrid: %d arguments for %d parameters", len(args), s.p.markers)
	}
	c := s.c
	r := &c.req
	r.begin(fcExecute, c.info)
	r.intArg(s.p.handle)
	r.byteArg(0) // execute flags: none
	r.intArg(0)  // no column size limit
	r.intArg(0)  // no row limit
	r.nullArg()  // no parameter modes (no stored procedure call)
	r.boolArg(hasResultSet(s.p.stype))
	r.boolArg(c.autocommit())
	r.boolArg(c.autocommit())
	r.cacheTimeArg()
	r.intArg(0) // no query timeout
	if err := r.bind(args); err != nil {
		return nil, err
	}
	return r.bytes(), nil
}

// rowFunc takes the rows of a result one by one: n is the row's index,
// vals its values, which alias the reply and are valid during the call.
type rowFunc func(n int, vals []value, cols []column) error

// execute runs the statement with args: the rows go where dest, each and
// row say (see Stmt), withID asks for the generated id too. It returns the
// first error, a row's after every row was read (the connection stays in
// step).
func (s *Stmt) execute(ctx context.Context, args []any) error {
	s.args, s.rows, s.count, s.id, s.rowErr = args, 0, 0, 0, nil
	err := s.c.exchange(ctx, "execute", s)
	s.args = nil
	if err == nil {
		err = s.rowErr
	}
	return err
}

// build implements op: the execute request, after the prepare a new CAS
// needs. With withID, a request for the session's LAST_INSERT_ID follows
// in the same write.
func (s *Stmt) build() ([]byte, error) {
	req, err := s.buildExecute(s.args)
	if err != nil || !s.withID {
		return req, err
	}
	c := s.c
	c.req.b = append(c.req.b, 0, 0, 0, 1, c.info[0], c.info[1], c.info[2], c.info[3], fcGetLastInsertID)
	return c.req.b, nil
}

// read implements op: the execute's reply (its rows, fetching the rest),
// then the id's.
func (s *Stmt) read() error {
	c := s.c
	d, n, err := c.recv()
	if err == nil {
		err = s.readResult(d, n)
	}
	if !s.withID {
		return err
	}
	if _, ok := err.(*netFailure); ok || c.broken {
		return err
	}
	// The id's reply comes after a failed execute too.
	d, _, idErr := c.recv()
	if err != nil || idErr != nil {
		return firstErr(err, idErr)
	}
	v := readValue(d, typeNull)
	if d.err != nil {
		c.broken = true
		return shortReplyError("last insert id", d.err)
	}
	if !v.null {
		if s.id, err = v.toInt(); err != nil {
			return fmt.Errorf("cubrid: the last insert id: %w", err)
		}
	}
	return nil
}

// readResult reads an execute reply after its count (ux_execute in
// cas_execute.c): the results, then the first rows of a query.
func (s *Stmt) readResult(d *reader, n int32) error {
	e := readExecuted(d, n, s.p.cols)
	if e.described {
		s.p.stype, s.p.cols = e.stype, e.cols
	}
	s.count = e.count
	if d.err != nil || !hasResultSet(s.p.stype) {
		return s.checkRead(d)
	}
	if d.i32() < 0 { // the fetch's result code; an error cleared the whole reply
		return s.checkRead(&reader{err: errShort})
	}
	return s.fetchAll(d)
}

// takeRow hands row n's values to where the call wants them.
func (s *Stmt) takeRow(n int, vals []value) error {
	if s.dest == nil {
		return s.row(n, vals, s.p.cols)
	}
	if len(s.dest) != len(vals) {
		return fmt.Errorf("read row: %d destinations for %d columns", len(s.dest), len(vals))
	}
	if n > 0 && s.each == nil {
		return errSkip
	}
	for j, v := range vals {
		if err := v.scan(s.dest[j]); err != nil {
			return fmt.Errorf("read row: column %d (%s): %w", j+1, s.p.cols[j].name, err)
		}
	}
	if s.each != nil {
		if err := s.each(n); err != nil {
			return fmt.Errorf("read row: %w", err)
		}
	}
	return nil
}

// checkRead reports a reply that could not be read: the connection is
// out of step and unusable.
func (s *Stmt) checkRead(d *reader) error {
	if d.err != nil {
		s.c.broken = true
		return shortReplyError("execute", d.err)
	}
	return nil
}

// fetchAll reads the rows in d, a reply positioned on [int count][rows]
// [end flag], then fetches the rest (fn_fetch in cas_function.c,
// fetch_result in cas_execute.c): each fetch brings as many rows as the
// CAS's net buffer holds.
func (s *Stmt) fetchAll(d *reader) error {
	c := s.c
	decode := s.dest != nil || s.row != nil
	for {
		n := int(d.i32())
		if n < 0 || n > d.remaining() {
			d.err = errShort
		}
		for range n {
			d.i32()   // the row's cursor position
			d.skip(8) // its OID
			if !decode || s.rowErr != nil {
				for range s.p.cols {
					skipValue(d)
				}
			} else {
				s.vals = s.vals[:0]
				for _, col := range s.p.cols {
					s.vals = append(s.vals, readValue(d, col.typ))
				}
				if d.err == nil {
					s.rowErr = s.takeRow(s.rows, s.vals)
				}
			}
			s.rows++
		}
		end := d.u8()
		if err := s.checkRead(d); err != nil {
			return err
		}
		if end == 1 || n == 0 {
			return nil
		}
		c.req.begin(fcFetch, c.info)
		c.req.intArg(s.p.handle)
		c.req.intArg(int32(s.rows + 1)) // the cursor position, from 1
		c.req.intArg(100)               // rows wanted: the CAS fills its buffer regardless
		c.req.byteArg(0)                // not sensitive to updates
		c.req.intArg(0)                 // the current result set
		if err := c.send(c.req.bytes()); err != nil {
			return err
		}
		var err error
		if d, _, err = c.recv(); err != nil {
			return err
		}
	}
}

// Exec implements sqldb.Stmt: the rows the statement changed (a query's
// rows are read and not counted).
func (s *Stmt) Exec(ctx context.Context, args ...any) (int64, error) {
	s.dest, s.each, s.row, s.withID = nil, nil, nil, false
	err := s.execute(ctx, args)
	if hasResultSet(s.p.stype) {
		return 0, err
	}
	return int64(s.count), err
}

// Query implements sqldb.Stmt.
func (s *Stmt) Query(ctx context.Context, args ...any) (int, error) {
	s.dest, s.each, s.row, s.withID = nil, nil, nil, false
	err := s.execute(ctx, args)
	return s.rows, err
}

// QueryRow implements sqldb.RowReader.
func (s *Stmt) QueryRow(ctx context.Context, dest []any, args ...any) (int, error) {
	return s.QueryRows(ctx, dest, nil, args...)
}

// QueryRows implements sqldb.RowsReader.
func (s *Stmt) QueryRows(ctx context.Context, dest []any, each func(row int) error, args ...any) (int, error) {
	if dest == nil {
		dest = []any{}
	}
	s.dest, s.each, s.row, s.withID = dest, each, nil, false
	err := s.execute(ctx, args)
	s.dest, s.each = nil, nil
	if errors.Is(err, errSkip) {
		err = nil
	}
	return s.rows, err
}

// ExecID implements sqldb.IDExecer. The execute and a request for the
// session's LAST_INSERT_ID (fn_get_last_insert_id in cas_function.c) go
// in one write and their replies are read in turn: one round trip, as
// MySQL's OK packet gives the id with the INSERT's own reply.
func (s *Stmt) ExecID(ctx context.Context, args ...any) (affected, id int64, err error) {
	s.dest, s.each, s.row, s.withID = nil, nil, nil, true
	err = s.execute(ctx, args)
	s.withID = false
	return int64(s.count), s.id, err
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// errSkip stops the decoding of rows after the first (QueryRow): the
// rest are counted.
var errSkip = errors.New("rows after the first are not read")

// Close implements sqldb.Stmt: the handle is closed along with the
// connection's next prepare.
func (s *Stmt) Close() error {
	if !s.closed && s.gen == s.c.gen {
		s.c.deferred = append(s.c.deferred, s.p.handle)
	}
	s.closed = true
	return nil
}
