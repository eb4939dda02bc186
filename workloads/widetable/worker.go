package widetable

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// sqlSession holds one connection's prepared statements, per table.
type sqlSession struct {
	conn  sqldb.Conn
	stmts [][4]sqldb.Stmt
}

var statements = [4]string{
	opInsert:   "INSERT INTO %s (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
	opByPK:     "SELECT * FROM %s WHERE id = ? AND seq = ?",
	opByUnique: "SELECT * FROM %s WHERE id = ? AND col3 = ? AND col4 = ? AND col5 = ?",
	opByIndex:  "SELECT id, seq, col9, col14 FROM %s WHERE id = ? AND col9 = ? AND col14 = ?",
}

func openSQL(ctx context.Context, conn sqldb.Conn, in *instance) (*sqlSession, error) {
	s := &sqlSession{conn: conn, stmts: make([][4]sqldb.Stmt, in.c.tables)}
	use := []workload.OpID{opByPK, opByUnique, opByIndex}
	if in.w.insert {
		use = []workload.OpID{opInsert}
	}
	for t := range in.c.tables {
		for _, op := range use {
			st, err := conn.Prepare(ctx, fmt.Sprintf(statements[op], tableName(t+1)))
			if err != nil {
				s.Close(ctx)
				return nil, fmt.Errorf("prepare %s on %s: %w", ops[op].Name, tableName(t+1), err)
			}
			s.stmts[t][op] = st
		}
	}
	return s, nil
}

// Close implements workload.Session.
func (s *sqlSession) Close(context.Context) error {
	for _, row := range s.stmts {
		for _, st := range row {
			if st != nil {
				st.Close()
			}
		}
	}
	return nil
}

// user draws the table and row of each transaction: one insert, or the
// three selects of one row.
type user struct {
	in *instance
	r  *randgen.Rand
	tx workload.Tx
	// table and row are the transaction's, kept for a retry.
	table, row int64
}

func (u *user) Next() workload.TxnID { return 0 }

// Run implements workload.User.
func (u *user) Run(ctx context.Context, tx workload.Tx) error {
	u.tx = tx
	in := u.in
	if in.w.insert {
		if tx.Attempt() == 0 {
			u.table = u.r.Uniform(1, in.c.tables)
			u.row = in.nextRow(u.table)
		}
	} else {
		u.table = u.r.Uniform(1, in.c.tables)
		u.row = u.r.Uniform(0, in.c.selectRange()-1)
	}
	if m, ok := tx.Session().(*mongoSession); ok {
		return u.runMongo(ctx, m)
	}
	s := tx.Session().(*sqlSession)
	t := u.table
	if in.w.insert {
		mark := tx.Begin()
		_, err := s.stmts[t-1][opInsert].Exec(ctx, row(in.p.Seed, t, u.row)...)
		tx.End(opInsert, mark, err)
		return err
	}
	k, _ := rowKeys(in.p.Seed, t, u.row)
	if err := u.find(ctx, s, t, opByPK, k.id, k.seq); err != nil {
		return err
	}
	if err := u.find(ctx, s, t, opByUnique, k.id, k.col3, k.col4, k.col5); err != nil {
		return err
	}
	return u.find(ctx, s, t, opByIndex, k.id, k.col9, k.col14)
}

// find runs one select; finding no row is an error (not_found).
func (u *user) find(ctx context.Context, s *sqlSession, t int64, op workload.OpID, args ...any) error {
	mark := u.tx.Begin()
	n, err := s.stmts[t-1][op].Query(ctx, args...)
	if err == nil && n == 0 {
		err = &db.Error{Class: db.NotFound, Err: fmt.Errorf("%s found no row in %s", ops[op].Name, tableName(t))}
	}
	u.tx.End(op, mark, err)
	return err
}
