package session

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

func TestParseServerSetting(t *testing.T) {
	for _, tc := range []struct{ arg, name, value, err string }{
		{"work_mem=64MB", "work_mem", "64MB", ""},
		{" query_cache_type = 1 ", "query_cache_type", "1", ""},
		{"pg_stat_statements.track=all", "pg_stat_statements.track", "all", ""},
		{"sql_mode=A,B=C", "sql_mode", "A,B=C", ""},
		{"search_path=", "search_path", "", ""},
		{"work_mem", "", "", "not NAME=VALUE"},
		{"=1", "", "", "empty setting name"},
		{"work-mem=1", "", "", "letters, digits"},
		{"1abc=1", "", "", "starting with a letter"},
		{"a;drop=1", "", "", "letters, digits"},
		{"a..b=1", "", "", "letters, digits"},
		{"x=a\nb", "", "", "control character"},
	} {
		s, err := ParseServerSetting(tc.arg)
		switch {
		case tc.err == "" && (err != nil || s.Name != tc.name || s.Value != tc.value):
			t.Errorf("%q: %+v, %v", tc.arg, s, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: %v, want an error saying %q", tc.arg, err, tc.err)
		}
	}
}

func TestCheckServerSet(t *testing.T) {
	s := NewSpec("sqlite:x.db", "oltp_point_select")
	s.ServerSet = []ServerSetting{{"cache_size", "1"}, {"CACHE_SIZE", "2"}}
	if err := s.Check(); KindOf(err) != Usage || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a name twice: %v", err)
	}
	s.ServerSet = []ServerSetting{{"cache_size", "1"}}
	s.Users, s.Shard = 2, "0/2"
	var se *SettingError
	if err := s.Check(); KindOf(err) != Usage || !errors.As(err, &se) || !strings.Contains(se.Words(func(s string) string { return "--" + s }), "--server-set with --shard") {
		t.Errorf("on a shard: %v", err)
	}
}

// notes is an Observer that keeps the notes.
type notes struct {
	Quiet
	lines []string
}

func (n *notes) Note(l string) { n.lines = append(n.lines, l) }

// sqliteTarget opens a control connection to a new SQLite file.
func sqliteTarget(t *testing.T) (*Target, sqldb.Conn) {
	t.Helper()
	tg, err := ResolveTarget("sqlite:" + filepath.Join(t.TempDir(), "s.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := tg.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return tg, c.(sqldb.Conn)
}

func pragma(t *testing.T, c sqldb.Conn, name string) string {
	t.Helper()
	rows, err := c.QueryStrings(context.Background(), "PRAGMA "+name)
	if err != nil {
		t.Fatal(err)
	}
	return rows[0][0]
}

// TestChangeServer: settings change in order, the run's target carries a
// connection's settings, Restore puts them back once and records it.
func TestChangeServer(t *testing.T) {
	tg, c := sqliteTarget(t)
	ctx := context.Background()
	obs := &notes{}
	ch, err := ChangeServer(ctx, tg, c, []ServerSetting{{"cache_size", "-9000"}, {"synchronous", "OFF"}}, obs)
	if err != nil {
		t.Fatal(err)
	}
	if q := ch.Target().T.URL.Query()["_pragma"]; !strings.Contains(strings.Join(q, " "), "cache_size(-9000)") {
		t.Errorf("the run's target does not carry the settings: %s", ch.Target().T.Raw)
	}
	if pragma(t, c, "cache_size") != "-9000" {
		t.Error("the control connection does not have the setting")
	}
	recs := ch.Restore(ctx)
	if len(recs) != 2 || !recs[0].Restored || !recs[1].Restored || recs[0].Previous != "-2000" || recs[1].InForce != "0" {
		t.Errorf("records %+v", recs)
	}
	if pragma(t, c, "cache_size") != "-2000" || pragma(t, c, "synchronous") != "1" {
		t.Error("not put back")
	}
	c.Exec(ctx, "PRAGMA cache_size = -7") // a second Restore must not touch it
	ch.Restore(ctx)
	if pragma(t, c, "cache_size") != "-7" {
		t.Error("a second Restore restored again")
	}
	if len(obs.lines) != 3 || !strings.Contains(obs.lines[2], "put back") {
		t.Errorf("notes %q", obs.lines)
	}
}

// TestChangeServerRefused: a setting the driver refuses stops the run as
// a usage error before anything changed (read first), or after putting
// back what changed (a value refused on change).
func TestChangeServerRefused(t *testing.T) {
	tg, c := sqliteTarget(t)
	ctx := context.Background()
	_, err := ChangeServer(ctx, tg, c, []ServerSetting{{"cache_size", "-9000"}, {"page_size", "8192"}}, &notes{})
	if KindOf(err) != Usage || !strings.Contains(err.Error(), "page_size") {
		t.Errorf("page_size: %v", err)
	}
	if pragma(t, c, "cache_size") != "-2000" {
		t.Error("a setting changed before a refused read")
	}
	_, err = ChangeServer(ctx, tg, c, []ServerSetting{{"cache_size", "-9000"}, {"synchronous", "SOMETIMES"}}, &notes{})
	if KindOf(err) != Usage || !strings.Contains(err.Error(), "SOMETIMES") {
		t.Errorf("a bad value: %v", err)
	}
	if pragma(t, c, "cache_size") != "-2000" {
		t.Error("the first setting was not put back after the second was refused")
	}
}

// TestRestoreOnNewConnection: when the control connection is gone (an
// interrupt may close it mid-query), Restore puts the settings back on a
// new one. log_min_error_statement only decides what the server logs and
// no other test changes it.
func TestRestoreOnNewConnection(t *testing.T) {
	tg, err := ResolveTarget(dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES").Raw)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	c, err := tg.Open(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ch, err := ChangeServer(ctx, tg, c, []ServerSetting{{"log_min_error_statement", "panic"}}, &notes{})
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	recs := ch.Restore(ctx)
	if !recs[0].Restored || recs[0].InForce != "panic" {
		t.Fatalf("records %+v", recs)
	}
	c2, err := tg.Open(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	rows, err := c2.(sqldb.Conn).QueryStrings(ctx, "SHOW log_min_error_statement")
	if err != nil || rows[0][0] != recs[0].Previous {
		t.Errorf("log_min_error_statement %v (%v) after the restore, want %s", rows, err, recs[0].Previous)
	}
}
