package postgres

import (
	"context"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// TestRoundTrip: the one-round-trip path counts rows, reports rows
// affected and the server's errors by class, keeps the connection usable
// after an error, and after an interrupt fails every call as a lost
// connection instead of hanging or panicking.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	ctx := context.WithoutCancel(context.Background()) // the runner's kind: the round trip
	c := dbtest.Open(t, Driver{}, target).(*Conn)
	if _, err := c.Exec(ctx, "CREATE TEMPORARY TABLE rt (id INTEGER PRIMARY KEY)"); err != nil {
		t.Fatal(err)
	}
	prep := func(q string) sqldb.Stmt {
		st, err := c.Prepare(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	ins, sel := prep("INSERT INTO rt SELECT generate_series(?::int, ?::int)"), prep("SELECT id FROM rt WHERE id <= ?")
	if n, err := ins.Exec(ctx, 1, 25); err != nil || n != 25 {
		t.Fatalf("insert: %d rows affected, %v; want 25", n, err)
	}
	if n, err := sel.Query(ctx, 10); err != nil || n != 10 {
		t.Fatalf("select: %d rows, %v; want 10", n, err)
	}
	_, err := ins.Exec(ctx, 5, 6)
	if db.ClassOf(err) != db.DuplicateKey {
		t.Fatalf("duplicate insert: %v (class %v), want duplicate_key", err, db.ClassOf(err))
	}
	if n, err := sel.Query(ctx, 100); err != nil || n != 25 {
		t.Fatalf("after the error: %d rows, %v; want 25", n, err)
	}
	var id int64
	if n, err := sel.(sqldb.RowReader).QueryRow(ctx, []any{&id}, 3); err != nil || n != 3 || id != 1 {
		t.Fatalf("QueryRow: %d rows, first id %d, %v; want 3 rows from id 1", n, id, err)
	}
	c.Interrupt()
	for i := range 2 {
		if _, err := sel.Query(ctx, 1); db.ClassOf(err) != db.ConnectionLost {
			t.Fatalf("call %d after the interrupt: %v (class %v), want connection_lost", i, err, db.ClassOf(err))
		}
	}
}

func TestRowsAffected(t *testing.T) {
	t.Parallel()
	for tag, want := range map[string]int64{"UPDATE 1": 1, "INSERT 0 25": 25, "SELECT 100": 100, "BEGIN": 0, "": 0, "DELETE 0": 0} {
		if got := rowsAffected([]byte(tag)); got != want {
			t.Errorf("rowsAffected(%q) = %d, want %d", tag, got, want)
		}
	}
}
