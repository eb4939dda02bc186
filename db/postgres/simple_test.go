package postgres

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
)

// TestSimpleProtocol: a statement without arguments, read as its results
// come: the rows of every statement of a query string in order, NULL and
// empty text as "", rows of different widths, no rows as none, rows
// affected summed, a failing statement's error by class with nothing
// returned, and the connection usable after it. A large result is read
// whole and the next small one is still right (the buffers are reused).
// All of it through our own round trip (a context never cancelled, as the
// runner's) and through pgconn's Exec (a cancellable one). On the round
// trip, a COPY is refused with an error and leaves the connection in step
// (pgconn's Exec waits for ever on COPY FROM STDIN).
func TestSimpleProtocol(t *testing.T) {
	t.Parallel()
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	for name, cancellable := range map[string]bool{"round trip": false, "pgconn": true} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			if cancellable {
				ctx = t.Context()
			}
			testSimpleProtocol(t, ctx, dbtest.Open(t, Driver{}, target).(*Conn), !cancellable)
		})
	}
}

func testSimpleProtocol(t *testing.T, ctx context.Context, c *Conn, copies bool) {
	rows, err := c.QueryStrings(ctx, "SELECT 1, NULL::text, ''; SELECT 'x' UNION ALL SELECT 'yz'; SELECT 1 WHERE false")
	want := [][]string{{"1", "", ""}, {"x"}, {"yz"}}
	if err != nil || !reflect.DeepEqual(rows, want) {
		t.Fatalf("rows %q, %v; want %q", rows, err, want)
	}
	if rows, err := c.QueryStrings(ctx, "SELECT 1 WHERE false"); err != nil || rows != nil {
		t.Fatalf("no rows: %q, %v", rows, err)
	}
	if _, err := c.Exec(ctx, "CREATE TEMPORARY TABLE simple_rows (id INTEGER PRIMARY KEY)"); err != nil {
		t.Fatal(err)
	}
	if n, err := c.Exec(ctx, "INSERT INTO simple_rows VALUES (1), (2); INSERT INTO simple_rows VALUES (3)"); err != nil || n != 3 {
		t.Fatalf("inserts: %d rows affected, %v; want 3", n, err)
	}
	if n, err := c.Exec(ctx, "INSERT INTO simple_rows VALUES (4); INSERT INTO simple_rows VALUES (1)"); db.ClassOf(err) != db.DuplicateKey || n != 0 {
		t.Fatalf("duplicate: %d, %v (class %v); want duplicate_key", n, err, db.ClassOf(err))
	}
	if rows, err := c.QueryStrings(ctx, "SELECT 1; SELECT id FROM no_such_table"); err == nil || rows != nil {
		t.Fatalf("missing table: %q, %v; want an error and no rows", rows, err)
	}
	big, err := c.QueryStrings(ctx, "SELECT g, repeat('v', 100) FROM generate_series(1, 20000) g")
	if err != nil || len(big) != 20000 || big[19999][0] != "20000" || big[0][1] != strings.Repeat("v", 100) {
		t.Fatalf("large result: %d rows, %v", len(big), err)
	}
	if rows, err := c.QueryStrings(ctx, "SELECT id FROM simple_rows ORDER BY id"); err != nil || !reflect.DeepEqual(rows, [][]string{{"1"}, {"2"}, {"3"}}) {
		t.Fatalf("after: %q, %v", rows, err)
	}
	if !copies {
		return
	}
	if _, err := c.Exec(ctx, "COPY simple_rows FROM STDIN"); err == nil {
		t.Fatal("COPY FROM STDIN: no error")
	}
	if rows, err := c.QueryStrings(ctx, "COPY simple_rows TO STDOUT; SELECT 7"); err != nil || !reflect.DeepEqual(rows, [][]string{{"7"}}) {
		t.Fatalf("COPY TO STDOUT then a select: %q, %v; want the select's row", rows, err)
	}
	if n, err := c.Exec(ctx, "DELETE FROM simple_rows"); err != nil || n != 3 {
		t.Fatalf("after the copies: %d rows deleted, %v; want 3", n, err)
	}
}
