package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
)

// TestCUBRIDBadInput: through the binary, a CUBRID broker that cannot be
// reached is exit 3 naming host:port, a URL without its database is exit
// 2, each in one line that never shows the password. No server needed.
func TestCUBRIDBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		name, url string
		code      int
		says      string
	}{
		{"closed port", "cubrid://u:TopSecret9@127.0.0.1:1/bench", 3, "cannot connect to 127.0.0.1:1"},
		{"no database", "cubrid://u@host", 2, "names no database"},
		{"no database, with password", "cubrid://u:TopSecret9@host:33000/", 2, "names no database"},
		{"unknown option", "cubrid://u:TopSecret9@127.0.0.1:1/bench?charset=utf8", 2, "unknown URL option"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			o := dbgauge(t, dir, "run", "oltp_point_select", "--db", tc.url)
			if o.code != tc.code {
				t.Errorf("exit %d, want %d; stderr: %s", o.code, tc.code, o.stderr)
			}
			lines := strings.Split(strings.TrimSpace(o.stderr), "\n")
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "dbgauge: ") || !strings.Contains(lines[0], tc.says) {
				t.Errorf("stderr %q is not one line saying %q", o.stderr, tc.says)
			}
			if strings.Contains(o.stdout+o.stderr, "TopSecret9") {
				t.Errorf("the password is printed: %q", o.stdout+o.stderr)
			}
		})
	}
}

// cubridGroups are the workloads CUBRID runs, by the dataset they share:
// each group is prepared with the options that keep its data small, each
// workload of it run, checked where it has a check, and the dataset
// cleaned up once.
var cubridGroups = []workloadGroup{
	{"oltp", []string{"oltp_read_write", "oltp_read_only", "oltp_write_only", "oltp_point_select", "oltp_insert", "oltp_delete",
		"oltp_update_index", "oltp_update_non_index"}, []string{"--tables", "2", "--table-size", "1000"}, false, false},
	// sysbench's two read one table.
	{"oltp", []string{"select_random_points", "select_random_ranges"}, []string{"--tables", "1", "--table-size", "1000"}, false, false},
	{"bulk_insert", []string{"bulk_insert"}, nil, false, false},
	{"widetable", []string{"widetable_insert", "widetable_select"}, []string{"--tables", "3", "--table-size", "300"}, false, false},
	{"kv", []string{"kv_a", "kv_b", "kv_c", "kv_d", "kv_e", "kv_f", "kv_insert", "kv_get"},
		[]string{"--record-count", "2000", "--batch-size", "5", "--requests-per-conn", "300"}, false, false},
	{"tpcc", []string{"tpcc"}, []string{"--warehouses", "1"}, true, false},
	{"orderentry", []string{"orderentry"}, []string{"--scale", "0.0002", "--warehouses", "20"}, true, false},
	{"bookstore", []string{"bookstore"}, []string{"--items", "1000", "--customers", "2880"}, false, false},
	// A declarative workload runs its file's SQL as written.
	{"spec_shop", []string{"../../examples/workloads/shop.yaml"}, []string{"--customers", "100", "--products", "100"}, false, false},
}

// dropped reads cleanup's "Dropped a, b (dataset d)." line.
var dropped = regexp.MustCompile(`Dropped (.+) \(dataset (\S+)\)\.`)

// TestCUBRIDWorkloads: every workload CUBRID carries, prepared, run,
// checked where it has a check, and cleaned up through the binary on the
// live server; cleanup leaves none of the dataset's tables and no stamp.
// The groups run one after the other: TPC-C's, the bookstore's and Order
// Entry's tables share names (item, customer, orders, ...).
func TestCUBRIDWorkloads(t *testing.T) {
	t.Parallel()
	url := serverURL(t, "DBGAUGE_TEST_CUBRID")
	runGroups(t, url, cubridGroups, func(v string) bool { return strings.HasPrefix(v, "CUBRID 11.3.2") }, nil)
}

// TestCUBRIDRefused: a wrong password, and a database the CAS cannot
// open, are exit 3, one line naming the broker's host:port and the
// reason, and the password appears nowhere.
func TestCUBRIDRefused(t *testing.T) {
	url := serverURL(t, "DBGAUGE_TEST_CUBRID")
	pw := passwordOf(t, url)
	tg, _ := db.ParseURL(url)
	for _, c := range []struct{ url, reason string }{
		{strings.Replace(url, ":"+pw+"@", ":not-"+pw+"@", 1), "password"},
		{strings.TrimSuffix(url, tg.URL.Path) + "/nosuchdb", "nosuchdb"},
	} {
		o := dbgauge(t, t.TempDir(), "run", "oltp_point_select", "--db", c.url, "--time", "1")
		if o.code != 3 {
			t.Errorf("exit %d, want 3: %s", o.code, o.stderr)
		}
		line := strings.TrimSpace(o.stderr)
		if strings.Count(line, "\n") != 0 || !strings.Contains(line, "cannot connect to "+tg.URL.Host) || !strings.Contains(line, c.reason) {
			t.Errorf("want one line naming %s and %q, got %q", tg.URL.Host, c.reason, o.stderr)
		}
		if strings.Contains(o.stdout+o.stderr, pw) {
			t.Errorf("the password appears in the output: %q", o.stderr)
		}
	}
}

// TestCUBRIDRefusesLuaScripts: a sysbench Lua script, whose transactions
// begin with a BEGIN statement CUBRID does not have, is exit 2 before
// anything is created.
func TestCUBRIDRefusesLuaScripts(t *testing.T) {
	url := serverURL(t, "DBGAUGE_TEST_CUBRID")
	script, _ := filepath.Abs("../../workloads/script/testdata/tpcc_style.lua")
	for _, verb := range []string{"prepare", "run"} {
		o := dbgauge(t, t.TempDir(), verb, script, "--db", url)
		if o.code != 2 || !strings.Contains(o.stderr, "BEGIN statement") || strings.Count(strings.TrimSpace(o.stderr), "\n") > 1 {
			t.Errorf("%s: exit %d, want 2 saying why: %s", verb, o.code, o.stderr)
		}
	}
	c := sqlConn(t, url)
	for _, table := range []string{"district1", "orders1"} {
		if ok, err := tableExists(c, table); ok || err != nil {
			t.Errorf("the refused script created %s (%v)", table, err)
		}
	}
}

// passwordOf is the password in a test server's URL.
func passwordOf(t *testing.T, url string) string {
	t.Helper()
	tg, err := db.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	pw := tg.Password()
	if pw == "" {
		t.Fatal("the test server URL must carry a password")
	}
	return pw
}
