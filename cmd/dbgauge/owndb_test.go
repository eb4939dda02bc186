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
// test package running at once.
func ownDatabases(t *testing.T, name string) map[string]string {
	t.Helper()
	out := map[string]string{"sqlite": "sqlite:" + filepath.Join(t.TempDir(), name+".sqlite")}
	for driver, url := range testenv.URLs(t, map[string]string{"postgres": "DBGAUGE_TEST_POSTGRES", "mysql": "DBGAUGE_TEST_MYSQL"}) {
		c := sqlConn(t, url)
		ctx := context.Background()
		if driver == "postgres" {
			rows, err := c.QueryStrings(ctx, "SELECT 1 FROM pg_database WHERE datname = ?", name)
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) == 0 {
				if _, err := c.Exec(ctx, "CREATE DATABASE "+name); err != nil && !strings.Contains(err.Error(), "already exists") {
					t.Fatal(err)
				}
			}
		} else if _, err := c.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+name); err != nil {
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
