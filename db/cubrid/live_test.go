package cubrid

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// The live suite runs against the server scripts/services starts
// (DBGAUGE_TEST_CUBRID); without it a developer's test run skips it
// loudly, and CI fails.

func liveTarget(t testing.TB) *db.Target { return dbtest.ServerURL(t, "DBGAUGE_TEST_CUBRID") }

func TestConformance(t *testing.T) {
	target := liveTarget(t)
	dbtest.RunSQL(t, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) })
}

// TestLiveScenarios runs the recorded conversations against the server
// itself: every type written and read back, errors, the CAS dropping the
// socket (its process killed) and a refused login.
func TestLiveScenarios(t *testing.T) {
	target := liveTarget(t)
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) { sc.run(t, Driver{}, target, live) })
	}
}

// TestRefused: a wrong password and a closed port are ConnectErrors naming
// host:port, never the password.
func TestRefused(t *testing.T) {
	dbtest.Refused(t, Driver{}, liveTarget(t))
}

func TestStats(t *testing.T) {
	c := dbtest.Open(t, Driver{}, liveTarget(t))
	dbtest.Stats(t, c, func() {
		for range 50 {
			c.(*Conn).QueryStrings(context.Background(), "SELECT COUNT(*) FROM db_class")
		}
	})
}

// TestConnectionFootprint: a connection's heap is its buffers.
func TestConnectionFootprint(t *testing.T) {
	target := liveTarget(t)
	dbtest.ConnectionFootprint(t, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) })
}

// BenchmarkReads: the time and allocations of counted and read rows, and of
// a generated id (go test -bench Reads -run ^$).
func BenchmarkReads(b *testing.B) {
	target := liveTarget(b)
	dbtest.BenchReads(b, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) })
}

// TestReadAllocs: reading values allocates nothing beyond what counting
// the same rows does, but for a string's own bytes.
func TestReadAllocs(t *testing.T) {
	allocs := dbtest.Allocs(t, dbtest.Open(t, Driver{}, liveTarget(t)))
	t.Logf("allocations per call: %v", allocs)
	dbtest.ReadsAllocNoMore(t, allocs)
}

// TestLiveBatch: a batch of statements in one round trip, with the
// failure of one reported and the others done.
func TestLiveBatch(t *testing.T) {
	ctx := context.Background()
	c := dbtest.Open(t, Driver{}, liveTarget(t)).(*Conn)
	mustExec(t, c, "DROP TABLE IF EXISTS dbtest_batch")
	mustExec(t, c, "CREATE TABLE dbtest_batch (id INTEGER PRIMARY KEY)")
	t.Cleanup(func() { c.Exec(ctx, "DROP TABLE IF EXISTS dbtest_batch") })
	counts, err := c.ExecBatch(ctx, "INSERT INTO dbtest_batch VALUES (1)", "INSERT INTO dbtest_batch VALUES (1)",
		"INSERT INTO dbtest_batch VALUES (2), (3)", "UPDATE dbtest_batch SET id = id + 10 WHERE id > 1")
	if db.ClassOf(err) != db.DuplicateKey || fmt.Sprint(counts) != "[1 -1 2 2]" {
		t.Fatalf("counts %v, %v (class %v)", counts, err, db.ClassOf(err))
	}
	if rows, err := c.QueryStrings(ctx, "SELECT id FROM dbtest_batch ORDER BY id"); err != nil || fmt.Sprint(rows) != "[[1] [12] [13]]" {
		t.Fatalf("after the batch: %v, %v", rows, err)
	}
}

