package postgres

import (
	"context"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
)

func TestConformance(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	dbtest.RunSQL(t, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) })
}

func TestSimpleProtocolConformance(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	simple, err := db.ParseURL(target.Raw + "&default_query_exec_mode=simple_protocol")
	if err != nil {
		t.Fatal(err)
	}
	dbtest.RunSQL(t, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, simple) })
}

// TestRefused: a wrong password and a closed port are ConnectErrors naming
// host:port, never the password.
func TestRefused(t *testing.T) {
	dbtest.Refused(t, Driver{}, dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES"))
}

func TestRebind(t *testing.T) {
	for in, want := range map[string]string{
		"SELECT c FROM t WHERE id=?":                   "SELECT c FROM t WHERE id=$1",
		"UPDATE t SET c=? WHERE id BETWEEN ? AND ?":    "UPDATE t SET c=$1 WHERE id BETWEEN $2 AND $3",
		"SELECT '?' FROM t WHERE a=? AND b='it''s ?' ": "SELECT '?' FROM t WHERE a=$1 AND b='it''s ?' ",
	} {
		if got := dialect.BindQuery(in); got != want {
			t.Errorf("rebind(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestStats(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	c := dbtest.Open(t, Driver{}, target)
	dbtest.Stats(t, c, func() {
		// The work runs on another connection, closed at the end: a
		// backend flushes its statistics when it exits (and otherwise at
		// most once a second, when idle).
		w, err := Driver{}.Open(context.Background(), target)
		if err != nil {
			t.Fatal(err)
		}
		for range 50 {
			w.(*Conn).QueryStrings(context.Background(), "SELECT 1")
		}
		w.Close()
		time.Sleep(300 * time.Millisecond)
	})
}

// TestConnectionFootprint: a connection's heap is what it needs for its
// buffers. pgx's statement and description caches (54 KB a connection)
// are off: dbgauge prepares statements itself.
func TestConnectionFootprint(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	dbtest.ConnectionFootprint(t, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) })
}

// BenchmarkReads: the time and allocations of counted and read rows, and of
// a generated id (go test -bench Reads -run ^$).
func BenchmarkReads(b *testing.B) {
	target := dbtest.ServerURL(b, "DBGAUGE_TEST_POSTGRES")
	dbtest.BenchReads(b, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) })
}

// TestReadAllocs: reading values allocates nothing beyond what counting
// the same rows does, but for a string's own bytes.
func TestReadAllocs(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	allocs := dbtest.Allocs(t, dbtest.Open(t, Driver{}, target))
	t.Logf("allocations per call: %v", allocs)
	dbtest.ReadsAllocNoMore(t, allocs)
}
