package sqlite

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
)

func pragmaOf(name string) func(ctx context.Context, c db.Conn) (string, error) {
	return func(ctx context.Context, c db.Conn) (string, error) { return c.(*Conn).pragma(ctx, name) }
}

// TestSettings: a PRAGMA reaches every connection opened from the target
// WithSettings returns; a connection opened as before has it as before.
func TestSettings(t *testing.T) {
	target, _ := db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), "settings.sqlite"))
	open := func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) }
	for _, sc := range []struct{ name, value, inForce string }{
		{"cache_size", "-16000", "-16000"},
		{"synchronous", "OFF", "0"},
		{"busy_timeout", "2500", "2500"}, // replaces the driver's default
		{"temp_store", "MEMORY", "2"},
	} {
		t.Run(sc.name, func(t *testing.T) {
			dbtest.Settings(t, open, dbtest.SettingCase{Name: sc.name, Value: sc.value, InForce: sc.inForce, See: pragmaOf(sc.name),
				Run: func(ctx context.Context) (db.Conn, error) {
					tg, err := Driver{}.WithSettings(target, [][2]string{{sc.name, sc.value}})
					if err != nil {
						return nil, err
					}
					return Driver{}.Open(ctx, tg)
				}})
		})
	}
}

// journalMode reads the file's journal mode from its header without
// opening it (bytes 18 and 19: 2 in WAL, 1 in rollback journal modes), so
// that no connection switches it.
func journalMode(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil || len(b) < 20 {
		t.Fatalf("read %s: %v", path, err)
	}
	if b[18] == 2 && b[19] == 2 {
		return "wal"
	}
	return "rollback"
}

// TestJournalMode: journal_mode is the file's: the run's connections open
// it in the mode asked for, and restoring sets WAL back on the file.
func TestJournalMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.sqlite")
	target, _ := db.ParseURL("sqlite:" + path)
	ctx := context.Background()
	c := dbtest.Open(t, Driver{}, target).(*Conn)
	if _, err := c.Exec(ctx, "CREATE TABLE t (x INTEGER)"); err != nil {
		t.Fatal(err)
	}
	p, err := c.ReadSetting(ctx, "journal_mode")
	if err != nil || p.Value != "wal" {
		t.Fatalf("prior %+v, %v", p, err)
	}
	if v, err := c.ChangeSetting(ctx, "journal_mode", "DELETE"); err != nil || v != "delete" {
		t.Fatalf("change: %q, %v", v, err)
	}
	tg, err := Driver{}.WithSettings(target, [][2]string{{"journal_mode", "DELETE"}})
	if err != nil {
		t.Fatal(err)
	}
	run := dbtest.Open(t, Driver{}, tg).(*Conn)
	if v, _ := run.pragma(ctx, "journal_mode"); v != "delete" || journalMode(t, path) != "rollback" {
		t.Errorf("a run's connection has journal_mode %q, the file %s", v, journalMode(t, path))
	}
	run.Close()
	if err := c.RestoreSetting(ctx, p); err != nil {
		t.Fatal(err)
	}
	if m := journalMode(t, path); m != "wal" {
		t.Errorf("the file is in %s mode after the restore, want wal", m)
	}
}

// TestSettingsRefused: unknown pragmas (which SQLite ignores silently),
// pragmas that only a new file takes, and values a pragma does not take
// are *db.SettingErrors.
func TestSettingsRefused(t *testing.T) {
	target, _ := db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), "refused.sqlite"))
	c := dbtest.Open(t, Driver{}, target).(*Conn)
	for _, tc := range []struct{ name, value, says string }{
		{"no_such_pragma", "1", "not a PRAGMA a run can set"},
		{"integrity_check", "1", "not a PRAGMA a run can set"},
		{"page_size", "8192", "created"},
		{"synchronous", "SOMETIMES", "not a value"},
		{"cache_size", "1; DROP TABLE x", "not a value"},
		{"mmap_size", "-1", "not a value"},
	} {
		_, err := c.ChangeSetting(context.Background(), tc.name, tc.value)
		var se *db.SettingError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s=%s: %v, want a *db.SettingError saying %q", tc.name, tc.value, err, tc.says)
		}
		if _, err := (Driver{}).WithSettings(target, [][2]string{{tc.name, tc.value}}); err == nil {
			t.Errorf("WithSettings took %s=%s", tc.name, tc.value)
		}
	}
}

// TestWithSettingsReplaces: a setting replaces the URL's own pragma of the
// same name and keeps the others.
func TestWithSettingsReplaces(t *testing.T) {
	target, _ := db.ParseURL("sqlite:/tmp/x.db?_pragma=cache_size(100)&_pragma=foreign_keys(1)")
	tg, err := Driver{}.WithSettings(target, [][2]string{{"CACHE_SIZE", "-4000"}})
	if err != nil {
		t.Fatal(err)
	}
	got := tg.URL.Query()["_pragma"]
	if strings.Join(got, " ") != "foreign_keys(1) cache_size(-4000)" || !strings.HasPrefix(tg.Raw, "sqlite:/tmp/x.db?") {
		t.Errorf("%s: pragmas %q", tg.Raw, got)
	}
}
