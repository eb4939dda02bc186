package sqldb

import (
	"context"
	"fmt"
)

// IDInsert is a prepared one-row INSERT that returns the id the database
// generated for the row, read the way the dialect offers, so a workload
// never asks which database it talks to. The last insert id is preferred
// where there is one: it comes in the INSERT's own reply, with no result
// set to describe, send and read, where RETURNING needs one.
// Like the Stmt under it, an IDInsert belongs to one goroutine.
type IDInsert struct {
	st  Stmt
	ids IDExecer  // set when the dialect has a last insert id
	rr  RowReader // else the statement ends in RETURNING
	id  int64
	// dest points at id once, so a RETURNING read allocates nothing for it.
	dest [1]any
}

// PrepareIDInsert prepares insert, an INSERT of one row with ? placeholders
// into a table whose idColumn is its auto-increment key (Dialect.SerialInt),
// the column left out of the INSERT or given 0 (Dialect.ZeroAssignsID).
func PrepareIDInsert(ctx context.Context, c Conn, insert, idColumn string) (*IDInsert, error) {
	d := c.Dialect()
	s := &IDInsert{}
	s.dest[0] = &s.id
	var err error
	switch {
	case d.LastInsertID:
		if s.st, err = c.Prepare(ctx, insert); err != nil {
			return nil, err
		}
		s.ids, _ = s.st.(IDExecer)
	case d.InsertReturning:
		if s.st, err = c.Prepare(ctx, insert+" RETURNING "+idColumn); err != nil {
			return nil, err
		}
		s.rr, _ = s.st.(RowReader)
	default:
		return nil, fmt.Errorf("%s reports no generated id (neither a last insert id nor INSERT ... RETURNING)", d.Name)
	}
	if s.ids == nil && s.rr == nil {
		s.st.Close()
		return nil, fmt.Errorf("%s: the dialect promises a generated id that its statements do not read", d.Name)
	}
	return s, nil
}

// Exec inserts one row and returns the id generated for it and the rows
// inserted: 0 when the row was skipped (INSERT IGNORE, ON CONFLICT DO
// NOTHING), and then the id is 0 too.
func (s *IDInsert) Exec(ctx context.Context, args ...any) (id, n int64, err error) {
	if s.ids != nil {
		n, id, err = s.ids.ExecID(ctx, args...)
		if err != nil || n == 0 {
			return 0, n, err
		}
		return id, n, nil
	}
	s.id = 0
	rows, err := s.rr.QueryRow(ctx, s.dest[:], args...)
	if err != nil {
		return 0, int64(rows), err
	}
	return s.id, int64(rows), nil
}

// Close releases the statement.
func (s *IDInsert) Close() error { return s.st.Close() }
