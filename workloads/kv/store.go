package kv

import (
	"context"

	"github.com/dbgauge/dbgauge/dataset/mongostore"
	"github.com/dbgauge/dbgauge/dataset/redisstore"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// store is the storage port: what a key-value operation needs from a data
// model. Each adapter times nothing; the worker meters each call.
type store interface {
	// read returns whether the record was found.
	read(ctx context.Context, key string) (bool, error)
	update(ctx context.Context, key string, field int, value string) error
	insert(ctx context.Context, keys []string, vals [][]string) error
	// scan reads up to n records from key on, in key order, and returns how
	// many it read.
	scan(ctx context.Context, key string, n int64) (int, error)
	// count returns how many records exist.
	count(ctx context.Context) (int64, error)
	close()
}

// openStore picks the adapter for the connection's data model.
func openStore(ctx context.Context, conn db.Conn, c *config) (store, error) {
	if c.handler {
		return openHandlerStore(ctx, conn, c)
	}
	if s, ok := conn.(sqldb.Conn); ok {
		return openSQLStore(ctx, s, c)
	}
	if r, ok := conn.(redisstore.Conn); ok {
		return &redisStore{c: r.Client(), cfg: c, classify: r.Classify}, nil
	}
	if m, ok := conn.(mongostore.Conn); ok {
		return &mongoStore{coll: m.Database().Collection(table), classify: m.Classify}, nil
	}
	return nil, &db.UnsupportedError{Workload: "the kv workloads", Needs: "a SQL database, Redis or MongoDB", Driver: "this database"}
}
