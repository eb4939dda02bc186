// Package mysql is the MySQL and MariaDB driver: go-sql-driver/mysql used
// through its database/sql/driver interface directly (sqldb.DriverConn),
// with server-side prepared statements for the load, whose counted queries
// (sqldb.Stmt.Query, rows nobody reads) it executes and counts itself on
// the driver's socket without converting a value (countstmt.go). URLs:
// mysql://user:password@host:port/db?param=value (also mariadb://); the query
// parameters are go-sql-driver/mysql's DSN parameters, plus socket=PATH for a
// Unix socket and the hs-* parameters of the server's HandlerSocket plugin
// (db/handlersocket), which a Conn opens on request.
package mysql

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
	"strings"

	gomysql "github.com/go-sql-driver/mysql"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/handlersocket"
	"github.com/dbgauge/dbgauge/db/sockconn"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// Driver opens MySQL and MariaDB connections.
type Driver struct{}

// Name implements db.Driver.
func (Driver) Name() string { return "mysql" }

// Schemes implements db.Driver.
func (Driver) Schemes() []string { return []string{"mysql", "mariadb"} }

// Config turns a mysql:// URL into the driver's configuration.
func Config(t *db.Target) (*gomysql.Config, error) {
	cfg, _, err := config(t)
	return cfg, err
}

// config is Config and where the server's HandlerSocket listens: the hs-*
// parameters, which never reach go-sql-driver/mysql's DSN.
func config(t *db.Target) (*gomysql.Config, handlersocket.Endpoints, error) {
	var hs handlersocket.Endpoints
	u := t.URL
	cfg := gomysql.NewConfig()
	if u.User != nil {
		cfg.User = u.User.Username()
		cfg.Passwd, _ = u.User.Password()
	}
	cfg.DBName = strings.TrimPrefix(u.Path, "/")
	q := u.Query()
	host := u.Hostname()
	if host == "" {
		host = "127.0.0.1"
	}
	if sock := q.Get("socket"); sock != "" {
		cfg.Net, cfg.Addr = "unix", sock
		q.Del("socket")
		host = "127.0.0.1" // a socket is on this host; HandlerSocket is TCP only
	} else {
		port := u.Port()
		if port == "" {
			port = "3306"
		}
		cfg.Net, cfg.Addr = "tcp", net.JoinHostPort(host, port)
	}
	hs, err := handlersocket.FromQuery(host, q)
	if err != nil {
		return nil, hs, fmt.Errorf("invalid MySQL URL %s: %v", t.Redacted(), err)
	}
	// Everything else is a go-sql-driver/mysql DSN parameter.
	if len(q) > 0 {
		parsed, err := gomysql.ParseDSN("/?" + q.Encode())
		if err != nil {
			return nil, hs, fmt.Errorf("invalid MySQL URL parameters in %s: %v", t.Redacted(), err)
		}
		parsed.User, parsed.Passwd, parsed.DBName, parsed.Net, parsed.Addr = cfg.User, cfg.Passwd, cfg.DBName, cfg.Net, cfg.Addr
		cfg = parsed
	}
	cfg.AllowNativePasswords = true
	return cfg, hs, nil
}

// Open implements db.Driver.
func (Driver) Open(ctx context.Context, t *db.Target) (db.Conn, error) {
	cfg, hs, err := config(t)
	if err != nil {
		return nil, err
	}
	c := &Conn{hs: hs, database: cfg.DBName}
	// Blocking sockets: one system call per read instead of the netpoller
	// round (see package sockconn), kept as the wire counted queries use.
	cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		nc, err := c.raw.Dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		c.wire = &wire{Conn: nc}
		return c.wire, nil
	}
	connector, err := gomysql.NewConnector(cfg)
	if err != nil {
		return nil, err
	}
	dc, err := connector.Connect(ctx)
	if err != nil {
		return nil, &db.ConnectError{Addr: cfg.Addr, Err: connectReason(err, cfg.Passwd)}
	}
	c.DriverConn = sqldb.DriverConn{DC: dc, D: dialect, Classify: classify}
	if c.wire != nil {
		c.framing = c.wire.framing()
	}
	// The dialect depends on the server: MariaDB 10.5+ has INSERT ...
	// RETURNING, MySQL has not. One round trip per connection, which
	// ServerVersion then answers from.
	rows, err := c.QueryStrings(ctx, "SELECT VERSION()")
	if err != nil || len(rows) == 0 || len(rows[0]) == 0 {
		dc.Close()
		if err == nil {
			err = errors.New("SELECT VERSION() returned no row")
		}
		return nil, fmt.Errorf("read the server version: %w", err)
	}
	c.version = rows[0][0]
	c.D = dialectFor(c.version)
	return c, nil
}

