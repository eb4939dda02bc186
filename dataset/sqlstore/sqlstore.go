// Package sqlstore is the SQL adapter of the dataset lifecycle: the stamp
// store over db/sqldb's stamp table (dbgauge_datasets), and SQL tables made
// through the connection's Dialect (CREATE TABLE, batch inserts with the
// driver's bulk loader, indexes and statistics after the load).
//
// sqlstore imports dataset, db and db/sqldb. It owns no lifecycle (that is
// dataset's) and must not import a driver or a workload.
package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// Store is dataset.Store over a SQL connection.
type Store struct{ c sqldb.Conn }

var _ dataset.Store = (*Store)(nil)

// New returns the stamp store of c.
func New(c sqldb.Conn) *Store { return &Store{c: c} }

// Stamp implements dataset.Store.
func (s *Store) Stamp(ctx context.Context, name string) (*db.Stamp, error) {
	return sqldb.ReadStamp(ctx, s.c, name)
}

// Stamps implements dataset.Store.
func (s *Store) Stamps(ctx context.Context) ([]*db.Stamp, error) { return sqldb.ReadStamps(ctx, s.c) }

// WriteStamp implements dataset.Store.
func (s *Store) WriteStamp(ctx context.Context, st *db.Stamp) error {
	return sqldb.WriteStamp(ctx, s.c, st)
}

// DeleteStamp implements dataset.Store: the stamp table goes with the last
// stamp, unnamed in reports.
func (s *Store) DeleteStamp(ctx context.Context, name string) ([]string, error) {
	if err := sqldb.DeleteStamp(ctx, s.c, name); err != nil {
		return nil, fmt.Errorf("delete the stamp of %s: %w", name, err)
	}
	return nil, nil
}

// Find implements dataset.Store: tables in the connection's schema.
func (s *Store) Find(ctx context.Context, names []string) ([]string, error) {
	found := make([]string, len(names))
	for i, n := range names {
		ok, err := sqldb.TableExists(ctx, s.c, n)
		if err != nil {
			return nil, fmt.Errorf("look for table %s: %w", n, err)
		}
		if ok {
			found[i] = n
		}
	}
	return found, nil
}

// Drop implements dataset.Store: tables in reverse creation order, so that
// a table goes before those it refers to. Foreign keys added after the
// tables were made (sysbench-tpcc's ALTER TABLE ... FOREIGN KEY, in
// another order) can make that order wrong: a table a foreign key still
// holds is tried again once the others are gone, and tables that hold each
// other in a cycle are dropped with the session's foreign key checks off
// (MySQL, SQLite) or in one statement (PostgreSQL). A table outside the
// list that refers to one in it still stops the drop, with the database's
// message: it is not the dataset's to drop.
func (s *Store) Drop(ctx context.Context, names []string) ([]string, error) {
	var dropped []string
	left := slices.Clone(names)
	slices.Reverse(left)
	for len(left) > 0 {
		var held []string
		var firstErr error
		for _, n := range left {
			if _, err := s.c.Exec(ctx, s.c.Dialect().DropTable(n)); err != nil {
				if ctx.Err() != nil {
					return dropped, fmt.Errorf("drop %s: %w", n, err)
				}
				if firstErr == nil {
					firstErr = fmt.Errorf("drop %s: %w", n, err)
				}
				held = append(held, n)
				continue
			}
			dropped = append(dropped, n)
		}
		if len(held) == len(left) {
			if err := s.dropHeld(ctx, held); err != nil {
				return dropped, errors.Join(firstErr, err)
			}
			return append(dropped, held...), nil
		}
		left = held
	}
	return dropped, nil
}

// dropHeld drops tables that no order drops one by one.
func (s *Store) dropHeld(ctx context.Context, names []string) error {
	d := s.c.Dialect()
	switch {
	case d.DropMany:
		quoted := make([]string, len(names))
		for i, n := range names {
			quoted[i] = d.QuoteIdent(n)
		}
		_, err := s.c.Exec(ctx, "DROP TABLE IF EXISTS "+strings.Join(quoted, ", "))
		return err
	case d.ForeignKeyChecks != "":
		if _, err := s.c.Exec(ctx, fmt.Sprintf(d.ForeignKeyChecks, 0)); err != nil {
			return err
		}
		// Only reached with the checks on: put them back as they were.
		defer s.c.Exec(context.WithoutCancel(ctx), fmt.Sprintf(d.ForeignKeyChecks, 1))
		for _, n := range names {
			if _, err := s.c.Exec(ctx, d.DropTable(n)); err != nil {
				return fmt.Errorf("drop %s: %w", n, err)
			}
		}
		return nil
	}
	return fmt.Errorf("%s: no order drops %s", d.Name, strings.Join(names, ", "))
}

