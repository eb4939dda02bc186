package postgres

import (
	"context"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
)

// TestServerStorage: the data directory is the server's own SHOW
// data_directory, the WAL is in its pg_wal (where the server's WAL
// segments are, when this process can read it), and a server reached on
// loopback or through its Unix socket is on this host.
func TestServerStorage(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	c := dbtest.Open(t, Driver{}, target).(*Conn)
	ctx := context.Background()
	st, err := c.ServerStorage(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := c.QueryStrings(ctx, "SHOW data_directory")
	if err != nil {
		t.Fatal(err)
	}
	if st.DataDir != rows[0][0] || st.DataSetting != "data_directory" {
		t.Errorf("data %q (%s), the server shows %q", st.DataDir, st.DataSetting, rows[0][0])
	}
	if st.LogDir != filepath.Join(rows[0][0], "pg_wal") || st.LogSetting != "data_directory/pg_wal" {
		t.Errorf("log %q (%s), want %s/pg_wal", st.LogDir, st.LogSetting, rows[0][0])
	}
	if !st.Local {
		t.Errorf("a server on %s is not seen as on this host", target.URL.Host)
	}
	// The WAL's segments are files of 24 hexadecimal digits.
	if entries, err := os.ReadDir(st.LogDir); err != nil {
		t.Logf("cannot list %s from this process (%v): the segments are not checked", st.LogDir, err)
	} else {
		segment := regexp.MustCompile(`^[0-9A-F]{24}$`)
		found := false
		for _, e := range entries {
			found = found || segment.MatchString(e.Name())
		}
		if !found {
			t.Errorf("no WAL segment in %s", st.LogDir)
		}
	}

	// Through the server's Unix socket, which it names itself.
	rows, err = c.QueryStrings(ctx, "SHOW unix_socket_directories")
	if err != nil || rows[0][0] == "" {
		t.Fatalf("unix_socket_directories: %v %v", rows, err)
	}
	sock := *target.URL
	q := sock.Query()
	q.Set("host", strings.TrimSpace(strings.Split(rows[0][0], ",")[0]))
	q.Set("port", target.URL.Port())
	sock.Host, sock.RawQuery = "", q.Encode()
	st2 := storageOf(t, sock.String())
	if !st2.Local || st2.DataDir != st.DataDir {
		t.Errorf("through the socket: %+v", st2)
	}
}

// TestServerStorageNoPrivilege: a user who may not read data_directory
// gets an error, which the session turns into no record.
func TestServerStorageNoPrivilege(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	c := dbtest.Open(t, Driver{}, target).(*Conn)
	ctx := context.Background()
	const role = "dbgauge_storage_noprivilege"
	pw := target.Password()
	c.Exec(ctx, "DROP ROLE IF EXISTS "+role)
	if _, err := c.Exec(ctx, "CREATE ROLE "+role+" LOGIN PASSWORD "+quote(pw)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Exec(context.Background(), "DROP ROLE IF EXISTS "+role) })
	u := *target.URL
	u.User = url.UserPassword(role, pw)
	tg, err := db.ParseURL(u.String())
	if err != nil {
		t.Fatal(err)
	}
	weak := dbtest.Open(t, Driver{}, tg).(*Conn)
	st, err := weak.ServerStorage(ctx)
	var de *db.Error
	if err == nil || !errors.As(err, &de) {
		t.Errorf("an unprivileged user read %+v (error %v)", st, err)
	}
}

// TestWalDir: pg_xlog before PostgreSQL 10.
func TestWalDir(t *testing.T) {
	for v, want := range map[int]string{90624: "pg_xlog", 100000: "pg_wal", 150004: "pg_wal", 0: "pg_wal"} {
		if got := walDir(v); got != want {
			t.Errorf("walDir(%d) = %s, want %s", v, got, want)
		}
	}
}

func storageOf(t *testing.T, raw string) *db.ServerStorage {
	t.Helper()
	tg, err := db.ParseURL(raw)
	if err != nil {
		t.Fatal(err)
	}
	st, err := dbtest.Open(t, Driver{}, tg).(*Conn).ServerStorage(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return st
}
