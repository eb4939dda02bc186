package oracle

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"
	"testing"
	"time"

	go_ora "github.com/sijms/go-ora/v2"
	"github.com/sijms/go-ora/v2/network"

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

// TestConfig: the URL go-ora receives names the same user, password, host,
// port (1521 by default) and service, and carries the user's options.
func TestConfig(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		raw, addr, service, user, password string
		prefetch                           int
		timeout                            time.Duration
	}{
		{"oracle://bench:s3cret@db1:1522/ORCLPDB1", "db1:1522", "ORCLPDB1", "bench", "s3cret", 25, 0},
		{"oracle://bench:pw@db1/XE", "db1:1521", "XE", "bench", "pw", 25, 0},
		{"oracle://bench:p%40ss%3Aw%2Fd@10.0.0.5/FREEPDB1?PREFETCH_ROWS=100", "10.0.0.5:1521", "FREEPDB1", "bench", "p@ss:w/d", 100, 0},
		{"oracle://u:p@[::1]:1600/svc?TIMEOUT=30", "[::1]:1600", "svc", "u", "p", 25, 30 * time.Second},
		{"oracle://u:p@h/svc?connect%20timeout=5", "h:1521", "svc", "u", "p", 25, 5 * time.Second},
	} {
		dsn, addr, err := Config(target(t, c.raw))
		if err != nil {
			t.Errorf("%s: %v", c.raw, err)
			continue
		}
		cfg, err := go_ora.ParseConfig(dsn)
		if err != nil {
			t.Errorf("%s: go-ora refuses %s: %v", c.raw, db.Redact(dsn), err)
			continue
		}
		srv := cfg.Servers[0]
		got := fmt.Sprintf("%s %s %s %s %s %d %v %s", addr, net.JoinHostPort(srv.Addr, fmt.Sprint(srv.Port)),
			cfg.ServiceName, cfg.UserID, cfg.Password, cfg.PrefetchRows, cfg.Timeout, cfg.ProgramName)
		want := fmt.Sprintf("%s %s %s %s %s %d %v dbgauge", c.addr, c.addr, c.service, c.user, c.password, c.prefetch, c.timeout)
		if got != want {
			t.Errorf("%s:\n got %s\nwant %s", c.raw, got, want)
		}
	}
}

// TestConfigErrors: a URL without a service or host, or with an option
// go-ora does not know, is refused before any connection, naming what is
// wrong and never the password.
func TestConfigErrors(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]string{
		"oracle://u:topsecret@host":                  "names no service",
		"oracle://u:topsecret@host:1521/":            "names no service",
		"oracle://u:topsecret@/XE":                   "has no host",
		"oracle://u:topsecret@host/XE?NO_SUCH_OPT=1": "unknown URL option",
		"oracle://u:topsecret@host/XE?TIMEOUT=soon":  "TIMEOUT value must be an integer",
	} {
		_, err := Driver{}.Open(context.Background(), target(t, raw))
		var ce *db.ConnectError
		switch {
		case err == nil:
			t.Errorf("%s: opened", raw)
		case errors.As(err, &ce):
			t.Errorf("%s: %v is a connect error, want a usage error", raw, err)
		case !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "topsecret") || strings.Contains(err.Error(), "\n"):
			t.Errorf("%s: %q, want one line with %q and no password", raw, err, want)
		}
	}
}

