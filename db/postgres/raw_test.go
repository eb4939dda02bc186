package postgres

import (
	"context"
	"runtime"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/sockconn"
)

// TestRawSockets: the one-round-trip path over connections dialled in
// sockconn's raw mode (DBGAUGE_WAKEUPS=raw): point selects read their rows
// with collections in between, a server error leaves the connection usable,
// and an interrupt fails later calls as a lost connection. Not parallel:
// SetRaw is process-wide, and parallel tests start after this one ends.
func TestRawSockets(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4)) // a P for the raw read, as the runner gives
	was := sockconn.SetRaw(true)
	c := dbtest.Open(t, Driver{}, target).(*Conn)
	sockconn.SetRaw(was)
	ctx := context.WithoutCancel(context.Background())
	if _, err := c.Exec(ctx, "CREATE TEMPORARY TABLE raw_rt (id INTEGER PRIMARY KEY)"); err != nil {
		t.Fatal(err)
	}
	ins, err := c.Prepare(ctx, "INSERT INTO raw_rt SELECT generate_series(?::int, ?::int)")
	if err != nil {
		t.Fatal(err)
	}
	sel, err := c.Prepare(ctx, "SELECT id FROM raw_rt WHERE id = ?")
	if err != nil {
		t.Fatal(err)
	}
	if n, err := ins.Exec(ctx, 1, 100); err != nil || n != 100 {
		t.Fatalf("insert: %d rows affected, %v; want 100", n, err)
	}
	for i := range 500 {
		if i%100 == 0 {
			runtime.GC()
		}
		if n, err := sel.Query(ctx, 1+i%100); err != nil || n != 1 {
			t.Fatalf("point select %d: %d rows, %v; want 1", i, n, err)
		}
	}
	if _, err := ins.Exec(ctx, 5, 6); db.ClassOf(err) != db.DuplicateKey {
		t.Fatalf("duplicate insert: %v (class %v), want duplicate_key", err, db.ClassOf(err))
	}
	if n, err := sel.Query(ctx, 7); err != nil || n != 1 {
		t.Fatalf("after the error: %d rows, %v; want 1", n, err)
	}
	c.Interrupt()
	if _, err := sel.Query(ctx, 1); db.ClassOf(err) != db.ConnectionLost {
		t.Fatalf("after the interrupt: %v (class %v), want connection_lost", err, db.ClassOf(err))
	}
}
