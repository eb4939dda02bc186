package mysql

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/handlersocket"
)

// TestHandlerSocketParams: the hs-* parameters are read with the plugin's
// defaults and never reach go-sql-driver/mysql's DSN; a bad port is
// refused without quoting a secret.
func TestHandlerSocketParams(t *testing.T) {
	for raw, want := range map[string]handlersocket.Endpoints{
		"mysql://u:p@h:3307/db?hs-port=1&hs-port-wr=2&hs-secret=r&hs-secret-wr=w&timeout=2s": {Host: "h", Port: 1, PortWr: 2, Secret: "r", SecretWr: "w"},
		"mysql://u@h/db": {Host: "h", Port: 9998, PortWr: 9999},
		"mysql://u@localhost/db?socket=/tmp/my.sock&hs-secret=s": {Host: "127.0.0.1", Port: 9998, PortWr: 9999, Secret: "s"},
	} {
		tg, _ := db.ParseURL(raw)
		cfg, hs, err := config(tg)
		if err != nil {
			t.Fatal(err)
		}
		if hs != want {
			t.Errorf("%s: %+v, want %+v", raw, hs, want)
		}
		if dsn := cfg.FormatDSN(); strings.Contains(dsn, "hs-") || strings.Contains(dsn, "=r&") {
			t.Errorf("%s: the DSN carries HandlerSocket's parameters: %s", raw, dsn)
		}
	}
	for _, bad := range []string{"hs-port=x", "hs-port-wr=70000", "hs-port=0"} {
		tg, _ := db.ParseURL("mysql://u:pw@h/db?hs-secret=topsecret&" + bad)
		_, err := Config(tg)
		if err == nil || !strings.Contains(err.Error(), strings.Split(bad, "=")[0]) || strings.Contains(err.Error(), "topsecret") || strings.Contains(err.Error(), ":pw@") {
			t.Errorf("%s: %v; want an error naming the parameter and no secret", bad, err)
		}
	}
}

// hsTarget is the server in DBGAUGE_TEST_HANDLERSOCKET with its query
// changed by edit.
func hsTarget(t *testing.T, edit func(q url.Values)) *db.Target {
	t.Helper()
	base := dbtest.ServerURL(t, "DBGAUGE_TEST_HANDLERSOCKET")
	u := *base.URL
	q := u.Query()
	edit(q)
	u.RawQuery = q.Encode()
	target, err := db.ParseURL(u.String())
	if err != nil {
		t.Fatal(err)
	}
	return target
}

// TestHandlerSocketRefused (MariaDB with the plugin): a wrong secret, a
// missing one and a port the plugin does not listen on are ConnectErrors
// naming the address and what to set, never a secret; the right ones
// connect.
func TestHandlerSocketRefused(t *testing.T) {
	ctx := context.Background()
	good := hsTarget(t, func(url.Values) {})
	q := good.URL.Query()
	secrets := []string{q.Get("hs-secret"), q.Get("hs-secret-wr")}
	for _, tc := range []struct {
		name  string
		edit  func(url.Values)
		write bool
		want  string
	}{
		{"wrong read secret", func(q url.Values) { q.Set("hs-secret", "not-"+secrets[0]) }, false, "refused the secret given as hs-secret"},
		{"wrong write secret", func(q url.Values) { q.Set("hs-secret-wr", "not-"+secrets[1]) }, true, "refused the secret given as hs-secret-wr"},
		{"no write secret", func(q url.Values) { q.Del("hs-secret-wr") }, true, "add hs-secret-wr to the URL"},
		{"other read port", func(q url.Values) { q.Set("hs-port", "1") }, false, "read port is " + q.Get("hs-port") + " on this server, not 1: give hs-port=" + q.Get("hs-port")},
		{"other write port", func(q url.Values) { q.Set("hs-port-wr", "1") }, true, "write port is " + q.Get("hs-port-wr") + " on this server, not 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			target := hsTarget(t, tc.edit)
			c := dbtest.Open(t, Driver{}, target).(*Conn)
			_, err := c.OpenHandlerSocket(ctx, tc.write)
			var ce *db.ConnectError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "127.0.0.1:") {
				t.Errorf("%v; want a ConnectError naming the address and saying %q", err, tc.want)
			}
			for _, s := range append(secrets, "not-"+secrets[0], "not-"+secrets[1]) {
				if err != nil && strings.Contains(err.Error(), s) {
					t.Errorf("the error shows a secret: %v", err)
				}
			}
		})
	}
	c := dbtest.Open(t, Driver{}, good).(*Conn)
	for _, write := range []bool{false, true} {
		h, err := c.OpenHandlerSocket(ctx, write)
		if err != nil {
			t.Fatal(err)
		}
		h.Close()
	}
}

