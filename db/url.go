package db

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// Target is a parsed database URL. Raw keeps the password: never print it,
// use Redacted.
type Target struct {
	Raw    string
	URL    *url.URL
	Scheme string
}

// ParseURL parses a database URL such as sqlite:bench.db,
// postgres://user:pw@host:5432/db or mysql://user@host/db.
func ParseURL(raw string) (*Target, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, fmt.Errorf("empty database URL")
	}
	u, err := url.Parse(raw)
	if err != nil {
		// url.Parse quotes the input in its message: never echo it.
		return nil, fmt.Errorf("malformed database URL %q", Redact(raw))
	}
	if u.Scheme == "" {
		return nil, fmt.Errorf("database URL %q has no scheme (want e.g. sqlite:FILE or postgres://HOST/DB)", Redact(raw))
	}
	return &Target{Raw: raw, URL: u, Scheme: strings.ToLower(u.Scheme)}, nil
}

// Redacted returns the URL with any password replaced.
func (t *Target) Redacted() string { return Redact(t.Raw) }

var (
	userinfoRE = regexp.MustCompile(`(//[^/@:]*):[^/@]*@`)
	secretRE   = regexp.MustCompile(`(?i)((?:password|passwd|pwd|secret|token)=)[^&;\s]*`)
)

// Redact hides passwords in a URL or DSN-like string, parseable or not:
// user:secret@ becomes user:xxxxx@ and password=secret becomes password=xxxxx.
func Redact(s string) string {
	s = userinfoRE.ReplaceAllString(s, "${1}:xxxxx@")
	return secretRE.ReplaceAllString(s, "${1}xxxxx")
}

// Password returns the password in t, if any, so that callers can check that
// it never appears in what they write.
func (t *Target) Password() string {
	if t.URL.User != nil {
		if p, ok := t.URL.User.Password(); ok {
			return p
		}
	}
	return t.URL.Query().Get("password")
}
