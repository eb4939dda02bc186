package sqlserver

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"

	mssql "github.com/microsoft/go-mssqldb"
	"github.com/microsoft/go-mssqldb/msdsn"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sockconn"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// DefaultPort is the server's port when the URL gives none (and names no
// instance).
const DefaultPort = "1433"

// Driver opens SQL Server connections. The zero value dials with blocking
// sockets (package sockconn).
type Driver struct {
	// dial, when set, replaces the socket dialer: the tests' fake TDS
	// server plugs in here, through the connector's own Dialer hook.
	dial mssql.Dialer
}

// Name implements db.Driver.
func (Driver) Name() string { return "sqlserver" }

// Schemes implements db.Driver.
func (Driver) Schemes() []string { return []string{"sqlserver", "mssql"} }

const usage = "sqlserver://user@host:1433?database=NAME"

// Config turns a sqlserver:// or mssql:// URL into the DSN go-mssqldb parses
// and the server's host:port. The database is required; the port defaults
// to 1433 unless the path names an instance (sqlserver://host/INSTANCE asks
// the SQL Server Browser for its port); other query parameters are
// go-mssqldb's, checked here so that a wrong one is a usage error before any
// connection.
func Config(t *db.Target) (dsn, addr string, err error) {
	u := t.URL
	host := u.Hostname()
	if host == "" {
		host = "127.0.0.1"
	}
	instance := strings.Trim(u.Path, "/")
	port := u.Port()
	if port == "" && instance == "" {
		port = DefaultPort
	}
	// A port wins over an instance name, as in go-mssqldb.
	addr = host + `\` + instance
	if port != "" {
		addr = net.JoinHostPort(host, port)
	}
	q := u.Query()
	if option(q, "database") == "" {
		return "", "", fmt.Errorf("sqlserver URL %s names no database (want %s)", t.Redacted(), usage)
	}
	if !hasOption(q, "app name") {
		// program_name in sys.dm_exec_sessions names the benchmark, for
		// the DBA watching.
		q.Set("app name", "dbgauge")
	}
	out := url.URL{Scheme: "sqlserver", User: u.User, Host: host, RawQuery: q.Encode()}
	if port != "" {
		out.Host = net.JoinHostPort(host, port)
	}
	if instance != "" {
		out.Path = "/" + instance
	}
	dsn = out.String()
	if _, err := msdsn.Parse(dsn); err != nil {
		return "", "", fmt.Errorf("sqlserver URL %s: %s", t.Redacted(), hide(err.Error(), t.Password()))
	}
	return dsn, addr, nil
}

// option returns the first non-empty value of names in q (go-mssqldb's keys
// are case-insensitive).
func option(q url.Values, names ...string) string {
	for k, v := range q {
		for _, n := range names {
			if strings.EqualFold(k, n) && len(v) > 0 && v[0] != "" {
				return v[0]
			}
		}
	}
	return ""
}

// hasOption says whether q sets one of names.
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

// hide replaces the password in a message.
func hide(msg, password string) string {
	if password != "" {
		msg = strings.ReplaceAll(msg, password, "xxxxx")
	}
	return db.Redact(msg)
}

// Open implements db.Driver: go-mssqldb's connector with its Dialer set to
// dbgauge's blocking sockets, used through database/sql/driver directly.
func (d Driver) Open(ctx context.Context, t *db.Target) (db.Conn, error) {
	dsn, addr, err := Config(t)
	if err != nil {
		return nil, err
	}
	connector, err := mssql.NewConnector(dsn)
	if err != nil {
		return nil, fmt.Errorf("sqlserver URL %s: %s", t.Redacted(), hide(err.Error(), t.Password()))
	}
	c := &Conn{}
	// Blocking sockets: one system call per read instead of the netpoller
	// round (see package sockconn).
	connector.Dialer = &c.raw
	if d.dial != nil {
		connector.Dialer = d.dial
	}
	dc, err := connector.Connect(ctx)
	if err != nil {
		c.raw.Close()
		return nil, &db.ConnectError{Addr: addr, Err: connectReason(err, t.Password())}
	}
	mc, ok := dc.(*mssql.Conn)
	if !ok {
		dc.Close()
		return nil, fmt.Errorf("go-mssqldb's connection is a %T, not an *mssql.Conn", dc)
	}
	c.mc = mc
	c.DriverConn = sqldb.DriverConn{DC: dc, D: dialect, Classify: classify}
	// The version says whether the server is Babelfish, which needs its
	// own dialect and typed NULLs from the first statement on.
	if _, err := c.ServerVersion(ctx); err != nil {
		c.Close()
		return nil, &db.ConnectError{Addr: addr, Err: connectReason(err, t.Password())}
	}
	if c.isBabelfish {
		c.DriverConn.D = babelfishDialect
		c.DriverConn.Null = sql.NullString{}
		if _, err := c.Exec(ctx, babelfishIsolation); err != nil {
			c.Close()
			return nil, &db.ConnectError{Addr: addr, Err: connectReason(err, t.Password())}
		}
	}
	return c, nil
}

// connectReason is the server's or the network's reason, without secrets.
func connectReason(err error, password string) error {
	msg := err.Error()
	var me mssql.Error
	if errors.As(err, &me) {
		msg = fmt.Sprintf("%s (error %d)", me.Message, me.Number)
	}
	return errors.New(hide(msg, password))
}

// Conn is one SQL Server connection.
type Conn struct {
	sqldb.DriverConn
	mc  *mssql.Conn
	raw sockconn.Set
	// version is ServerVersion's answer, once read, and isBabelfish
	// whether its @@VERSION is Babelfish's (see babelfish.go).
	version     string
	isBabelfish bool
	// identity maps the tables BulkInsert loaded to their IDENTITY column
	// ("" for none).
	identity map[string]string
}

var (
	_ sqldb.Conn       = (*Conn)(nil)
	_ sqldb.Transactor = (*Conn)(nil)
	_ db.Versioner     = (*Conn)(nil)
	_ db.Interrupter   = (*Conn)(nil)
)

// Interrupt implements db.Interrupter.
func (c *Conn) Interrupt() { c.raw.Interrupt() }

// Close implements db.Conn.
func (c *Conn) Close() error { return c.CloseOver(&c.raw) }
