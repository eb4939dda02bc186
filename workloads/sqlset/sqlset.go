// Package sqlset is the dataset machinery every SQL workload shares: the
// stamp that records what prepare made, detection of same-named tables that
// dbgauge did not create, parallel batch loading, indexes built after the
// load, statistics refreshed, and a cleanup that drops only stamped objects.
//
// sqlset imports bench, db, db/sqldb and load.
package sqlset

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/load"
	"github.com/dbgauge/dbgauge/workload"
)

// Table is one table of a SQL dataset.
type Table struct {
	Name string
	// Create returns the CREATE TABLE statement for the dialect.
	Create func(d *sqldb.Dialect) (string, error)
	// Columns and Batch describe the initial data: Batch returns the rows of
	// batch i and must be a pure function of (seed, i).
	Columns   []string
	Rows      int64
	BatchRows int64
	Batch     func(seed uint64, i int64) []sqldb.Row
	// After returns statements run once the data is in (secondary indexes,
	// sequence adjustments).
	After func(d *sqldb.Dialect) []string
}

// Dataset is a workload.Dataset over SQL tables.
type Dataset struct {
	DatasetName string
	Workload    string
	ShapeValues map[string]string
	Tables      []Table
}

var _ workload.Dataset = (*Dataset)(nil)

// Name implements workload.Dataset.
func (s *Dataset) Name() string { return s.DatasetName }

// Shape implements workload.Dataset.
func (s *Dataset) Shape() map[string]string { return s.ShapeValues }

// Objects implements workload.Dataset.
func (s *Dataset) Objects() []string {
	names := make([]string, len(s.Tables))
	for i, t := range s.Tables {
		names[i] = t.Name
	}
	return names
}

// Check implements workload.Dataset.
func (s *Dataset) Check(ctx context.Context, conn db.Conn) (workload.State, error) {
	c, err := sqldb.Open(conn, "this database")
	if err != nil {
		return workload.State{}, err
	}
	stamps, err := sqldb.ReadStamps(ctx, c)
	if err != nil {
		return workload.State{}, err
	}
	return workload.NewState(s.DatasetName, s.Objects(), stamps, func(name string) (bool, error) {
		return sqldb.TableExists(ctx, c, name)
	})
}

// Prepare implements workload.Dataset. The stamp is written, incomplete, before
// the first table is created, so an interrupted prepare can still be cleaned
// up exactly.
func (s *Dataset) Prepare(ctx context.Context, env workload.PrepareEnv) error {
	c, err := sqldb.Open(env.Conn, env.Driver)
	if err != nil {
		return err
	}
	d := c.Dialect()
	ddl := make([]string, len(s.Tables))
	for i, t := range s.Tables {
		if ddl[i], err = t.Create(d); err != nil {
			return err
		}
	}
	stamp := &db.Stamp{
		Dataset: s.DatasetName, Workload: s.Workload, Shape: s.ShapeValues,
		Info:      map[string]string{"seed": fmt.Sprint(env.Seed), "dbgauge": env.Version},
		CreatedAt: time.Now().UTC().Format(time.RFC3339),
	}
	if old, err := sqldb.ReadStamp(ctx, c, s.DatasetName); err != nil {
		return err
	} else if old != nil {
		// An interrupted prepare: keep claiming what it created.
		stamp.Objects = old.Objects
	}
	for _, t := range s.Tables {
		if !slices.Contains(stamp.Objects, t.Name) {
			stamp.Objects = append(stamp.Objects, t.Name)
		}
	}
	if err := sqldb.WriteStamp(ctx, c, stamp); err != nil {
		return err
	}
	for i, t := range s.Tables {
		if _, err := c.Exec(ctx, d.DropTable(t.Name)); err != nil {
			return fmt.Errorf("drop %s: %w", t.Name, err)
		}
		if _, err := c.Exec(ctx, ddl[i]); err != nil {
			return fmt.Errorf("create %s: %w", t.Name, err)
		}
	}
	tables := make([]load.Table[db.Conn], len(s.Tables))
	for i, t := range s.Tables {
		tables[i] = load.Table[db.Conn]{Name: t.Name, Rows: t.Rows, BatchRows: t.BatchRows,
			Load: func(ctx context.Context, conn db.Conn, b int64) (int64, error) {
				lc, err := sqldb.Open(conn, env.Driver)
				if err != nil {
					return 0, err
				}
				rows := t.Batch(env.Seed, b)
				return int64(len(rows)), sqldb.InsertRows(ctx, lc, t.Name, t.Columns, rows)
			}}
	}
	if err := load.Run(ctx, tables, env.Parallel, env.Open, env.Progress); err != nil {
		return err
	}
	if err := s.afterLoad(ctx, env, d); err != nil {
		return err
	}
	stamp.Complete = true
	return sqldb.WriteStamp(ctx, c, stamp)
}

// afterLoad builds indexes and refreshes statistics, each table on its own
// connection so that index builds run in parallel like the load.
func (s *Dataset) afterLoad(ctx context.Context, env workload.PrepareEnv, d *sqldb.Dialect) error {
	tables := make([]load.Table[db.Conn], len(s.Tables))
	for i, t := range s.Tables {
		var after []string
		if d.BeforeIndex != "" {
			after = append(after, d.BeforeIndex)
		}
		if t.After != nil {
			after = append(after, t.After(d)...)
		}
		if a := d.AnalyzeTable(t.Name); a != "" {
			after = append(after, a)
		}
		tables[i] = load.Table[db.Conn]{Name: t.Name, Rows: 1, BatchRows: 1,
			Load: func(ctx context.Context, conn db.Conn, _ int64) (int64, error) {
				c, err := sqldb.Open(conn, env.Driver)
				if err != nil {
					return 0, err
				}
				for _, q := range after {
					if _, err := c.Exec(ctx, q); err != nil {
						return 0, fmt.Errorf("%s: %w", q, err)
					}
				}
				return 0, nil
			}}
	}
	return load.Run(ctx, tables, env.Parallel, env.Open, nil)
}

// Cleanup implements workload.Dataset: it drops the objects the stamp names and
// nothing else, then the stamp.
func (s *Dataset) Cleanup(ctx context.Context, conn db.Conn) ([]string, error) {
	c, err := sqldb.Open(conn, "this database")
	if err != nil {
		return nil, err
	}
	stamp, err := sqldb.ReadStamp(ctx, c, s.DatasetName)
	if err != nil || stamp == nil {
		return nil, err
	}
	var dropped []string
	for i := len(stamp.Objects) - 1; i >= 0; i-- {
		name := stamp.Objects[i]
		if _, err := c.Exec(ctx, c.Dialect().DropTable(name)); err != nil {
			return dropped, fmt.Errorf("drop %s: %w", name, err)
		}
		dropped = append(dropped, name)
	}
	return dropped, sqldb.DeleteStamp(ctx, c, s.DatasetName)
}
