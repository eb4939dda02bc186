package mysql

import (
	"context"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// handlerKeys are keys that a literal written carelessly into a statement
// would break or turn into another statement.
var handlerKeys = []string{"user123", "it's", `back\slash`, `quote"d`, "ünïcødé ключ", "", "x'); DROP TABLE handler_keys; --"}

// TestHandler (MariaDB): OpenHandler's reads are server-side prepared
// statements on MariaDB; they and the text statements a server that will
// not prepare HANDLER READ gets find every key, awkward ones included,
// under either backslash mode, and no missing one; CloseHandler closes the
// handler.
func TestHandler(t *testing.T) {
	ctx := context.Background()
	base := dbtest.ServerURL(t, "DBGAUGE_TEST_MYSQL")
	admin := dbtest.Open(t, Driver{}, base).(*Conn)
	// A database of the tests' own: the bench database is shared.
	if _, err := admin.Exec(ctx, "CREATE DATABASE IF NOT EXISTS dbgauge_kv_handler"); err != nil {
		t.Fatal(err)
	}
	u := *base.URL
	u.Path = "/dbgauge_kv_handler"
	target, err := db.ParseURL(u.String())
	if err != nil {
		t.Fatal(err)
	}
	c := dbtest.Open(t, Driver{}, target).(*Conn)
	for _, q := range []string{"DROP TABLE IF EXISTS handler_keys", "CREATE TABLE handler_keys (k VARCHAR(64) NOT NULL PRIMARY KEY, v TEXT) CHARACTER SET utf8mb4"} {
		if _, err := c.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { c.Exec(context.Background(), "DROP TABLE IF EXISTS handler_keys") })
	for _, k := range handlerKeys {
		if _, err := c.Exec(ctx, "INSERT INTO handler_keys VALUES (?, ?)", k, "value of "+k); err != nil {
			t.Fatal(err)
		}
	}

	get, scan, err := c.OpenHandler(ctx, "handler_keys", "PRIMARY")
	if err != nil {
		t.Fatal(err)
	}
	if _, text := get.(*textStmt); text {
		t.Error("MariaDB prepares HANDLER READ, but the get is sent as text")
	}
	textGet := c.textStmt("HANDLER `handler_keys` READ `PRIMARY` = (?)")
	textScan := c.textStmt("HANDLER `handler_keys` READ `PRIMARY` >= (?) LIMIT ?")
	for _, mode := range []string{"", "NO_BACKSLASH_ESCAPES"} {
		if _, err := c.Exec(ctx, "SET SESSION sql_mode = '"+mode+"'"); err != nil {
			t.Fatal(err)
		}
		for name, st := range map[string]sqldb.Stmt{"prepared": get, "text": textGet} {
			for _, k := range handlerKeys {
				var key, v string
				n, err := st.(sqldb.RowReader).QueryRow(ctx, []any{&key, &v}, k)
				if err != nil || n != 1 || key != k || v != "value of "+k {
					t.Errorf("%s, sql_mode %q: key %q read %d rows %q %q (%v)", name, mode, k, n, key, v, err)
				}
			}
			if n, err := st.Query(ctx, "no such key"); n != 0 || err != nil {
				t.Errorf("%s: a missing key read %d rows (%v)", name, n, err)
			}
		}
		for name, st := range map[string]sqldb.Stmt{"prepared": scan, "text": textScan} {
			if n, err := st.Query(ctx, "", 3); n != 3 || err != nil {
				t.Errorf("%s scan: %d rows, want 3 (%v)", name, n, err)
			}
		}
	}
	if n, err := c.QueryStrings(ctx, "SELECT COUNT(*) FROM handler_keys"); err != nil || n[0][0] != "7" {
		t.Errorf("the table changed: %v (%v)", n, err)
	}
	if _, err := textGet.Query(ctx, "a", "b"); err == nil {
		t.Error("two arguments for one placeholder were accepted")
	}
	if _, err := textGet.Query(ctx, 1.5); err == nil {
		t.Error("a float was written as a literal")
	}

	if err := c.CloseHandler(ctx, "handler_keys"); err != nil {
		t.Fatal(err)
	}
	if _, err := get.Query(ctx, "user123"); err == nil {
		t.Error("the handler still reads after CloseHandler")
	}
	get.Close()
	scan.Close()
}