// TestClassify: ORA- numbers and network failures map onto dbgauge's
// classes, through wrapping.
func TestClassify(t *testing.T) {
	t.Parallel()
	ora := func(n int) error {
		return &network.OracleError{ErrCode: n, ErrMsg: fmt.Sprintf("%s: message", Code(n))}
	}
	for _, c := range []struct {
		err  error
		want db.Class
		code string
	}{
		{ora(60), db.Deadlock, "ORA-00060"},
		{ora(8177), db.Serialization, "ORA-08177"},
		{ora(30006), db.LockTimeout, "ORA-30006"},
		{ora(54), db.LockTimeout, "ORA-00054"},
		{ora(1), db.DuplicateKey, "ORA-00001"},
		{fmt.Errorf("insert: %w", ora(1)), db.DuplicateKey, "ORA-00001"},
		{ora(3113), db.ConnectionLost, "ORA-03113"},
		{ora(3114), db.ConnectionLost, "ORA-03114"},
		{ora(3135), db.ConnectionLost, "ORA-03135"},
		{ora(1013), db.Timeout, "ORA-01013"},
		{ora(942), db.Other, "ORA-00942"},
		{io.EOF, db.ConnectionLost, ""},
		{io.ErrUnexpectedEOF, db.ConnectionLost, ""},
		{driver.ErrBadConn, db.ConnectionLost, ""},
		{&net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}, db.ConnectionLost, ""},
		{errors.New("attempt to write on closed connection"), db.ConnectionLost, ""},
		{context.DeadlineExceeded, db.Timeout, ""},
		{network.ErrConnReset, db.Timeout, ""},
	} {
		err := classify(c.err)
		var e *db.Error
		code := ""
		if errors.As(err, &e) {
			code = e.Code
		}
		if got := db.ClassOf(err); got != c.want || code != c.code {
			t.Errorf("%v: class %v code %q, want %v %q", c.err, got, code, c.want, c.code)
		}
		if !errors.Is(err, c.err) {
			t.Errorf("%v: the classified error does not wrap the driver's", c.err)
		}
	}
	if err := classify(context.Canceled); err != context.Canceled {
		t.Errorf("a cancellation is %v, want it as it is", err)
	}
	if classify(nil) != nil {
		t.Error("nil is an error")
	}
}

// TestConnectReason: the listener's refusal reads as Oracle wrote it,
// without go-ora's "error occur at position" and without the password.
func TestConnectReason(t *testing.T) {
	t.Parallel()
	err := connectReason(&network.OracleError{ErrCode: 1017, ErrMsg: "ORA-01017: invalid username/password hunter2; logon denied"}, "hunter2")
	if got, want := err.Error(), "ORA-01017: invalid username/password xxxxx; logon denied"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	err = connectReason(&network.OracleError{ErrCode: 12514}, "pw")
	if got := err.Error(); !strings.HasPrefix(got, "ORA-12514: TNS:listener does not currently know of service") || strings.Contains(got, "position") {
		t.Errorf("%q", got)
	}
}