// TestLiveBulkInsert: the array execute loads every row, over several
// requests; a refused row fails the load and rolls all of it back.
func TestLiveBulkInsert(t *testing.T) {
	ctx := context.Background()
	c := dbtest.Open(t, Driver{}, liveTarget(t)).(*Conn)
	mustExec(t, c, "DROP TABLE IF EXISTS dbtest_bulk")
	mustExec(t, c, "CREATE TABLE dbtest_bulk (id INTEGER PRIMARY KEY, s VARCHAR(20), d DATETIME)")
	t.Cleanup(func() { c.Exec(ctx, "DROP TABLE IF EXISTS dbtest_bulk") })
	var rows []sqldb.Row
	for i := range 2500 {
		rows = append(rows, sqldb.Row{i, fmt.Sprint("row", i), time.Date(2020, 1, 1, 0, 0, i%60, 0, time.UTC)})
	}
	if err := c.BulkInsert(ctx, "dbtest_bulk", []string{"id", "s", "d"}, rows); err != nil {
		t.Fatal(err)
	}
	if got, err := c.QueryStrings(ctx, "SELECT COUNT(*), SUM(id), MAX(s) FROM dbtest_bulk"); err != nil || fmt.Sprint(got) != "[[2500 3123750 row999]]" {
		t.Fatalf("after the load: %v, %v", got, err)
	}
	bad := []sqldb.Row{{5000, "new", nil}, {1, "duplicate", nil}}
	if err := c.BulkInsert(ctx, "dbtest_bulk", []string{"id", "s", "d"}, bad); db.ClassOf(err) != db.DuplicateKey {
		t.Fatalf("a duplicate row: %v, want duplicate_key", err)
	}
	if got, err := c.QueryStrings(ctx, "SELECT COUNT(*) FROM dbtest_bulk WHERE id = 5000"); err != nil || fmt.Sprint(got) != "[[0]]" {
		t.Fatalf("the failed load left rows: %v, %v", got, err)
	}
}

// TestLiveErrorClasses: a deadlock between two transactions and a lock
// wait that times out are classified as such.
func TestLiveErrorClasses(t *testing.T) {
	ctx := context.Background()
	target := liveTarget(t)
	a := dbtest.Open(t, Driver{}, target).(*Conn)
	b := dbtest.Open(t, Driver{}, target).(*Conn)
	mustExec(t, a, "DROP TABLE IF EXISTS dbtest_locks")
	mustExec(t, a, "CREATE TABLE dbtest_locks (id INTEGER PRIMARY KEY, n INTEGER)")
	mustExec(t, a, "INSERT INTO dbtest_locks VALUES (1, 0), (2, 0)")
	t.Cleanup(func() { a.Exec(ctx, "DROP TABLE IF EXISTS dbtest_locks") })
	update := "UPDATE dbtest_locks SET n = n + 1 WHERE id = ?"

	t.Run("deadlock", func(t *testing.T) {
		for _, c := range []*Conn{a, b} {
			if err := c.BeginTx(ctx, false); err != nil {
				t.Fatal(err)
			}
		}
		mustExec(t, a, update, 1)
		mustExec(t, b, update, 2)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[0] = a.Exec(ctx, update, 2)
		}()
		time.Sleep(200 * time.Millisecond)
		_, errs[1] = b.Exec(ctx, update, 1)
		wg.Wait()
		a.Rollback(ctx)
		b.Rollback(ctx)
		if db.ClassOf(errs[0]) != db.Deadlock && db.ClassOf(errs[1]) != db.Deadlock {
			t.Fatalf("crossed updates: %v, %v; want one deadlock", errs[0], errs[1])
		}
	})
	t.Run("lock timeout", func(t *testing.T) {
		mustExec(t, b, "SET TRANSACTION LOCK TIMEOUT 1")
		if err := a.BeginTx(ctx, false); err != nil {
			t.Fatal(err)
		}
		mustExec(t, a, update, 1)
		_, err := b.Exec(ctx, update, 1)
		a.Rollback(ctx)
		if db.ClassOf(err) != db.LockTimeout {
			t.Fatalf("a blocked update: %v (class %v), want lock_wait_timeout", err, db.ClassOf(err))
		}
		var ce *Error
		if !errors.As(err, &ce) || !strings.Contains(strings.ToLower(ce.Message), "lock") {
			t.Errorf("message %v", err)
		}
	})
}

// TestLiveInterrupt: Interrupt ends a statement in flight from another
// goroutine; the connection is lost and does not log in again.
func TestLiveInterrupt(t *testing.T) {
	ctx := context.Background()
	c := dbtest.Open(t, Driver{}, liveTarget(t)).(*Conn)
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		_, err := c.QueryStrings(ctx, "SELECT SLEEP(3)")
		done <- err
	}()
	time.Sleep(300 * time.Millisecond)
	c.Interrupt()
	err := <-done
	if db.ClassOf(err) != db.ConnectionLost || time.Since(start) > 2*time.Second {
		t.Fatalf("interrupted after %v: %v (class %v), want connection_lost at once", time.Since(start), err, db.ClassOf(err))
	}
	if _, err := c.QueryStrings(ctx, "SELECT 1 FROM db_root"); db.ClassOf(err) != db.ConnectionLost || c.Relogins() != 0 {
		t.Fatalf("after Interrupt: %v, %d reconnects; want connection_lost and none", err, c.Relogins())
	}
}
