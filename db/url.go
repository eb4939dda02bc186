package db

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
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
	userinfoRE = regexp.MustCompile(`//[^/@:]*:([^/@]*)@`)
	// A setting named password, secret, ... alone or with a suffix:
	// HandlerSocket's hs-secret and hs-secret-wr.
	secretRE = regexp.MustCompile(`(?i)(?:password|passwd|pwd|secret|token)(?:[-_][a-z]+)*=([^&;\s]*)`)
)

// Redact hides passwords in a URL or DSN-like string, parseable or not:
// user:secret@ becomes user:xxxxx@ and password=secret becomes password=xxxxx.
func Redact(s string) string {
	var b strings.Builder
	last := 0
	for _, sp := range Secrets(s) {
		b.WriteString(s[last:sp[0]])
		b.WriteString("xxxxx")
		last = sp[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// Secrets returns the byte ranges [start, end) of the passwords in s that
// Redact hides, in order and without overlaps.
func Secrets(s string) [][2]int {
	var spans [][2]int
	masked := []byte(s)
	for _, m := range userinfoRE.FindAllStringSubmatchIndex(s, -1) {
		spans = append(spans, [2]int{m[2], m[3]})
		for i := m[2]; i < m[3]; i++ {
			masked[i] = 'x'
		}
	}
	// user:password=x@host is one password, not a password= setting.
	for _, m := range secretRE.FindAllSubmatchIndex(masked, -1) {
		spans = append(spans, [2]int{m[2], m[3]})
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	out := spans[:0]
	for _, sp := range spans {
		if n := len(out); n > 0 && sp[0] < out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], sp[1]) // token=//u:pw@h: one range
			continue
		}
		out = append(out, sp)
	}
	return out
}

// Secrets returns every secret of t that Redact hides (the password,
// secret= and the like), as written in the URL and decoded, so that a
// message that quotes one decoded is masked too.
func (t *Target) Secrets() []string {
	var out []string
	for _, sp := range Secrets(t.Raw) {
		raw := t.Raw[sp[0]:sp[1]]
		out = append(out, raw)
		if dec, err := url.QueryUnescape(raw); err == nil && dec != raw {
			out = append(out, dec)
		}
	}
	if p := t.Password(); p != "" && !slices.Contains(out, p) {
		out = append(out, p)
	}
	return out
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
