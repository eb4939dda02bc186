package cubrid

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// scenarios are the conversations of testdata/: each runs against the
// live server to record it (TestRecord) and against its recording in the
// unit tests (TestReplay), checking the same results both ways.
var scenarios = []scenario{
	{"open", "handshake, CAS login, server version, close", scenarioOpen},
	{"query", "prepare, execute, fetch: every type written and read back, rows over several fetches, NULLs, transactions", scenarioQuery},
	{"error", "error replies: a duplicate key, a syntax error, a missing table; the connection stays usable", scenarioError},
	{"dropped", "the CAS drops the socket between transactions (its process killed): the driver logs in again and carries on", scenarioDropped},
	{"badlogin", "a login the database refuses", scenarioBadLogin},
}

// TestReplay plays every recorded conversation.
func TestReplay(t *testing.T) {
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			r := &replay{t: t, s: readScript(t, sc.name)}
			target, err := db.ParseURL("cubrid://bench:" + recordedPassword + "@127.0.0.1:53300/bench")
			if err != nil {
				t.Fatal(err)
			}
			defer r.done()
			sc.run(t, r.driver(), target, replayed)
		})
	}
}

func openConn(t *testing.T, d Driver, target *db.Target) *Conn {
	t.Helper()
	c, err := d.Open(context.Background(), target)
	if err != nil {
		t.Fatal(err)
	}
	return c.(*Conn)
}