// dialectFor returns the dialect of a server reporting VERSION() v.
func dialectFor(v string) *sqldb.Dialect {
	if !strings.Contains(strings.ToLower(v), "mariadb") {
		return dialect
	}
	var major, minor int
	// Old MariaDB servers prefix the version they send at handshake with
	// "5.5.5-" for old clients; VERSION() does not, but a proxy might.
	v = strings.TrimPrefix(v, "5.5.5-")
	if _, err := fmt.Sscanf(v, "%d.%d", &major, &minor); err == nil && (major > 10 || major == 10 && minor >= 5) {
		return mariadbReturning
	}
	return mariadb
}

// connectReason is the server's or the network's reason, without secrets.
func connectReason(err error, password string) error {
	msg := err.Error()
	var me *gomysql.MySQLError
	if errors.As(err, &me) {
		msg = me.Message
	}
	if password != "" {
		msg = strings.ReplaceAll(msg, password, "xxxxx")
	}
	return errors.New(msg)
}

// Conn is one MySQL or MariaDB connection.
type Conn struct {
	sqldb.DriverConn
	// noLocalInfile is set once the server refused LOAD DATA LOCAL.
	noLocalInfile bool
	raw           sockconn.Set
	// version is VERSION(), read at Open.
	version string
	// hs is where the server's HandlerSocket listens, from the URL;
	// database is the URL's database.
	hs       handlersocket.Endpoints
	database string
	// baseTables are the tables HandlerSocket's guard found to be base
	// tables.
	baseTables map[[2]string]bool
	// wire is the socket the driver talks through, and framing how its
	// replies are framed; request and reply are a counted query's buffers
	// (countstmt.go).
	wire    *wire
	framing framing
	request []byte
	reply   replyReader
}

// Interrupt implements db.Interrupter.
func (c *Conn) Interrupt() { c.raw.Interrupt() }

var (
	_ sqldb.Conn     = (*Conn)(nil)
	_ db.Versioner   = (*Conn)(nil)
	_ db.Interrupter = (*Conn)(nil)
)

// ServerVersion implements db.Versioner, from the VERSION() read at Open.
func (c *Conn) ServerVersion(ctx context.Context) (string, error) {
	v := c.version
	if strings.Contains(strings.ToLower(v), "mariadb") {
		return "MariaDB " + strings.Split(v, "-")[0], nil
	}
	return "MySQL " + v, nil
}

// errnos maps MySQL/MariaDB error numbers to classes.
var errnos = map[uint16]db.Class{
	1213: db.Deadlock,      // ER_LOCK_DEADLOCK
	1205: db.LockTimeout,   // ER_LOCK_WAIT_TIMEOUT
	1020: db.Serialization, // ER_CHECKREAD: record changed since last read
	1062: db.DuplicateKey,  // ER_DUP_ENTRY
	1586: db.DuplicateKey,  // ER_DUP_ENTRY_WITH_KEY_NAME
	3024: db.Timeout,       // ER_QUERY_TIMEOUT (MySQL)
	1969: db.Timeout,       // ER_STATEMENT_TIMEOUT (MariaDB)
	1053: db.ConnectionLost,
	1927: db.ConnectionLost, // ER_CONNECTION_KILLED
	2006: db.ConnectionLost, // CR_SERVER_GONE_ERROR
	2013: db.ConnectionLost, // CR_SERVER_LOST
}

func asError(err error, e **db.Error) bool { return errors.As(err, e) }

// classify wraps a MySQL error with its class.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var me *gomysql.MySQLError
	if errors.As(err, &me) {
		c, ok := errnos[me.Number]
		if !ok {
			c = db.Other
		}
		return &db.Error{Class: c, Code: fmt.Sprint(me.Number), Err: err}
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return &db.Error{Class: db.Timeout, Err: err}
	case errors.Is(err, driver.ErrBadConn) || errors.Is(err, gomysql.ErrInvalidConn) || errors.As(err, &ne):
		return &db.Error{Class: db.ConnectionLost, Err: err}
	}
	return err
}
