package sqlrun

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workload/wltest"
)

// The ops of the test table.
const (
	opBegin workload.OpID = iota
	opCommit
	opRollback
	opInsert
	opNamed
	opRead
	opReadAll
	opLines
	opWith
	numOps
)

// table is a small workload's statements: an INSERT returning its id, a
// keyed INSERT, reads, a sized multi-row INSERT and a WITH counted as a
// select. {t} is the table's marker, which rewrite writes.
func table(measured bool) *Table {
	return &Table{Name: "test", Rewrite: func(d *sqldb.Dialect, s string) string {
		return d.RewriteLimits(strings.ReplaceAll(s, "{t}", "item"))
	}, ReadBegin: true, Reads: ReadsRows, MeasuredAbort: measured, Stmts: []Statement{
		opBegin: Begin(), opCommit: Commit(), opRollback: Rollback(),
		opInsert:  Write("insert", "INSERT INTO {t} (name) VALUES (?)").Returning("id"),
		opNamed:   Write("insert_named", "INSERT INTO {t} (id, name) VALUES (?, ?)"),
		opRead:    Read("read", "SELECT id, name, note FROM {t} WHERE id = ?"),
		opReadAll: Read("read_all", "SELECT id FROM {t} ORDER BY id LIMIT 100"),
		opLines: Write("lines", "INSERT INTO {t} (id, name)").SizedFrom(2, 3).WrittenBy(func(d *sqldb.Dialect, into string, n int) string {
			return d.InsertValues(strings.ReplaceAll(into, "{t}", "item"), "(?, ?)", ", ", n)
		}),
		opWith: Read("with", "WITH x AS (SELECT 1 AS one) SELECT one FROM x").Counted(workload.Select),
	}}
}

