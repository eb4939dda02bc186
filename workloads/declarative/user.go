package declarative

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
// statement, ROLLBACK, and the error for the runner to classify
// (sqlrun.Txn.End).
func (u *user) Run(ctx context.Context, tx workload.Tx) error {
	t := u.in.p.txns[u.cur]
	vars := u.slots[u.cur]
	clear(vars)
	u.ctx = genCtx{r: u.r}
	for _, b := range t.params {
		vars[b.slot] = b.g.next(&u.ctx)
	}
	txn := tx.Session().(*sqlrun.Prepared).Start(tx)
	if !t.auto {
		if err := txn.Begin(ctx); err != nil {
			return err
		}
	}
	err := u.steps(ctx, txn, t, vars)
	if err == nil && !t.auto {
		err = txn.Commit(ctx)
	}
	return txn.End(ctx, err)
}

// steps runs the transaction's steps in order.
func (u *user) steps(ctx context.Context, txn *sqlrun.Txn, t *txn, vars []any) error {
	p := u.in.p
	for k, st := range t.steps {
		if st.pause {
			if !txn.Pause(st.wait.Draw(u.r)) {
				return errCut
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
			id, err = txn.Insert(ctx, st.op, u.args...)
			vars[st.retSlot] = id
		case len(st.reads) > 0:
			dest := u.dest[u.cur][k]
			var n int
			n, err = txn.Row(ctx, st.op, dest, u.args...)
			for i, r := range st.reads {
				vars[r.slot] = nil
				if err == nil && n > 0 {
					vars[r.slot] = value(dest[i])
				}
			}
		case p.ops[st.op].Class == workload.Read:
			_, err = txn.Query(ctx, st.op, u.args...)
		default:
			_, err = txn.Exec(ctx, st.op, u.args...)
		}
		if err != nil {
			return err
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
