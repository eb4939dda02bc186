package dbtest

import (
	"os"
	"testing"

	"github.com/dbgauge/dbgauge/db"
)

// OptionalServerURL is ServerURL for a database no project machine can run
// (Oracle, SQL Server: neither installs here, so CI cannot start one).
// Without the variable the test is skipped loudly, under CI=true too, with
// a message saying so, instead of failing.
func OptionalServerURL(t testing.TB, name string) *db.Target {
	t.Helper()
	raw := os.Getenv(name)
	if raw == "" {
		if os.Getenv("CI") != "" {
			t.Skipf("SKIPPED: %s is not set; this database cannot run on CI machines, so its live suite runs only where a server is given", name)
		}
		t.Skipf("SKIPPED: %s is not set; set it to a server's URL to run the live suite", name)
	}
	return parseEnvURL(t, name)
}
