package workload

import (
	"context"

	"github.com/dbgauge/dbgauge/db"
)

// Dataset is the data a workload runs on.
type Dataset interface {
	// Name identifies the data; workloads that share data share the name.
	Name() string
	// Shape is the set of options that decide the data, as stamped.
	Shape() map[string]string
	// Objects are the tables (or collections, keys) prepare creates.
	Objects() []string
	// Check reports the state of the data on conn.
	Check(ctx context.Context, conn db.Conn) (State, error)
	// Prepare creates the schema and loads the data.
	Prepare(ctx context.Context, env PrepareEnv) error
	// Cleanup drops what prepare created (as recorded in the stamp) and
	// returns the names of what it dropped.
	Cleanup(ctx context.Context, conn db.Conn) ([]string, error)
}

// State is what Check found.
type State struct {
	// Stamp is the stamp of this dataset, nil if there is none.
	Stamp *db.Stamp
	// Foreign lists objects with this dataset's names that no stamp claims:
	// somebody else's tables, never to be dropped or overwritten silently.
	Foreign []string
	// Claimed maps objects with this dataset's names to the other dbgauge
	// dataset that created them.
	Claimed map[string]string
}

// PrepareEnv is what a dataset needs to load in parallel.
type PrepareEnv struct {
	Conn     db.Conn                                    // for DDL and the stamp
	Open     func(ctx context.Context) (db.Conn, error) // more connections for parallel loading
	Driver   string
	Parallel int
	// SingleWriter is set on a database that takes one writer at a time
	// (db.SingleWriter: SQLite). Prepare then writes through one loader at a
	// time, queued in-process, while the others draw their next batch: an
	// index build on millions of rows holds the database's lock far longer
	// than any busy timeout, and a loader waiting on the lock would fail.
	SingleWriter bool
	Seed         uint64
	// Force takes over foreign objects of the same names (drops them first).
	Force bool
	// Progress is told of loaded rows; it may be nil.
	Progress func(table string, rows, total int64)
	// Version is dbgauge's version, stamped with the data.
	Version string
	// Note, if set, is told what a prepare decided on its own (resuming an
	// interrupted one).
	Note func(string)
}

// Exporter is a Dataset that can write its data as files instead of
// loading it (`prepare --output csv=DIR`), for the database's own loaders.
type Exporter interface {
	Export(ctx context.Context, env ExportEnv) error
}

// ExportEnv is what an export needs: a connection for the dialect of the
// scripts it writes (nothing is written to it), the directory, and the
// loader's settings.
type ExportEnv struct {
	Conn     db.Conn
	Driver   string
	Dir      string
	Seed     uint64
	Parallel int
	Progress func(table string, rows, total int64)
	// Stamp is the complete stamp the exported data gets once loaded (the
	// dataset sets it).
	Stamp *db.Stamp
}
