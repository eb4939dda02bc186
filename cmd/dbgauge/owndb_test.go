package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/testenv"
)

// ownDatabases are SQLite and, when scripts/services has started them
// (required under CI), PostgreSQL and MariaDB, each in a database named
// name of the test's own: the servers' bench database is shared by every
// test package running at once. The database is dropped and created
// again first, so a run starts empty whatever an earlier, failed run left.
func ownDatabases(t *testing.T, name string) map[string]string {
	t.Helper()
	out := map[string]string{"sqlite": "sqlite:" + filepath.Join(t.TempDir(), name+".sqlite")}
	for driver, url := range testenv.URLs(t, map[string]string{"postgres": "DBGAUGE_TEST_POSTGRES", "mysql": "DBGAUGE_TEST_MYSQL"}) {
		c := sqlConn(t, url)
		ctx := context.Background()
		drop := "DROP DATABASE IF EXISTS " + name
		if driver == "postgres" {
			drop += " WITH (FORCE)" // a killed client's backend may linger
		}
		if _, err := c.Exec(ctx, drop); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Exec(ctx, "CREATE DATABASE "+name); err != nil {
			t.Fatal(err)
		}
		base, query, _ := strings.Cut(url, "?")
		u := base[:strings.LastIndex(base, "/")] + "/" + name
		if query != "" {
			u += "?" + query
		}
		out[driver] = u
	}
	return out
}
