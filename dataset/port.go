// Package dataset owns the stamps and the prepare/check/cleanup lifecycle of
// every workload's data, in one implementation over a small stamp-store port
// (Store). Each data-model family has one adapter that implements the port and
// turns a workload's description of its data into steps: SQL tables through
// db/sqldb and its Dialect (dataset/sqlstore), MongoDB collections
// (dataset/mongostore), Redis keys listed in an index (dataset/redisstore).
//
// A workload describes its data once per family it supports (a Model: object
// names with create, batch-load and after-load steps) and New makes the
// workload.Dataset that binds the model whose family the connection has, by
// its abilities, never by a driver's name.
//
// The lifecycle, the same on every database:
//   - Prepare writes the stamp, incomplete, before it touches anything, so an
//     interrupted prepare can still be cleaned up exactly (an incomplete stamp
//     claims what it created); then it drops and creates the objects, loads
//     them in parallel batches, runs the after-load steps (indexes,
//     statistics), each object on a connection of its own, and marks the
//     stamp complete. On a database that takes one writer at a time
//     (SQLite), its writes wait in turn in-process (writer.go), never on the
//     database's lock. It refuses objects another dataset's stamp claims, and
//     foreign ones unless forced.
//   - Check reports this dataset's stamp, its objects another dataset's stamp
//     claims, and same-named objects no stamp claims (foreign).
//   - Cleanup drops exactly the objects the stamp lists, then the stamp (and
//     the stamp table or collection once it is empty): nothing else.
//
// dataset imports workload, db and load. It must not import an adapter, a
// driver or db/sqldb, and knows no database by name.
package dataset

import (
	"context"

	"github.com/dbgauge/dbgauge/db"
)

// Store is the stamp-store port: where a data-model family keeps the stamps
// (db.Stamp, stored as its JSON) and how it finds and drops objects by the
// names stamps list. An adapter binds one to a connection.
type Store interface {
	// Stamp returns the stamp of dataset, nil if there is none.
	Stamp(ctx context.Context, dataset string) (*db.Stamp, error)
	// Stamps returns every stamp in the database.
	Stamps(ctx context.Context) ([]*db.Stamp, error)
	// WriteStamp creates or replaces the stamp of s.Dataset.
	WriteStamp(ctx context.Context, s *db.Stamp) error
	// DeleteStamp removes the stamp of dataset, and the place stamps are kept
	// once no stamp is left. It returns what a report names as dropped with
	// it, if anything.
	DeleteStamp(ctx context.Context, dataset string) ([]string, error)
	// Find returns, for each name, how a report names the object when it
	// exists, and "" when it does not.
	Find(ctx context.Context, names []string) ([]string, error)
	// Drop drops the named objects, given in creation order, in an order the
	// data model allows (a missing one is no error), and returns what it
	// dropped as a report names it.
	Drop(ctx context.Context, names []string) ([]string, error)
}

// Model is a dataset's objects in one data-model family, as the family's
// adapter describes them.
type Model interface {
	// Needs names the family in messages: "a SQL database", "MongoDB".
	Needs() string
	// Names returns the objects' names in creation order, as stamps list them.
	Names() []string
	// Bind returns the family's Store over conn, and false when conn is not
	// of the family.
	Bind(conn db.Conn) (Store, bool)
	// Plan returns the steps that make the objects on conn, a connection the
	// model binds. It runs before anything is written, so that data the
	// database cannot hold (an option its dialect lacks) fails cleanly.
	Plan(conn db.Conn) ([]Object, error)
}

// Object is one object (a table, a collection, a family of keys) and the
// steps that make it. Steps get connections of the model's family.
type Object struct {
	// Name is the object's name as the stamp lists it.
	Name string
	// Label is what progress and load errors call it; Name if empty.
	Label string
	// Create makes the object, empty, on the prepare connection once any
	// old one is dropped; nil when it needs no creating.
	Create func(ctx context.Context, conn db.Conn) error
	// Rows, BatchRows and Load are the initial data: Load writes batch i
	// through conn and returns how many rows it wrote. What it writes must be
	// a pure function of (seed, options, i). Load may be nil (no data).
	Rows, BatchRows int64
	Load            func(ctx context.Context, conn db.Conn, seed uint64, batch int64) (int64, error)
	// Draw, if set, is Load in two steps: it draws batch i's data without
	// touching the database and returns the write that loads it. On a
	// database that takes one writer at a time, loaders draw their next
	// batch while another writes.
	Draw func(seed uint64, batch int64) func(ctx context.Context, conn db.Conn) (int64, error)
	// Clear, if set, deletes whatever batch i may have written, so that a
	// resumed prepare can load again a batch that was under way when the
	// first one stopped. Without it, such an object is loaded again whole.
	Clear func(ctx context.Context, conn db.Conn, batch int64) error
	// After runs once every object's data is in, on a connection of its own
	// so that objects build their indexes in parallel (one at a time on a
	// single-writer database); nil for none.
	After func(ctx context.Context, conn db.Conn) error
}

func (o Object) label() string {
	if o.Label != "" {
		return o.Label
	}
	return o.Name
}
