package main

import (
	"net"
	"strings"
	"testing"
)

// TestOracleBadTargets: through the binary, an Oracle listener that is not
// there is exit 3 naming host:port, never the password; a URL without a
// service name is exit 2 naming what is missing. Neither needs a server.
func TestOracleBadTargets(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close()
	for _, c := range []struct {
		url  string
		code int
		want []string
	}{
		{"oracle://u:secret@127.0.0.1:1/XE", 3, []string{"127.0.0.1:1", "refused"}},
		{"oracle://u:secret@" + closed + "/FREEPDB1", 3, []string{closed}},
		{"oracle://u@host", 2, []string{"no service", "oracle://user@host:1521/service"}},
		{"oracle://u:secret@host:1521/", 2, []string{"no service"}},
		{"oracle://u:secret@host/XE?NO_SUCH_OPTION=1", 2, []string{"unknown URL option"}},
	} {
		o := dbgauge(t, t.TempDir(), "run", "oltp_point_select", "--db", c.url, "--time", "1")
		if o.code != c.code {
			t.Errorf("%s: exit %d, want %d\n%s", c.url, o.code, c.code, o.stderr)
		}
		out := o.stdout + o.stderr
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output does not say %q:\n%s", c.url, w, out)
			}
		}
		if strings.Contains(out, "secret") {
			t.Errorf("%s: the password is in the output:\n%s", c.url, out)
		}
		if lines := strings.Split(strings.TrimSpace(o.stderr), "\n"); len(lines) != 1 {
			t.Errorf("%s: want a one-line error, got:\n%s", c.url, o.stderr)
		}
	}
}

// TestListUnavailable: `dbgauge list` names the databases it cannot reach,
// after its drivers, each with the reason.
func TestListUnavailable(t *testing.T) {
	t.Parallel()
	o := dbgauge(t, t.TempDir(), "list")
	if o.code != 0 {
		t.Fatalf("list: exit %d\n%s", o.code, o.stderr)
	}
	drivers := strings.Index(o.stdout, "Drivers:")
	na := strings.Index(o.stdout, "Not available")
	if drivers < 0 || na < drivers || !strings.Contains(o.stdout[drivers:na], "oracle") {
		t.Fatalf("no Not available section after the drivers:\n%s", o.stdout)
	}
	section := o.stdout[na:]
	section = section[:strings.Index(section, "\n\n")]
	for db, reason := range map[string]string{"DB2": "cgo", "Sybase ASE": "not served"} {
		line := ""
		for _, l := range strings.Split(section, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), db+" ") {
				line = l
			}
		}
		if !strings.Contains(line, reason) {
			t.Errorf("%s: line %q, want its reason (%s)", db, line, reason)
		}
	}
}
