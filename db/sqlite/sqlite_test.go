package sqlite

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
)

func TestConformance(t *testing.T) {
	target, err := db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), "conformance.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	dbtest.RunSQL(t, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) })
}

// TestDefaults: every connection runs in WAL with a busy timeout, and URL
// parameters override the defaults.
func TestDefaults(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ url, pragma, want string }{
		{"sqlite:" + filepath.Join(dir, "a.db"), "journal_mode", "wal"},
		{"sqlite:" + filepath.Join(dir, "a.db"), "busy_timeout", "10000"},
		{"sqlite:" + filepath.Join(dir, "a.db"), "synchronous", "1"},
		{"sqlite:" + filepath.Join(dir, "b.db") + "?_pragma=synchronous(FULL)", "synchronous", "2"},
	} {
		target, _ := db.ParseURL(tc.url)
		c, err := Driver{}.Open(context.Background(), target)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := c.(*Conn).QueryStrings(context.Background(), "PRAGMA "+tc.pragma)
		c.Close()
		if err != nil || len(rows) != 1 || strings.ToLower(rows[0][0]) != tc.want {
			t.Errorf("%s: PRAGMA %s = %v, %v; want %s", tc.url, tc.pragma, rows, err, tc.want)
		}
	}
}

// TestConcurrentOpen: connections opened at once on a new file all succeed;
// the busy timeout is in force before they race to switch it to WAL.
func TestConcurrentOpen(t *testing.T) {
	for round := range 20 {
		target, _ := db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), fmt.Sprintf("race%d.db", round)))
		var wg sync.WaitGroup
		errs := make(chan error, 8)
		for range 8 {
			wg.Go(func() {
				c, err := Driver{}.Open(context.Background(), target)
				if err != nil {
					errs <- err
					return
				}
				c.Close()
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatalf("round %d: %v", round, err)
		}
	}
}

// TestUnreachable: a file that cannot be opened is a ConnectError naming it.
func TestUnreachable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "x.db")
	target, _ := db.ParseURL("sqlite:" + path)
	_, err := Driver{}.Open(context.Background(), target)
	var ce *db.ConnectError
	if !errors.As(err, &ce) || !strings.Contains(ce.Error(), path) {
		t.Fatalf("got %v, want a ConnectError naming %s", err, path)
	}
	memory, _ := db.ParseURL("sqlite::memory:")
	if _, err := (Driver{}).Open(context.Background(), memory); err == nil {
		t.Fatal("an in-memory database was accepted: each connection would see its own")
	}
}

// TestLockConflictClassified: a second writer that cannot get the lock within
// its busy timeout fails with a lock wait timeout, never silently.
func TestLockConflictClassified(t *testing.T) {
	url := "sqlite:" + filepath.Join(t.TempDir(), "lock.db") + "?_pragma=busy_timeout(50)"
	target, _ := db.ParseURL(url)
	ctx := context.Background()
	a, err := Driver{}.Open(ctx, target)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Driver{}.Open(ctx, target)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ca, cb := a.(*Conn), b.(*Conn)
	if _, err := ca.Exec(ctx, "CREATE TABLE t (x INTEGER)"); err != nil {
		t.Fatal(err)
	}
	if _, err := ca.Exec(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	_, err = cb.Exec(ctx, "BEGIN IMMEDIATE")
	if db.ClassOf(err) != db.LockTimeout {
		t.Fatalf("second writer: %v (class %v), want lock_wait_timeout", err, db.ClassOf(err))
	}
	ca.Exec(ctx, "COMMIT")
}

func TestStats(t *testing.T) {
	target, _ := db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), "stats.sqlite"))
	c, err := Driver{}.Open(context.Background(), target)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	dbtest.Stats(t, c, func() {})
}

// BenchmarkReads: the time and allocations of counted and read rows, and of
// a generated id (go test -bench Reads -run ^$).
func BenchmarkReads(b *testing.B) {
	target, _ := db.ParseURL("sqlite:" + filepath.Join(b.TempDir(), "bench.sqlite"))
	dbtest.BenchReads(b, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) })
}

// TestReadAllocs: counting rows (Query) allocates no more than it did when
// values were added, and reading them no more than counting, but for a
// string's own bytes.
func TestReadAllocs(t *testing.T) {
	target, _ := db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), "allocs.sqlite"))
	allocs := dbtest.Allocs(t, dbtest.Open(t, Driver{}, target))
	t.Logf("allocations per call: %v", allocs)
	// Counted before RowReader existed, with modernc.org/sqlite v1.61.1:
	// all of them are the driver's (its rows object, column names, values
	// boxed into driver.Value). A driver upgrade may move them; dbgauge's
	// own code must not.
	for name, was := range map[string]float64{"Query/numbers": 9, "Query/text": 12} {
		if allocs[name] > was {
			t.Errorf("%s: %v allocations a call, was %v", name, allocs[name], was)
		}
	}
	dbtest.ReadsAllocNoMore(t, allocs)
}
