package dataset_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/workload"
)

// inFlight counts the writes under way at once and the most there were.
type inFlight struct {
	mu       sync.Mutex
	now, top int
}

func (f *inFlight) enter() {
	f.mu.Lock()
	f.now++
	f.top = max(f.top, f.now)
	f.mu.Unlock()
}

func (f *inFlight) leave() {
	f.mu.Lock()
	f.now--
	f.mu.Unlock()
}

// countedModel is a model whose batch writes and after-load steps are
// counted by f while they run (waiting for the database's lock included).
type countedModel struct {
	dataset.Model
	f *inFlight
}

func (m countedModel) Plan(conn db.Conn) ([]dataset.Object, error) {
	objects, err := m.Model.Plan(conn)
	for i := range objects {
		o := &objects[i]
		draw, after := o.Draw, o.After
		o.Draw = func(seed uint64, b int64) func(context.Context, db.Conn) (int64, error) {
			write := draw(seed, b)
			return func(ctx context.Context, conn db.Conn) (int64, error) {
				m.f.enter()
				defer m.f.leave()
				return write(ctx, conn)
			}
		}
		o.Load = func(ctx context.Context, conn db.Conn, seed uint64, b int64) (int64, error) {
			return o.Draw(seed, b)(ctx, conn)
		}
		o.After = func(ctx context.Context, conn db.Conn) error {
			m.f.enter()
			defer m.f.leave()
			return after(ctx, conn)
		}
	}
	return objects, err
}

// indexedTables are three tables of 6,000 rows in batches of 500, each
// with an index built after the load.
func indexedTables() sqlstore.Tables {
	var ts sqlstore.Tables
	for n := range 3 {
		name := fmt.Sprintf("dstest_w%d", n)
		ts = append(ts, sqlstore.Table{
			Name: name,
			Create: func(*sqldb.Dialect) (string, error) {
				return "CREATE TABLE " + name + " (id INTEGER PRIMARY KEY, v TEXT)", nil
			},
			Columns: []string{"id", "v"}, Rows: 6000, BatchRows: 500,
			Batch: func(_ uint64, b int64) []sqldb.Row {
				rows := make([]sqldb.Row, 500)
				for i := range rows {
					id := b*500 + int64(i) + 1
					rows[i] = sqldb.Row{id, fmt.Sprintf("%x", id*2654435761%1000003)}
				}
				return rows
			},
			After: func(*sqldb.Dialect) []string { return []string{"CREATE INDEX " + name + "_v ON " + name + " (v)"} },
		})
	}
	return ts
}

// TestSingleWriterQueuesWrites prepares three tables on four loaders on
// an SQLite file whose connections do not wait for a lock at all
// (busy_timeout 0: any write that meets another fails with SQLITE_BUSY).
// With SingleWriter, prepare succeeds and no two batch writes or index
// builds are ever under way at once. Without it, on the usual busy
// timeout, they are: the count does see concurrent writes.
func TestSingleWriterQueuesWrites(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		single  bool
		pragma  string
		wantTop func(int) bool
	}{
		{true, "?_pragma=busy_timeout(0)", func(top int) bool { return top == 1 }},
		{false, "", func(top int) bool { return top > 1 }},
	} {
		t.Run(fmt.Sprint("single-writer=", tc.single), func(t *testing.T) {
			target, err := db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), "w.sqlite") + tc.pragma)
			if err != nil {
				t.Fatal(err)
			}
			open := func(ctx context.Context) (db.Conn, error) { return sqlite.Driver{}.Open(ctx, target) }
			c, err := open(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			f := &inFlight{}
			ds := dataset.New("dstest_w", "dstest_workload", nil, countedModel{indexedTables(), f})
			err = ds.Prepare(ctx, workload.PrepareEnv{Conn: c, Open: open, Driver: "sqlite", Parallel: 4,
				SingleWriter: tc.single, Seed: 1, Version: "test"})
			if err != nil {
				t.Fatalf("prepare: %v", err)
			}
			if !tc.wantTop(f.top) {
				t.Errorf("at most %d writes under way at once", f.top)
			}
			st, err := ds.Check(ctx, c)
			if err != nil || st.Stamp == nil || !st.Stamp.Complete {
				t.Fatalf("after prepare: stamp %+v, %v", st.Stamp, err)
			}
			rows, err := c.(sqldb.Conn).QueryStrings(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name LIKE 'dstest_w%'")
			if err != nil || rows[0][0] != "3" {
				t.Errorf("indexes: %v, %v; want 3", rows, err)
			}
		})
	}
}
