package sqlserver

import (
	"context"
	"fmt"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// The live suite runs against a real SQL Server named by
// DBGAUGE_TEST_SQLSERVER (sqlserver://user:password@host:1433?database=db,
// a database the login may create tables in). None can run on the project's
// machines, CI's included: without the variable these tests skip, loudly.

const liveVar = "DBGAUGE_TEST_SQLSERVER"

func TestConformance(t *testing.T) {
	target := dbtest.OptionalServerURL(t, liveVar)
	dbtest.RunSQL(t, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) })
}

// TestRefused: a wrong password and a closed port are ConnectErrors naming
// host:port, never the password.
func TestRefused(t *testing.T) {
	dbtest.Refused(t, Driver{}, dbtest.OptionalServerURL(t, liveVar))
}

// TestStats: counters move over work, settings are read.
func TestStats(t *testing.T) {
	c := dbtest.Open(t, Driver{}, dbtest.OptionalServerURL(t, liveVar))
	dbtest.Stats(t, c, func() {
		for range 50 {
			c.(*Conn).QueryStrings(context.Background(), "SELECT 1")
		}
	})
	s, err := c.(*Conn).ServerStats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range watched {
		if _, ok := s.Counters[w]; !ok {
			t.Errorf("watched counter %q not read", w)
		}
	}
	if _, ok := s.Counters["wait_time_ms WRITELOG"]; !ok {
		t.Error("no WRITELOG wait read")
	}
}

// TestLiveVersionAndStorage: the server names its version and its files.
func TestLiveVersionAndStorage(t *testing.T) {
	c := dbtest.Open(t, Driver{}, dbtest.OptionalServerURL(t, liveVar)).(*Conn)
	v, err := c.ServerVersion(context.Background())
	if err != nil || len(v) < len("SQL Server 1") {
		t.Fatalf("version %q, %v", v, err)
	}
	t.Logf("server: %s", v)
	st, err := c.ServerStorage(context.Background())
	if err != nil || st.DataDir == "" || st.LogDir == "" {
		t.Fatalf("storage %+v, %v", st, err)
	}
}

// TestLiveTransactions: the Transactor's rollback undoes and its commit
// keeps, and a read-only transaction is an ordinary one.
func TestLiveTransactions(t *testing.T) {
	ctx := context.Background()
	c := dbtest.Open(t, Driver{}, dbtest.OptionalServerURL(t, liveVar)).(*Conn)
	table := "dbtest_sqlserver_tx"
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := c.Exec(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(dialect.DropTable(table))
	t.Cleanup(func() { c.Exec(ctx, dialect.DropTable(table)) })
	exec("CREATE TABLE " + table + " (id INT NOT NULL PRIMARY KEY)")
	for i, commit := range []bool{false, true} {
		if err := c.BeginTx(ctx, i == 0); err != nil {
			t.Fatal(err)
		}
		exec("INSERT INTO "+table+" (id) VALUES (?)", i)
		end := c.Rollback
		if commit {
			end = c.Commit
		}
		if err := end(ctx); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := c.QueryStrings(ctx, "SELECT id FROM "+table)
	if err != nil || fmt.Sprint(rows) != "[[1]]" {
		t.Fatalf("after a rollback and a commit: %v, %v", rows, err)
	}
}

// TestConnectionFootprint: a connection's heap is its packet buffers.
func TestConnectionFootprint(t *testing.T) {
	target := dbtest.OptionalServerURL(t, liveVar)
	dbtest.ConnectionFootprint(t, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) })
}

// TestLiveBulkIdentity: bulk-loaded ids go into an IDENTITY column as
// given.
func TestLiveBulkIdentity(t *testing.T) {
	ctx := context.Background()
	c := dbtest.Open(t, Driver{}, dbtest.OptionalServerURL(t, liveVar)).(*Conn)
	table := "dbtest_sqlserver_identity"
	if _, err := c.Exec(ctx, dialect.DropTable(table)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Exec(ctx, dialect.DropTable(table)) })
	if _, err := c.Exec(ctx, "CREATE TABLE "+table+" (id "+dialect.SerialInt+" PRIMARY KEY, name VARCHAR(20))"); err != nil {
		t.Fatal(err)
	}
	if err := c.BulkInsert(ctx, table, []string{"id", "name"}, []sqldb.Row{{10, "ten"}, {20, "twenty"}}); err != nil {
		t.Fatal(err)
	}
	rows, err := c.QueryStrings(ctx, "SELECT id FROM "+table+" ORDER BY id")
	if err != nil || fmt.Sprint(rows) != "[[10] [20]]" {
		t.Fatalf("bulk-loaded ids: %v, %v", rows, err)
	}
}