// Table is one table of a SQL dataset.
type Table struct {
	Name string
	// Create returns the CREATE TABLE statement for the dialect; an error
	// says the dialect cannot make the table with these options.
	Create func(d *sqldb.Dialect) (string, error)
	// Columns and Batch describe the initial data: Batch returns the rows of
	// batch i and must be a pure function of (seed, i). Batch may be nil
	// (no rows).
	Columns   []string
	Rows      int64
	BatchRows int64
	Batch     func(seed uint64, i int64) []sqldb.Row
	// Clear, if set, returns the condition (with ? arguments) that selects
	// the rows batch i writes, "" for all of them: a resumed prepare
	// deletes them before loading the batch again. Without it, a table
	// whose batch was under way when its prepare stopped is loaded again
	// whole.
	Clear func(i int64) (where string, args []any)
	// After returns statements run once the data is in (secondary indexes,
	// sequence adjustments); the dialect's statistics refresh follows them.
	After func(d *sqldb.Dialect) []string
}

// Tables is a dataset.Model: SQL tables, in creation order.
type Tables []Table

var _ dataset.Model = Tables(nil)

// Needs implements dataset.Model.
func (Tables) Needs() string { return "a SQL database" }

// Names implements dataset.Model.
func (ts Tables) Names() []string {
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.Name
	}
	return names
}

// Bind implements dataset.Model: any connection that runs SQL.
func (Tables) Bind(conn db.Conn) (dataset.Store, bool) {
	c, ok := conn.(sqldb.Conn)
	if !ok {
		return nil, false
	}
	return New(c), true
}

// Plan implements dataset.Model: the DDL is made for conn's dialect first,
// so that options the dialect cannot serve fail before anything is written.
func (ts Tables) Plan(conn db.Conn) ([]dataset.Object, error) {
	c, err := sqldb.Open(conn, "this database")
	if err != nil {
		return nil, err
	}
	d := c.Dialect()
	objects := make([]dataset.Object, len(ts))
	for i, t := range ts {
		ddl, err := t.Create(d)
		if err != nil {
			return nil, err
		}
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
		objects[i] = dataset.Object{Name: t.Name, Rows: t.Rows, BatchRows: t.BatchRows,
			Create: func(ctx context.Context, conn db.Conn) error {
				if err := exec(ctx, conn, ddl); err != nil {
					return fmt.Errorf("create %s: %w", t.Name, err)
				}
				return nil
			},
			After: func(ctx context.Context, conn db.Conn) error {
				for _, q := range after {
					if err := exec(ctx, conn, q); err != nil {
						return fmt.Errorf("%s: %w", q, err)
					}
				}
				return nil
			},
		}
		if len(after) == 0 {
			objects[i].After = nil
		}
		if t.Batch != nil {
			draw := func(seed uint64, b int64) func(ctx context.Context, conn db.Conn) (int64, error) {
				rows := t.Batch(seed, b)
				return func(ctx context.Context, conn db.Conn) (int64, error) {
					c, err := sqldb.Open(conn, "this database")
					if err != nil {
						return 0, err
					}
					return int64(len(rows)), sqldb.InsertRows(ctx, c, t.Name, t.Columns, rows)
				}
			}
			objects[i].Draw = draw
			objects[i].Load = func(ctx context.Context, conn db.Conn, seed uint64, b int64) (int64, error) {
				return draw(seed, b)(ctx, conn)
			}
		}
		if t.Clear != nil {
			objects[i].Clear = func(ctx context.Context, conn db.Conn, b int64) error {
				c, err := sqldb.Open(conn, "this database")
				if err != nil {
					return err
				}
				q := "DELETE FROM " + d.QuoteIdent(t.Name)
				where, args := t.Clear(b)
				if where != "" {
					q += " WHERE " + where
				}
				_, err = c.Exec(ctx, q, args...)
				return err
			}
		}
	}
	return objects, nil
}

func exec(ctx context.Context, conn db.Conn, q string) error {
	c, err := sqldb.Open(conn, "this database")
	if err != nil {
		return err
	}
	_, err = c.Exec(ctx, q)
	return err
}
