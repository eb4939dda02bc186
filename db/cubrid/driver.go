package cubrid

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"

	"github.com/dbgauge/dbgauge/db"
)

// DefaultPort is the broker's port when the URL gives none (BROKER_PORT of
// CUBRID's default query broker).
const DefaultPort = "33000"

// usage is the URL form (without a password: the output redacts one).
const usage = "cubrid://user@host:33000/database"

// Driver opens CUBRID connections. The zero value dials with blocking
// sockets (package sockconn).
type Driver struct {
	// dial, when set, replaces the socket dialer (the tests' scripted
	// broker). A pointer, so that Driver stays comparable.
	dial *func(ctx context.Context, network, addr string) (net.Conn, error)
}

// Name implements db.Driver.
func (Driver) Name() string { return "cubrid" }

// Schemes implements db.Driver.
func (Driver) Schemes() []string { return []string{"cubrid"} }

// config is a parsed cubrid:// URL.
type config struct {
	addr, database, user, password string
}

// Config reads a cubrid://user:password@host:port/database URL. The
// database is required; the port defaults to 33000, the user to PUBLIC
// (CUBRID's own default). No query parameter is known: one is a usage
// error, as is a name longer than the protocol carries.
func parseConfig(t *db.Target) (*config, error) {
	u := t.URL
	host := u.Hostname()
	if host == "" {
		return nil, fmt.Errorf("cubrid URL %s has no host (want %s)", t.Redacted(), usage)
	}
	port := u.Port()
	if port == "" {
		port = DefaultPort
	}
	cfg := &config{addr: net.JoinHostPort(host, port), database: strings.Trim(u.Path, "/")}
	if cfg.database == "" {
		return nil, fmt.Errorf("cubrid URL %s names no database (want %s)", t.Redacted(), usage)
	}
	if u.User != nil {
		cfg.user = u.User.Username()
		cfg.password, _ = u.User.Password()
	}
	if len(u.Query()) > 0 {
		return nil, fmt.Errorf("cubrid URL %s: unknown URL option (the driver takes none)", t.Redacted())
	}
	for _, f := range []struct {
		name, v string
		max     int
	}{{"database name", cfg.database, dbNameSize}, {"user name", cfg.user, dbUserSize}, {"password", cfg.password, dbPassSize}} {
		if len(f.v) >= f.max || strings.IndexByte(f.v, 0) >= 0 {
			return nil, fmt.Errorf("cubrid URL %s: the %s must be shorter than %d bytes", t.Redacted(), f.name, f.max)
		}
	}
	return cfg, nil
}

// Open implements db.Driver: the broker's handshake, the CAS it hands
// out, and the login.
func (d Driver) Open(ctx context.Context, t *db.Target) (db.Conn, error) {
	cfg, err := parseConfig(t)
	if err != nil {
		return nil, err
	}
	c := &Conn{cfg: cfg, dialer: nil}
	c.dialer = c.raw.Dial
	if d.dial != nil {
		c.dialer = *d.dial
	}
	if err := c.dial(ctx); err != nil {
		c.raw.Close()
		return nil, &db.ConnectError{Addr: cfg.addr, Err: connectReason(err, cfg.password)}
	}
	return c, nil
}

// connectReason is the broker's, the CAS's or the network's reason,
// without the password.
func connectReason(err error, password string) error {
	msg := err.Error()
	var ce *Error
	if errors.As(err, &ce) {
		msg = ce.Message
		if msg == "" {
			msg = fmt.Sprintf("error %d", ce.Code)
		}
		msg = strings.TrimSpace(msg)
	}
	if password != "" {
		msg = strings.ReplaceAll(msg, password, "xxxxx")
	}
	return errors.New(db.Redact(msg))
}
