package kv

import (
	"context"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/mongoset"
)

// dataset dispatches to the data model of the connection it is given: SQL
// tables through sqlset, Redis hashes through redisDataset.
type dataset struct {
	c     *config
	owner string
}

var _ workload.Dataset = (*dataset)(nil)

func (d *dataset) Name() string             { return "kv" }
func (d *dataset) Shape() map[string]string { return d.c.shape() }
func (d *dataset) Objects() []string        { return []string{table} }
func (d *dataset) model(conn db.Conn) (workload.Dataset, error) {
	switch c := conn.(type) {
	case sqldb.Conn:
		return sqlDataset(d.c, d.owner), nil
	case redisClient:
		return &redisDataset{c: d.c, owner: d.owner, client: c}, nil
	case mongoset.Conn:
		return mongoDataset(d.c, d.owner), nil
	}
	return nil, &db.UnsupportedError{Workload: "the kv workloads", Needs: "a SQL database, Redis or MongoDB", Driver: "this database"}
}

func (d *dataset) Check(ctx context.Context, conn db.Conn) (workload.State, error) {
	ds, err := d.model(conn)
	if err != nil {
		return workload.State{}, err
	}
	return ds.Check(ctx, conn)
}

func (d *dataset) Prepare(ctx context.Context, env workload.PrepareEnv) error {
	ds, err := d.model(env.Conn)
	if err != nil {
		return err
	}
	return ds.Prepare(ctx, env)
}

func (d *dataset) Cleanup(ctx context.Context, conn db.Conn) ([]string, error) {
	ds, err := d.model(conn)
	if err != nil {
		return nil, err
	}
	return ds.Cleanup(ctx, conn)
}
