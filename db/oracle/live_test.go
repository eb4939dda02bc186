package oracle

import (
	"context"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// The live suite: it runs only against a real server named by
// DBGAUGE_TEST_ORACLE (oracle://user:password@host:1521/service, a user
// with SELECT_CATALOG_ROLE for the statistics), and was never run on the
// project's machines, which have no Oracle server.

func TestLiveConformance(t *testing.T) {
	tg := dbtest.OptionalServerURL(t, "DBGAUGE_TEST_ORACLE")
	dbtest.RunSQL(t, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, tg) })
}

// TestLiveRefused: a wrong password and a closed port are ConnectErrors
// naming host:port, never the password.
func TestLiveRefused(t *testing.T) {
	dbtest.Refused(t, Driver{}, dbtest.OptionalServerURL(t, "DBGAUGE_TEST_ORACLE"))
}

func TestLiveStats(t *testing.T) {
	tg := dbtest.OptionalServerURL(t, "DBGAUGE_TEST_ORACLE")
	c := dbtest.Open(t, Driver{}, tg)
	dbtest.Stats(t, c, func() {
		for range 50 {
			c.(*Conn).QueryStrings(context.Background(), "SELECT 1 FROM dual")
		}
	})
}

// TestLiveTransactions: a rolled-back insert is gone, a committed one is
// seen by another connection, and a read-only transaction refuses a write
// (ORA-01456).
func TestLiveTransactions(t *testing.T) {
	tg := dbtest.OptionalServerURL(t, "DBGAUGE_TEST_ORACLE")
	ctx := context.Background()
	c := dbtest.Open(t, Driver{}, tg).(*Conn)
	c.Exec(ctx, "DROP TABLE dbtest_tx")
	if _, err := c.Exec(ctx, "CREATE TABLE dbtest_tx (id NUMBER(10) PRIMARY KEY)"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Exec(ctx, "DROP TABLE dbtest_tx") })
	var tr sqldb.Transactor = c
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(tr.BeginTx(ctx, false))
	_, err := c.Exec(ctx, "INSERT INTO dbtest_tx (id) VALUES (?)", 1)
	must(err)
	must(tr.Rollback(ctx))
	must(tr.BeginTx(ctx, false))
	_, err = c.Exec(ctx, "INSERT INTO dbtest_tx (id) VALUES (?)", 2)
	must(err)
	must(tr.Commit(ctx))
	other := dbtest.Open(t, Driver{}, tg).(*Conn)
	rows, err := other.QueryStrings(ctx, "SELECT id FROM dbtest_tx ORDER BY id")
	if err != nil || len(rows) != 1 || rows[0][0] != "2" {
		t.Fatalf("after rollback and commit: %v, %v", rows, err)
	}
	must(tr.BeginTx(ctx, true))
	if _, err := c.Exec(ctx, "INSERT INTO dbtest_tx (id) VALUES (?)", 3); err == nil {
		t.Error("a read-only transaction took an insert")
	}
	must(tr.Rollback(ctx))
}

func TestLiveBulkInsert(t *testing.T) {
	tg := dbtest.OptionalServerURL(t, "DBGAUGE_TEST_ORACLE")
	ctx := context.Background()
	c := dbtest.Open(t, Driver{}, tg).(*Conn)
	c.Exec(ctx, "DROP TABLE dbtest_bulk")
	if _, err := c.Exec(ctx, "CREATE TABLE dbtest_bulk (id NUMBER(10) PRIMARY KEY, name VARCHAR2(20), n NUMBER(10))"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Exec(ctx, "DROP TABLE dbtest_bulk") })
	var rows []sqldb.Row
	for i := range 2500 {
		var name any = "bulk"
		if i%10 == 0 {
			name = nil
		}
		rows = append(rows, sqldb.Row{i, name, int64(i)})
	}
	if err := c.BulkInsert(ctx, "DBTEST_BULK", []string{"id", "name", "n"}, rows); err != nil {
		t.Fatal(err)
	}
	got, err := c.QueryStrings(ctx, "SELECT COUNT(*), COUNT(name), SUM(n) FROM dbtest_bulk")
	if err != nil || len(got) != 1 || got[0][0] != "2500" || got[0][1] != "2250" || got[0][2] != "3123750" {
		t.Fatalf("after the bulk insert: %v, %v", got, err)
	}
}
