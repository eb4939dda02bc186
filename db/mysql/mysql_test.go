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
