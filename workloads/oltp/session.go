package oltp

import (
	"context"
	"fmt"
	"slices"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// session is a connection's statements: oltp_common.lua's thread_init,
// prepared per table, and BEGIN, COMMIT and ROLLBACK prepared once like
// sysbench's stmt.begin and stmt.commit (on a connection that starts
// transactions itself, Oracle's and SQL Server's, the protocol's calls in
// their place, measured the same way).
type session struct {
	conn    sqldb.Conn
	stmts   [][numOps]sqldb.Stmt // [table-1][op]
	begin   sqldb.Stmt
	commit  sqldb.Stmt
	rollbck sqldb.Stmt
	// args holds the arguments of the statement being run, so that the
	// caller's variadic slice stays on its stack: no allocation per query.
	args []any
}

func openSession(ctx context.Context, env workload.SessionEnv, in *instance) (*session, error) {
	conn, err := sqldb.Open(env.Conn, env.Driver)
	if err != nil {
		return nil, err
	}
	c, t := in.c, in.t
	if d := conn.Dialect(); d.SerialRefusesValues && c.autoInc && c.deleteInserts > 0 && slices.Contains(t.uses, opInsert) {
		return nil, &db.UnsupportedError{Workload: t.name + " with --auto-inc",
			Needs: "an auto-increment id that takes the ids its DELETE/INSERT pairs write back (add --auto-inc=off)", Driver: d.Name}
	}
	s := &session{conn: conn, stmts: make([][numOps]sqldb.Stmt, c.tables)}
	for n := range c.tables {
		for _, op := range t.uses {
			if s.stmts[n][op], err = conn.Prepare(ctx, fmt.Sprintf(statements[op], n+1)); err != nil {
				s.Close(ctx)
				return nil, fmt.Errorf("prepare %s on %s: %w", ops[op].Name, tableName(n+1), err)
			}
		}
	}
	if q := in.random; q != nil {
		if s.stmts[0][q.op], err = conn.Prepare(ctx, q.sql); err != nil {
			s.Close(ctx)
			return nil, fmt.Errorf("prepare %s: %w", ops[q.op].Name, err)
		}
	}
	if !c.skipTrx {
		begin := sqldb.BeginRead
		if t.write {
			begin = sqldb.BeginWrite
		}
		for _, p := range []struct {
			s    *sqldb.Stmt
			step sqldb.TxnStep
			name string
		}{{&s.begin, begin, "begin"}, {&s.commit, sqldb.CommitTxn, "commit"}, {&s.rollbck, sqldb.RollbackTxn, "rollback"}} {
			if *p.s, err = sqldb.PrepareTxn(ctx, conn, p.step); err != nil {
				s.Close(ctx)
				return nil, fmt.Errorf("prepare %s: %w", p.name, err)
			}
		}
	}
	return s, nil
}

// Close implements workload.Session.
func (s *session) Close(context.Context) error {
	for _, row := range s.stmts {
		for _, st := range row {
			if st != nil {
				st.Close()
			}
		}
	}
	for _, st := range []sqldb.Stmt{s.begin, s.commit, s.rollbck} {
		if st != nil {
			st.Close()
		}
	}
	return nil
}
