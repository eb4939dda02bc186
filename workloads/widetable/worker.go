package widetable

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// worker holds one connection's prepared statements, per table.
type worker struct {
	in    *instance
	r     *randgen.Rand
	m     workload.Meter
	stmts [][4]sqldb.Stmt
}

var statements = [4]string{
	opInsert:   "INSERT INTO %s (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
	opByPK:     "SELECT * FROM %s WHERE id = ? AND seq = ?",
	opByUnique: "SELECT * FROM %s WHERE id = ? AND col3 = ? AND col4 = ? AND col5 = ?",
	opByIndex:  "SELECT id, seq, col9, col14 FROM %s WHERE id = ? AND col9 = ? AND col14 = ?",
}

func newWorker(ctx context.Context, env workload.WorkerEnv, conn sqldb.Conn, in *instance) (*worker, error) {
	w := &worker{in: in, r: env.Rand, m: env.Meter, stmts: make([][4]sqldb.Stmt, in.c.tables)}
	use := []workload.OpID{opByPK, opByUnique, opByIndex}
	if in.w.insert {
		use = []workload.OpID{opInsert}
	}
	for t := range in.c.tables {
		for _, op := range use {
			st, err := conn.Prepare(ctx, fmt.Sprintf(statements[op], tableName(t+1)))
			if err != nil {
				w.Close(ctx)
				return nil, fmt.Errorf("prepare %s on %s: %w", ops[op].Name, tableName(t+1), err)
			}
			w.stmts[t][op] = st
		}
	}
	return w, nil
}

// Event is one insert, or the three selects of one row.
func (w *worker) Event(ctx context.Context) error {
	t := w.r.Uniform(1, w.in.c.tables)
	if w.in.w.insert {
		r := w.in.next[t-1].Add(1) - 1
		mark := w.m.Begin()
		_, err := w.stmts[t-1][opInsert].Exec(ctx, row(w.in.p.Seed, t, r)...)
		w.m.End(opInsert, mark, err)
		return err
	}
	r := w.r.Uniform(0, w.in.c.selectRange()-1)
	k, _ := rowKeys(w.in.p.Seed, t, r)
	if err := w.find(ctx, t, opByPK, k.id, k.seq); err != nil {
		return err
	}
	if err := w.find(ctx, t, opByUnique, k.id, k.col3, k.col4, k.col5); err != nil {
		return err
	}
	return w.find(ctx, t, opByIndex, k.id, k.col9, k.col14)
}

// find runs one select; finding no row is an error (not_found).
func (w *worker) find(ctx context.Context, t int64, op workload.OpID, args ...any) error {
	mark := w.m.Begin()
	n, err := w.stmts[t-1][op].Query(ctx, args...)
	if err == nil && n == 0 {
		err = &db.Error{Class: db.NotFound, Err: fmt.Errorf("%s found no row in %s", ops[op].Name, tableName(t))}
	}
	w.m.End(op, mark, err)
	return err
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
	return nil
}
