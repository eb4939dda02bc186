package sqlserver

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/microsoft/go-mssqldb/msdsn"

	"github.com/dbgauge/dbgauge/db"
)

func target(t *testing.T, raw string) *db.Target {
	t.Helper()
	tg, err := db.ParseURL(raw)
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

// TestConfig turns URLs into go-mssqldb's configuration and checks what it
// parsed: host, port, database, the password, the query parameters passed
// through, and the application name dbgauge sets.
func TestConfig(t *testing.T) {
	t.Parallel()
	cases := []struct {
		raw, addr, host, database, user, password, app string
		port                                           uint64
		encryption                                     msdsn.Encryption
	}{
		{raw: "sqlserver://sa:Secret-1@db.example:1433?database=bench", addr: "db.example:1433", host: "db.example",
			database: "bench", user: "sa", password: "Secret-1", app: "dbgauge", port: 1433, encryption: msdsn.EncryptionOff},
		{raw: "mssql://sa:p%40ss%3Aw%2Fd@10.0.0.5?database=b&encrypt=disable", addr: "10.0.0.5:1433", host: "10.0.0.5",
			database: "b", user: "sa", password: "p@ss:w/d", app: "dbgauge", port: 1433, encryption: msdsn.EncryptionDisabled},
		{raw: "sqlserver://u@h:14330?Database=x&app+name=mine&encrypt=true&TrustServerCertificate=true", addr: "h:14330",
			host: "h", database: "x", user: "u", app: "mine", port: 14330, encryption: msdsn.EncryptionRequired},
		{raw: "sqlserver://u:pw@h/SQLEXPRESS?database=x", addr: `h\SQLEXPRESS`, host: "h", database: "x", user: "u",
			password: "pw", app: "dbgauge", port: 0, encryption: msdsn.EncryptionOff},
		{raw: "sqlserver://u:pw@h:1500/INST?database=x", addr: "h:1500", host: "h", database: "x", user: "u",
			password: "pw", app: "dbgauge", port: 1500, encryption: msdsn.EncryptionOff},
		{raw: "sqlserver://u:pw@[::1]:1500?DATABASE=cat", addr: "[::1]:1500", host: "::1", database: "cat",
			user: "u", password: "pw", app: "dbgauge", port: 1500, encryption: msdsn.EncryptionOff},
	}
	for _, tc := range cases {
		dsn, addr, err := Config(target(t, tc.raw))
		if err != nil {
			t.Errorf("%s: %v", tc.raw, err)
			continue
		}
		if addr != tc.addr {
			t.Errorf("%s: address %q, want %q", tc.raw, addr, tc.addr)
		}
		p, err := msdsn.Parse(dsn)
		if err != nil {
			t.Errorf("%s: go-mssqldb cannot parse %q: %v", tc.raw, db.Redact(dsn), err)
			continue
		}
		if p.Host != tc.host || p.Port != tc.port || p.Database != tc.database || p.User != tc.user ||
			p.Password != tc.password || p.AppName != tc.app || p.Encryption != tc.encryption {
			t.Errorf("%s: parsed host %q port %d database %q user %q app %q encryption %v (password right: %v)",
				tc.raw, p.Host, p.Port, p.Database, p.User, p.AppName, p.Encryption, p.Password == tc.password)
		}
		if strings.Contains(tc.raw, "SQLEXPRESS") && p.Instance != "SQLEXPRESS" {
			t.Errorf("%s: instance %q", tc.raw, p.Instance)
		}
	}
}

// TestConfigRefuses: a URL without a database or with a parameter
// go-mssqldb refuses is a one-line error naming the URL without its
// password, before any connection.
func TestConfigRefuses(t *testing.T) {
	t.Parallel()
	for raw, says := range map[string]string{
		"sqlserver://u:Sekrit99@h:1433":                         "names no database",
		"sqlserver://u:Sekrit99@h:1433?database=":               "names no database",
		"mssql://u:Sekrit99@h":                                  "names no database",
		"sqlserver://u:Sekrit99@h?database=x&encrypt=perhaps":   "invalid encrypt",
		"sqlserver://u:Sekrit99@h?database=x&dial+timeout=soon": "invalid dial timeout",
	} {
		_, _, err := Config(target(t, raw))
		if err == nil {
			t.Errorf("%s: accepted", db.Redact(raw))
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, says) || strings.Contains(msg, "Sekrit99") || strings.Contains(msg, "\n") {
			t.Errorf("%s: %q, want one line saying %q without the password", db.Redact(raw), msg, says)
		}
		// Through Open, the same refusal, and not a ConnectError (exit 2,
		// not 3).
		_, err = Driver{}.Open(context.Background(), target(t, raw))
		var ce *db.ConnectError
		if err == nil || errors.As(err, &ce) {
			t.Errorf("%s: Open gave %v, want a usage error", db.Redact(raw), err)
		}
	}
}

// TestRefusedConnection: a closed port is a *db.ConnectError naming
// host:port and the reason, never the password.
func TestRefusedConnection(t *testing.T) {
	t.Parallel()
	_, err := Driver{}.Open(context.Background(), target(t, "sqlserver://u:Sekrit99@127.0.0.1:1?database=x"))
	var ce *db.ConnectError
	if !errors.As(err, &ce) {
		t.Fatalf("got %v, want a ConnectError", err)
	}
	if msg := ce.Error(); !strings.Contains(msg, "127.0.0.1:1") || !strings.Contains(msg, "refused") || strings.Contains(msg, "Sekrit99") {
		t.Errorf("message %q must name 127.0.0.1:1 and the reason, and not the password", msg)
	}
}
