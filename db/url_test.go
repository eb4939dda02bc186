package db

import (
	"strings"
	"testing"
)

func TestRedact(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"postgres://bench:s3cret@127.0.0.1:5432/bench", "postgres://bench:xxxxx@127.0.0.1:5432/bench"},
		{"mysql://root:p%40ss@db.example:3306/x?tls=true", "mysql://root:xxxxx@db.example:3306/x?tls=true"},
		{"postgres://bench@host/db?password=hunter2&sslmode=disable", "postgres://bench@host/db?password=xxxxx&sslmode=disable"},
		{"host=x user=u password=hunter2 dbname=d", "host=x user=u password=xxxxx dbname=d"},
		{"sqlite:bench.db", "sqlite:bench.db"},
		{"postgres://user@host/db", "postgres://user@host/db"},
		{"redis://:onlypass@127.0.0.1:6379/0", "redis://:xxxxx@127.0.0.1:6379/0"},
		{"postgres://u:@host/db", "postgres://u:xxxxx@host/db"},
		{"postgres://u:password=pw@host/db?token=t1&x=1", "postgres://u:xxxxx@host/db?token=xxxxx&x=1"},
		{"--db=mysql://a:b@h/x --other pwd=zz", "--db=mysql://a:xxxxx@h/x --other pwd=xxxxx"},
		{"mysql://u:p@h/d?hs-port=9998&hs-secret=r1&hs-secret-wr=w2&tls=true", "mysql://u:xxxxx@h/d?hs-port=9998&hs-secret=xxxxx&hs-secret-wr=xxxxx&tls=true"},
	} {
		if got := Redact(tc.in); got != tc.want {
			t.Errorf("Redact(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestSecrets: the ranges cover exactly the passwords, in order, merged
// where the two forms overlap.
func TestSecrets(t *testing.T) {
	s := "postgres://u:pass=word@h/db?password=p2"
	var got []string
	for _, sp := range Secrets(s) {
		got = append(got, s[sp[0]:sp[1]])
	}
	if strings.Join(got, "|") != "pass=word|p2" {
		t.Errorf("Secrets = %q", got)
	}
	tg, err := ParseURL("mysql://u:p%40w@h/d?hs-secret=r%2F1&hs-secret-wr=w2")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(tg.Secrets(), "|"); got != "p%40w|p@w|r%2F1|r/1|w2" {
		t.Errorf("Target.Secrets = %q", got)
	}
	if Secrets("sqlite:bench.db") != nil {
		t.Error("a URL without a password has secrets")
	}
}

func TestParseURL(t *testing.T) {
	tg, err := ParseURL("Postgres://u:pw@h:1/d")
	if err != nil || tg.Scheme != "postgres" || tg.Password() != "pw" || strings.Contains(tg.Redacted(), "pw@") {
		t.Fatalf("%+v, %v", tg, err)
	}
	for _, bad := range []string{"", "  ", "no-scheme.db", "postgres://u:se cret@h:99999999999/%zz"} {
		_, err := ParseURL(bad)
		if err == nil {
			t.Errorf("ParseURL(%q) accepted", bad)
			continue
		}
		if strings.Contains(err.Error(), "se cret") {
			t.Errorf("the error for %q shows the password: %v", bad, err)
		}
	}
}

func TestStampMismatch(t *testing.T) {
	s := &Stamp{Shape: map[string]string{"tables": "1", "table-size": "10000"}}
	if m := s.Mismatch(map[string]string{"tables": "1", "table-size": "10000"}); m != "" {
		t.Errorf("equal shapes differ: %s", m)
	}
	m := s.Mismatch(map[string]string{"tables": "1", "table-size": "20000"})
	if !strings.Contains(m, "table-size=10000 (asked 20000)") {
		t.Errorf("mismatch says %q", m)
	}
}

func TestClassNames(t *testing.T) {
	for _, c := range Classes {
		if got, ok := ParseClass(c.String()); !ok || got != c {
			t.Errorf("class %v does not round-trip", c)
		}
	}
	if _, ok := ParseClass("none"); ok {
		t.Error("'none' parsed as an error class")
	}
}
