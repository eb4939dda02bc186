package sqlserver

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// The live suite runs against the real TDS server named by
// DBGAUGE_TEST_SQLSERVER (sqlserver://user:password@host:1433?database=db,
// a database the login may create tables in). No SQL Server runs on the
// project's machines: scripts/services builds and starts Babelfish for
// PostgreSQL 4.3 (TDS and T-SQL over PostgreSQL 16), and scripts/test sets
// the variable. Without it these tests skip loudly, and fail under CI.

const liveVar = "DBGAUGE_TEST_SQLSERVER"

func TestConformance(t *testing.T) {
	target := dbtest.ServerURL(t, liveVar)
	dbtest.RunSQL(t, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) })
}

// TestRefused: a wrong password and a closed port are ConnectErrors naming
// host:port, never the password.
func TestRefused(t *testing.T) {
	dbtest.Refused(t, Driver{}, dbtest.ServerURL(t, liveVar))
}

// TestStats: counters move over work, settings are read.
func TestStats(t *testing.T) {
	c := dbtest.Open(t, Driver{}, dbtest.ServerURL(t, liveVar))
	dbtest.Stats(t, c, func() {
		var before map[string]float64
		if c.(*Conn).isBabelfish {
			s, _ := c.(*Conn).ServerStats(context.Background())
			before = s.Counters
		}
		for range 50 {
			c.(*Conn).QueryStrings(context.Background(), "SELECT 1")
		}
		// Babelfish's counters are PostgreSQL's pg_stat_database, which a
		// backend flushes when it goes idle, at most once a second (and
		// up to 10 s later): wait for the flush, as a run's interval does.
		for i := 0; before != nil && i < 60; i++ {
			s, _ := c.(*Conn).ServerStats(context.Background())
			if s.Counters["xact_commit"] != before["xact_commit"] {
				break
			}
			time.Sleep(250 * time.Millisecond)
		}
	})
	s, err := c.(*Conn).ServerStats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Watched) == 0 {
		t.Error("no watched counters")
	}
	for _, w := range s.Watched {
		if _, ok := s.Counters[w]; !ok {
			t.Errorf("watched counter %q not read", w)
		}
	}
	if c.(*Conn).isBabelfish {
		// No sys.dm_os_* views: PostgreSQL's pg_stat_database underneath.
		t.Logf("Babelfish: counters %v, settings %v", s.Counters, s.Settings)
		if s.Settings["babelfishpg_tsql.migration_mode"] == "" || s.Settings["shared_buffers"] == "" {
			t.Errorf("Babelfish's settings %v", s.Settings)
		}
		return
	}
	if _, ok := s.Counters["wait_time_ms WRITELOG"]; !ok {
		t.Error("no WRITELOG wait read")
	}
}

// TestLiveVersionAndStorage: the server names its version and its files.
func TestLiveVersionAndStorage(t *testing.T) {
	c := dbtest.Open(t, Driver{}, dbtest.ServerURL(t, liveVar)).(*Conn)
	v, err := c.ServerVersion(context.Background())
	if err != nil || len(v) < len("SQL Server 1") {
		t.Fatalf("version %q, %v", v, err)
	}
	t.Logf("server: %s", v)
	if c.isBabelfish != (os.Getenv("DBGAUGE_TEST_BABELFISH_PG") != "") || c.isBabelfish && !strings.HasPrefix(v, "Babelfish 4.3") {
		t.Errorf("Babelfish %v, version %q", c.isBabelfish, v)
	}
	st, err := c.ServerStorage(context.Background())
	if c.isBabelfish {
		// Its sys.database_files is empty, and PostgreSQL's data_directory
		// is hidden from a T-SQL login that is not a PostgreSQL superuser.
		t.Logf("Babelfish's storage: %+v, %v", st, err)
		return
	}
	if err != nil || st.DataDir == "" || st.LogDir == "" {
		t.Fatalf("storage %+v, %v", st, err)
	}
}

// TestLiveTransactions: the Transactor's transactions are the protocol's
// (the server counts one open without a BEGIN TRAN statement), its
// rollback undoes and its commit keeps, and a read-only transaction is an
// ordinary one.
func TestLiveTransactions(t *testing.T) {
	ctx := context.Background()
	c := dbtest.Open(t, Driver{}, dbtest.ServerURL(t, liveVar)).(*Conn)
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
		// The transaction manager request opened a transaction on the
		// server: no BEGIN TRAN statement was sent.
		if n, err := c.QueryStrings(ctx, "SELECT @@TRANCOUNT"); err != nil || fmt.Sprint(n) != "[[1]]" {
			t.Fatalf("@@TRANCOUNT inside BeginTx: %v, %v", n, err)
		}
		end := c.Rollback
		if commit {
			end = c.Commit
		}
		if err := end(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := c.QueryStrings(ctx, "SELECT @@TRANCOUNT"); err != nil || fmt.Sprint(n) != "[[0]]" {
		t.Fatalf("@@TRANCOUNT after the commit: %v, %v", n, err)
	}
	rows, err := c.QueryStrings(ctx, "SELECT id FROM "+table)
	if err != nil || fmt.Sprint(rows) != "[[1]]" {
		t.Fatalf("after a rollback and a commit: %v, %v", rows, err)
	}
}

// TestConnectionFootprint: a connection's heap is its packet buffers:
// go-mssqldb v1.11.2 takes one 64 KB buffer (32 KB to write, 32 KB to read)
// from its pool per connection, whatever the packet size (measured on
// Babelfish: 66 KB a connection in all).
func TestConnectionFootprint(t *testing.T) {
	target := dbtest.ServerURL(t, liveVar)
	dbtest.ConnectionFootprintUnder(t, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) }, 72<<10)
}

// TestLiveBulkIdentity: bulk-loaded ids go into an IDENTITY column as
// given.
func TestLiveBulkIdentity(t *testing.T) {
	ctx := context.Background()
	c := dbtest.Open(t, Driver{}, dbtest.ServerURL(t, liveVar)).(*Conn)
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

// TestLiveBulkChar: CHAR(n) values bulk-loaded read back whole, padded to
// n (Babelfish's own bulk copy stores them a byte short, and the driver
// loads there in multi-row INSERTs).
func TestLiveBulkChar(t *testing.T) {
	ctx := context.Background()
	c := dbtest.Open(t, Driver{}, dbtest.ServerURL(t, liveVar)).(*Conn)
	table := "dbtest_sqlserver_char"
	if _, err := c.Exec(ctx, dialect.DropTable(table)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Exec(ctx, dialect.DropTable(table)) })
	if _, err := c.Exec(ctx, "CREATE TABLE "+table+" (id INT NOT NULL PRIMARY KEY, c CHAR(12) NOT NULL, pad CHAR(6) NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	if err := c.BulkInsert(ctx, table, []string{"id", "c", "pad"}, []sqldb.Row{{1, "123456789012", "abc"}, {2, "12-34", "abcdef"}}); err != nil {
		t.Fatal(err)
	}
	rows, err := c.QueryStrings(ctx, "SELECT id, c, pad, DATALENGTH(c), DATALENGTH(pad) FROM "+table+" ORDER BY id")
	if err != nil || fmt.Sprint(rows) != "[[1 123456789012 abc    12 6] [2 12-34        abcdef 12 6]]" {
		t.Fatalf("bulk-loaded CHAR values: %q, %v", rows, err)
	}
}
