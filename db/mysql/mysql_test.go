package mysql

import (
	"context"
	"slices"
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
	// Every row counter a report shows is one the server keeps: MariaDB
	// has the Handler_* counters (its status has no Innodb_rows_*).
	s, err := c.(*Conn).ServerStats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"Handler_read_key", "Handler_read_next", "Handler_write", "Handler_update", "Handler_delete"} {
		if !slices.Contains(s.Watched, w) {
			t.Errorf("%s is not watched", w)
		}
		if _, ok := s.Counters[w]; !ok {
			t.Errorf("%s is watched but not read", w)
		}
	}
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

// TestReadAllocs: a counted query allocates nothing, and reading values
// allocates nothing beyond what the driver's own counting of the same rows
// does, but for a string's own bytes.
func TestReadAllocs(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_MYSQL")
	counted := dbtest.Allocs(t, dbtest.Open(t, Driver{}, target))
	t.Logf("allocations per call: %v", counted)
	for _, name := range []string{"Query/numbers", "Query/text"} {
		if counted[name] != 0 {
			t.Errorf("%s: %v allocations a call, want none", name, counted[name])
		}
	}
	decoded := dbtest.Allocs(t, decodingConn{dbtest.Open(t, Driver{}, target).(*Conn)})
	t.Logf("allocations per call through the driver's rows: %v", decoded)
	dbtest.ReadsAllocNoMore(t, decoded)
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
