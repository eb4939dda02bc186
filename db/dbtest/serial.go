package dbtest

import (
	"context"
	"testing"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// serialReset checks what a prepare that loads explicit ids into an
// auto-increment column relies on: after the bulk load and the dialect's
// ResetSerialOf, the next generated id follows the loaded ones, for a
// column not named id (TPC-W's o_id, c_id).
func serialReset(t *testing.T, c sqldb.Conn) {
	ctx := context.Background()
	d := c.Dialect()
	table := "dbtest_serial"
	mustExec(t, c, d.DropTable(table))
	t.Cleanup(func() { c.Exec(ctx, d.DropTable(table)) })
	mustExec(t, c, "CREATE TABLE "+table+" (n_id "+d.SerialInt+" PRIMARY KEY, name VARCHAR(20)) "+d.TableOptions)
	rows := []sqldb.Row{{int64(1), "one"}, {int64(2), "two"}, {int64(7), "seven"}}
	if err := sqldb.InsertRows(ctx, c, table, []string{"n_id", "name"}, rows); err != nil {
		t.Fatal(err)
	}
	if q := d.ResetSerialOf(table, "n_id"); q != "" {
		mustExec(t, c, q)
	}
	ins, err := sqldb.PrepareIDInsert(ctx, c, "INSERT INTO "+table+" (name) VALUES (?)", "n_id")
	if err != nil {
		t.Fatal(err)
	}
	defer ins.Close()
	for want := int64(8); want <= 9; want++ {
		id, n, err := ins.Exec(ctx, "generated")
		if err != nil || n != 1 || id != want {
			t.Fatalf("insert after loading ids 1, 2, 7: id %d (%d rows, %v), want %d", id, n, err, want)
		}
	}
}
