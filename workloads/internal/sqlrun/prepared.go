package sqlrun

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// Prepared is a table's statements prepared on one connection, and the
// one transaction at a time that runs them (the workload's session keeps
// it; a user borrows it with the connection).
type Prepared struct {
	t     *Table
	conn  sqldb.Conn
	stmts []sqldb.Stmt
	// ids are the INSERTs that return a generated id, sized the sized
	// statements by their rows.
	ids       []*sqldb.IDInsert
	sized     [][]sqldb.Stmt
	beginRead sqldb.Stmt
	// begin, commit and rollback are the steps' ops (-1: none).
	begin, commit, rollback workload.OpID
	txn                     Txn
}

var _ workload.Session = (*Prepared)(nil)

// Open is a workload's session on a connection: the table's statements
// prepared on it.
func (t *Table) Open(ctx context.Context, env workload.SessionEnv) (*Prepared, error) {
	conn, err := sqldb.Open(env.Conn, env.Driver)
	if err != nil {
		return nil, err
	}
	return t.Prepare(ctx, conn)
}

// Prepare prepares the table's statements on conn, in the table's order
// (a sized statement once per size, the read-only BEGIN last), and checks
// that they read back what the workload reads.
func (t *Table) Prepare(ctx context.Context, conn sqldb.Conn) (*Prepared, error) {
	p := &Prepared{t: t, conn: conn, stmts: make([]sqldb.Stmt, len(t.Stmts)), ids: make([]*sqldb.IDInsert, len(t.Stmts)),
		sized: make([][]sqldb.Stmt, len(t.Stmts))}
	p.txn.p = p
	var err error
	if p.begin, p.commit, p.rollback, err = t.steps(); err != nil {
		return nil, err
	}
	if err := p.prepare(ctx, conn); err != nil {
		p.Close(ctx)
		return nil, err
	}
	return p, nil
}

func (p *Prepared) prepare(ctx context.Context, conn sqldb.Conn) error {
	d := conn.Dialect()
	for i, s := range p.t.Stmts {
		op := workload.OpID(i)
		var err error
		switch st, isStep := step(s.SQL); {
		case isStep:
			p.stmts[i], err = sqldb.PrepareTxn(ctx, conn, st)
		case s.ID != "":
			p.ids[i], err = sqldb.PrepareIDInsert(ctx, conn, p.t.SQL(op, d, 0), s.ID)
		case s.Sizes[1] > 0:
			p.sized[i] = make([]sqldb.Stmt, s.Sizes[1]+1)
			for n := s.Sizes[0]; n <= s.Sizes[1] && err == nil; n++ {
				p.sized[i][n], err = conn.Prepare(ctx, p.t.SQL(op, d, n))
			}
		default:
			p.stmts[i], err = conn.Prepare(ctx, p.t.SQL(op, d, 0))
		}
		if err != nil {
			return fmt.Errorf("prepare %s: %w", s.Name, err)
		}
	}
	if p.t.ReadBegin {
		var err error
		if p.beginRead, err = sqldb.PrepareTxn(ctx, conn, sqldb.BeginRead); err != nil {
			return fmt.Errorf("prepare begin: %w", err)
		}
	}
	for i, st := range p.stmts {
		if st == nil || isStep(p.t.Stmts[i].SQL) {
			continue
		}
		var ok bool
		switch p.t.Reads {
		case ReadsNothing:
			ok = true
		case ReadsRow:
			_, ok = st.(sqldb.RowReader)
		case ReadsRows:
			_, ok = st.(sqldb.RowsReader)
		}
		if !ok {
			return fmt.Errorf("%s reads values back, which the %s driver's statements cannot do", p.t.Name, d.Name)
		}
	}
	return nil
}

// Conn is the connection, for what a workload reads off the measured
// path (a run's starting ids).
func (p *Prepared) Conn() sqldb.Conn { return p.conn }

// Stmt is op's prepared statement (nil for an INSERT returning an id and
// a sized statement), for tests that read with it directly.
func (p *Prepared) Stmt(op workload.OpID) sqldb.Stmt { return p.stmts[op] }

// Close implements workload.Session: it closes the statements (the
// runner closes the connection).
func (p *Prepared) Close(context.Context) error {
	for _, st := range p.stmts {
		if st != nil {
			st.Close()
		}
	}
	for _, ins := range p.ids {
		if ins != nil {
			ins.Close()
		}
	}
	for _, sz := range p.sized {
		for _, st := range sz {
			if st != nil {
				st.Close()
			}
		}
	}
	if p.beginRead != nil {
		p.beginRead.Close()
	}
	return nil
}
