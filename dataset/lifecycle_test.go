package dataset_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/dataset/mongostore"
	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	dbmongo "github.com/dbgauge/dbgauge/db/mongo"
	"github.com/dbgauge/dbgauge/db/mysql"
	"github.com/dbgauge/dbgauge/db/postgres"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/workload"
)

// Test objects are named dstest_*: the servers are shared with other
// packages' tests running at the same time.
const (
	rows      = 50
	batchRows = 10
	unrelated = "dstest_unrelated"
)

// family is one data-model family under test, with the few raw operations
// the test needs to set the scene and look at the result.
type family struct {
	open func(ctx context.Context) (db.Conn, error)
	// model is the test data: names with rows rows each; onBatch is told of
	// every batch loaded (the test interrupts prepare from it).
	model func(names []string, onBatch func(int64)) dataset.Model
	// plant makes name with one row that no dataset owns.
	plant func(t *testing.T, c db.Conn, name string)
	// count returns the rows of name, -1 when it does not exist.
	count func(t *testing.T, c db.Conn, name string) int64
	// afterRan says whether name's after-load step ran.
	afterRan func(t *testing.T, c db.Conn, name string) bool
	// rawStamp returns the stamp of dataset as stored; put stores one.
	rawStamp func(t *testing.T, c db.Conn, dataset string) string
	putStamp func(t *testing.T, c db.Conn, dataset, raw string)
	// private is true when the database is the test's own (SQLite): the
	// stamp table's disappearance is checked there only.
	private    bool
	stampTable string
}

// TestLifecycle runs the lifecycle on SQLite, and on PostgreSQL, MariaDB and
// MongoDB (FerretDB) when scripts/services runs them.
func TestLifecycle(t *testing.T) {
	for _, tc := range []struct {
		name, env string
		driver    db.Driver
	}{
		{"sqlite", "", sqlite.Driver{}},
		{"postgres", "DBGAUGE_TEST_POSTGRES", postgres.Driver{}},
		{"mysql", "DBGAUGE_TEST_MYSQL", mysql.Driver{}},
		{"mongodb", "DBGAUGE_TEST_MONGO", dbmongo.Driver{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var target *db.Target
			if tc.env == "" {
				target, _ = db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), "ds.sqlite"))
			} else {
				target = dbtest.ServerURL(t, tc.env)
			}
			open := func(ctx context.Context) (db.Conn, error) { return tc.driver.Open(ctx, target) }
			f := sqlFamily(open)
			if tc.name == "mongodb" {
				f = mongoFamily(open)
			}
			f.private = tc.env == ""
			lifecycle(t, f)
		})
	}
}

