package main

import (
	"os"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
)

// sqlserverVar names the real TDS server the SQL Server tests run against:
// Babelfish for PostgreSQL 4.3, which scripts/services builds and starts
// (no SQL Server runs on the project's machines).
const sqlserverVar = "DBGAUGE_TEST_SQLSERVER"

// sqlserverGroups are the SQL workloads run on the TDS server, by the
// dataset they share, each prepared with options that keep its data small.
var sqlserverGroups = []workloadGroup{
	// The DELETE/INSERT pairs of read_write and write_only write their ids
	// back, which an IDENTITY column refuses: --auto-inc=off, as the
	// workloads ask on SQL Server.
	{"oltp", []string{"oltp_read_write", "oltp_read_only", "oltp_write_only", "oltp_point_select", "oltp_delete",
		"oltp_update_index", "oltp_update_non_index"}, []string{"--tables", "2", "--table-size", "1000", "--auto-inc=off"}, false, false},
	// With an IDENTITY id (sysbench's default --auto-inc): loaded ids kept,
	// the server's own after them. (oltp_insert run on a dataset prepared
	// with --auto-inc=off asks for table-size 0 and is refused.)
	{"oltp", []string{"oltp_insert", "oltp_point_select"}, []string{"--tables", "1", "--table-size", "1000"}, false, false},
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

// TestSQLServerWorkloads: every SQL workload prepared, run, checked where it
// has a check, and cleaned up through the binary on the real TDS server;
// each run names the server it measured (Babelfish, never plain "SQL
// Server"), and cleanup leaves none of the dataset's tables and no stamp.
// The groups run one after the other: TPC-C's, the bookstore's and Order
// Entry's tables share names (item, customer, orders, ...).
func TestSQLServerWorkloads(t *testing.T) {
	t.Parallel()
	url := serverURL(t, sqlserverVar)
	runGroups(t, url, sqlserverGroups, sqlserverNamed, encrypted)
}

// sqlserverNamed: a result names the server it measured. Babelfish says
// so, with its own version and PostgreSQL's, not as "SQL Server"; a real
// SQL Server names its product.
func sqlserverNamed(v string) bool {
	if os.Getenv("DBGAUGE_TEST_BABELFISH_PG") != "" {
		return strings.HasPrefix(v, "Babelfish 4.3") && strings.Contains(v, "PostgreSQL 16")
	}
	return strings.HasPrefix(v, "SQL Server ")
}

// TestSQLServerRefused: through the binary, a wrong password and a
// database the server does not have are exit 3, one line naming
// host:port and the server's reason; the password appears nowhere.
func TestSQLServerRefused(t *testing.T) {
	t.Parallel()
	url := serverURL(t, sqlserverVar)
	pw := passwordOf(t, url)
	tg, _ := db.ParseURL(url)
	for _, c := range []struct{ name, url, reason string }{
		{"wrong password", strings.Replace(url, ":"+pw+"@", ":not-"+pw+"@", 1), "Login failed"},
		{"missing database", strings.Replace(url, "database=master", "database=nosuchdb", 1), "nosuchdb"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.url == url {
				t.Fatalf("the URL %s did not change", tg.Redacted())
			}
			o := dbgauge(t, t.TempDir(), "run", "oltp_point_select", "--db", c.url, "--time", "1")
			if o.code != 3 {
				t.Errorf("exit %d, want 3: %s", o.code, o.stderr)
			}
			line := strings.TrimSpace(o.stderr)
			if strings.Count(line, "\n") != 0 || !strings.Contains(line, "cannot connect to "+tg.URL.Host) || !strings.Contains(line, c.reason) {
				t.Errorf("want one line naming %s and %q, got %q", tg.URL.Host, c.reason, o.stderr)
			}
			if strings.Contains(o.stdout+o.stderr, pw) {
				t.Errorf("the password appears in the output: %q", o.stdout+o.stderr)
			}
		})
	}
}

// encrypted is url asking for TLS (encrypt=true), the server's
// self-signed certificate trusted.
func encrypted(t *testing.T, url string) string {
	t.Helper()
	tls := strings.Replace(url, "encrypt=disable", "encrypt=true&TrustServerCertificate=true", 1)
	if tls == url {
		t.Fatalf("the URL names no encrypt=disable to replace")
	}
	return tls
}
