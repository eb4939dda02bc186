package main

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// TestCleanupAfterKilledPrepare kills (SIGKILL: no deferred cleanup of
// dbgauge's own runs) the prepare of each built-in dataset with several
// tables at two points, once its stamp claims the tables and once some
// batches are in, and checks that `cleanup` alone then exits 0 and leaves
// no table at all in a database of the test's own, on every database
// (issue 27 item 6).
func TestCleanupAfterKilledPrepare(t *testing.T) {
	t.Parallel()
	cases := []struct {
		workload, dataset string
		args              []string
	}{
		{"tpcc", "tpcc", []string{"--warehouses", "2"}},
		{"bookstore", "bookstore", []string{"--items", "1000", "--customers", "20000"}},
		{"orderentry", "orderentry", []string{"--scale", "0.05"}},
	}
	for name, url := range ownDatabases(t, "dbgauge_killed_prepare") {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, c := range cases {
				for _, point := range []string{"stamped", "loading"} {
					u := url
					if strings.HasPrefix(u, "sqlite:") {
						u = "sqlite:" + filepath.Join(t.TempDir(), c.workload+".sqlite")
					}
					killPrepareAt(t, u, c.workload, c.dataset, point, c.args)
					dir := t.TempDir()
					o := dbgauge(t, dir, append([]string{"cleanup", c.workload, "--db", u}, c.args...)...)
					if o.code != 0 {
						t.Fatalf("%s killed %s: cleanup exited %d: %s", c.workload, point, o.code, o.stderr)
					}
					if left := userTables(t, u); len(left) > 0 {
						t.Errorf("%s killed %s: cleanup left %v", c.workload, point, left)
					}
				}
			}
		})
	}
}

// killPrepareAt starts a prepare and kills it once its stamp exists
// (stamped) or once it lists a finished batch (loading).
func killPrepareAt(t *testing.T, url, workload, dataset, point string, args []string) {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"prepare", workload, "--db", url, "--threads", "2"}, args...)...)
	cmd.Dir = t.TempDir()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	c := sqlConn(t, url)
	before := sessions(t, c, url)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 6000; i++ {
		if st, err := sqldb.ReadStamp(context.Background(), c, dataset); err == nil && st != nil {
			if st.Complete {
				break
			}
			if point == "stamped" || batchesDone(st.Loading) > 0 {
				cmd.Process.Kill()
				cmd.Wait()
				awaitOrphans(t, c, url, before)
				return
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Kill()
	cmd.Wait()
	t.Fatalf("prepare %s never reached the point %q before it ended:\n%s", workload, point, out.String())
}

// sessions lists the server's sessions in the URL's database (none on
// SQLite, whose writers are the processes themselves).
func sessions(t *testing.T, c sqldb.Conn, url string) map[string]bool {
	t.Helper()
	var q string
	switch {
	case strings.HasPrefix(url, "postgres"):
		q = "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
	case strings.HasPrefix(url, "mysql"):
		q = "SELECT id FROM information_schema.processlist WHERE db = DATABASE()"
	default:
		return nil
	}
	rows, err := c.QueryStrings(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, r := range rows {
		ids[r[0]] = true
	}
	return ids
}

// awaitOrphans waits until the server has ended every session that was not
// in before (the killed prepare's): a statement it had sent (a CREATE
// TABLE, say) still runs to its end on the server, and would otherwise
// create a table after cleanup.
func awaitOrphans(t *testing.T, c sqldb.Conn, url string, before map[string]bool) {
	t.Helper()
	for i := 0; i < 1000; i++ {
		left := 0
		for id := range sessions(t, c, url) {
			if !before[id] {
				left++
			}
		}
		if left == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the killed prepare's sessions on %s did not end in 10 s", url)
}

// userTables lists the tables in the URL's database, the stamp table aside
// (cleanup leaves it for other datasets' stamps).
func userTables(t *testing.T, url string) []string {
	t.Helper()
	q := "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) <> 'sqlite_'"
	switch {
	case strings.HasPrefix(url, "postgres"):
		q = "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
	case strings.HasPrefix(url, "mysql"):
		q = "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE()"
	}
	rows, err := sqlConn(t, url).QueryStrings(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range rows {
		if r[0] != sqldb.StampTable {
			names = append(names, r[0])
		}
	}
	return names
}
