package oltp

import (
	"context"
	"fmt"
	"strconv"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// Insert is oltp_insert.lua: one INSERT per event, sent as a plain query
// (not prepared). With --auto-inc the database assigns the id; without it the
// id is sysbench's unique random value shifted into the INT range, and
// prepare leaves the tables empty so that prepared ids cannot collide.
var Insert workload.Workload = &test{
	name: "oltp_insert",
	desc: "sysbench OLTP insert: one INSERT of a new row per event",
	rows: func(c *config) int64 {
		if !c.autoInc {
			return 0
		}
		return c.tableSize
	},
	worker: newInsert,
}

func newInsert(ctx context.Context, env workload.WorkerEnv, in *instance) (workload.Worker, error) {
	c := in.c
	w, err := newWorker(ctx, env, c, true)
	if err != nil {
		return nil, err
	}
	ins := &insert{worker: w}
	ins.omitID = c.autoInc && !w.conn.Dialect().ZeroAssignsID
	if !c.autoInc {
		if ins.unique, err = in.sharedUnique(ctx, w.conn); err != nil {
			w.Close(ctx)
			return nil, err
		}
	}
	return ins, nil
}

// sharedUnique returns the run's unique-id generator: unique() must not
// repeat across workers. It continues after the rows already in the tables,
// so a second run with the same seed does not draw the ids of the first.
func (in *instance) sharedUnique(ctx context.Context, conn sqldb.Conn) (*randgen.Unique, error) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.unique != nil {
		return in.unique, nil
	}
	var rows uint64
	for t := int64(1); t <= in.c.tables; t++ {
		res, err := conn.QueryStrings(ctx, "SELECT COUNT(*) FROM "+tableName(t))
		if err != nil {
			return nil, fmt.Errorf("count rows of %s: %w", tableName(t), err)
		}
		n, _ := strconv.ParseUint(res[0][0], 10, 64)
		rows += n
	}
	in.unique = randgen.NewUnique(in.p.Seed, uint32(rows))
	return in.unique, nil
}

type insert struct {
	*worker
	omitID bool
	unique *randgen.Unique
}

func (w *insert) Event(ctx context.Context) error {
	t := w.tableNum()
	k := w.id()
	cv, pad := w.r.Template(cTemplate), w.r.Template(padTemplate)
	var q string
	switch {
	case w.omitID:
		q = fmt.Sprintf("INSERT INTO %s (k, c, pad) VALUES (%d, '%s', '%s')", tableName(t), k, cv, pad)
	case w.unique == nil: // auto-inc where 0 assigns an id
		q = fmt.Sprintf("INSERT INTO %s (id, k, c, pad) VALUES (0, %d, '%s', '%s')", tableName(t), k, cv, pad)
	default:
		id := int64(w.unique.Next()) - 2147483648
		q = fmt.Sprintf("INSERT INTO %s (id, k, c, pad) VALUES (%d, %d, '%s', '%s')", tableName(t), id, k, cv, pad)
	}
	mark := w.m.Begin()
	_, err := w.conn.Exec(ctx, q)
	w.m.End(opInsert, mark, err)
	return err
}
