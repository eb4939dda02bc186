package mysql

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
)

// TestServerStorage: the data directory is the server's own @@datadir,
// the redo log is where @@innodb_log_group_home_dir puts it (its
// ib_logfile0 is there, when this process can read it), and a server
// reached on loopback or through its Unix socket is on this host.
func TestServerStorage(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_MYSQL")
	c := dbtest.Open(t, Driver{}, target).(*Conn)
	ctx := context.Background()
	st, err := c.ServerStorage(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := c.QueryStrings(ctx, "SELECT @@datadir, @@innodb_log_group_home_dir, @@socket")
	if err != nil {
		t.Fatal(err)
	}
	datadir, home, socket := rows[0][0], rows[0][1], rows[0][2]
	if st.DataDir != filepath.Clean(datadir) || st.DataSetting != "datadir" {
		t.Errorf("data %q (%s), the server shows %q", st.DataDir, st.DataSetting, datadir)
	}
	want := home
	if !filepath.IsAbs(want) {
		want = filepath.Join(datadir, home)
	}
	if st.LogDir != filepath.Clean(want) || st.LogSetting != "innodb_log_group_home_dir" {
		t.Errorf("log %q (%s), the server shows %q in %q", st.LogDir, st.LogSetting, home, datadir)
	}
	if !st.Local {
		t.Errorf("a server on %s is not seen as on this host", target.URL.Host)
	}
	if _, err := os.Stat(filepath.Join(st.LogDir, "ib_logfile0")); os.IsNotExist(err) {
		t.Errorf("no redo log (ib_logfile0) in %s", st.LogDir)
	} else if err != nil {
		t.Logf("cannot look into %s from this process (%v): the redo log file is not checked", st.LogDir, err)
	}

	// Through the server's Unix socket, which it names itself.
	sock := *target.URL
	q := sock.Query()
	q.Set("socket", socket)
	sock.Host, sock.RawQuery = "localhost", q.Encode()
	tg, err := db.ParseURL(sock.String())
	if err != nil {
		t.Fatal(err)
	}
	st2, err := dbtest.Open(t, Driver{}, tg).(*Conn).ServerStorage(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !st2.Local || st2.DataDir != st.DataDir {
		t.Errorf("through the socket %s: %+v", socket, st2)
	}
}

// TestRedoDir: a relative innodb_log_group_home_dir is under the data
// directory; MySQL 8.0.30 and later add #innodb_redo, MariaDB never.
func TestRedoDir(t *testing.T) {
	for _, c := range []struct{ home, version, want string }{
		{"./", "10.11.19-MariaDB-0+deb12u1", "/var/lib/mysql"},
		{"", "10.11.19-MariaDB", "/var/lib/mysql"},
		{"/redo/", "10.11.19-MariaDB", "/redo"},
		{"../redo", "10.6.0-MariaDB", "/var/lib/redo"},
		{"./", "8.0.29", "/var/lib/mysql"},
		{"./", "8.0.36", "/var/lib/mysql/#innodb_redo"},
		{"/redo", "8.4.0-commercial", "/redo/#innodb_redo"},
		{"./", "5.7.44-log", "/var/lib/mysql"},
	} {
		if got := redoDir("/var/lib/mysql", c.home, c.version); got != c.want {
			t.Errorf("redoDir(%q, %q) = %s, want %s", c.home, c.version, got, c.want)
		}
	}
}
