package declarative

import (
	"context"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/sqlrun"
)

// instance is a file compiled with option values.
type instance struct {
	f    *file
	p    *plan
	vals map[string]string
	sql  *sqlrun.Table
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

// newTable is the plan's statements, by op: BEGIN, COMMIT and ROLLBACK
// (the dialect's, or the connection's own transactions), the statements
// as written (a LIMIT n the dialect's way), an INSERT with returning:
// through sqldb.PrepareIDInsert. A ROLLBACK after a failed statement is
// measured.
func newTable(f *file, p *plan) *sqlrun.Table {
	t := &sqlrun.Table{Name: f.name, MeasuredAbort: true, Stmts: make([]sqlrun.Statement, len(p.ops))}
	if p.begin >= 0 {
		t.Stmts[p.begin], t.Stmts[p.commit], t.Stmts[p.rollback] = sqlrun.Begin(), sqlrun.Commit(), sqlrun.Rollback()
	}
	for _, tx := range p.txns {
		for _, st := range tx.steps {
			if st.pause {
				continue
			}
			op := p.ops[st.op]
			t.Stmts[st.op] = sqlrun.Statement{Name: op.Name, Class: op.Class, Verb: op.Verb, SQL: st.sql, ID: st.returning}
			if len(st.reads) > 0 {
				t.Reads = sqlrun.ReadsRow
			}
		}
	}
	return t
}

// Open prepares every statement on the connection.
func (i *instance) Open(ctx context.Context, env workload.SessionEnv) (workload.Session, error) {
	return i.sql.Open(ctx, env)
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
