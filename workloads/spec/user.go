package spec

import (
	"context"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/sqlrun"
)

// user deals transaction types from its deck and runs them; its
// variables and read destinations are made once, per transaction type.
type user struct {
	in    *instance
	r     *randgen.Rand
	deck  *deck
	cur   int
	slots [][]any   // by transaction: its variables
	dest  [][][]any // by transaction and step: a read's destinations
	args  []any
	ctx   genCtx
}

// Next implements workload.User.
func (u *user) Next() workload.TxnID {
	u.cur = u.deck.deal(u.r)
	return workload.TxnID(u.cur)
}

// errCut is a transaction the end of the run cut short during a pause.
var errCut = context.Canceled

// Run implements workload.User: BEGIN unless the transaction autocommits,
// its parameters drawn, each step in order, COMMIT; after a failed
// statement, ROLLBACK, and the error for the runner to classify.
func (u *user) Run(ctx context.Context, tx workload.Tx) error {
	t := u.in.p.txns[u.cur]
	s := tx.Session().(*session)
	vars := u.slots[u.cur]
	clear(vars)
	u.ctx = genCtx{r: u.r}
	for _, b := range t.params {
		vars[b.slot] = b.g.next(&u.ctx)
	}
	p := u.in.p
	inTxn := false
	fail := func(err error) error {
		if inTxn {
			u.args = u.args[:0]
			_, _ = sqlrun.Exec(context.WithoutCancel(ctx), tx, p.rollback, s.stmts[p.rollback], u.args)
		}
		return err
	}
	if !t.auto {
		if _, err := sqlrun.Exec(ctx, tx, p.begin, s.stmts[p.begin], u.args[:0]); err != nil {
			return err
		}
		inTxn = true
	}
	for k, st := range t.steps {
		if st.pause {
			if !tx.Pause(st.wait.Draw(u.r)) {
				return fail(errCut)
			}
			continue
		}
		for _, b := range st.params {
			vars[b.slot] = b.g.next(&u.ctx)
		}
		u.args = u.args[:0]
		for _, a := range st.args {
			u.args = append(u.args, vars[a])
		}
		var err error
		switch {
		case st.returning != "":
			var id int64
			id, err = sqlrun.Insert(ctx, tx, st.op, s.ids[st.op], u.args)
			vars[st.retSlot] = id
		case len(st.reads) > 0:
			dest := u.dest[u.cur][k]
			var n int
			n, err = sqlrun.Row(ctx, tx, st.op, s.stmts[st.op], dest, u.args)
			for i, r := range st.reads {
				vars[r.slot] = nil
				if err == nil && n > 0 {
					vars[r.slot] = value(dest[i])
				}
			}
		case p.ops[st.op].Class == workload.Read:
			_, err = sqlrun.Query(ctx, tx, st.op, s.stmts[st.op], u.args)
		default:
			_, err = sqlrun.Exec(ctx, tx, st.op, s.stmts[st.op], u.args)
		}
		if err != nil {
			return fail(err)
		}
	}
	if inTxn {
		if _, err := sqlrun.Exec(ctx, tx, p.commit, s.stmts[p.commit], u.args[:0]); err != nil {
			return fail(err)
		}
	}
	return nil
}

// value is what a read destination holds: its value, or nil for NULL.
func value(d any) any {
	switch x := d.(type) {
	case *sqldb.Null[int64]:
		if x.Valid {
			return x.V
		}
	case *sqldb.Null[float64]:
		if x.Valid {
			return x.V
		}
	case *sqldb.Null[string]:
		if x.Valid {
			return x.V
		}
	}
	return nil
}