// TestBind: '?' becomes :1, :2, ... outside string literals.
func TestBind(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"SELECT c FROM sbtest1 WHERE id=?":                    "SELECT c FROM sbtest1 WHERE id=:1",
		"UPDATE t SET k=k+1 WHERE id BETWEEN ? AND ?":         "UPDATE t SET k=k+1 WHERE id BETWEEN :1 AND :2",
		"SELECT '?' FROM dual WHERE a=? AND b='it''s ?'":      "SELECT '?' FROM dual WHERE a=:1 AND b='it''s ?'",
		"SELECT banner FROM v$version WHERE banner LIKE 'O%'": "SELECT banner FROM v$version WHERE banner LIKE 'O%'",
	} {
		if got := dialect.BindQuery(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	if got, want := insertSQL(dialect, "sbtest1", []string{"id", "k", "c", "pad"}), "INSERT INTO "+dialect.QuoteIdent("sbtest1")+" (id, k, c, pad) VALUES (:1, :2, :3, :4)"; got != want {
		t.Errorf("bulk insert %q, want %q", got, want)
	}
}

// TestStatsSQL: the statistics queries name every v$sysstat statistic the
// snapshot keeps, leave idle waits out, and their rows become counters,
// gauges, wait classes and settings.
func TestStatsSQL(t *testing.T) {
	t.Parallel()
	for _, n := range append(append([]string{}, sysstat...), sysstatGauges...) {
		if !strings.Contains(sysstatQuery, "'"+n+"'") {
			t.Errorf("v$sysstat query misses %q", n)
		}
	}
	for _, w := range watched {
		if !strings.Contains(sysstatQuery, "'"+w+"'") {
			t.Errorf("watched %q is not read", w)
		}
	}
	if !strings.HasPrefix(sysstatQuery, "SELECT name, value FROM v$sysstat WHERE name IN ('user commits', 'user rollbacks', ") ||
		waitQuery != "SELECT wait_class, SUM(total_waits), SUM(time_waited_micro) FROM v$system_event WHERE wait_class <> 'Idle' GROUP BY wait_class" {
		t.Errorf("queries:\n%s\n%s", sysstatQuery, waitQuery)
	}
	s := statsFrom(
		[][]string{{"user commits", "120"}, {"redo size", "4096"}, {"logons current", "7"}, {"execute count", "not a number"}},
		[][]string{{"Commit", "40", "125000"}, {"User I/O", "9", "800"}},
		[][]string{{"sga_target", "1073741824"}})
	want := "map[redo size:4096 user commits:120 wait Commit time_us:125000 wait Commit waits:40 wait User I/O time_us:800 wait User I/O waits:9] map[logons current:7] map[sga_target:1073741824]"
	if got := fmt.Sprint(s.Counters, s.Gauges, s.Settings); got != want {
		t.Errorf("snapshot\n got %s\nwant %s", got, want)
	}
	r := (&Conn{}).Ratios(map[string]float64{"session logical reads": 1000, "physical reads": 150, "physical reads direct": 50,
		"parse count (total)": 200, "parse count (hard)": 10, "execute count": 1000})
	if got := fmt.Sprint(r); got != "map[buffer_hit_pct:90 execute_to_parse_pct:80 soft_parse_pct:95]" {
		t.Errorf("ratios %s", got)
	}
	if r := (&Conn{}).Ratios(map[string]float64{}); r["buffer_hit_pct"] != -1 || r["execute_to_parse_pct"] != -1 {
		t.Errorf("ratios with no activity %v, want -1", r)
	}
	for name, want := range map[string]string{"/u01/oradata/XE/system01.dbf": "/u01/oradata/XE", "+DATA/XE/redo01.log": "+DATA/XE/redo01.log"} {
		if got := fileDir(name); got != want {
			t.Errorf("fileDir(%s) = %s, want %s", name, got, want)
		}
	}
}

// countConn counts the deadlines that reach the socket.
type countConn struct {
	net.Conn
	reads, writes int
}

func (c *countConn) SetReadDeadline(time.Time) error  { c.reads++; return nil }
func (c *countConn) SetWriteDeadline(time.Time) error { c.writes++; return nil }

// TestDeadlineConn: go-ora's zero deadline before every read and write
// costs nothing until a real deadline was set; then clearing it passes.
func TestDeadlineConn(t *testing.T) {
	t.Parallel()
	inner := &countConn{}
	c := &deadlineConn{Conn: inner}
	for range 5 {
		c.SetReadDeadline(time.Time{})
		c.SetWriteDeadline(time.Time{})
	}
	if inner.reads != 0 || inner.writes != 0 {
		t.Fatalf("zero deadlines reached the socket: %d reads, %d writes", inner.reads, inner.writes)
	}
	c.SetDeadline(time.Now().Add(time.Minute))
	c.SetReadDeadline(time.Time{})
	c.SetReadDeadline(time.Time{})
	if inner.reads != 2 || inner.writes != 1 {
		t.Fatalf("set and clear: %d reads, %d writes, want 2 and 1", inner.reads, inner.writes)
	}
}

// TestRefusedPort: nothing listening is a ConnectError naming host:port,
// without the password, whatever the server.
func TestRefusedPort(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // a port that was just free
	_, err = Driver{}.Open(context.Background(), target(t, "oracle://u:pa55word@"+addr+"/XE"))
	var ce *db.ConnectError
	if !errors.As(err, &ce) || ce.Addr != addr || strings.Contains(err.Error(), "pa55word") || !strings.Contains(err.Error(), "refused") {
		t.Fatalf("%v, want a ConnectError for %s saying refused", err, addr)
	}
}
