package mysql

import (
	"context"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
)

func TestConformance(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_MYSQL")
	dbtest.RunSQL(t, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) })
}

// TestRefused: a wrong password and a closed port are ConnectErrors naming
// host:port, never the password.
func TestRefused(t *testing.T) {
	dbtest.Refused(t, Driver{}, dbtest.ServerURL(t, "DBGAUGE_TEST_MYSQL"))
}

func TestConfig(t *testing.T) {
	for raw, want := range map[string]string{
		"mysql://u:p@h:3307/db":                      "tcp h:3307 db u",
		"mariadb://u@h/db?timeout=2s":                "tcp h:3306 db u",
		"mysql://u@localhost/db?socket=/tmp/my.sock": "unix /tmp/my.sock db u",
	} {
		tg, _ := db.ParseURL(raw)
		cfg, err := Config(tg)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join([]string{cfg.Net, cfg.Addr, cfg.DBName, cfg.User}, " "); got != want {
			t.Errorf("%s: %s, want %s", raw, got, want)
		}
	}
}

func TestStats(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_MYSQL")
	c := dbtest.Open(t, Driver{}, target)
	dbtest.Stats(t, c, func() {
		for range 50 {
			c.(*Conn).QueryStrings(context.Background(), "SELECT 1")
		}
	})
}

// TestConnectionFootprint: a connection's heap is its buffers.
func TestConnectionFootprint(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_MYSQL")
	dbtest.ConnectionFootprint(t, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) })
}

// BenchmarkReads: the time and allocations of counted and read rows, and of
// a generated id (go test -bench Reads -run ^$).
func BenchmarkReads(b *testing.B) {
	target := dbtest.ServerURL(b, "DBGAUGE_TEST_MYSQL")
	dbtest.BenchReads(b, func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) })
}

// TestReadAllocs: reading values allocates nothing beyond what counting
// the same rows does, but for a string's own bytes.
func TestReadAllocs(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_MYSQL")
	allocs := dbtest.Allocs(t, dbtest.Open(t, Driver{}, target))
	t.Logf("allocations per call: %v", allocs)
	dbtest.ReadsAllocNoMore(t, allocs)
}

// TestDialectFor: INSERT ... RETURNING is offered from MariaDB 10.5 on,
// never on MySQL; every one has the last insert id.
func TestDialectFor(t *testing.T) {
	for v, returning := range map[string]bool{
		"8.0.36":                     false,
		"8.4.0-commercial":           false,
		"10.4.34-MariaDB":            false,
		"10.5.0-MariaDB":             true,
		"10.11.19-MariaDB-0+deb12u1": true,
		"11.4.2-MariaDB-log":         true,
		"5.5.5-10.3.39-MariaDB":      false,
		"5.5.5-10.6.16-MariaDB":      true,
	} {
		d := dialectFor(v)
		if d.InsertReturning != returning || !d.LastInsertID || d.ForUpdate == "" {
			t.Errorf("%s: InsertReturning %v, LastInsertID %v, ForUpdate %q; want returning %v", v, d.InsertReturning, d.LastInsertID, d.ForUpdate, returning)
		}
	}
}
