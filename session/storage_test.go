package session

import (
	"context"
	"net/url"
	"testing"

	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// TestServerStorage: against the real servers, the places are the
// server's own directories on this host's devices; an unprivileged
// PostgreSQL user and a SQLite file (which has no server) give none.
func TestServerStorage(t *testing.T) {
	ctx := context.Background()
	for env, query := range map[string]string{
		"DBGAUGE_TEST_POSTGRES": "SELECT current_setting('data_directory')",
		"DBGAUGE_TEST_MYSQL":    "SELECT @@datadir",
	} {
		t.Run(env, func(t *testing.T) {
			c := control(t, dbtest.ServerURL(t, env).Raw)
			rows, err := c.QueryStrings(ctx, query)
			if err != nil {
				t.Fatal(err)
			}
			data, log := serverStorage(ctx, c)
			if data == nil || log == nil {
				t.Fatalf("no places: %+v %+v", data, log)
			}
			if data.Path != cleanDir(rows[0][0]) || !data.Local || data.Device == "" || data.Filesystem == "" {
				t.Errorf("data %+v, the server says %s", data, rows[0][0])
			}
			if log.Path == "" || log.Setting == "" || (log.Device == "" && log.Unknown == "") {
				t.Errorf("log %+v: a device or why not", log)
			}
		})
	}
	t.Run("unprivileged", func(t *testing.T) {
		target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
		admin := control(t, target.Raw)
		const role = "dbgauge_session_noprivilege"
		admin.Exec(ctx, "DROP ROLE IF EXISTS "+role)
		if _, err := admin.Exec(ctx, "CREATE ROLE "+role+" LOGIN PASSWORD '"+target.Password()+"'"); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { admin.Exec(context.Background(), "DROP ROLE IF EXISTS "+role) })
		u := *target.URL
		u.User = url.UserPassword(role, target.Password())
		if data, log := serverStorage(ctx, control(t, u.String())); data != nil || log != nil {
			t.Errorf("an unprivileged user recorded %+v %+v", data, log)
		}
	})
	t.Run("sqlite", func(t *testing.T) {
		_, c := sqliteTarget(t)
		if data, log := serverStorage(ctx, c); data != nil || log != nil {
			t.Errorf("a file database recorded %+v %+v", data, log)
		}
	})
}

// control opens a control connection to raw, closed at the test's end.
func control(t *testing.T, raw string) sqldb.Conn {
	t.Helper()
	tg, err := ResolveTarget(raw)
	if err != nil {
		t.Fatal(err)
	}
	c, err := tg.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c.(sqldb.Conn)
}

// cleanDir is a directory as paths are compared: MariaDB shows its
// datadir with a trailing slash.
func cleanDir(d string) string {
	if len(d) > 1 && d[len(d)-1] == '/' {
		return d[:len(d)-1]
	}
	return d
}
