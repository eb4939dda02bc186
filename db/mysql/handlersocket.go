package mysql

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/handlersocket"
)

// A MySQL or MariaDB connection opens its server's HandlerSocket on
// request: the plugin is part of the server, its ports and secrets are in
// the same URL (hs-port, hs-port-wr, hs-secret, hs-secret-wr), and the
// checks it needs before it opens a table are SQL.

// Close closes the connection and the HandlerSocket connections opened from
// it.
func (c *Conn) Close() error {
	err := c.DriverConn.Close()
	c.raw.Close()
	return err
}

// OpenHandlerSocket connects to the server's HandlerSocket read port, or
// its write port, and authenticates with the URL's secret. The socket is
// the connection's own: Interrupt and Close end it too. Every open_index
// on it is preceded by a check through SQL that the table is a base table
// (Guard).
//
// A port that does not answer is a *db.ConnectError whose message says
// what to enable, read from the server (no plugin, other ports); a wrong
// or missing secret is one too.
func (c *Conn) OpenHandlerSocket(ctx context.Context, write bool) (*handlersocket.Conn, error) {
	if c.database == "" {
		return nil, errors.New("HandlerSocket needs a database in the URL (mysql://HOST/DB)")
	}
	cfg, param := c.hs.Read(c.database), handlersocket.ParamSecret
	if write {
		cfg, param = c.hs.Write(c.database), handlersocket.ParamSecretWr
	}
	cfg.Dial = c.raw.Dial
	cfg.Guard = c.baseTable
	hc, err := handlersocket.Dial(ctx, cfg)
	var oe *net.OpError
	switch {
	case errors.Is(err, handlersocket.ErrSecretRefused):
		return nil, &db.ConnectError{Addr: cfg.Addr, Err: fmt.Errorf("HandlerSocket refused the secret given as %s", param)}
	case errors.As(err, &oe) && oe.Op == "dial" && ctx.Err() == nil:
		return nil, &db.ConnectError{Addr: cfg.Addr, Err: errors.New(c.hsUnreachable(ctx, write))}
	case err != nil:
		return nil, err
	case cfg.Secret == "":
		if err := probeAuth(ctx, hc); err != nil {
			hc.Close()
			if handlersocket.IsUnauth(err) {
				// Not "param=...": that reads as a secret to redaction.
				err = fmt.Errorf("HandlerSocket wants a secret: add %s to the URL (the server's %s)", param, serverSecret(write))
			}
			return nil, &db.ConnectError{Addr: cfg.Addr, Err: err}
		}
	}
	return hc, nil
}

// serverSecret is the server's variable of a port's secret.
func serverSecret(write bool) string {
	if write {
		return "handlersocket_plain_secret_wr"
	}
	return "handlersocket_plain_secret"
}

// probeAuth asks a connection without a secret for something harmless (a
// find on an index id never opened): a server that wants a secret answers
// unauth, any other answers stmtnum.
func probeAuth(ctx context.Context, hc *handlersocket.Conn) error {
	hc.Find(0, &handlersocket.Query{Op: handlersocket.Eq, Keys: []string{""}})
	_, err := hc.Next(ctx)
	var e *handlersocket.Error
	if errors.As(err, &e) && e.Message == "stmtnum" {
		return nil
	}
	return err
}

// hsUnreachable says, from what the server shows through SQL, why its
// HandlerSocket port did not answer and what to enable.
func (c *Conn) hsUnreachable(ctx context.Context, write bool) string {
	port, param, name := c.hs.Port, handlersocket.ParamPort, "read"
	if write {
		port, param, name = c.hs.PortWr, handlersocket.ParamPortWr, "write"
	}
	rows, err := c.QueryStrings(ctx, "SELECT PLUGIN_STATUS FROM information_schema.PLUGINS WHERE PLUGIN_NAME = 'handlersocket'")
	if err == nil && (len(rows) == 0 || rows[0][0] != "ACTIVE") {
		return "the server has no HandlerSocket plugin: start it with --plugin-maturity=beta --plugin-load-add=handlersocket.so " +
			"--handlersocket-port=PORT --handlersocket-port-wr=PORT (MariaDB ships handlersocket.so; INSTALL PLUGIN at run time does not open its ports)"
	}
	vars, err := c.QueryStrings(ctx, "SELECT @@handlersocket_port, @@handlersocket_port_wr, @@handlersocket_address")
	if err != nil || len(vars) == 0 {
		return fmt.Sprintf("nothing answers on HandlerSocket's %s port %d; check the server's handlersocket_port and handlersocket_port_wr and give them as hs-port and hs-port-wr in the URL", name, port)
	}
	serverPort := vars[0][0]
	if write {
		serverPort = vars[0][1]
	}
	if serverPort != fmt.Sprint(port) {
		return fmt.Sprintf("HandlerSocket's %s port is %s on this server, not %d: give %s=%s in the URL", name, serverPort, port, param, serverPort)
	}
	return fmt.Sprintf("nothing answers on HandlerSocket's %s port %d although the server sets it (handlersocket_address is %q): check that the port is reachable from here", name, port, vars[0][2])
}

// baseTable is the Guard of every HandlerSocket connection: open_index only
// on a base table. A table found to be one is not asked about again on
// this connection (a session opens it on two sockets).
func (c *Conn) baseTable(ctx context.Context, database, table string) error {
	if c.baseTables[[2]string{database, table}] {
		return nil
	}
	typ, err := c.tableType(ctx, database, table)
	if err != nil {
		return fmt.Errorf("check %s.%s before HandlerSocket opens it: %w", database, table, err)
	}
	t := handlersocket.Table{Database: database, Name: table, Type: typ}
	if err := t.Openable(); err != nil {
		return err
	}
	if c.baseTables == nil {
		c.baseTables = map[[2]string]bool{}
	}
	c.baseTables[[2]string{database, table}] = true
	return nil
}

func (c *Conn) tableType(ctx context.Context, database, table string) (string, error) {
	rows, err := c.QueryStrings(ctx, "SELECT TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?", database, table)
	if err != nil || len(rows) == 0 {
		return "", err
	}
	return rows[0][0], nil
}

// HandlerSocketTable describes table of the URL's database from the
// server's catalog: its type, its PRIMARY index, its columns' types and
// character sets.
func (c *Conn) HandlerSocketTable(ctx context.Context, table string) (*handlersocket.Table, error) {
	t := &handlersocket.Table{Database: c.database, Name: table, Columns: map[string]handlersocket.Column{}}
	var err error
	if t.Type, err = c.tableType(ctx, c.database, table); err != nil || t.Type == "" {
		return t, err
	}
	cols, err := c.QueryStrings(ctx, `SELECT COLUMN_NAME, DATA_TYPE, COALESCE(CHARACTER_SET_NAME, '')
		FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?`, c.database, table)
	if err != nil {
		return nil, err
	}
	for _, r := range cols {
		t.Columns[r[0]] = handlersocket.Column{Type: strings.ToLower(r[1]), Charset: strings.ToLower(r[2])}
	}
	pk, err := c.QueryStrings(ctx, `SELECT COLUMN_NAME FROM information_schema.STATISTICS
		WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND INDEX_NAME = 'PRIMARY' ORDER BY SEQ_IN_INDEX`, c.database, table)
	if err != nil {
		return nil, err
	}
	for _, r := range pk {
		t.Primary = append(t.Primary, r[0])
	}
	return t, nil
}