// lifecycle is every scenario on one family.
func lifecycle(t *testing.T, f family) {
	ctx := context.Background()
	c, err := f.open(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	a, b, x := "dstest_a", "dstest_b", "dstest_x"
	mine := func(names ...string) *dataset.Dataset {
		return dataset.New("dstest", "dstest_workload", map[string]string{"tables": strconv.Itoa(len(names))}, f.model(names, nil))
	}
	// Leftovers of an earlier, failed run go first; an unrelated object
	// stays through everything.
	for _, ds := range []*dataset.Dataset{mine(a, b, x), dataset.New("dstest_other", "w", nil, f.model([]string{b}, nil))} {
		if _, err := ds.Cleanup(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []string{a, b, x, unrelated} {
		if err := drop(ctx, c, n); err != nil {
			t.Fatal(err)
		}
	}
	f.plant(t, c, unrelated)
	t.Cleanup(func() { drop(context.Background(), c, unrelated) })
	env := func() workload.PrepareEnv {
		return workload.PrepareEnv{Conn: c, Open: f.open, Driver: "test", Parallel: 2, Seed: 7, Version: "test"}
	}
	// interrupted is prepare's environment when the test interrupts it: one
	// loader, which stops before sending the batch that interrupts. With
	// more, a batch in flight on another connection is abandoned by the
	// client, and MongoDB may still apply it after the next prepare's drop.
	interrupted := func() workload.PrepareEnv {
		e := env()
		e.Parallel = 1
		return e
	}

	t.Run("prepare, check, cleanup", func(t *testing.T) {
		ds := mine(a, b)
		if st := check(t, ds, c); st.Stamp != nil || st.Foreign != nil || st.Claimed != nil {
			t.Fatalf("before prepare: %+v", st)
		}
		if err := ds.Prepare(ctx, env()); err != nil {
			t.Fatal(err)
		}
		st := check(t, ds, c)
		if st.Stamp == nil || !st.Stamp.Complete || st.Stamp.Mismatch(ds.Shape()) != "" || !slices.Equal(st.Stamp.Objects, []string{a, b}) {
			t.Fatalf("after prepare: stamp %+v", st.Stamp)
		}
		for _, n := range []string{a, b} {
			if got := f.count(t, c, n); got != rows {
				t.Errorf("%s has %d rows, want %d", n, got, rows)
			}
			if !f.afterRan(t, c, n) {
				t.Errorf("%s: the after-load step did not run", n)
			}
		}
		// The stamp as stored: the JSON the previous version wrote.
		raw := f.rawStamp(t, c, "dstest")
		want := `{"dataset":"dstest","workload":"dstest_workload","shape":{"tables":"2"},"info":{"dbgauge":"test","seed":"7"},"objects":["dstest_a","dstest_b"],"complete":true,"created_at":"`
		if !strings.HasPrefix(raw, want) {
			t.Errorf("stored stamp\n%s\nwant it to start with\n%s", raw, want)
		}
		cleanup(t, f, ds, c, a, b)
	})

	t.Run("interrupted prepare", func(t *testing.T) {
		ictx, cancel := context.WithCancel(ctx)
		defer cancel()
		ds := dataset.New("dstest", "dstest_workload", map[string]string{"tables": "3"},
			f.model([]string{a, b, x}, func(batch int64) {
				if batch == 2 {
					cancel()
				}
			}))
		if err := ds.Prepare(ictx, interrupted()); err == nil {
			t.Fatal("prepare went through its interruption")
		}
		st := check(t, ds, c)
		if st.Stamp == nil || st.Stamp.Complete || !slices.Equal(st.Stamp.Objects, []string{a, b, x}) || st.Foreign != nil {
			t.Fatalf("after the interruption: %+v, stamp %+v", st, st.Stamp)
		}
		// Prepared again with fewer objects, the stamp keeps claiming x.
		again := mine(a, b)
		if err := again.Prepare(ctx, env()); err != nil {
			t.Fatal(err)
		}
		st = check(t, again, c)
		if st.Stamp == nil || !st.Stamp.Complete || !slices.Equal(st.Stamp.Objects, []string{a, b, x}) {
			t.Fatalf("prepared again: stamp %+v", st.Stamp)
		}
		cleanup(t, f, again, c, a, b, x)
	})

	t.Run("interrupted prepare resumed", func(t *testing.T) {
		ictx, cancel := context.WithCancel(ctx)
		defer cancel()
		var loaded []string
		model := func(stop bool) dataset.Model {
			return f.model([]string{a, b}, func(batch int64) {
				// Batches come a0 b0 a1 b1 a2 ... with one loader.
				loaded = append(loaded, fmt.Sprint(batch))
				if stop && batch == 2 {
					cancel()
				}
			})
		}
		shape := map[string]string{"tables": "2"}
		first := dataset.New("dstest", "dstest_workload", shape, model(true))
		if err := first.Prepare(ictx, interrupted()); err == nil {
			t.Fatal("prepare went through its interruption")
		}
		st := check(t, first, c)
		if st.Stamp == nil || st.Stamp.Complete || st.Stamp.Loading == nil {
			t.Fatalf("after the interruption: stamp %+v", st.Stamp)
		}
		if l := st.Stamp.Loading[a]; l == nil || !slices.Equal(l.Busy, []int64{2}) || len(l.Done) != 1 || l.Done[0] != [2]int64{0, 2} {
			t.Fatalf("after the interruption, %s's progress is %+v, want batches 0-1 done and 2 busy", a, l)
		}
		loaded = nil
		var notes []string
		e := interrupted()
		e.Note = func(s string) { notes = append(notes, s) }
		again := dataset.New("dstest", "dstest_workload", shape, model(false))
		if err := again.Prepare(ctx, e); err != nil {
			t.Fatal(err)
		}
		// a's busy batch 2 is cleared and loaded again where the model can
		// clear one (SQL); without (MongoDB), a is made again whole.
		want := []string{"2", "2", "3", "3", "4", "4"}
		if _, sql := c.(sqldb.Conn); !sql {
			want = []string{"0", "1", "2", "2", "3", "3", "4", "4"}
		}
		if !slices.Equal(loaded, want) {
			t.Errorf("the resumed prepare loaded batches %v, want %v", loaded, want)
		}
		if len(notes) != 1 || !strings.Contains(notes[0], "4 of 10 batches are in") && !strings.Contains(notes[0], "made again whole") {
			t.Errorf("notes %q", notes)
		}
		st = check(t, again, c)
		if st.Stamp == nil || !st.Stamp.Complete || st.Stamp.Loading != nil {
			t.Fatalf("resumed: stamp %+v", st.Stamp)
		}
		for _, n := range []string{a, b} {
			if got := f.count(t, c, n); got != rows {
				t.Errorf("%s has %d rows, want %d", n, got, rows)
			}
			if !f.afterRan(t, c, n) {
				t.Errorf("%s: the after-load step did not run", n)
			}
		}
		cleanup(t, f, again, c, a, b)
	})

	t.Run("interrupted prepare cleaned up", func(t *testing.T) {
		ictx, cancel := context.WithCancel(ctx)
		defer cancel()
		ds := dataset.New("dstest", "dstest_workload", nil, f.model([]string{a, b}, func(batch int64) {
			if batch == 1 {
				cancel()
			}
		}))
		if err := ds.Prepare(ictx, interrupted()); err == nil {
			t.Fatal("prepare went through its interruption")
		}
		cleanup(t, f, ds, c, a, b)
	})

	t.Run("foreign", func(t *testing.T) {
		f.plant(t, c, a)
		ds := mine(a, b)
		st := check(t, ds, c)
		if st.Stamp != nil || !slices.Equal(st.Foreign, []string{a}) || st.Claimed != nil {
			t.Fatalf("state %+v, want %s foreign", st, a)
		}
		if err := ds.Prepare(ctx, env()); err == nil || !strings.Contains(err.Error(), "not created by dbgauge") {
			t.Fatalf("prepare over a foreign object: %v", err)
		}
		if dropped, err := ds.Cleanup(ctx, c); err != nil || dropped != nil {
			t.Fatalf("cleanup without a stamp dropped %v, %v", dropped, err)
		}
		if got := f.count(t, c, a); got != 1 {
			t.Fatalf("the foreign object was touched: %d rows", got)
		}
		e := env()
		e.Force = true
		if err := ds.Prepare(ctx, e); err != nil {
			t.Fatalf("prepare --force: %v", err)
		}
		if got := f.count(t, c, a); got != rows {
			t.Errorf("taken over, %s has %d rows, want %d", a, got, rows)
		}
		cleanup(t, f, ds, c, a, b)
	})

	t.Run("claimed", func(t *testing.T) {
		other := dataset.New("dstest_other", "w", nil, f.model([]string{b}, nil))
		if err := other.Prepare(ctx, env()); err != nil {
			t.Fatal(err)
		}
		ds := mine(a, b)
		st := check(t, ds, c)
		if st.Stamp != nil || st.Foreign != nil || len(st.Claimed) != 1 || st.Claimed[b] != "dstest_other" {
			t.Fatalf("state %+v, want %s claimed by dstest_other", st, b)
		}
		if err := ds.Prepare(ctx, env()); err == nil || !strings.Contains(err.Error(), "dataset dstest_other") {
			t.Fatalf("prepare over another dataset's object: %v", err)
		}
		if dropped, err := ds.Cleanup(ctx, c); err != nil || dropped != nil {
			t.Fatalf("cleanup without a stamp dropped %v, %v", dropped, err)
		}
		if got := f.count(t, c, b); got != rows {
			t.Fatalf("the other dataset's %s has %d rows", b, got)
		}
		if got := f.count(t, c, a); got != -1 {
			t.Fatalf("the refused prepare made %s", a)
		}
		cleanup(t, f, other, c, b)
	})

	t.Run("stamp of the previous version", func(t *testing.T) {
		f.plant(t, c, a)
		f.putStamp(t, c, "dstest", `{"dataset":"dstest","workload":"oltp_read_write","shape":{"tables":"1"},"info":{"dbgauge":"dev","seed":"0"},"objects":["dstest_a"],"complete":true,"created_at":"2025-01-02T03:04:05Z"}`)
		ds := mine(a)
		st := check(t, ds, c)
		if st.Stamp == nil || !st.Stamp.Complete || st.Stamp.Workload != "oltp_read_write" || st.Stamp.Mismatch(ds.Shape()) != "" || st.Foreign != nil {
			t.Fatalf("state %+v, stamp %+v", st, st.Stamp)
		}
		cleanup(t, f, ds, c, a)
	})

	t.Run("unsupported", func(t *testing.T) {
		ds := dataset.New("dstest", "dstest_workload", nil, unsupported{})
		var ue *db.UnsupportedError
		if _, err := ds.Check(ctx, c); !errors.As(err, &ue) || ue.Needs != "nothing real" {
			t.Errorf("check: %v", err)
		}
		if err := ds.Prepare(ctx, env()); !errors.As(err, &ue) || ue.Driver != "test" {
			t.Errorf("prepare: %v", err)
		}
	})
}

func check(t *testing.T, ds *dataset.Dataset, c db.Conn) workload.State {
	t.Helper()
	st, err := ds.Check(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// cleanup drops ds and checks that exactly names went, the unrelated object
// stayed, and so did the stamp table only while other stamps need it.
func cleanup(t *testing.T, f family, ds *dataset.Dataset, c db.Conn, names ...string) {
	t.Helper()
	ctx := context.Background()
	dropped, err := ds.Cleanup(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(slices.Sorted(slices.Values(dropped)), slices.Sorted(slices.Values(names))) {
		t.Errorf("dropped %v, want %v", dropped, names)
	}
	for _, n := range names {
		if got := f.count(t, c, n); got != -1 {
			t.Errorf("cleanup left %s", n)
		}
	}
	if got := f.count(t, c, unrelated); got != 1 {
		t.Errorf("cleanup touched %s: %d rows", unrelated, got)
	}
	if st := check(t, ds, c); st.Stamp != nil {
		t.Errorf("cleanup left the stamp %+v", st.Stamp)
	}
	if f.private && f.count(t, c, f.stampTable) != -1 {
		t.Errorf("cleanup left %s without a stamp in it", f.stampTable)
	}
	if dropped, err := ds.Cleanup(ctx, c); err != nil || dropped != nil {
		t.Errorf("a second cleanup dropped %v, %v", dropped, err)
	}
}

// unsupported is a model no connection binds.
type unsupported struct{}

func (unsupported) Needs() string                          { return "nothing real" }
func (unsupported) Names() []string                        { return []string{"dstest_a"} }
func (unsupported) Bind(db.Conn) (dataset.Store, bool)     { return nil, false }
func (unsupported) Plan(db.Conn) ([]dataset.Object, error) { return nil, nil }

// drop drops a table or collection outside any dataset.
func drop(ctx context.Context, c db.Conn, name string) error {
	if s, ok := c.(sqldb.Conn); ok {
		_, err := s.Exec(ctx, s.Dialect().DropTable(name))
		return err
	}
	if m, ok := c.(mongostore.Conn); ok {
		return m.Classify(m.Database().Collection(name).Drop(ctx))
	}
	return fmt.Errorf("%T is neither SQL nor MongoDB", c)
}

func sqlFamily(open func(context.Context) (db.Conn, error)) family {
	return family{
		open:       open,
		stampTable: sqldb.StampTable,
		model: func(names []string, onBatch func(int64)) dataset.Model {
			var ts sqlstore.Tables
			for _, n := range names {
				ts = append(ts, sqlstore.Table{
					Name: n,
					Create: func(d *sqldb.Dialect) (string, error) {
						return "CREATE TABLE " + n + " (id INTEGER NOT NULL PRIMARY KEY, v VARCHAR(20) NOT NULL) " + d.TableOptions, nil
					},
					Columns: []string{"id", "v"}, Rows: rows, BatchRows: batchRows,
					Clear: func(b int64) (string, []any) {
						return "id BETWEEN ? AND ?", []any{b*batchRows + 1, (b + 1) * batchRows}
					},
					Batch: func(_ uint64, b int64) []sqldb.Row {
						if onBatch != nil {
							onBatch(b)
						}
						var out []sqldb.Row
						for id := b*batchRows + 1; id <= (b+1)*batchRows; id++ {
							out = append(out, sqldb.Row{id, "loaded"})
						}
						return out
					},
					After: func(*sqldb.Dialect) []string { return []string{"UPDATE " + n + " SET v = 'after' WHERE id = 1"} },
				})
			}
			return ts
		},
		plant: func(t *testing.T, c db.Conn, name string) {
			s := c.(sqldb.Conn)
			for _, q := range []string{"CREATE TABLE " + name + " (precious VARCHAR(20))", "INSERT INTO " + name + " VALUES ('keep me')"} {
				if _, err := s.Exec(context.Background(), q); err != nil {
					t.Fatal(err)
				}
			}
		},
		count: func(t *testing.T, c db.Conn, name string) int64 {
			s := c.(sqldb.Conn)
			if ok, err := sqldb.TableExists(context.Background(), s, name); err != nil || !ok {
				if err != nil {
					t.Fatal(err)
				}
				return -1
			}
			return atoi(t, queryOne(t, s, "SELECT COUNT(*) FROM "+name))
		},
		afterRan: func(t *testing.T, c db.Conn, name string) bool {
			return queryOne(t, c.(sqldb.Conn), "SELECT v FROM "+name+" WHERE id = 1") == "after"
		},
		rawStamp: func(t *testing.T, c db.Conn, dataset string) string {
			return queryOne(t, c.(sqldb.Conn), "SELECT stamp FROM "+sqldb.StampTable+" WHERE name = ?", dataset)
		},
		putStamp: func(t *testing.T, c db.Conn, dataset, raw string) {
			s := c.(sqldb.Conn)
			if err := sqldb.WriteStamp(context.Background(), s, &db.Stamp{Dataset: dataset}); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Exec(context.Background(), "UPDATE "+sqldb.StampTable+" SET stamp = ? WHERE name = ?", raw, dataset); err != nil {
				t.Fatal(err)
			}
		},
	}
}

func mongoFamily(open func(context.Context) (db.Conn, error)) family {
	coll := func(c db.Conn, name string) *mongo.Collection {
		return c.(mongostore.Conn).Database().Collection(name)
	}
	return family{
		open:       open,
		stampTable: mongostore.StampCollection,
		model: func(names []string, onBatch func(int64)) dataset.Model {
			var cs mongostore.Collections
			for _, n := range names {
				cs = append(cs, mongostore.Collection{
					Name: n, Rows: rows, BatchRows: batchRows,
					Indexes: []mongo.IndexModel{{Keys: bson.D{{Key: "v", Value: 1}}, Options: options.Index().SetName(n + "_v")}},
					Batch: func(_ uint64, b int64) []any {
						if onBatch != nil {
							onBatch(b)
						}
						var out []any
						for id := b*batchRows + 1; id <= (b+1)*batchRows; id++ {
							out = append(out, bson.D{{Key: "_id", Value: id}, {Key: "v", Value: "loaded"}})
						}
						return out
					},
				})
			}
			return cs
		},
		plant: func(t *testing.T, c db.Conn, name string) {
			if _, err := coll(c, name).InsertOne(context.Background(), bson.D{{Key: "precious", Value: "keep me"}}); err != nil {
				t.Fatal(err)
			}
		},
		count: func(t *testing.T, c db.Conn, name string) int64 {
			ctx := context.Background()
			names, err := c.(mongostore.Conn).Database().ListCollectionNames(ctx, bson.D{{Key: "name", Value: name}})
			if err != nil {
				t.Fatal(err)
			}
			if len(names) == 0 {
				return -1
			}
			n, err := coll(c, name).CountDocuments(ctx, bson.D{})
			if err != nil {
				t.Fatal(err)
			}
			return n
		},
		afterRan: func(t *testing.T, c db.Conn, name string) bool {
			specs, err := coll(c, name).Indexes().ListSpecifications(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			return slices.ContainsFunc(specs, func(s mongo.IndexSpecification) bool { return s.Name == name+"_v" })
		},
		rawStamp: func(t *testing.T, c db.Conn, dataset string) string {
			var doc struct {
				Stamp string `bson:"stamp"`
			}
			if err := coll(c, mongostore.StampCollection).FindOne(context.Background(), bson.D{{Key: "_id", Value: dataset}}).Decode(&doc); err != nil {
				t.Fatal(err)
			}
			return doc.Stamp
		},
		putStamp: func(t *testing.T, c db.Conn, dataset, raw string) {
			_, err := coll(c, mongostore.StampCollection).ReplaceOne(context.Background(), bson.D{{Key: "_id", Value: dataset}},
				bson.D{{Key: "_id", Value: dataset}, {Key: "stamp", Value: raw}}, options.Replace().SetUpsert(true))
			if err != nil {
				t.Fatal(err)
			}
		},
	}
}

func queryOne(t *testing.T, c sqldb.Conn, q string, args ...any) string {
	t.Helper()
	rows, err := c.QueryStrings(context.Background(), q, args...)
	if err != nil || len(rows) != 1 {
		t.Fatalf("%s: %v, %v", q, rows, err)
	}
	return rows[0][0]
}

func atoi(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
