package dbtest

import (
	"context"
	"fmt"
	"testing"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// likeIndex checks an index made with the dialect's LikeIndexOps: it is
// created, LIKE 'prefix%' reads the right rows through it, and the
// column still sorts.
func likeIndex(t *testing.T, c sqldb.Conn) {
	ctx := context.Background()
	d := c.Dialect()
	table := "dbtest_like"
	mustExec(t, c, d.DropTable(table))
	t.Cleanup(func() { c.Exec(ctx, d.DropTable(table)) })
	mustExec(t, c, "CREATE TABLE "+table+" (id INTEGER NOT NULL PRIMARY KEY, title VARCHAR(60)) "+d.TableOptions)
	var rows []sqldb.Row
	for i := range 200 {
		rows = append(rows, sqldb.Row{int64(i), fmt.Sprintf("%s %03d", []string{"BAOG", "BAAL", "OGBA"}[i%3], i)})
	}
	if err := sqldb.InsertRows(ctx, c, table, []string{"id", "title"}, rows); err != nil {
		t.Fatal(err)
	}
	mustExec(t, c, "CREATE INDEX dbtest_like_title ON "+table+" (title"+d.LikeIndexOps+")")
	got, err := c.QueryStrings(ctx, "SELECT COUNT(*), MIN(title) FROM "+table+" WHERE title LIKE ?", "BAOG%")
	if err != nil || fmt.Sprint(got) != "[[67 BAOG 000]]" {
		t.Fatalf("LIKE 'BAOG%%' over an index with %q: %v, %v", d.LikeIndexOps, got, err)
	}
	got, err = c.QueryStrings(ctx, d.Limit("SELECT title FROM "+table+" WHERE title LIKE ? ORDER BY title", "2"), "OGBA%")
	if err != nil || fmt.Sprint(got) != "[[OGBA 002] [OGBA 005]]" {
		t.Fatalf("LIKE 'OGBA%%' in title order: %v, %v", got, err)
	}
}
