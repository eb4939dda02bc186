package dbtest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// valueRows is how many rows dbtest_values holds: enough that the rows after
// the first span several network reads, which QueryRow must drain.
const valueRows = 300

// runValues checks what transactions that use what they read rely on:
// sqldb.RowReader's conversions and NULLs, generated ids both ways a dialect
// offers, a read-modify-write that loses no update, and error classes.
func runValues(t *testing.T, conn func(*testing.T) sqldb.Conn) {
	ctx := context.Background()
	c := conn(t)
	d := c.Dialect()
	for _, q := range []string{
		"CREATE TABLE dbtest_values (id INTEGER NOT NULL PRIMARY KEY, i INTEGER, big " + d.Type("BIGINT") + ", f DOUBLE PRECISION, d DECIMAL(12,2), s VARCHAR(40), b VARCHAR(40)) " + d.TableOptions,
		"CREATE TABLE dbtest_counter (id INTEGER NOT NULL PRIMARY KEY, next_id INTEGER NOT NULL) " + d.TableOptions,
		"CREATE TABLE dbtest_ids (id " + d.SerialInt + " PRIMARY KEY, name VARCHAR(20) NOT NULL UNIQUE) " + d.TableOptions,
	} {
		table := strings.Fields(q)[2]
		mustExec(t, c, d.DropTable(table))
		t.Cleanup(func() { c.Exec(ctx, d.DropTable(table)) })
		mustExec(t, c, q)
	}
	mustExec(t, c, "INSERT INTO dbtest_values (id, i, big, f, d, s, b) VALUES (1, 42, 1099511627776, 2.5, 12.34, 'forty-two', 'raw bytes')")
	mustExec(t, c, "INSERT INTO dbtest_values (id) VALUES (2)")
	var rows []sqldb.Row
	for id := 3; id <= valueRows; id++ {
		rows = append(rows, sqldb.Row{id, id, fmt.Sprintf("row %d with some text to fill packets", id)})
	}
	if err := sqldb.InsertRows(ctx, c, "dbtest_values", []string{"id", "i", "s"}, rows); err != nil {
		t.Fatal(err)
	}
	mustExec(t, c, "INSERT INTO dbtest_counter (id, next_id) VALUES (1, 3001)")

	prepare := func(t *testing.T, q string) sqldb.RowReader {
		t.Helper()
		st, err := c.Prepare(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		r, ok := st.(sqldb.RowReader)
		if !ok {
			t.Fatalf("the driver's statements read no values: %T is not a sqldb.RowReader", st)
		}
		return r
	}
	one := "SELECT i, big, f, d, s, b FROM dbtest_values WHERE id = ?"

	t.Run("one of each", func(t *testing.T) {
		r := prepare(t, one)
		var i, big int64
		var f, dec float64
		var s string
		b := make([]byte, 0, 64)
		array := &b[:1][0] // the buffer's first byte, to see it reused
		n, err := r.QueryRow(ctx, []any{&i, &big, &f, &dec, &s, &b}, 1)
		if err != nil || n != 1 {
			t.Fatalf("%d rows, %v", n, err)
		}
		if i != 42 || big != 1<<40 || f != 2.5 || dec != 12.34 || s != "forty-two" || string(b) != "raw bytes" {
			t.Fatalf("got %v %v %v %v %q %q", i, big, f, dec, s, b)
		}
		if &b[0] != array {
			t.Error("a []byte destination was reallocated although it had room")
		}
	})
	t.Run("conversions", func(t *testing.T) {
		r := prepare(t, "SELECT i, i, i, d FROM dbtest_values WHERE id = ?")
		var asInt int
		var asFloat float64
		var asText string
		var dec int64
		// d is NULL in the bulk rows.
		if n, err := r.QueryRow(ctx, []any{&asInt, &asFloat, &asText, &dec}, valueRows); !errors.Is(err, sqldb.ErrNull) || n != 1 {
			t.Fatalf("NULL into *int64: %d rows, %v; want ErrNull", n, err)
		}
		var nd sqldb.Null[int64]
		if n, err := r.QueryRow(ctx, []any{&asInt, &asFloat, &asText, &nd}, valueRows); err != nil || n != 1 {
			t.Fatalf("%d rows, %v", n, err)
		}
		if asInt != valueRows || asFloat != valueRows || asText != fmt.Sprint(valueRows) || nd.Valid {
			t.Fatalf("an integer column read as %v, %v, %q, %+v", asInt, asFloat, asText, nd)
		}
		bad := prepare(t, "SELECT s FROM dbtest_values WHERE id = ?")
		if n, err := bad.QueryRow(ctx, []any{&asInt}, 1); err == nil || n != 1 || db.ClassOf(err) != db.Other {
			t.Fatalf("text into *int: %d rows, %v (class %v); want an error", n, err, db.ClassOf(err))
		}
		frac := prepare(t, "SELECT d FROM dbtest_values WHERE id = ?")
		if _, err := frac.QueryRow(ctx, []any{&dec}, 1); err == nil {
			t.Fatalf("12.34 read into an int64 as %d, want an error", dec)
		}
	})
	t.Run("NULL", func(t *testing.T) {
		r := prepare(t, one)
		ni, nb := sqldb.Null[int64]{V: 9, Valid: true}, sqldb.Null[int64]{V: 9, Valid: true}
		nf, nd := sqldb.Null[float64]{V: 9, Valid: true}, sqldb.Null[float64]{V: 9, Valid: true}
		ns := sqldb.Null[string]{V: "x", Valid: true}
		b := []byte("x")
		n, err := r.QueryRow(ctx, []any{&ni, &nb, &nf, &nd, &ns, &b}, 2)
		if err != nil || n != 1 {
			t.Fatalf("%d rows, %v", n, err)
		}
		if ni.Valid || nb.Valid || nf.Valid || nd.Valid || ns.Valid || ni.V != 0 || ns.V != "" || b != nil {
			t.Fatalf("NULLs read as %+v %+v %+v %+v %+v %q", ni, nb, nf, nd, ns, b)
		}
		n, err = r.QueryRow(ctx, []any{&ni, &nb, &nf, &nd, &ns, &b}, 1)
		if err != nil || n != 1 || !ni.Valid || ni.V != 42 || !ns.Valid || ns.V != "forty-two" || !nd.Valid || nd.V != 12.34 {
			t.Fatalf("values into Nulls: %d rows, %v: %+v %+v %+v", n, err, ni, ns, nd)
		}
		var i int64
		var f float64
		var s string
		null := prepare(t, "SELECT i FROM dbtest_values WHERE id = 2")
		for _, dest := range []any{&i, &f, &s} {
			if _, err := null.QueryRow(ctx, []any{dest}); !errors.Is(err, sqldb.ErrNull) {
				t.Fatalf("NULL into %T: %v, want ErrNull", dest, err)
			}
		}
	})
	t.Run("no row", func(t *testing.T) {
		r := prepare(t, one)
		i, big, f, dec, s, b := int64(7), int64(7), 7.0, 7.0, "kept", []byte("kept")
		n, err := r.QueryRow(ctx, []any{&i, &big, &f, &dec, &s, &b}, valueRows+1)
		if err != nil || n != 0 {
			t.Fatalf("%d rows, %v", n, err)
		}
		if i != 7 || big != 7 || f != 7 || dec != 7 || s != "kept" || string(b) != "kept" {
			t.Fatal("a read of no row changed its destinations")
		}
	})
	t.Run("many rows", func(t *testing.T) {
		r := prepare(t, "SELECT id, s FROM dbtest_values WHERE id >= ? ORDER BY id")
		for range 3 { // the connection stays in step after discarding rows
			var id int64
			var s string
			n, err := r.QueryRow(ctx, []any{&id, &s}, 3)
			if err != nil || n != valueRows-2 || id != 3 || s != "row 3 with some text to fill packets" {
				t.Fatalf("%d rows, first %d %q, %v; want %d rows from 3", n, id, s, err, valueRows-2)
			}
		}
	})
	t.Run("every row", func(t *testing.T) {
		st := prepare(t, "SELECT id, s FROM dbtest_values WHERE id >= ? ORDER BY id")
		r, ok := st.(sqldb.RowsReader)
		if !ok {
			t.Fatalf("%T reads one row only: not a sqldb.RowsReader", st)
		}
		var id int64
		var s string
		var ids []int64
		n, err := r.QueryRows(ctx, []any{&id, &s}, func(row int) error {
			if row != len(ids) || s != fmt.Sprintf("row %d with some text to fill packets", id) {
				return fmt.Errorf("row %d: id %d, %q", row, id, s)
			}
			ids = append(ids, id)
			return nil
		}, 3)
		if err != nil || n != valueRows-2 || len(ids) != n || ids[0] != 3 || ids[n-1] != valueRows {
			t.Fatalf("%d rows, %d seen (%v), %v", n, len(ids), err, ids[:min(len(ids), 3)])
		}
		// An error from each stops the scanning, not the reading: the
		// connection stays in step.
		stop := errors.New("enough")
		seen := 0
		n, err = r.QueryRows(ctx, []any{&id, &s}, func(int) error { seen++; return stop }, 3)
		if !errors.Is(err, stop) || n != valueRows-2 || seen != 1 {
			t.Fatalf("each failing: %d rows, %d calls, %v", n, seen, err)
		}
		if n, err := r.QueryRow(ctx, []any{&id, &s}, valueRows); err != nil || n != 1 || id != valueRows {
			t.Fatalf("after a stopped read: %d rows, id %d, %v", n, id, err)
		}
	})
	t.Run("destination count", func(t *testing.T) {
		r := prepare(t, "SELECT i FROM dbtest_values WHERE id = ?")
		var a, b int64
		if _, err := r.QueryRow(ctx, []any{&a, &b}, 1); err == nil {
			t.Fatal("two destinations for one column were accepted")
		}
		if n, err := r.QueryRow(ctx, []any{&a}, 1); err != nil || n != 1 || a != 42 {
			t.Fatalf("after a refused read: %d rows, %d, %v", n, a, err)
		}
	})
	t.Run("read-modify-write", func(t *testing.T) {
		readModifyWrite(t, conn, d)
	})
	t.Run("generated ids", func(t *testing.T) {
		generatedIDs(t, c, prepare)
	})
}

// readModifyWrite takes ids from a counter as TPC-C's New-Order takes
// d_next_o_id: read it in a write transaction (with the dialect's ForUpdate),
// write it back plus one, use it, commit. Two connections do it at once; no
// id may be handed out twice, and a rolled back take returns nothing.
func readModifyWrite(t *testing.T, conn func(*testing.T) sqldb.Conn, d *sqldb.Dialect) {
	ctx := context.Background()
	const perConn, first = 50, 3001
	type worker struct {
		c    sqldb.Conn
		read sqldb.RowReader
		upd  sqldb.Stmt
	}
	workers := make([]worker, 2)
	for w := range workers {
		c := conn(t)
		sel, err := c.Prepare(ctx, "SELECT next_id FROM dbtest_counter"+d.LockHint+" WHERE id = ?"+d.ForUpdate)
		if err != nil {
			t.Fatal(err)
		}
		defer sel.Close()
		upd, err := c.Prepare(ctx, "UPDATE dbtest_counter SET next_id = ? WHERE id = ?")
		if err != nil {
			t.Fatal(err)
		}
		defer upd.Close()
		workers[w] = worker{c, sel.(sqldb.RowReader), upd}
	}
	// Both start at once: opening a connection takes longer than a worker's
	// whole run, and a lost update needs the two to overlap.
	taken := make([][]int64, len(workers))
	errs := make(chan error, len(workers))
	for w, wk := range workers {
		c, read, upd := wk.c, wk.read, wk.upd
		go func() {
			var next int64
			dest := []any{&next}
			take := func(commit bool) error {
				if err := sqldb.Begin(ctx, c, false); err != nil {
					return err
				}
				if n, err := read.QueryRow(ctx, dest, 1); err != nil || n != 1 {
					sqldb.Rollback(ctx, c)
					if err == nil {
						err = fmt.Errorf("read the counter: %d rows, want 1", n)
					}
					return err
				}
				if _, err := upd.Exec(ctx, next+1, 1); err != nil {
					sqldb.Rollback(ctx, c)
					return err
				}
				if !commit {
					return sqldb.Rollback(ctx, c)
				}
				return sqldb.Commit(ctx, c)
			}
			for retries := 0; len(taken[w]) < perConn; {
				err := take(true)
				if db.ClassOf(err).Retryable() && retries < 100 {
					retries++
					continue
				}
				if err != nil {
					errs <- err
					return
				}
				taken[w] = append(taken[w], next)
			}
			// The rolled-back take can meet a serialization failure too
			// (Babelfish's SNAPSHOT sessions): retried as the others are.
			err := take(false)
			for retries := 0; db.ClassOf(err).Retryable() && retries < 100; retries++ {
				err = take(false)
			}
			errs <- err
		}()
	}
	// Both are waited for before failing: the deferred Closes must not
	// run under a worker still using its statements.
	var failed []error
	for range workers {
		if err := <-errs; err != nil {
			failed = append(failed, err)
		}
	}
	if len(failed) > 0 {
		t.Fatal(errors.Join(failed...))
	}
	seen := map[int64]bool{}
	for _, ids := range taken {
		for _, id := range ids {
			if seen[id] || id < first || id >= first+2*perConn {
				t.Fatalf("id %d taken twice or out of range: %v", id, taken)
			}
			seen[id] = true
		}
	}
	c := conn(t)
	if rows, err := c.QueryStrings(ctx, "SELECT next_id FROM dbtest_counter WHERE id = 1"); err != nil || fmt.Sprint(rows) != fmt.Sprintf("[[%d]]", first+2*perConn) {
		t.Fatalf("counter after %d takes and 2 rolled back: %v, %v", 2*perConn, rows, err)
	}
}

// generatedIDs reads the ids of inserted rows each way the dialect offers,
// then through sqldb.PrepareIDInsert, and checks each against the table.
func generatedIDs(t *testing.T, c sqldb.Conn, prepare func(*testing.T, string) sqldb.RowReader) {
	ctx := context.Background()
	d := c.Dialect()
	if !d.LastInsertID && !d.InsertReturning && !d.InsertOutput {
		t.Fatal("the dialect offers no way to read a generated id")
	}
	byName := prepare(t, "SELECT id FROM dbtest_ids WHERE name = ?")
	check := func(t *testing.T, how, name string, id int64) {
		t.Helper()
		var stored int64
		if n, err := byName.QueryRow(ctx, []any{&stored}, name); err != nil || n != 1 || stored != id || id <= 0 {
			t.Fatalf("%s returned id %d; the row holds %d (%d rows, %v)", how, id, stored, n, err)
		}
	}
	insert := "INSERT INTO dbtest_ids (name) VALUES (?)"
	t.Run("last insert id", func(t *testing.T) {
		if !d.LastInsertID {
			t.Skipf("%s has no last insert id", d.Name)
		}
		st, err := c.Prepare(ctx, insert)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		ex, ok := st.(sqldb.IDExecer)
		if !ok {
			t.Fatalf("the dialect has LastInsertID, but %T is no sqldb.IDExecer", st)
		}
		var prev int64
		for _, name := range []string{"last1", "last2"} {
			n, id, err := ex.ExecID(ctx, name)
			if err != nil || n != 1 || id <= prev {
				t.Fatalf("insert %s: %d rows, id %d after %d, %v", name, n, id, prev, err)
			}
			check(t, "ExecID", name, id)
			prev = id
		}
		if _, _, err := ex.ExecID(ctx, "last1"); db.ClassOf(err) != db.DuplicateKey {
			t.Fatalf("duplicate insert: class %v (%v), want duplicate_key", db.ClassOf(err), err)
		}
	})
	t.Run("returning", func(t *testing.T) {
		if !d.InsertReturning {
			t.Skipf("%s has no INSERT ... RETURNING", d.Name)
		}
		r := prepare(t, insert+" RETURNING id, name")
		var id int64
		var name string
		for _, want := range []string{"ret1", "ret2"} {
			if n, err := r.QueryRow(ctx, []any{&id, &name}, want); err != nil || n != 1 || name != want {
				t.Fatalf("insert %s returning: %d rows, %q, %v", want, n, name, err)
			}
			check(t, "RETURNING", want, id)
		}
		if _, err := r.QueryRow(ctx, []any{&id, &name}, "ret1"); db.ClassOf(err) != db.DuplicateKey {
			t.Fatalf("duplicate insert returning: class %v (%v), want duplicate_key", db.ClassOf(err), err)
		}
	})
	t.Run("PrepareIDInsert", func(t *testing.T) {
		ins, err := sqldb.PrepareIDInsert(ctx, c, insert, "id")
		if err != nil {
			t.Fatal(err)
		}
		defer ins.Close()
		for _, name := range []string{"helper1", "helper2"} {
			id, n, err := ins.Exec(ctx, name)
			if err != nil || n != 1 {
				t.Fatalf("insert %s: %d rows, %v", name, n, err)
			}
			check(t, "IDInsert", name, id)
		}
		if _, _, err := ins.Exec(ctx, "helper1"); db.ClassOf(err) != db.DuplicateKey {
			t.Fatalf("duplicate insert: class %v (%v), want duplicate_key", db.ClassOf(err), err)
		}
		if id, n, err := ins.Exec(ctx, "helper3"); err != nil || n != 1 {
			t.Fatalf("insert after a duplicate key: id %d, %d rows, %v", id, n, err)
		}
	})
}
