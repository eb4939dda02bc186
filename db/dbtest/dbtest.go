// Package dbtest is the conformance suite every SQL driver passes: each
// driver's own test calls RunSQL with a way to open connections to a real
// database, and the suite checks what workloads rely on (statements, row
// reading, values read on the measured path, generated ids, text values, rows
// affected, transactions, error classes, bulk insert, stamps).
package dbtest

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/testenv"
)

// Opener opens a connection to the database under test.
type Opener func(ctx context.Context) (db.Conn, error)

// RunSQL runs the suite. The database must be empty of tables named
// dbtest_*; the suite drops what it creates.
func RunSQL(t *testing.T, open Opener) {
	ctx := context.Background()
	conn := func(t *testing.T) sqldb.Conn {
		t.Helper()
		c, err := open(ctx)
		if err != nil {
			t.Fatalf("open: %v", err)
		}
		t.Cleanup(func() { c.Close() })
		s, err := sqldb.Open(c, "driver under test")
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	c := conn(t)
	d := c.Dialect()
	table := "dbtest_items"
	mustExec(t, c, d.DropTable(table))
	t.Cleanup(func() { c.Exec(ctx, d.DropTable(table)) })
	mustExec(t, c, fmt.Sprintf("CREATE TABLE %s (id INTEGER NOT NULL PRIMARY KEY, name VARCHAR(20), n INTEGER) %s", table, d.TableOptions))

	t.Run("dialect", func(t *testing.T) {
		// Where transactions are the connection's (Oracle, SQL Server),
		// the dialect has no BEGIN statements.
		_, own := c.(sqldb.Transactor)
		noStatements := d.BeginWrite == "" || d.BeginRead == "" || d.Commit == "" || d.Rollback == ""
		if d.Name == "" || noStatements && !own || d.QuoteIdent == nil || d.TableExistsQuery == "" || d.SerialInt == "" {
			t.Fatalf("incomplete dialect: %+v", d)
		}
	})
	t.Run("version", func(t *testing.T) {
		v, ok := c.(db.Versioner)
		if !ok {
			t.Skip("driver does not report a server version")
		}
		s, err := v.ServerVersion(ctx)
		if err != nil || s == "" {
			t.Fatalf("server version %q, %v", s, err)
		}
	})
	t.Run("prepared statements", func(t *testing.T) {
		ins, err := c.Prepare(ctx, "INSERT INTO "+table+" (id, name, n) VALUES (?, ?, ?)")
		if err != nil {
			t.Fatal(err)
		}
		defer ins.Close()
		for i := 1; i <= 5; i++ {
			var name any = fmt.Sprintf("item%d", i)
			if i == 5 {
				name = nil
			}
			if n, err := ins.Exec(ctx, i, name, int64(i*10)); err != nil || n != 1 {
				t.Fatalf("insert %d: %d rows, %v", i, n, err)
			}
		}
		sel, err := c.Prepare(ctx, "SELECT name FROM "+table+" WHERE id BETWEEN ? AND ?")
		if err != nil {
			t.Fatal(err)
		}
		defer sel.Close()
		if n, err := sel.Query(ctx, 2, 4); err != nil || n != 3 {
			t.Fatalf("range select read %d rows, %v; want 3", n, err)
		}
		if n, err := sel.Query(ctx, 100, 200); err != nil || n != 0 {
			t.Fatalf("empty select read %d rows, %v", n, err)
		}
		upd, err := c.Prepare(ctx, "UPDATE "+table+" SET n=n+1 WHERE id=?")
		if err != nil {
			t.Fatal(err)
		}
		defer upd.Close()
		if n, err := upd.Exec(ctx, 3); err != nil || n != 1 {
			t.Fatalf("update affected %d, %v", n, err)
		}
		if n, err := upd.Exec(ctx, 999); err != nil || n != 0 {
			t.Fatalf("update of a missing row affected %d, %v", n, err)
		}
	})
	t.Run("text values", func(t *testing.T) {
		rows, err := c.QueryStrings(ctx, "SELECT id, name, n FROM "+table+" WHERE id IN (?, ?) ORDER BY id", 3, 5)
		if err != nil {
			t.Fatal(err)
		}
		want := [][]string{{"3", "item3", "31"}, {"5", "", "50"}}
		if fmt.Sprint(rows) != fmt.Sprint(want) {
			t.Fatalf("got %q, want %q", rows, want)
		}
	})
	t.Run("duplicate key class", func(t *testing.T) {
		_, err := c.Exec(ctx, "INSERT INTO "+table+" (id, name, n) VALUES (?, ?, ?)", 1, "again", 0)
		if got := db.ClassOf(err); got != db.DuplicateKey {
			t.Fatalf("duplicate insert: class %v (%v), want duplicate_key", got, err)
		}
	})
	t.Run("transactions", func(t *testing.T) {
		must(t, sqldb.Begin(ctx, c, false))
		mustExec(t, c, "INSERT INTO "+table+" (id, name, n) VALUES (100, 'rolled back', 0)")
		must(t, sqldb.Rollback(ctx, c))
		must(t, sqldb.Begin(ctx, c, false))
		mustExec(t, c, "INSERT INTO "+table+" (id, name, n) VALUES (101, 'committed', 0)")
		must(t, sqldb.Commit(ctx, c))
		rows, err := c.QueryStrings(ctx, "SELECT id FROM "+table+" WHERE id >= 100")
		if err != nil || fmt.Sprint(rows) != "[[101]]" {
			t.Fatalf("after rollback and commit: %v, %v", rows, err)
		}
		other := conn(t)
		if rows, err := other.QueryStrings(ctx, "SELECT id FROM "+table+" WHERE id = 101"); err != nil || len(rows) != 1 {
			t.Fatalf("another connection does not see the commit: %v, %v", rows, err)
		}
	})
	t.Run("bulk insert", func(t *testing.T) {
		var rows []sqldb.Row
		for i := 1000; i < 3500; i++ {
			rows = append(rows, sqldb.Row{i, "bulk", i})
		}
		if err := sqldb.InsertRows(ctx, c, table, []string{"id", "name", "n"}, rows); err != nil {
			t.Fatal(err)
		}
		got, err := c.QueryStrings(ctx, "SELECT COUNT(*), SUM(n) FROM "+table+" WHERE name = 'bulk'")
		if err != nil || fmt.Sprint(got) != "[[2500 5623750]]" {
			t.Fatalf("after bulk insert: %v, %v", got, err)
		}
	})
	t.Run("tables and stamps", func(t *testing.T) {
		if ok, err := sqldb.TableExists(ctx, c, table); err != nil || !ok {
			t.Fatalf("TableExists(%s) = %v, %v", table, ok, err)
		}
		if ok, err := sqldb.TableExists(ctx, c, "dbtest_no_such_table"); err != nil || ok {
			t.Fatalf("TableExists(missing) = %v, %v", ok, err)
		}
		s := &db.Stamp{Dataset: "dbtest", Workload: "w", Shape: map[string]string{"rows": "5"}, Objects: []string{table}, Complete: true}
		if err := sqldb.WriteStamp(ctx, c, s); err != nil {
			t.Fatal(err)
		}
		got, err := sqldb.ReadStamp(ctx, c, "dbtest")
		if err != nil || got == nil || got.Shape["rows"] != "5" || !got.Complete {
			t.Fatalf("stamp round trip: %+v, %v", got, err)
		}
		if err := sqldb.DeleteStamp(ctx, c, "dbtest"); err != nil {
			t.Fatal(err)
		}
		others, err := sqldb.ReadStamps(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		if ok, _ := sqldb.TableExists(ctx, c, sqldb.StampTable); ok && len(others) == 0 {
			t.Fatal("the stamp table outlived its last stamp")
		}
		for _, o := range others {
			if o.Dataset == "dbtest" {
				t.Fatal("the stamp was not deleted")
			}
		}
	})
	t.Run("values", func(t *testing.T) { runValues(t, conn) })
	t.Run("serial reset", func(t *testing.T) { serialReset(t, c) })
	t.Run("like index", func(t *testing.T) { likeIndex(t, c) })
	t.Run("cancelled context", func(t *testing.T) {
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		_, err := c.QueryStrings(cctx, "SELECT COUNT(*) FROM "+table)
		if err == nil {
			t.Fatal("a query with a cancelled context succeeded")
		}
		if !errors.Is(err, context.Canceled) && db.ClassOf(err) == db.ClassNone {
			t.Fatalf("unclassified error %v", err)
		}
		if _, err := c.QueryStrings(ctx, "SELECT 1"); err != nil {
			t.Fatalf("connection unusable after a cancelled query: %v", err)
		}
	})
}

func mustExec(t *testing.T, c sqldb.Conn, q string) {
	t.Helper()
	if _, err := c.Exec(context.Background(), q); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// must fails the test on a transaction step's error.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("transaction: %v", err)
	}
}

// ServerURL returns the URL of a real server for a driver's tests from the
// environment variable name (set by scripts/services). Without it the test
// is skipped loudly in a developer's quick loop, and fails under CI
// (testenv.URL).
func ServerURL(t testing.TB, name string) *db.Target {
	t.Helper()
	return parseURL(t, name, testenv.URL(t, name))
}

// parseURL parses raw, the URL in the environment variable name.
func parseURL(t testing.TB, name, raw string) *db.Target {
	t.Helper()
	target, err := db.ParseURL(raw)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return target
}

// Refused checks that a wrong password and a closed port give a
// *db.ConnectError naming host:port and never the password.
func Refused(t *testing.T, d db.Driver, target *db.Target) {
	t.Helper()
	pw := target.Password()
	if pw == "" {
		t.Fatal("the test server URL must carry a password")
	}
	for _, raw := range []string{
		strings.Replace(target.Raw, ":"+pw+"@", ":wrong-"+pw+"@", 1),
		strings.Replace(target.Raw, ":"+target.URL.Port(), ":1", 1),
	} {
		bad, err := db.ParseURL(raw)
		if err != nil {
			t.Fatal(err)
		}
		_, err = d.Open(context.Background(), bad)
		var ce *db.ConnectError
		if !errors.As(err, &ce) {
			t.Fatalf("got %v, want a ConnectError", err)
		}
		if !strings.Contains(ce.Error(), bad.URL.Hostname()+":") || strings.Contains(ce.Error(), pw) {
			t.Errorf("message %q must name host:port and not the password", ce.Error())
		}
	}
}

// Stats checks a StatsReader: a snapshot has settings, and counters move
// with work done between two snapshots.
func Stats(t *testing.T, c db.Conn, work func()) {
	t.Helper()
	r, ok := c.(db.StatsReader)
	if !ok {
		t.Fatal("the connection reads no server statistics")
	}
	before, err := r.ServerStats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	work()
	after, err := r.ServerStats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(after.Settings) == 0 {
		t.Error("no settings")
	}
	moved := 0
	for k, v := range after.Counters {
		if v != before.Counters[k] {
			moved++
		}
	}
	if len(after.Counters) > 0 && moved == 0 {
		t.Errorf("no counter moved over the work: %v", after.Counters)
	}
}

// Open connects d to target for a test and closes the connection at its end.
func Open(t *testing.T, d db.Driver, target *db.Target) db.Conn {
	t.Helper()
	c, err := d.Open(context.Background(), target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// ConnectionFootprint fails t if a connection made by open holds more than
// 32 KB of heap: a study with thousands of users holds thousands of
// connections.
func ConnectionFootprint(t *testing.T, open func(context.Context) (db.Conn, error)) {
	t.Helper()
	ConnectionFootprintUnder(t, open, 32<<10)
}

// ConnectionFootprintUnder is ConnectionFootprint with a bound of its own,
// for a driver whose library keeps fixed buffers larger than that.
func ConnectionFootprintUnder(t *testing.T, open func(context.Context) (db.Conn, error), limit float64) {
	t.Helper()
	perConn := heapPerConn(t, 20, open)
	t.Logf("%.1f KB of heap per connection", perConn/1024)
	if perConn > limit {
		t.Fatalf("%.1f KB of heap per open connection, want at most %.0f KB", perConn/1024, limit/1024)
	}
}

// heapPerConn opens n connections with open and returns the live heap they
// hold, in bytes per connection, measured after a collection with all n
// open.
func heapPerConn(t *testing.T, n int, open func(context.Context) (db.Conn, error)) float64 {
	t.Helper()
	live := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	conns := make([]db.Conn, 0, n)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	// One connection first: package-level state a driver builds on first
	// use is not a connection's cost.
	first, err := open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	conns = append(conns, first)
	before := live()
	for range n {
		c, err := open(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	return float64(int64(live())-int64(before)) / float64(n)
}
