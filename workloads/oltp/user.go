package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// user is one sysbench thread: its random stream and the distributions it
// draws ids from, and the execute_* statement groups of oltp_common.lua.
// The session (statements on the borrowed connection) and the Tx are set
// at the start of each transaction.
type user struct {
	in    *instance
	c     *config
	r     *randgen.Rand
	ids   *randgen.Dist
	s     *session
	tx    workload.Tx
	inTxn bool
	// seg and args are select_random_*'s: the user's segment of the table
	// and the statement's arguments.
	seg  *randgen.Dist
	args []any
	// omitID, unique and lastID (the last unique id drawn) are oltp_insert's.
	omitID bool
	unique *randgen.Unique
	lastID int64
}

func newUser(env workload.UserEnv, in *instance) (*user, error) {
	ids, err := randgen.NewDist(in.c.dist, 1, max(in.c.tableSize, 1))
	if err != nil {
		return nil, err
	}
	return &user{in: in, c: in.c, r: env.Rand, ids: ids}, nil
}

// Next implements workload.User: a sysbench test has one kind of event.
func (u *user) Next() workload.TxnID { return 0 }

// Run implements workload.User.
func (u *user) Run(ctx context.Context, tx workload.Tx) error {
	u.s, u.tx = tx.Session().(*session), tx
	return u.in.t.event(ctx, u)
}

// exec runs a prepared statement of table t (1-based) under the meter;
// reads fetch every row.
func (u *user) exec(ctx context.Context, op workload.OpID, t int64, args ...any) error {
	return u.run(ctx, op, u.s.stmts[t-1][op], args...)
}

func (u *user) run(ctx context.Context, op workload.OpID, st sqldb.Stmt, args ...any) error {
	s := u.s
	s.args = append(s.args[:0], args...)
	mark := u.tx.Begin()
	var err error
	if ops[op].Class == workload.Read {
		_, err = st.Query(ctx, s.args...)
	} else {
		_, err = st.Exec(ctx, s.args...)
	}
	u.tx.End(op, mark, err)
	return err
}

// startTxn is oltp_common's begin(), skipped with --skip-trx.
func (u *user) startTxn(ctx context.Context) error {
	if u.c.skipTrx {
		return nil
	}
	if err := u.run(ctx, opBegin, u.s.begin); err != nil {
		return err
	}
	u.inTxn = true
	return nil
}

// commitTxn is oltp_common's commit().
func (u *user) commitTxn(ctx context.Context) error {
	if !u.inTxn {
		return nil
	}
	if err := u.run(ctx, opCommit, u.s.commit); err != nil {
		return u.abort(err)
	}
	u.inTxn = false
	return nil
}

// abort rolls back after a failed statement, unmeasured and uncounted as
// sysbench's drivers do, and returns err for the runner to classify.
func (u *user) abort(err error) error {
	if u.inTxn {
		_, _ = u.s.rollbck.Exec(context.WithoutCancel(context.Background()))
		u.inTxn = false
	}
	return err
}

// inTransaction runs the steps between BEGIN and COMMIT.
func (u *user) inTransaction(ctx context.Context, steps ...func(context.Context) error) error {
	if err := u.startTxn(ctx); err != nil {
		return err
	}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			return u.abort(err)
		}
	}
	return u.commitTxn(ctx)
}

func (u *user) tableNum() int64 { return u.r.Uniform(1, u.c.tables) }

func (u *user) id() int64 { return u.ids.Next(u.r) }

// pointSelects is execute_point_selects.
func (u *user) pointSelects(ctx context.Context) error {
	t := u.tableNum()
	for range u.c.pointSelects {
		if err := u.exec(ctx, opPointSelect, t, u.id()); err != nil {
			return err
		}
	}
	return nil
}

// ranges is execute_range for one of the four range kinds.
func (u *user) ranges(ctx context.Context, op workload.OpID, n int64) error {
	t := u.tableNum()
	for range n {
		id := u.id()
		if err := u.exec(ctx, op, t, id, id+u.c.rangeSize-1); err != nil {
			return err
		}
	}
	return nil
}

// allRanges runs the four range groups when --range-selects is on.
func (u *user) allRanges(ctx context.Context) error {
	if !u.c.rangeSelects {
		return nil
	}
	for _, g := range []struct {
		op workload.OpID
		n  int64
	}{{opSimpleRange, u.c.simpleRanges}, {opSumRange, u.c.sumRanges}, {opOrderRange, u.c.orderRanges}, {opDistinctRange, u.c.distinctRanges}} {
		if err := u.ranges(ctx, g.op, g.n); err != nil {
			return err
		}
	}
	return nil
}

// indexUpdates is execute_index_updates.
func (u *user) indexUpdates(ctx context.Context) error {
	t := u.tableNum()
	for range u.c.indexUpdates {
		if err := u.exec(ctx, opIndexUpdate, t, u.id()); err != nil {
			return err
		}
	}
	return nil
}

// nonIndexUpdates is execute_non_index_updates.
func (u *user) nonIndexUpdates(ctx context.Context) error {
	t := u.tableNum()
	for range u.c.nonIndexUpdates {
		if err := u.exec(ctx, opNonIndexUpdate, t, u.r.Template(cTemplate), u.id()); err != nil {
			return err
		}
	}
	return nil
}

// deleteInserts is execute_delete_inserts: delete a row and insert it again
// with a new k, c and pad.
func (u *user) deleteInserts(ctx context.Context) error {
	t := u.tableNum()
	for range u.c.deleteInserts {
		id, k := u.id(), u.id()
		if err := u.exec(ctx, opDelete, t, id); err != nil {
			return err
		}
		if err := u.exec(ctx, opInsert, t, id, k, u.r.Template(cTemplate), u.r.Template(padTemplate)); err != nil {
			return err
		}
	}
	return nil
}
