package oltp

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// worker is one connection's state: oltp_common.lua's thread_init with its
// prepared statements per table, and the execute_* statement groups.
type worker struct {
	c     *config
	conn  sqldb.Conn
	r     *randgen.Rand
	ids   *randgen.Dist
	m     workload.Meter
	stmts [][numOps]sqldb.Stmt // [table-1][op]
	// begin is BeginWrite or BeginRead; commit and rollback are prepared
	// once like sysbench's stmt.begin and stmt.commit.
	begin, commit, rollback sqldb.Stmt
	inTxn                   bool
	// args holds the arguments of the statement being run, so that the
	// caller's variadic slice stays on its stack: no allocation per query.
	args []any
}

// newWorker prepares the statements of uses on every table; write says
// whether the transactions write (SQLite takes the write lock at BEGIN).
func newWorker(ctx context.Context, env workload.WorkerEnv, c *config, write bool, uses ...workload.OpID) (*worker, error) {
	conn, err := sqldb.Open(env.Conn, env.Driver)
	if err != nil {
		return nil, err
	}
	ids, err := randgen.NewDist(c.dist, 1, max(c.tableSize, 1))
	if err != nil {
		return nil, err
	}
	w := &worker{c: c, conn: conn, r: env.Rand, ids: ids, m: env.Meter, stmts: make([][numOps]sqldb.Stmt, c.tables)}
	for t := range c.tables {
		for _, op := range uses {
			if w.stmts[t][op], err = conn.Prepare(ctx, fmt.Sprintf(statements[op], t+1)); err != nil {
				w.Close(ctx)
				return nil, fmt.Errorf("prepare %s on %s: %w", ops[op].Name, tableName(t+1), err)
			}
		}
	}
	if !c.skipTrx {
		d := conn.Dialect()
		begin := d.BeginRead
		if write {
			begin = d.BeginWrite
		}
		for _, p := range []struct {
			s   *sqldb.Stmt
			sql string
		}{{&w.begin, begin}, {&w.commit, d.Commit}, {&w.rollback, d.Rollback}} {
			if *p.s, err = conn.Prepare(ctx, p.sql); err != nil {
				w.Close(ctx)
				return nil, fmt.Errorf("prepare %s: %w", p.sql, err)
			}
		}
	}
	return w, nil
}

// Close implements workload.Worker.
func (w *worker) Close(context.Context) error {
	for _, row := range w.stmts {
		for _, s := range row {
			if s != nil {
				s.Close()
			}
		}
	}
	for _, s := range []sqldb.Stmt{w.begin, w.commit, w.rollback} {
		if s != nil {
			s.Close()
		}
	}
	return nil
}

// exec runs a prepared statement of table t (1-based) under the meter;
// reads fetch every row.
func (w *worker) exec(ctx context.Context, op workload.OpID, t int64, args ...any) error {
	return w.run(ctx, op, w.stmts[t-1][op], args...)
}

func (w *worker) run(ctx context.Context, op workload.OpID, s sqldb.Stmt, args ...any) error {
	w.args = append(w.args[:0], args...)
	mark := w.m.Begin()
	var err error
	if ops[op].Class == workload.Read {
		_, err = s.Query(ctx, w.args...)
	} else {
		_, err = s.Exec(ctx, w.args...)
	}
	w.m.End(op, mark, err)
	return err
}

// startTxn is oltp_common's begin(), skipped with --skip-trx.
func (w *worker) startTxn(ctx context.Context) error {
	if w.c.skipTrx {
		return nil
	}
	if err := w.run(ctx, opBegin, w.begin); err != nil {
		return err
	}
	w.inTxn = true
	return nil
}

// commitTxn is oltp_common's commit().
func (w *worker) commitTxn(ctx context.Context) error {
	if !w.inTxn {
		return nil
	}
	if err := w.run(ctx, opCommit, w.commit); err != nil {
		return w.abort(err)
	}
	w.inTxn = false
	return nil
}

// abort rolls back after a failed statement, unmeasured and uncounted as
// sysbench's drivers do, and returns err for the runner to classify.
func (w *worker) abort(err error) error {
	if w.inTxn {
		_, _ = w.rollback.Exec(context.WithoutCancel(context.Background()))
		w.inTxn = false
	}
	return err
}

func (w *worker) tableNum() int64 { return w.r.Uniform(1, w.c.tables) }

func (w *worker) id() int64 { return w.ids.Next(w.r) }

// pointSelects is execute_point_selects.
func (w *worker) pointSelects(ctx context.Context) error {
	t := w.tableNum()
	for range w.c.pointSelects {
		if err := w.exec(ctx, opPointSelect, t, w.id()); err != nil {
			return err
		}
	}
	return nil
}

// ranges is execute_range for one of the four range kinds.
func (w *worker) ranges(ctx context.Context, op workload.OpID, n int64) error {
	t := w.tableNum()
	for range n {
		id := w.id()
		if err := w.exec(ctx, op, t, id, id+w.c.rangeSize-1); err != nil {
			return err
		}
	}
	return nil
}

// allRanges runs the four range groups when --range-selects is on.
func (w *worker) allRanges(ctx context.Context) error {
	if !w.c.rangeSelects {
		return nil
	}
	for _, g := range []struct {
		op workload.OpID
		n  int64
	}{{opSimpleRange, w.c.simpleRanges}, {opSumRange, w.c.sumRanges}, {opOrderRange, w.c.orderRanges}, {opDistinctRange, w.c.distinctRanges}} {
		if err := w.ranges(ctx, g.op, g.n); err != nil {
			return err
		}
	}
	return nil
}

// indexUpdates is execute_index_updates.
func (w *worker) indexUpdates(ctx context.Context) error {
	t := w.tableNum()
	for range w.c.indexUpdates {
		if err := w.exec(ctx, opIndexUpdate, t, w.id()); err != nil {
			return err
		}
	}
	return nil
}

// nonIndexUpdates is execute_non_index_updates.
func (w *worker) nonIndexUpdates(ctx context.Context) error {
	t := w.tableNum()
	for range w.c.nonIndexUpdates {
		if err := w.exec(ctx, opNonIndexUpdate, t, w.r.Template(cTemplate), w.id()); err != nil {
			return err
		}
	}
	return nil
}

// deleteInserts is execute_delete_inserts: delete a row and insert it again
// with a new k, c and pad.
func (w *worker) deleteInserts(ctx context.Context) error {
	t := w.tableNum()
	for range w.c.deleteInserts {
		id, k := w.id(), w.id()
		if err := w.exec(ctx, opDelete, t, id); err != nil {
			return err
		}
		if err := w.exec(ctx, opInsert, t, id, k, w.r.Template(cTemplate), w.r.Template(padTemplate)); err != nil {
			return err
		}
	}
	return nil
}
