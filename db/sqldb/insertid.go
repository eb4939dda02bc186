package sqldb

import (
	"context"
	"fmt"
	"strings"
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
	rr  RowReader // else the statement ends in RETURNING (or has OUTPUT)
	// cur, if set, reads the id after the INSERT (Oracle: the identity
	// sequence's CURRVAL, in this session).
	cur RowReader
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
	case d.InsertOutput:
		head, values, ok := strings.Cut(insert, " VALUES ")
		if !ok {
			return nil, fmt.Errorf("not an INSERT ... VALUES: %s", insert)
		}
		if s.st, err = c.Prepare(ctx, head+" OUTPUT INSERTED."+idColumn+" VALUES "+values); err != nil {
			return nil, err
		}
		s.rr, _ = s.st.(RowReader)
	case d.IdentitySequenceQuery != "":
		if err := s.prepareCurrent(ctx, c, insert, idColumn); err != nil {
			return nil, err
		}
		s.rr = s.cur
	default:
		return nil, fmt.Errorf("%s reports no generated id (neither a last insert id nor INSERT ... RETURNING)", d.Name)
	}
	if s.ids == nil && s.rr == nil {
		s.Close()
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
	if s.cur != nil {
		if n, err = s.st.Exec(ctx, args...); err != nil || n == 0 {
			return 0, n, err
		}
		if _, err := s.cur.QueryRow(ctx, s.dest[:]); err != nil {
			return 0, n, fmt.Errorf("read the generated id: %w", err)
		}
		return s.id, n, nil
	}
	rows, err := s.rr.QueryRow(ctx, s.dest[:], args...)
	if err != nil {
		return 0, int64(rows), err
	}
	return s.id, int64(rows), nil
}

// prepareCurrent prepares insert as it is and the read of the id its
// identity column took, from the sequence the dialect names for it.
func (s *IDInsert) prepareCurrent(ctx context.Context, c Conn, insert, idColumn string) error {
	d := c.Dialect()
	table := insertTable(insert)
	rows, err := c.QueryStrings(ctx, d.IdentitySequenceQuery, table, idColumn)
	if err != nil {
		return fmt.Errorf("find the identity sequence of %s.%s: %w", table, idColumn, err)
	}
	if len(rows) == 0 {
		return fmt.Errorf("%s.%s is no identity column", table, idColumn)
	}
	if s.st, err = c.Prepare(ctx, insert); err != nil {
		return err
	}
	cur, err := c.Prepare(ctx, fmt.Sprintf(d.CurrentIDFormat, d.QuoteIdent(rows[0][0])))
	if err != nil {
		s.st.Close()
		return err
	}
	s.cur, _ = cur.(RowReader)
	if s.cur == nil {
		cur.Close()
	}
	return nil
}

// insertTable is the table of "INSERT INTO t ...".
func insertTable(insert string) string {
	f := strings.Fields(strings.TrimPrefix(insert, "INSERT INTO "))
	if len(f) == 0 {
		return ""
	}
	return strings.Trim(strings.SplitN(f[0], "(", 2)[0], "\"[]`")
}

// Close releases the statements.
func (s *IDInsert) Close() error {
	if c, ok := s.cur.(Stmt); ok {
		c.Close()
	}
	if s.st == nil {
		return nil
	}
	return s.st.Close()
}
