package tpcc

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// session is a connection's prepared statements: one per op, ten of
// no_stock (one per district's S_DIST_xx), and a read-only BEGIN for
// Order-Status and Stock-Level.
type session struct {
	conn      sqldb.Conn
	stmts     [numOps]sqldb.Stmt
	stock     [districtsPerWH]sqldb.Stmt
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
	for op := range numOps {
		if op == opNOStock {
			for i := range s.stock {
				if err := prepare(&s.stock[i], statements[op].name, sqlFor(op, d, i+1)); err != nil {
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
	if err := prepare(&s.beginRead, "begin", d.BeginRead); err != nil {
		s.Close(ctx)
		return nil, err
	}
	// Values come back on the measured path (d_next_o_id, prices, ids).
	if _, ok := s.stmts[opNODistrict].(sqldb.RowReader); !ok {
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
	for _, st := range s.stock {
		if st != nil {
			st.Close()
		}
	}
	if s.beginRead != nil {
		s.beginRead.Close()
	}
	return nil
}