func mustExec(t *testing.T, c sqldb.Conn, q string, args ...any) int64 {
	t.Helper()
	n, err := c.Exec(context.Background(), q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

func scenarioOpen(t *testing.T, d Driver, target *db.Target, _ bool) {
	c := openConn(t, d, target)
	v, err := c.ServerVersion(context.Background())
	if err != nil || !strings.HasPrefix(v, "CUBRID 11.") {
		t.Fatalf("server version %q, %v", v, err)
	}
	if c.casPID <= 0 {
		t.Errorf("CAS pid %d", c.casPID)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}

// typesTable has a column of each type the driver reads and writes.
const typesTable = `CREATE TABLE wire_types (id INTEGER NOT NULL PRIMARY KEY, i INTEGER, big BIGINT, sm SHORT,
num NUMERIC(12,2), f FLOAT, d DOUBLE, ch CHAR(6), vc VARCHAR(60), st STRING, dt DATE, tm TIME, dtm DATETIME, ts TIMESTAMP)`

// typesRow is the values written into wire_types for row id.
func typesRow(id int) []any {
	return []any{id, id * 7, int64(id) << 33, int16(id % 300), fmt.Sprintf("%d.25", id), float32(id) + 0.5, float64(id) / 4,
		"ch", fmt.Sprintf("varchar %d with text enough to span several fetches", id), strings.Repeat("s", id%50),
		time.Date(2009, 7, 30, 0, 0, 0, 0, time.UTC), time.Date(2000, 1, 1, 16, 25, 44, 0, time.UTC),
		time.Date(2009, 7, 30, 16, 25, 44, 123e6, time.UTC), time.Date(2019, 1, 2, 3, 4, 5, 0, time.UTC)}
}

// typesText is typesRow as the driver reads it back as text.
func typesText(id int) []string {
	return []string{fmt.Sprint(id), fmt.Sprint(id * 7), fmt.Sprint(int64(id) << 33), fmt.Sprint(id % 300), fmt.Sprintf("%d.25", id),
		fmt.Sprint(float32(id) + 0.5), fmt.Sprint(float64(id) / 4), "ch    ",
		fmt.Sprintf("varchar %d with text enough to span several fetches", id), strings.Repeat("s", id%50),
		"2009-07-30", "16:25:44", "2009-07-30 16:25:44.123", "2019-01-02 03:04:05"}
}

// typesRows spans several fetches (the CAS sends about 8 KB of rows a reply).
const typesRows = 150

func scenarioQuery(t *testing.T, d Driver, target *db.Target, _ bool) {
	ctx := context.Background()
	c := openConn(t, d, target)
	defer c.Close()
	mustExec(t, c, "DROP TABLE IF EXISTS wire_types")
	mustExec(t, c, typesTable)
	ins, err := c.Prepare(ctx, "INSERT INTO wire_types VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
	if err != nil {
		t.Fatal(err)
	}
	// One row in a transaction rolled back, one committed; the others
	// by the bulk loader (a prepared multi-row INSERT).
	for _, commit := range []bool{false, true} {
		if err := c.BeginTx(ctx, false); err != nil {
			t.Fatal(err)
		}
		if n, err := ins.Exec(ctx, typesRow(typesRows)...); err != nil || n != 1 {
			t.Fatalf("insert: %d, %v", n, err)
		}
		end := c.Rollback
		if commit {
			end = c.Commit
		}
		if err := end(ctx); err != nil {
			t.Fatal(err)
		}
	}
	ins.Close()
	var rows []sqldb.Row
	for id := 1; id < typesRows; id++ {
		rows = append(rows, typesRow(id))
	}
	if err := c.BulkInsert(ctx, "wire_types", []string{"id", "i", "big", "sm", "num", "f", "d", "ch", "vc", "st", "dt", "tm", "dtm", "ts"}, rows); err != nil {
		t.Fatal(err)
	}
	mustExec(t, c, "INSERT INTO wire_types (id) VALUES (?)", 0) // a row of NULLs

	// Every row back as text, over several fetches.
	got, err := c.QueryStrings(ctx, "SELECT * FROM wire_types WHERE id > ? ORDER BY id", 0)
	if err != nil || len(got) != typesRows {
		t.Fatalf("%d rows, %v", len(got), err)
	}
	for i, r := range got {
		if want := typesText(i + 1); fmt.Sprint(r) != fmt.Sprint(want) {
			t.Fatalf("row %d read back as\n%q\nwritten as\n%q", i+1, r, want)
		}
	}
	// Values into typed destinations.
	st, err := c.Prepare(ctx, "SELECT i, big, sm, num, f, d, vc, dtm FROM wire_types WHERE id >= ? ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var i, big, sm int64
	var num, f, dbl float64
	var vc string
	dtm := make([]byte, 0, 32)
	dest := []any{&i, &big, &sm, &num, &f, &dbl, &vc, &dtm}
	n, err := st.(sqldb.RowReader).QueryRow(ctx, dest, 3)
	if err != nil || n != typesRows-2 {
		t.Fatalf("%d rows, %v", n, err)
	}
	if i != 21 || big != 3<<33 || sm != 3 || num != 3.25 || f != 3.5 || dbl != 0.75 || !strings.HasPrefix(vc, "varchar 3 ") ||
		string(dtm) != "2009-07-30 16:25:44.123" {
		t.Fatalf("read %v %v %v %v %v %v %q %q", i, big, sm, num, f, dbl, vc, dtm)
	}
	// NULLs.
	var ni sqldb.Null[int64]
	var nf sqldb.Null[float64]
	var ns sqldb.Null[string]
	var nb []byte
	nullDest := []any{&ni, &ni, &ni, &nf, &nf, &nf, &ns, &nb}
	if n, err := st.(sqldb.RowReader).QueryRow(ctx, nullDest, 0); err != nil || n != typesRows+1 || ni.Valid || nf.Valid || ns.Valid || nb != nil {
		t.Fatalf("NULLs: %d rows, %v: %+v %+v %+v %q", n, err, ni, nf, ns, nb)
	}
	if n, err := st.Query(ctx, typesRows); err != nil || n != 1 {
		t.Fatalf("count: %d, %v", n, err)
	}
	if n := mustExec(t, c, "UPDATE wire_types SET i = i + 1 WHERE id BETWEEN 1 AND ?", 10); n != 10 {
		t.Fatalf("update changed %d rows", n)
	}
	mustExec(t, c, "DROP TABLE wire_types")
}

func scenarioError(t *testing.T, d Driver, target *db.Target, _ bool) {
	ctx := context.Background()
	c := openConn(t, d, target)
	defer c.Close()
	mustExec(t, c, "DROP TABLE IF EXISTS wire_errors")
	mustExec(t, c, "CREATE TABLE wire_errors (id INTEGER NOT NULL PRIMARY KEY)")
	mustExec(t, c, "INSERT INTO wire_errors VALUES (1)")
	for _, tc := range []struct {
		sql   string
		class db.Class
		code  string
	}{
		{"INSERT INTO wire_errors VALUES (1)", db.DuplicateKey, "-670"},
		{"SELEKT 1", db.Other, "-493"},
		{"SELECT * FROM wire_no_such_table", db.Other, "-493"},
	} {
		_, err := c.Exec(ctx, tc.sql)
		var de *db.Error
		var ce *Error
		if !errors.As(err, &de) || de.Class != tc.class || !errors.As(err, &ce) || ce.Message == "" {
			t.Fatalf("%s: %v (class %v), want %v", tc.sql, err, db.ClassOf(err), tc.class)
		}
	}
	if rows, err := c.QueryStrings(ctx, "SELECT COUNT(*) FROM wire_errors"); err != nil || fmt.Sprint(rows) != "[[1]]" {
		t.Fatalf("after the errors: %v, %v", rows, err)
	}
	mustExec(t, c, "DROP TABLE wire_errors")
}

func scenarioDropped(t *testing.T, d Driver, target *db.Target, live bool) {
	ctx := context.Background()
	c := openConn(t, d, target)
	defer c.Close()
	st, err := c.Prepare(ctx, "SELECT ? + 1 FROM db_root")
	if err != nil {
		t.Fatal(err)
	}
	var v int64
	if _, err := st.(sqldb.RowReader).QueryRow(ctx, []any{&v}, 1); err != nil || v != 2 {
		t.Fatalf("before: %d, %v", v, err)
	}
	if live {
		if err := syscall.Kill(int(c.casPID), syscall.SIGKILL); err != nil {
			t.Fatalf("kill the CAS (pid %d): %v", c.casPID, err)
		}
		time.Sleep(500 * time.Millisecond)
	}
	if _, err := st.(sqldb.RowReader).QueryRow(ctx, []any{&v}, 41); err != nil || v != 42 {
		t.Fatalf("after the CAS dropped the socket: %d, %v", v, err)
	}
	if c.Relogins() != 1 {
		t.Fatalf("%d reconnects, want 1", c.Relogins())
	}
	// In a transaction, a dropped socket is a lost connection, not retried.
	if err := c.BeginTx(ctx, false); err != nil {
		t.Fatal(err)
	}
	if _, err := st.(sqldb.RowReader).QueryRow(ctx, []any{&v}, 1); err != nil {
		t.Fatal(err)
	}
	if live {
		syscall.Kill(int(c.casPID), syscall.SIGKILL)
		time.Sleep(500 * time.Millisecond)
	}
	if _, err := st.(sqldb.RowReader).QueryRow(ctx, []any{&v}, 1); db.ClassOf(err) != db.ConnectionLost {
		t.Fatalf("a socket lost in a transaction: %v (class %v), want connection_lost", err, db.ClassOf(err))
	}
}

func scenarioBadLogin(t *testing.T, d Driver, target *db.Target, _ bool) {
	bad, err := db.ParseURL(strings.Replace(target.Raw, ":"+target.Password()+"@", ":wrong-"+target.Password()+"@", 1))
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.Open(context.Background(), bad)
	var ce *db.ConnectError
	if !errors.As(err, &ce) || !strings.Contains(ce.Error(), bad.URL.Host) || strings.Contains(ce.Error(), target.Password()) {
		t.Fatalf("got %v, want a ConnectError naming %s without the password", err, bad.URL.Host)
	}
}
