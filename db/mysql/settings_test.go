package mysql

import (
	"context"
	"errors"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
)

// TestSettings: SET GLOBAL reaches the sessions that start afterwards and
// is put back. long_query_time only decides what the slow query log (off
// here) would record: no other test changes it or depends on it.
func TestSettings(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_MYSQL")
	open := func(ctx context.Context) (db.Conn, error) { return Driver{}.Open(ctx, target) }
	dbtest.Settings(t, open, dbtest.SettingCase{Name: "long_query_time", Value: "7.25", InForce: "7.250000",
		See: func(ctx context.Context, c db.Conn) (string, error) {
			// The session's value, formatted as the server formats
			// global ones.
			rows, err := c.(*Conn).QueryStrings(ctx, "SELECT VARIABLE_VALUE FROM information_schema.SESSION_VARIABLES WHERE VARIABLE_NAME = 'LONG_QUERY_TIME'")
			if err != nil {
				return "", err
			}
			return rows[0][0], nil
		}})
}

// TestSettingsRefused: what a run cannot change is a *db.SettingError that
// says why, before anything changed.
func TestSettingsRefused(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_MYSQL")
	c := dbtest.Open(t, Driver{}, target).(*Conn)
	ctx := context.Background()
	for _, tc := range []struct {
		name, value string
		restart     bool
	}{
		{"datadir", "/tmp", true}, // read only while the server runs
		{"port", "1", true},
		{"innodb_log_file_size", "1", false}, // dynamic since MariaDB 10.9: too small
		{"pseudo_thread_id", "1", false},     // a session variable
		{"no_such_variable", "1", false},
		{"long_query_time", "soon", false}, // a value of the wrong type
		{"query_cache_type", "7", false},   // no such enum value
	} {
		_, err := c.ChangeSetting(ctx, tc.name, tc.value)
		var se *db.SettingError
		if !errors.As(err, &se) || se.Restart != tc.restart {
			t.Errorf("%s=%s: %v (restart %v), want a *db.SettingError with restart %v", tc.name, tc.value, err, se != nil && se.Restart, tc.restart)
		}
	}
}

func TestLiterals(t *testing.T) {
	for _, tc := range []struct{ v, typ, want string }{
		{"1", "ENUM", "1"},
		{"ON", "ENUM", "ON"},
		{"DEFAULT", "BIGINT UNSIGNED", "DEFAULT"},
		{"16777216", "BIGINT UNSIGNED", "16777216"},
		{"7.25", "DOUBLE", "7.25"},
		{"1", "VARCHAR", "'1'"},
		{"STRICT_TRANS_TABLES,NO_ZERO_DATE", "SET", "'STRICT_TRANS_TABLES,NO_ZERO_DATE'"},
		{"'quoted'", "VARCHAR", "'quoted'"},
		{"it's", "", `'it''s'`},
		{`a\b`, "", `'a\\b'`},
	} {
		if got := valueLiteral(tc.v, tc.typ); got != tc.want {
			t.Errorf("valueLiteral(%q, %q) = %s, want %s", tc.v, tc.typ, got, tc.want)
		}
	}
	for _, tc := range []struct{ v, typ, want string }{
		{"OFF", "ENUM", "'OFF'"},
		{"1048576", "BIGINT UNSIGNED", "1048576"},
		{"10.000000", "DOUBLE", "10.000000"},
		{"10.000000", "", "10.000000"},
		{"123", "VARCHAR", "'123'"},
		{"InnoDB", "VARCHAR", "'InnoDB'"},
	} {
		if got := storedLiteral(tc.v, tc.typ); got != tc.want {
			t.Errorf("storedLiteral(%q, %q) = %s, want %s", tc.v, tc.typ, got, tc.want)
		}
	}
}
