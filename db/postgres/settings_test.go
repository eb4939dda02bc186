package postgres

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
)

// show reads a setting as a run's connection sees it.
func show(name string) func(ctx context.Context, c db.Conn) (string, error) {
	return func(ctx context.Context, c db.Conn) (string, error) {
		rows, err := c.(*Conn).QueryStrings(ctx, "SHOW "+name)
		if err != nil {
			return "", err
		}
		return rows[0][0], nil
	}
}

// TestSettings: ALTER SYSTEM and a reload reach new connections, and the
// setting is put back. Both settings only decide what the server log
// records: no other test changes them or depends on them. One is of the
// superuser context, the other of sighup (a reload only).
func TestSettings(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	open := func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) }
	t.Run("superuser", func(t *testing.T) {
		dbtest.Settings(t, open, dbtest.SettingCase{Name: "log_min_duration_statement", Value: "2500ms", InForce: "2500ms",
			See: show("log_min_duration_statement")})
	})
	t.Run("sighup", func(t *testing.T) {
		dbtest.Settings(t, open, dbtest.SettingCase{Name: "log_autovacuum_min_duration", Value: "90s", InForce: "90s",
			See: show("log_autovacuum_min_duration")})
	})
}

// autoConf reads the line of postgresql.auto.conf for name, "" if none.
func autoConf(t *testing.T, c *Conn, name string) string {
	t.Helper()
	rows, err := c.QueryStrings(context.Background(), `SELECT setting FROM pg_file_settings WHERE name = ? AND sourcefile LIKE '%postgresql.auto.conf'`, name)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		return ""
	}
	return rows[0][0]
}

// TestSettingsKeepAutoConf: a setting that postgresql.auto.conf already
// held goes back to that line, not to a RESET; one it did not hold is
// RESET. log_checkpoints is changed by no other test.
func TestSettingsKeepAutoConf(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	c := dbtest.Open(t, Driver{}, target).(*Conn)
	ctx := context.Background()
	const name = "log_checkpoints"
	if _, err := c.Exec(ctx, "ALTER SYSTEM SET log_checkpoints = 'off'"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Exec(context.Background(), "ALTER SYSTEM RESET log_checkpoints")
		c.Exec(context.Background(), "SELECT pg_reload_conf()")
	})
	if _, err := c.reload(ctx, name); err != nil {
		t.Fatal(err)
	}
	p, err := c.ReadSetting(ctx, name)
	if err != nil || p.Unset || p.Stored != "off" || p.Value != "off" {
		t.Fatalf("prior %+v, %v: want the auto.conf line off", p, err)
	}
	if v, err := c.ChangeSetting(ctx, name, "on"); err != nil || v != "on" {
		t.Fatalf("change: %q, %v", v, err)
	}
	if err := c.RestoreSetting(ctx, p); err != nil {
		t.Fatal(err)
	}
	if got := autoConf(t, c, name); got != "off" {
		t.Errorf("postgresql.auto.conf holds %s = %q after the restore, want off", name, got)
	}
	if _, err := c.Exec(ctx, "ALTER SYSTEM RESET log_checkpoints"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.reload(ctx, name); err != nil {
		t.Fatal(err)
	}
	p, err = c.ReadSetting(ctx, name)
	if err != nil || !p.Unset {
		t.Fatalf("prior %+v, %v: want no auto.conf line", p, err)
	}
	if _, err := c.ChangeSetting(ctx, name, "off"); err != nil {
		t.Fatal(err)
	}
	if err := c.RestoreSetting(ctx, p); err != nil {
		t.Fatal(err)
	}
	if got := autoConf(t, c, name); got != "" {
		t.Errorf("postgresql.auto.conf holds %s = %q after restoring an unset setting", name, got)
	}
}

// TestSettingsRefused: what a run cannot change is a *db.SettingError that
// says why, and leaves postgresql.auto.conf as it was.
func TestSettingsRefused(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	c := dbtest.Open(t, Driver{}, target).(*Conn)
	ctx := context.Background()
	for _, tc := range []struct {
		name, value string
		restart     bool
		says        string
	}{
		{"shared_buffers", "256MB", true, "restarts"},
		{"max_connections", "400", true, "restarts"},
		{"block_size", "4096", false, "read only"},
		{"fsync", "on", false, "command line"}, // scripts/services starts the server with -c fsync=off
		{"no_such_setting", "1", false, "unknown"},
		{"search_path", "a,b", false, "list"},
		{"statement_timeout", "soon", false, "invalid value"},
	} {
		_, err := c.ChangeSetting(ctx, tc.name, tc.value)
		var se *db.SettingError
		if !errors.As(err, &se) || se.Restart != tc.restart || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s=%s: %v, want a *db.SettingError (restart %v) saying %q", tc.name, tc.value, err, tc.restart, tc.says)
		}
		if got := autoConf(t, c, tc.name); got != "" {
			t.Errorf("%s: postgresql.auto.conf holds %q after a refused change", tc.name, got)
		}
	}
}

// TestSettingsOverridden: a setting the connection's own options set is
// out of ALTER SYSTEM's reach, and refused.
func TestSettingsOverridden(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	withOpts, err := db.ParseURL(target.Raw + "&options=-c%20log_lock_waits%3Don")
	if err != nil {
		t.Fatal(err)
	}
	c := dbtest.Open(t, Driver{}, withOpts).(*Conn)
	_, err = c.ReadSetting(context.Background(), "log_lock_waits")
	var se *db.SettingError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "connection's own options") {
		t.Errorf("a setting of the URL's options: %v, want a *db.SettingError naming them", err)
	}
}
