package spec

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/sqlrun"
)

// instance is a file compiled with option values.
type instance struct {
	f    *file
	p    *plan
	vals map[string]string
}

func (i *instance) Transactions() []workload.Txn {
	out := make([]workload.Txn, len(i.p.txns))
	for n, t := range i.p.txns {
		out[n] = workload.Txn{Name: t.name, Think: t.think}
	}
	return out
}

func (i *instance) Ops() []workload.Op { return i.p.ops }

func (i *instance) Dataset() workload.Dataset { return newDataset(i.f, i.p, i.vals) }

// session is a connection's prepared statements, by op.
type session struct {
	stmts []sqldb.Stmt
	ids   []*sqldb.IDInsert
}

func (s *session) Close(context.Context) error {
	sqlrun.Close(s.stmts, s.ids)
	return nil
}

// Open prepares every statement on the connection: BEGIN, COMMIT and
// ROLLBACK from the dialect (or the connection's own transactions), the
// statements as rewritten (a LIMIT n the dialect's way), an INSERT with
// returning: through sqldb.PrepareIDInsert.
func (i *instance) Open(ctx context.Context, env workload.SessionEnv) (workload.Session, error) {
	conn, err := sqldb.Open(env.Conn, env.Driver)
	if err != nil {
		return nil, err
	}
	d := conn.Dialect()
	type spec struct{ sql, id string }
	specs := make([]spec, len(i.p.ops))
	if i.p.begin >= 0 {
		specs[i.p.begin] = spec{sql: sqlrun.BeginWrite}
		specs[i.p.commit] = spec{sql: sqlrun.Commit}
		specs[i.p.rollback] = spec{sql: sqlrun.Rollback}
	}
	reads := false
	for _, t := range i.p.txns {
		for _, st := range t.steps {
			if !st.pause {
				specs[st.op] = spec{sql: d.RewriteLimits(st.sql), id: st.returning}
				reads = reads || len(st.reads) > 0
			}
		}
	}
	s := &session{stmts: make([]sqldb.Stmt, len(specs)), ids: make([]*sqldb.IDInsert, len(specs))}
	if err := sqlrun.Prepare(ctx, conn, s.stmts, s.ids, func(n int) (string, string, string) {
		return i.p.ops[n].Name, specs[n].sql, specs[n].id
	}); err != nil {
		s.Close(ctx)
		return nil, err
	}
	if reads {
		for n, st := range s.stmts {
			if op := workload.OpID(n); op == i.p.begin || op == i.p.commit || op == i.p.rollback {
				continue // a transaction step reads nothing
			}
			if _, ok := st.(sqldb.RowReader); st != nil && !ok {
				s.Close(ctx)
				return nil, fmt.Errorf("%s reads values back, which the %s driver's statements cannot do", i.f.name, d.Name)
			}
		}
	}
	return s, nil
}

// NewUser makes a user with its deck and its variables.
func (i *instance) NewUser(_ context.Context, env workload.UserEnv) (workload.User, error) {
	weights := make([]int, len(i.p.txns))
	for n, t := range i.p.txns {
		weights[n] = t.weight
	}
	u := &user{in: i, r: env.Rand, deck: newDeck(weights), slots: make([][]any, len(i.p.txns)),
		dest: make([][][]any, len(i.p.txns))}
	for n, t := range i.p.txns {
		u.slots[n] = make([]any, t.slots)
		u.dest[n] = make([][]any, len(t.steps))
		for k, st := range t.steps {
			for _, r := range st.reads {
				var d any
				switch r.kind {
				case kindInt:
					d = new(sqldb.Null[int64])
				case kindFloat:
					d = new(sqldb.Null[float64])
				default:
					d = new(sqldb.Null[string])
				}
				u.dest[n][k] = append(u.dest[n][k], d)
			}
		}
	}
	return u, nil
}