func TestOps(t *testing.T) {
	want := []workload.Op{
		{Name: "begin", Class: workload.Other},
		{Name: "commit", Class: workload.Other, Verb: workload.Commit},
		{Name: "rollback", Class: workload.Other, Verb: workload.Rollback},
		{Name: "insert", Class: workload.Write, Verb: workload.Insert},
		{Name: "insert_named", Class: workload.Write, Verb: workload.Insert},
		{Name: "read", Class: workload.Read, Verb: workload.Select},
		{Name: "read_all", Class: workload.Read, Verb: workload.Select},
		{Name: "lines", Class: workload.Write, Verb: workload.Insert},
		{Name: "with", Class: workload.Read, Verb: workload.Select},
	}
	got := table(false).Ops()
	if len(got) != len(want) {
		t.Fatalf("%d ops, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("op %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestSQL(t *testing.T) {
	d := sqlite.Dialect()
	tb := table(false)
	for _, c := range []struct {
		op   workload.OpID
		size int
		want string
	}{
		{opBegin, 0, beginSQL},
		{opRollback, 0, rollbackSQL},
		{opRead, 0, "SELECT id, name, note FROM item WHERE id = ?"},
		{opLines, 3, "INSERT INTO item (id, name) VALUES (?, ?), (?, ?), (?, ?)"},
	} {
		if got := tb.SQL(c.op, d, c.size); got != c.want {
			t.Errorf("%s: %q, want %q", tb.Stmts[c.op].Name, got, c.want)
		}
	}
	if _, _, _, err := (&Table{Name: "half", Stmts: []Statement{Begin(), Commit()}}).steps(); err == nil {
		t.Error("a table with BEGIN and COMMIT but no ROLLBACK was accepted")
	}
}

// open is a SQLite database with the test table, and the statements
// prepared on it.
func open(t *testing.T, measured bool) (*Prepared, sqldb.Conn) {
	t.Helper()
	ctx := context.Background()
	u, err := db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := sqlite.Driver{}.Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	conn := c.(sqldb.Conn)
	t.Cleanup(func() { conn.Close() })
	if _, err := conn.Exec(ctx, "CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, note TEXT)"); err != nil {
		t.Fatal(err)
	}
	p, err := table(measured).Open(ctx, workload.SessionEnv{Conn: conn, Driver: "sqlite"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close(ctx) })
	return p, conn
}

func count(t *testing.T, c sqldb.Conn) string {
	t.Helper()
	rows, err := c.QueryStrings(context.Background(), "SELECT COUNT(*) FROM item")
	if err != nil {
		t.Fatal(err)
	}
	return rows[0][0]
}

// TestTransaction runs a transaction of every kind of statement and
// checks what each returned and what was measured.
func TestTransaction(t *testing.T) {
	ctx := context.Background()
	p, conn := open(t, false)
	tx := wltest.NewTx(p)
	txn := p.Start(tx)
	if err := txn.Begin(ctx); err != nil {
		t.Fatal(err)
	}
	id, err := txn.Insert(ctx, opInsert, "first")
	if err != nil || id != 1 {
		t.Fatalf("insert: id %d, %v", id, err)
	}
	if n, err := txn.ExecSize(ctx, opLines, 2, int64(10), "ten", int64(11), "eleven"); err != nil || n != 2 {
		t.Fatalf("two lines: %d rows, %v", n, err)
	}
	var got int64
	var name, note []byte
	dest := Dest([][]byte{nil, nil, nil}, 3, map[int]any{0: &got, 1: &name})
	dest[2] = &note
	if n, err := txn.Row(ctx, opRead, dest, int64(10)); err != nil || n != 1 || got != 10 || string(name) != "ten" || note != nil {
		t.Fatalf("read: %d rows, id %d, name %q, note %q, %v", n, got, name, note, err)
	}
	var ids []int64
	if n, err := txn.Rows(ctx, opReadAll, []any{&got}, func(int) error { ids = append(ids, got); return nil }); err != nil || n != 3 ||
		len(ids) != 3 || ids[2] != 11 {
		t.Fatalf("read all: %d rows %v, %v", n, ids, err)
	}
	if n, err := txn.Query(ctx, opWith); err != nil || n != 1 {
		t.Fatalf("with: %d rows, %v", n, err)
	}
	if err := txn.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if err := txn.End(ctx, nil); err != nil {
		t.Fatal(err)
	}
	for op := range numOps {
		want := 1
		if op == opRollback || op == opNamed {
			want = 0
		}
		if tx.OK[op] != want || tx.Failed[op] != 0 {
			t.Errorf("%s: %d measured, %d failed, want %d", p.t.Stmts[op].Name, tx.OK[op], tx.Failed[op], want)
		}
	}
	if c := count(t, conn); c != "3" {
		t.Errorf("%s rows committed, want 3", c)
	}

	// A read-only transaction, and the rollback a transaction asks for.
	tx = wltest.NewTx(p)
	txn = p.Start(tx)
	if err := txn.BeginRead(ctx); err != nil {
		t.Fatal(err)
	}
	if err := txn.End(ctx, txn.Rollback(ctx)); !errors.Is(err, workload.ErrRollback) {
		t.Fatalf("an asked-for rollback returned %v, want workload.ErrRollback", err)
	}
	if tx.OK[opBegin] != 1 || tx.OK[opRollback] != 1 {
		t.Errorf("read BEGIN and ROLLBACK measured %d and %d times, want 1 and 1", tx.OK[opBegin], tx.OK[opRollback])
	}
}

// TestAbort: a statement that fails rolls the transaction back at End,
// measured only where the table says so, and End returns the failure.
func TestAbort(t *testing.T) {
	for _, measured := range []bool{false, true} {
		ctx := context.Background()
		p, conn := open(t, measured)
		tx := wltest.NewTx(p)
		txn := p.Start(tx)
		if err := txn.Begin(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := txn.Exec(ctx, opNamed, int64(5), "five"); err != nil {
			t.Fatal(err)
		}
		_, dup := txn.Exec(ctx, opNamed, int64(5), "again")
		if dup == nil {
			t.Fatal("a duplicate key was inserted")
		}
		if err := txn.End(ctx, dup); err != dup {
			t.Fatalf("End returned %v, want the statement's %v", err, dup)
		}
		want := 0
		if measured {
			want = 1
		}
		if tx.OK[opRollback] != want || tx.Failed[opNamed] != 1 {
			t.Errorf("measured abort %v: %d ROLLBACKs measured (want %d), %d failed INSERTs (want 1)", measured, tx.OK[opRollback], want, tx.Failed[opNamed])
		}
		if c := count(t, conn); c != "0" {
			t.Errorf("measured abort %v: %s rows after the rollback, want 0", measured, c)
		}
		// Outside a transaction, a failure rolls nothing back.
		tx = wltest.NewTx(p)
		txn = p.Start(tx)
		if _, err := txn.Exec(ctx, opNamed, int64(6), "six"); err != nil {
			t.Fatal(err)
		}
		_, dup = txn.Exec(ctx, opNamed, int64(6), "again")
		if err := txn.End(ctx, dup); err != dup || tx.OK[opRollback] != 0 {
			t.Errorf("autocommit: End returned %v with %d ROLLBACKs", err, tx.OK[opRollback])
		}
		if c := count(t, conn); c != "1" {
			t.Errorf("autocommit: %s rows, want the one committed", c)
		}
	}
}
