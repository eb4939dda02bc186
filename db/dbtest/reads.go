package dbtest

import (
	"context"
	"fmt"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// Read is one measured-path operation on a prepared statement, run again
// and again by a benchmark or an allocation count.
type Read struct {
	Name string
	Run  func() error
}

// Reads prepares the operations whose cost the benchmarks report on c, over
// tables dbtest_reads* it creates and drops at the end of tb: point selects
// of two numbers, and of the same with a string, each counted (Query) and
// read (QueryRow; the string as a string and into a reused []byte), and an
// INSERT returning its id (sqldb.IDInsert). Arguments are
// boxed once, outside the operation, so what is counted is the driver's
// path, not the caller's boxing of an int into an any.
func Reads(tb testing.TB, c sqldb.Conn) []Read {
	tb.Helper()
	ctx := context.Background()
	d := c.Dialect()
	for _, q := range []string{
		d.DropTable("dbtest_reads"),
		"CREATE TABLE dbtest_reads (id INTEGER NOT NULL PRIMARY KEY, i " + d.Type("BIGINT") + ", f DOUBLE PRECISION, s VARCHAR(40)) " + d.TableOptions,
		"INSERT INTO dbtest_reads (id, i, f, s) VALUES (1000, 1099511627776, 2.5, 'a district of forty characters or so')",
		d.DropTable("dbtest_reads_ids"),
		"CREATE TABLE dbtest_reads_ids (id " + d.SerialInt + " PRIMARY KEY, n INTEGER) " + d.TableOptions,
	} {
		if _, err := c.Exec(ctx, q); err != nil {
			tb.Fatalf("%s: %v", q, err)
		}
	}
	tb.Cleanup(func() {
		c.Exec(ctx, d.DropTable("dbtest_reads"))
		c.Exec(ctx, d.DropTable("dbtest_reads_ids"))
	})
	prepare := func(q string) sqldb.Stmt {
		st, err := c.Prepare(ctx, q)
		if err != nil {
			tb.Fatalf("prepare %s: %v", q, err)
		}
		tb.Cleanup(func() { st.Close() })
		return st
	}
	nums, text := prepare("SELECT i, f FROM dbtest_reads WHERE id = ?"), prepare("SELECT i, f, s FROM dbtest_reads WHERE id = ?")
	args := []any{int64(1000)}
	count := func(st sqldb.Stmt) func() error {
		return func() error {
			n, err := st.Query(ctx, args...)
			if err == nil && n != 1 {
				err = fmt.Errorf("counted %d rows, want 1", n)
			}
			return err
		}
	}
	row := func(st sqldb.Stmt, dest ...any) func() error {
		rr, ok := st.(sqldb.RowReader)
		if !ok {
			tb.Fatalf("%T is not a sqldb.RowReader", st)
		}
		return func() error {
			n, err := rr.QueryRow(ctx, dest, args...)
			if err == nil && n != 1 {
				err = fmt.Errorf("read %d rows, want 1", n)
			}
			return err
		}
	}
	var i int64
	var f float64
	var s sqldb.Null[string]
	b := make([]byte, 0, 64)
	ins, err := sqldb.PrepareIDInsert(ctx, c, "INSERT INTO dbtest_reads_ids (n) VALUES (?)", "id")
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { ins.Close() })
	return []Read{
		{"Query/numbers", count(nums)},
		{"QueryRow/numbers", row(nums, &i, &f)},
		{"Query/text", count(text)},
		{"QueryRow/string", row(text, &i, &f, &s)},
		{"QueryRow/bytes", row(text, &i, &f, &b)},
		{"IDInsert", func() error {
			_, n, err := ins.Exec(ctx, args...)
			if err == nil && n != 1 {
				err = fmt.Errorf("inserted %d rows, want 1", n)
			}
			return err
		}},
	}
}

// BenchReads reports the time and allocations of each of Reads on a
// connection made by open.
func BenchReads(b *testing.B, open Opener) {
	c, err := open(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { c.Close() })
	s, err := sqldb.Open(c, "driver under test")
	if err != nil {
		b.Fatal(err)
	}
	for _, r := range Reads(b, s) {
		b.Run(r.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := r.Run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Allocs counts the allocations of each of Reads on c, by name.
func Allocs(t *testing.T, c db.Conn) map[string]float64 {
	t.Helper()
	s, err := sqldb.Open(c, "driver under test")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, r := range Reads(t, s) {
		var runErr error
		out[r.Name] = testing.AllocsPerRun(200, func() {
			if err := r.Run(); err != nil && runErr == nil {
				runErr = err
			}
		})
		if runErr != nil {
			t.Fatalf("%s: %v", r.Name, runErr)
		}
	}
	return out
}

// ReadsAllocNoMore fails t if reading values costs allocations that
// counting the same rows does not, but for a string's own bytes: numbers
// cost nothing more, a string one allocation at most, a reused []byte
// nothing more.
func ReadsAllocNoMore(t *testing.T, allocs map[string]float64) {
	t.Helper()
	for _, c := range []struct {
		read, count string
		extra       float64
	}{
		{"QueryRow/numbers", "Query/numbers", 0},
		{"QueryRow/string", "Query/text", 1},
		{"QueryRow/bytes", "Query/text", 0},
	} {
		if allocs[c.read] > allocs[c.count]+c.extra {
			t.Errorf("%s: %v allocations a call, %s: %v; want at most %v more", c.read, allocs[c.read], c.count, allocs[c.count], c.extra)
		}
	}
}
