package handlersocket_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	hs "github.com/dbgauge/dbgauge/db/handlersocket"
	"github.com/dbgauge/dbgauge/db/mysql"
)

// testDB is the tests' own database on the MariaDB server with the plugin:
// the bench database is shared with other tests.
const testDB = "dbgauge_hs"

// server returns a MySQL connection to the tests' database of the server
// in DBGAUGE_TEST_HANDLERSOCKET, whose URL carries the HandlerSocket ports
// and secrets, and the URL.
func server(t *testing.T) (*mysql.Conn, *db.Target) {
	t.Helper()
	base := dbtest.ServerURL(t, "DBGAUGE_TEST_HANDLERSOCKET")
	admin := dbtest.Open(t, mysql.Driver{}, base).(*mysql.Conn)
	if _, err := admin.Exec(context.Background(), "CREATE DATABASE IF NOT EXISTS "+testDB); err != nil {
		t.Fatal(err)
	}
	u := *base.URL
	u.Path = "/" + testDB
	target, err := db.ParseURL(u.String())
	if err != nil {
		t.Fatal(err)
	}
	return dbtest.Open(t, mysql.Driver{}, target).(*mysql.Conn), target
}

func exec(t *testing.T, c *mysql.Conn, qs ...string) {
	t.Helper()
	for _, q := range qs {
		if _, err := c.Exec(context.Background(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// table makes a fresh table of the tests' own, dropped at the end.
func table(t *testing.T, c *mysql.Conn, name, def string) {
	t.Helper()
	exec(t, c, "DROP TABLE IF EXISTS "+name, "CREATE TABLE "+name+" "+def+" ENGINE=InnoDB")
	t.Cleanup(func() { c.Exec(context.Background(), "DROP TABLE IF EXISTS "+name) })
}

func open(t *testing.T, c *mysql.Conn, write bool) *hs.Conn {
	t.Helper()
	h, err := c.OpenHandlerSocket(context.Background(), write)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// next reads one reply and fails on any error.
func next(t *testing.T, h *hs.Conn) *hs.Reply {
	t.Helper()
	r, err := h.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// rows copies a find's reply: "NULL" stands for NULL.
func rows(r *hs.Reply) [][]string {
	var out [][]string
	for i := range r.Rows() {
		row := make([]string, r.Columns)
		for j := range row {
			if v := r.Value(i, j); v == nil {
				row[j] = "NULL"
			} else {
				row[j] = string(v)
			}
		}
		out = append(out, row)
	}
	return out
}

// awkward are values that break a protocol of TAB-separated lines unless
// they are encoded: every byte below 0x10 (TAB, LF, NUL among them), the
// escape byte's partner range, the bytes above 0x7f, and the empty string.
func awkward() []string {
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	return []string{"tab\there", "line\nbreak\r\n", "\x00nul\x00", "\x01\x40 escape-like \x01", string(all), "", "plain"}
}

// TestValuesRoundTrip (MariaDB with the plugin): values holding tabs,
// newlines, NUL, every byte value and the empty string, written through
// HandlerSocket, read back equal through HandlerSocket and through SQL;
// written through SQL, read equal through HandlerSocket; NULL stays NULL
// and differs from the empty string.
func TestValuesRoundTrip(t *testing.T) {
	ctx := context.Background()
	c, _ := server(t)
	table(t, c, "hs_values", "(k VARBINARY(300) NOT NULL PRIMARY KEY, v BLOB, n INT NULL)")
	w, r := open(t, c, true), open(t, c, false)
	ix := hs.Index{Table: "hs_values", Columns: []string{"k", "v", "n"}}
	if err := w.OpenIndex(ctx, 0, ix); err != nil {
		t.Fatal(err)
	}
	if err := r.OpenIndex(ctx, 0, ix); err != nil {
		t.Fatal(err)
	}
	next(t, w)
	next(t, r)
	vals := awkward()
	// Pipelined: every insert is written before any reply is read.
	for i, v := range vals {
		w.Insert(0, []string{"k" + v, v, fmt.Sprint(i)})
	}
	w.Line("0").String("+").Int(3).String("null-row").Null().Null().End()
	if w.Pending() != len(vals)+1 {
		t.Fatalf("%d requests pending, want %d", w.Pending(), len(vals)+1)
	}
	for range len(vals) + 1 {
		next(t, w)
	}
	for i, v := range vals {
		r.Find(0, &hs.Query{Op: hs.Eq, Keys: []string{"k" + v}})
		got := rows(next(t, r))
		if want := [][]string{{"k" + v, v, fmt.Sprint(i)}}; !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("value %d through HandlerSocket: %q, want %q", i, got, want)
		}
		sql, err := c.QueryStrings(ctx, "SELECT HEX(v), n FROM hs_values WHERE k = ?", "k"+v)
		if err != nil || len(sql) != 1 || sql[0][0] != strings.ToUpper(hex.EncodeToString([]byte(v))) {
			t.Errorf("value %d through SQL: %v (%v)", i, sql, err)
		}
	}
	r.Find(0, &hs.Query{Op: hs.Eq, Keys: []string{"null-row"}})
	if reply := next(t, r); reply.Rows() != 1 || reply.Value(0, 1) != nil || reply.Value(0, 2) != nil {
		t.Errorf("NULLs read back as %q", rows(reply))
	}
	r.Find(0, &hs.Query{Op: hs.Eq, Keys: []string{"k"}}) // the empty value's row
	if reply := next(t, r); reply.Rows() != 1 || reply.Value(0, 1) == nil || len(reply.Value(0, 1)) != 0 {
		t.Errorf("the empty string read back as %q", rows(reply))
	}
	if sql, err := c.QueryStrings(ctx, "SELECT v IS NULL, n IS NULL FROM hs_values WHERE k = 'null-row'"); err != nil || sql[0][0] != "1" || sql[0][1] != "1" {
		t.Errorf("SQL sees the NULL row as %v (%v)", sql, err)
	}

	// Written by SQL, read by HandlerSocket.
	for i, v := range vals {
		if _, err := c.Exec(ctx, "INSERT INTO hs_values VALUES (?, ?, ?)", "s"+v, []byte(v), i); err != nil {
			t.Fatal(err)
		}
		r.Find(0, &hs.Query{Op: hs.Eq, Keys: []string{"s" + v}})
		if got := next(t, r); got.Rows() != 1 || !bytes.Equal(got.Value(0, 1), []byte(v)) {
			t.Errorf("value %d written by SQL reads %q through HandlerSocket", i, rows(got))
		}
	}
}

// TestFindAndModify (MariaDB with the plugin): = >= <= > < with limit and
// offset return what SQL's ORDER BY ... LIMIT returns, in that order (<=
// and < walk the index backwards); filters; update, increment, decrement
// and delete change what SQL then reads, with their counts; the '?' forms
// return the rows as they were.
func TestFindAndModify(t *testing.T) {
	ctx := context.Background()
	c, _ := server(t)
	table(t, c, "hs_find", "(k VARCHAR(20) NOT NULL PRIMARY KEY, v VARCHAR(20), n INT)")
	for i := range 20 {
		exec(t, c, fmt.Sprintf("INSERT INTO hs_find VALUES ('key%02d', 'v%d', %d)", i, i, i*10))
	}
	w, r := open(t, c, true), open(t, c, false)
	ix := hs.Index{Table: "hs_find", Columns: []string{"k", "v", "n"}, Filters: []string{"n"}}
	for _, h := range []*hs.Conn{w, r} {
		if err := h.OpenIndex(ctx, 3, ix); err != nil {
			t.Fatal(err)
		}
		next(t, h)
	}
	// Increments add to every column the index has: a number column alone
	// (a string key would be turned into a number, 0).
	if err := w.OpenIndex(ctx, 4, hs.Index{Table: "hs_find", Columns: []string{"n"}}); err != nil {
		t.Fatal(err)
	}
	next(t, w)
	sql := func(q string, args ...any) [][]string {
		t.Helper()
		out, err := c.QueryStrings(ctx, q, args...)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, tc := range []struct {
		q     hs.Query
		where string
	}{
		{hs.Query{Op: hs.Eq, Keys: []string{"key07"}}, "k = 'key07' ORDER BY k"},
		{hs.Query{Op: hs.GE, Keys: []string{"key05"}, Limit: 4}, "k >= 'key05' ORDER BY k LIMIT 4"},
		{hs.Query{Op: hs.GE, Keys: []string{"key05"}, Limit: 4, Offset: 3}, "k >= 'key05' ORDER BY k LIMIT 3, 4"},
		{hs.Query{Op: hs.GT, Keys: []string{"key05"}, Limit: 2}, "k > 'key05' ORDER BY k LIMIT 2"},
		{hs.Query{Op: hs.LE, Keys: []string{"key05"}, Limit: 3}, "k <= 'key05' ORDER BY k DESC LIMIT 3"},
		{hs.Query{Op: hs.LT, Keys: []string{"key05"}, Limit: 10, Offset: 1}, "k < 'key05' ORDER BY k DESC LIMIT 1, 10"},
		{hs.Query{Op: hs.GE, Keys: []string{"key19"}, Limit: 5}, "k >= 'key19' ORDER BY k LIMIT 5"},
		{hs.Query{Op: hs.Eq, Keys: []string{"nokey"}}, "k = 'nokey'"},
		{hs.Query{Op: hs.GE, Keys: []string{""}, Limit: 100, Filters: []hs.Filter{{Op: hs.GT, Column: 0, Value: "150"}}}, "n > 150 ORDER BY k"},
		{hs.Query{Op: hs.GE, Keys: []string{""}, Limit: 100, Filters: []hs.Filter{{Stop: true, Op: hs.LT, Column: 0, Value: "40"}}}, "n < 40 ORDER BY k"},
	} {
		r.Find(3, &tc.q)
		got, want := rows(next(t, r)), sql("SELECT k, v, n FROM hs_find WHERE "+tc.where)
		if len(got) != len(want) || !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%+v: %q; SQL (%s) reads %q", tc.q, got, tc.where, want)
		}
	}

	// Modifications, pipelined on the write port.
	w.Modify(3, &hs.Query{Op: hs.Eq, Keys: []string{"key01"}}, hs.Update, []string{"key01", "new", "11"})
	w.Modify(4, &hs.Query{Op: hs.GE, Keys: []string{"key02"}, Limit: 3}, hs.Increment, []string{"5"})
	w.Modify(4, &hs.Query{Op: hs.Eq, Keys: []string{"key09"}}, hs.Decrement, []string{"1"})
	w.Modify(3, &hs.Query{Op: hs.GE, Keys: []string{"key15"}, Limit: 2}, hs.Delete, nil)
	w.Modify(3, &hs.Query{Op: hs.Eq, Keys: []string{"nokey"}}, hs.Delete, nil)
	w.Modify(3, &hs.Query{Op: hs.Eq, Keys: []string{"key10"}}, hs.Update.Returning(), []string{"key10", "ten", "1000"})
	for i, want := range []int64{1, 3, 1, 2, 0} {
		if got := next(t, w).Modified(); got != want {
			t.Errorf("modification %d changed %d rows, want %d", i, got, want)
		}
	}
	if got := rows(next(t, w)); !slices.EqualFunc(got, [][]string{{"key10", "v10", "100"}}, slices.Equal) {
		t.Errorf("U? returned %q, want the row before the update", got)
	}
	for _, check := range [][2]string{
		{"SELECT v, n FROM hs_find WHERE k = 'key01'", "new 11"},
		{"SELECT GROUP_CONCAT(n ORDER BY k) FROM hs_find WHERE k BETWEEN 'key02' AND 'key04'", "25,35,45"},
		{"SELECT n FROM hs_find WHERE k = 'key09'", "89"},
		{"SELECT COUNT(*) FROM hs_find WHERE k IN ('key15', 'key16')", "0"},
		{"SELECT v, n FROM hs_find WHERE k = 'key10'", "ten 1000"},
		{"SELECT COUNT(*) FROM hs_find", "18"},
	} {
		got := sql(check[0])
		if s := strings.Join(got[0], " "); s != check[1] {
			t.Errorf("%s: %s, want %s", check[0], s, check[1])
		}
	}
}

// TestErrors (MariaDB with the plugin): the server's refusals come back
// classified, and the connection goes on after each: a duplicate key, a
// key with more parts than the index (kpnum), an unknown modify operation
// (modop), an index id never opened (stmtnum), a write on the read port; a
// table that does not exist (open_table) on a connection without the SQL
// guard; requests before authentication (unauth); a wrong secret at Dial.
func TestErrors(t *testing.T) {
	ctx := context.Background()
	c, target := server(t)
	table(t, c, "hs_errors", "(k VARCHAR(20) NOT NULL PRIMARY KEY, v VARCHAR(20))")
	exec(t, c, "INSERT INTO hs_errors VALUES ('a', 'x')")
	w, r := open(t, c, true), open(t, c, false)
	ix := hs.Index{Table: "hs_errors", Columns: []string{"k", "v"}}
	for _, h := range []*hs.Conn{w, r} {
		if err := h.OpenIndex(ctx, 0, ix); err != nil {
			t.Fatal(err)
		}
		next(t, h)
	}
	type want struct {
		code  int
		msg   string
		class db.Class
	}
	check := func(h *hs.Conn, w want) {
		t.Helper()
		reply, err := h.Next(ctx)
		var e *hs.Error
		if !errors.As(err, &e) || e.Code != w.code || e.Message != w.msg || db.ClassOf(err) != w.class || reply == nil || reply.Code != w.code {
			t.Errorf("got %v (class %v), want %d %s (%v)", err, db.ClassOf(err), w.code, w.msg, w.class)
		}
	}
	w.Insert(0, []string{"a", "again"})
	w.Find(0, &hs.Query{Op: hs.Eq, Keys: []string{"a", "b"}})
	w.Line("0").String("=").Int(1).String("a").Int(1).Int(0).String("X").String("a").String("b").End()
	w.Find(7, &hs.Query{Op: hs.Eq, Keys: []string{"a"}})
	w.Find(0, &hs.Query{Op: hs.Eq, Keys: []string{"a"}}) // still in step after four errors
	check(w, want{1, "121", db.DuplicateKey})
	check(w, want{2, "kpnum", db.Other})
	check(w, want{2, "modop", db.Other})
	check(w, want{2, "stmtnum", db.Other})
	if got := rows(next(t, w)); len(got) != 1 || got[0][1] != "x" {
		t.Errorf("after the errors the row reads %q", got)
	}
	r.Insert(0, []string{"b", "y"})
	check(r, want{2, "readonly", db.Other})

	// No SQL guard: a raw connection to a table that does not exist.
	e, err := hs.FromQuery("127.0.0.1", target.URL.Query())
	if err != nil {
		t.Fatal(err)
	}
	raw, err := hs.Dial(ctx, e.Read(testDB))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if err := raw.OpenIndex(ctx, 0, hs.Index{Table: "hs_no_such_table", Columns: []string{"k"}}); err != nil {
		t.Fatal(err)
	}
	check(raw, want{1, "open_table", db.Other})

	noAuth := e.Read(testDB)
	noAuth.Secret = ""
	bare, err := hs.Dial(ctx, noAuth)
	if err != nil {
		t.Fatal(err)
	}
	defer bare.Close()
	if err := bare.OpenIndex(ctx, 0, ix); err != nil {
		t.Fatal(err)
	}
	reply, err := bare.Next(ctx)
	if !hs.IsUnauth(err) || reply.Code != 3 {
		t.Errorf("open_index without the secret: %v", err)
	}

	wrong := e.Write(testDB)
	wrong.Secret = "not-" + wrong.Secret
	if _, err := hs.Dial(ctx, wrong); err == nil || !strings.Contains(err.Error(), wrong.Addr) || strings.Contains(err.Error(), wrong.Secret) {
		t.Errorf("a wrong secret: %v; want a ConnectError naming the address and not the secret", err)
	} else if ce := (*db.ConnectError)(nil); !errors.As(err, &ce) {
		t.Errorf("a wrong secret: %T, want a *db.ConnectError", err)
	}
}
