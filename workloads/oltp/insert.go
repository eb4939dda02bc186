package oltp

import (
	"context"
	"fmt"
	"strconv"

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
	write: true,
	setup: func(ctx context.Context, u *user, s *session) error {
		u.omitID = u.c.autoInc && !s.conn.Dialect().ZeroAssignsID
		if u.c.autoInc {
			return nil
		}
		var err error
		u.unique, err = u.in.sharedUnique(ctx, s)
		return err
	},
	event: insertEvent,
}

// sharedUnique returns the run's unique-id generator: ids must not repeat
// across users, nor across shards (each takes every shard-th value of the
// one sequence). It continues after the rows already in the tables, so a
// second run with the same seed does not draw the ids of the first.
func (in *instance) sharedUnique(ctx context.Context, s *session) (*randgen.Unique, error) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.unique != nil {
		return in.unique, nil
	}
	var rows uint64
	for t := int64(1); t <= in.c.tables; t++ {
		res, err := s.conn.QueryStrings(ctx, "SELECT COUNT(*) FROM "+tableName(t))
		if err != nil {
			return nil, fmt.Errorf("count rows of %s: %w", tableName(t), err)
		}
		n, _ := strconv.ParseUint(res[0][0], 10, 64)
		rows += n
	}
	sh := in.p.Shard
	in.unique = randgen.NewUniqueShard(in.p.Seed, uint32(rows), sh.Index, sh.N())
	return in.unique, nil
}

// insertEvent draws the row and sends the INSERT. A retry after an
// ignored error sends the same row: the user's stream is restored, and the
// unique id drawn by the first attempt is kept.
func insertEvent(ctx context.Context, u *user) error {
	t := u.tableNum()
	k := u.id()
	cv, pad := u.r.Template(cTemplate), u.r.Template(padTemplate)
	var q string
	switch {
	case u.omitID:
		q = fmt.Sprintf("INSERT INTO %s (k, c, pad) VALUES (%d, '%s', '%s')", tableName(t), k, cv, pad)
	case u.unique == nil: // auto-inc where 0 assigns an id
		q = fmt.Sprintf("INSERT INTO %s (id, k, c, pad) VALUES (0, %d, '%s', '%s')", tableName(t), k, cv, pad)
	default:
		if u.tx.Attempt() == 0 {
			u.lastID = int64(u.unique.Next()) - 2147483648
		}
		q = fmt.Sprintf("INSERT INTO %s (id, k, c, pad) VALUES (%d, %d, '%s', '%s')", tableName(t), u.lastID, k, cv, pad)
	}
	mark := u.tx.Begin()
	_, err := u.s.conn.Exec(ctx, q)
	u.tx.End(opInsert, mark, err)
	return err
}
