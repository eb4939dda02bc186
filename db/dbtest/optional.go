package dbtest

import (
	"os"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/testenv"
)

// OptionalServerURL is ServerURL for a database no project machine can run
// (Oracle: it does not install here, so CI cannot start one; SQL Server's
// suite runs on Babelfish and uses ServerURL).
// Without the variable the test is skipped loudly, under CI=true too
// (testenv.Skip), instead of failing.
func OptionalServerURL(t testing.TB, name string) *db.Target {
	t.Helper()
	raw := os.Getenv(name)
	if raw == "" {
		testenv.Skip(t, "%s is not set; this database cannot run on CI machines, so its live suite runs only where a server's URL is given", name)
	}
	return parseURL(t, name, raw)
}