// TestHandlerSocketGuard (MariaDB with the plugin): open_index of a view
// is refused before anything is sent (opening a view crashed MariaDB
// 10.11.19), as is a table that does not exist; HandlerSocketTable reads
// a table's type, PRIMARY index and column types, which CheckStrings
// judges; Interrupt and Close end the HandlerSocket connections opened
// from the connection.
func TestHandlerSocketGuard(t *testing.T) {
	ctx := context.Background()
	admin := dbtest.Open(t, Driver{}, hsTarget(t, func(url.Values) {})).(*Conn)
	for _, q := range []string{
		"DROP VIEW IF EXISTS hs_guard_view", "DROP TABLE IF EXISTS hs_guard_base", "DROP TABLE IF EXISTS hs_guard_nopk",
		"CREATE TABLE hs_guard_base (k VARCHAR(20) NOT NULL PRIMARY KEY, v TEXT, n INT)",
		"CREATE VIEW hs_guard_view AS SELECT k, v FROM hs_guard_base",
		"CREATE TABLE hs_guard_nopk (k VARCHAR(20), v TEXT)",
	} {
		if _, err := admin.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		for _, q := range []string{"DROP VIEW IF EXISTS hs_guard_view", "DROP TABLE IF EXISTS hs_guard_base", "DROP TABLE IF EXISTS hs_guard_nopk"} {
			admin.Exec(context.Background(), q)
		}
	})
	// c is interrupted at the end.
	c, err := Driver{}.Open(ctx, hsTarget(t, func(url.Values) {}))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	h, err := c.(*Conn).OpenHandlerSocket(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ table, want string }{
		{"hs_guard_view", "it is a view"},
		{"hs_guard_missing", "no such table"},
	} {
		err := h.OpenIndex(ctx, 0, handlersocket.Index{Table: tc.table, Columns: []string{"k"}})
		var te *handlersocket.TableError
		if !errors.As(err, &te) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want a TableError saying %q", tc.table, err, tc.want)
		}
		if h.Pending() != 0 {
			// Never sent: close without flushing what was queued.
			h.Close()
			t.Fatalf("%s: the open_index was queued", tc.table)
		}
	}
	if err := h.OpenIndex(ctx, 0, handlersocket.Index{Table: "hs_guard_base", Columns: []string{"k", "v"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Next(ctx); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct{ table, want string }{
		{"hs_guard_base", ""},
		{"hs_guard_view", "it is a view"},
		{"hs_guard_nopk", "no PRIMARY index"},
		{"hs_guard_missing", "no such table"},
	} {
		tab, err := admin.HandlerSocketTable(ctx, tc.table)
		if err != nil {
			t.Fatal(err)
		}
		err = tab.CheckStrings("k", []string{"v"})
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: %v, want %q", tc.table, err, tc.want)
		}
	}
	tab, err := admin.HandlerSocketTable(ctx, "hs_guard_base")
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.CheckStrings("k", []string{"v", "n"}); err == nil || !strings.Contains(err.Error(), "column n is int") {
		t.Errorf("an INT column: %v", err)
	}
	if err := tab.CheckStrings("v", nil); err == nil || !strings.Contains(err.Error(), "PRIMARY index is (k), not (v)") {
		t.Errorf("another key: %v", err)
	}

	c.(*Conn).Interrupt()
	h.Find(0, &handlersocket.Query{Op: handlersocket.Eq, Keys: []string{"a"}})
	if _, err := h.Next(ctx); db.ClassOf(err) != db.ConnectionLost {
		t.Errorf("a find after Interrupt: %v, want a lost connection", err)
	}
	c2 := dbtest.Open(t, Driver{}, hsTarget(t, func(url.Values) {}))
	h2, err := c2.(*Conn).OpenHandlerSocket(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	c2.Close()
	h2.Find(0, &handlersocket.Query{Op: handlersocket.Eq, Keys: []string{"a"}})
	if _, err := h2.Next(ctx); db.ClassOf(err) != db.ConnectionLost {
		t.Errorf("a find after the MySQL connection closed: %v, want a lost connection", err)
	}
}
