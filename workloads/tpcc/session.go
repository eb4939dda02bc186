package tpcc

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// session is a connection's prepared statements: one per op, the order
// lines' multi-row INSERT for each number of lines (5 to 15), and a
// read-only BEGIN for Order-Status and Stock-Level.
type session struct {
	conn      sqldb.Conn
	stmts     [numOps]sqldb.Stmt
	lines     [maxLines + 1]sqldb.Stmt
	beginRead sqldb.Stmt
}

var _ workload.Session = (*session)(nil)

func openSession(ctx context.Context, env workload.SessionEnv) (*session, error) {
	conn, err := sqldb.Open(env.Conn, env.Driver)
	if err != nil {
		return nil, err
	}
	d := conn.Dialect()
	s := &session{conn: conn}
	prepare := func(dst *sqldb.Stmt, name, q string) error {
		st, err := conn.Prepare(ctx, q)
		if err != nil {
			return fmt.Errorf("prepare %s: %w", name, err)
		}
		*dst = st
		return nil
	}
	for op, step := range [...]sqldb.TxnStep{opBegin: sqldb.BeginWrite, opCommit: sqldb.CommitTxn, opRollback: sqldb.RollbackTxn} {
		if s.stmts[op], err = sqldb.PrepareTxn(ctx, conn, step); err != nil {
			s.Close(ctx)
			return nil, fmt.Errorf("prepare %s: %w", statements[op].name, err)
		}
	}
	for op := range numOps {
		if s.stmts[op] != nil {
			continue
		}
		if op == opNOOrderLineInsert {
			for n := minLines; n <= maxLines; n++ {
				if err := prepare(&s.lines[n], statements[op].name, sqlFor(op, d, n)); err != nil {
					s.Close(ctx)
					return nil, err
				}
			}
			continue
		}
		if err := prepare(&s.stmts[op], statements[op].name, sqlFor(op, d, 0)); err != nil {
			s.Close(ctx)
			return nil, err
		}
	}
	if s.beginRead, err = sqldb.PrepareTxn(ctx, conn, sqldb.BeginRead); err != nil {
		s.Close(ctx)
		return nil, fmt.Errorf("prepare begin: %w", err)
	}
	// Values come back on the measured path (d_next_o_id, prices, ids).
	if _, ok := s.stmts[opNOStock].(sqldb.RowsReader); !ok {
		s.Close(ctx)
		return nil, fmt.Errorf("tpcc reads values back, which the %s driver's statements cannot do", d.Name)
	}
	return s, nil
}

// Close implements workload.Session.
func (s *session) Close(context.Context) error {
	for _, st := range s.stmts {
		if st != nil {
			st.Close()
		}
	}
	for _, st := range s.lines {
		if st != nil {
			st.Close()
		}
	}
	if s.beginRead != nil {
		s.beginRead.Close()
	}
	return nil
}
