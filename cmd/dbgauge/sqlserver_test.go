package main

import (
	"strings"
	"testing"
)

// TestSQLServerBadInput: through the binary, a SQL Server that cannot be
// reached is exit 3 naming host:port, a URL without its database is exit 2,
// each in one line that never shows the password.
func TestSQLServerBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		name, url string
		code      int
		says      string
	}{
		{"closed port", "sqlserver://u:TopSecret9@127.0.0.1:1?database=x", 3, "cannot connect to 127.0.0.1:1"},
		{"closed port, mssql scheme", "mssql://u:TopSecret9@127.0.0.1:1?database=x&encrypt=disable", 3, "cannot connect to 127.0.0.1:1"},
		{"no database", "sqlserver://u@host", 2, "names no database"},
		{"no database, with password", "sqlserver://u:TopSecret9@host:1433", 2, "names no database"},
		{"bad parameter", "sqlserver://u:TopSecret9@127.0.0.1:1?database=x&encrypt=perhaps", 2, "invalid encrypt"},
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
