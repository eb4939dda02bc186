package oracle

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"

	go_ora "github.com/sijms/go-ora/v2"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// DefaultPort is the listener's port when the URL gives none.
const DefaultPort = "1521"

// loginTimeout bounds connect and login when the caller's context has no
// deadline: a port that accepts and never answers (another server, a
// firewall that swallows packets) would otherwise hang the run, since
// dbgauge gives go-ora no per-read timeout.
const loginTimeout = 30 * time.Second

// Driver opens Oracle connections. The zero value dials with blocking
// sockets (package sockconn).
type Driver struct {
	// dial, when set, replaces the socket dialer: the tests' fake TNS
	// server plugs in here, through the connector's own dialer hook. An
	// interface (holding a pointer), so that Driver stays comparable.
	dial contextDialer
}

// Name implements db.Driver.
func (Driver) Name() string { return "oracle" }

// Schemes implements db.Driver.
func (Driver) Schemes() []string { return []string{"oracle"} }

// usage is the URL form (without a password: the output redacts one).
const usage = "oracle://user@host:1521/service"

// Config turns an oracle:// URL into the URL go-ora parses and the
// listener's host:port. The service name is required; the port defaults to
// 1521; other query parameters are go-ora's URL options, checked here so
// that a wrong one is a usage error before any connection.
func Config(t *db.Target) (dsn, addr string, err error) {
	u := t.URL
	host := u.Hostname()
	if host == "" {
		return "", "", fmt.Errorf("oracle URL %s has no host (want %s)", t.Redacted(), usage)
	}
	port := u.Port()
	if port == "" {
		port = DefaultPort
	}
	addr = net.JoinHostPort(host, port)
	service := strings.Trim(u.Path, "/")
	q := u.Query()
	if service == "" && q.Get("SID") == "" && q.Get("sid") == "" {
		return "", "", fmt.Errorf("oracle URL %s names no service (want %s)", t.Redacted(), usage)
	}
	if !hasOption(q, "PROGRAM") {
		// v$session.program names the benchmark, for the DBA watching.
		q.Set("PROGRAM", "dbgauge")
	}
	if !hasOption(q, "TIMEOUT", "CONNECT TIMEOUT", "CONNECTION TIMEOUT") {
		// go-ora's default (10 minutes) sets a socket deadline before every
		// read and write: two system calls per round trip. A hung server
		// is the runner's to interrupt (Interrupt), a connect's deadline
		// the context's.
		q.Set("TIMEOUT", "0")
	}
	out := url.URL{Scheme: "oracle", User: u.User, Host: addr, Path: "/" + service, RawQuery: q.Encode()}
	dsn = out.String()
	if _, err := go_ora.ParseConfig(dsn); err != nil {
		return "", "", fmt.Errorf("oracle URL %s: %s", t.Redacted(), hide(err.Error(), t.Password()))
	}
	return dsn, addr, nil
}

// hasOption says whether q sets one of names (go-ora's options are
// case-insensitive).
func hasOption(q url.Values, names ...string) bool {
	for k := range q {
		for _, n := range names {
			if strings.EqualFold(k, n) {
				return true
			}
		}
	}
	return false
}

// Open implements db.Driver: go-ora's connector with its dialer hook set to
// dbgauge's blocking sockets, used through database/sql/driver directly.
func (d Driver) Open(ctx context.Context, t *db.Target) (db.Conn, error) {
	dsn, addr, err := Config(t)
	if err != nil {
		return nil, err
	}
	c := &Conn{}
	c.raw.dial = d.dial
	connector, ok := go_ora.NewConnector(dsn).(*go_ora.OracleConnector)
	if !ok {
		return nil, errors.New("go-ora's connector is not an *OracleConnector")
	}
	connector.Dialer(&c.raw)
	// The login's deadline is kept here, not handed to go-ora: go-ora
	// ends a cancelled call by closing its socket from another goroutine,
	// unsynchronised with the read in progress (a data race). Shutting the
	// socket down (Interrupt) ends the read the same way, safely.
	lctx := ctx
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		lctx, cancel = context.WithTimeout(ctx, loginTimeout)
		defer cancel()
	}
	c.raw.ctx = lctx
	stop := context.AfterFunc(lctx, c.raw.Interrupt)
	dc, err := connect(context.WithoutCancel(ctx), connector)
	if !stop() && err == nil {
		dc.Close()
		err = lctx.Err()
	}
	c.raw.ctx = nil
	if err != nil {
		switch {
		case lctx.Err() != nil && ctx.Err() == nil:
			err = fmt.Errorf("no answer to the login within %v", loginTimeout)
		case ctx.Err() != nil:
			err = fmt.Errorf("no answer to the login: %w", ctx.Err())
		}
		// go-ora leaves the socket of a failed login open.
		c.raw.Close()
		return nil, &db.ConnectError{Addr: addr, Err: connectReason(err, t.Password())}
	}
	oc, ok := dc.(oraConn)
	if !ok {
		dc.Close()
		c.raw.Close()
		return nil, errors.New("oracle: go-ora's connection lacks a context method dbgauge uses")
	}
	c.DriverConn = sqldb.DriverConn{DC: cancelConn{oc}, D: dialect, Classify: classify}
	return c, nil
}

// connect is connector.Connect, with a panic of go-ora's (an index out of
// range on a reply it did not expect: another server on the port, a proxy)
// turned into an error.
func connect(ctx context.Context, connector driver.Connector) (dc driver.Conn, err error) {
	defer func() {
		if r := recover(); r != nil {
			dc, err = nil, fmt.Errorf("the reply is not an Oracle server's as go-ora reads it (%v)", r)
		}
	}()
	return connector.Connect(ctx)
}

// Conn is one Oracle connection.
type Conn struct {
	sqldb.DriverConn
	raw dialer
	// version is ServerVersion's answer, once read.
	version string
}

var (
	_ sqldb.Conn       = (*Conn)(nil)
	_ sqldb.Transactor = (*Conn)(nil)
	_ db.Versioner     = (*Conn)(nil)
	_ db.Interrupter   = (*Conn)(nil)
)

// Interrupt implements db.Interrupter.
func (c *Conn) Interrupt() { c.raw.Interrupt() }

// Close implements db.Conn: go-ora logs off, then closes the socket.
func (c *Conn) Close() error { return c.CloseOver(&c.raw) }

// ServerVersion implements db.Versioner with the first line of v$version
// ("Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 -
// Production"), read once.
func (c *Conn) ServerVersion(ctx context.Context) (string, error) {
	if c.version != "" {
		return c.version, nil
	}
	rows, err := c.QueryStrings(ctx, versionQuery)
	switch {
	case err != nil:
		return "", fmt.Errorf("read the server version: %w", err)
	case len(rows) == 0 || rows[0][0] == "":
		return "", errors.New("read the server version: v$version shows no Oracle banner")
	}
	c.version = rows[0][0]
	return c.version, nil
}

// versionQuery reads the database's banner; v$version is readable by every
// user (its PUBLIC synonym and grant).
const versionQuery = "SELECT banner FROM v$version WHERE banner LIKE 'Oracle%' AND ROWNUM = 1"
