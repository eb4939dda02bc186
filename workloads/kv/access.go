package kv

import (
	"context"

	"github.com/dbgauge/dbgauge/dataset/mongostore"
	"github.com/dbgauge/dbgauge/dataset/redisstore"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// --mysql-access: how the kv workloads reach MySQL and MariaDB.
const (
	accessSQL           = "sql"
	accessHandler       = "handler"
	accessHandlerSocket = "handlersocket"
)

// openStore picks the adapter for the connection's data model, or for the
// access path --mysql-access asks for.
func openStore(ctx context.Context, conn db.Conn, c *config) (store, error) {
	switch c.access {
	case accessHandler:
		return openHandlerStore(ctx, conn, c)
	case accessHandlerSocket:
		return openHSStore(ctx, conn, c)
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

// opsFor are the statements of an access path, named for it.
func opsFor(c *config) []workload.Op {
	switch c.access {
	case accessHandler:
		return handlerOps
	case accessHandlerSocket:
		return hsOps
	}
	return ops
}

// datasetFor is the records, checked first for what the access path needs.
func datasetFor(c *config, owner string) workload.Dataset {
	d := newDataset(c, owner)
	switch c.access {
	case accessHandler:
		return handlerDataset{d}
	case accessHandlerSocket:
		return hsDataset{d, c}
	}
	return d
}
