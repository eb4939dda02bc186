// Package handlersocket is a client of the HandlerSocket plugin of MariaDB
// and MySQL: a line protocol on TCP ports of its own (9998 for reads, 9999
// for writes) that reads and writes a table through the storage engine's
// index interface, with no SQL parser, optimizer or statement in between.
// The protocol is documented in the plugin's docs-en/protocol.en.txt
// (github.com/DeNA/HandlerSocket-Plugin-for-MySQL); MariaDB ships the plugin
// as handlersocket.so.
//
// A Conn queues requests (Find, Insert, Modify, ...) in its write buffer,
// Flush sends them at once, and Next reads their replies in order: requests
// are pipelined, as the protocol allows. Nothing on that path allocates
// once the buffers have grown.
//
// It is not a db.Driver: a server's HandlerSocket is an ability of its
// MySQL connection (db/mysql opens it from the same URL). The package
// imports only db.
package handlersocket

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"

	"github.com/dbgauge/dbgauge/db"
)

// bufSize is the size of a connection's read and write buffers: the replies
// to a pipeline of ten gets of YCSB's records (ten fields of 100 bytes,
// about 1.1 KB each) fit, and so do 500 get requests. A longer reply (a
// scan) is gathered in a line buffer that grows once and is kept; a longer
// pipeline is written in several writes. Two sockets per connection keep
// a run of many connections at 64 KB each.
const bufSize = 16 << 10

// Config says how to reach one HandlerSocket port.
type Config struct {
	// Addr is host:port.
	Addr string
	// Secret is the port's plain secret (handlersocket_plain_secret, or
	// _wr for the write port); "" sends no authentication.
	Secret string
	// Database is the database of an Index that names none.
	Database string
	// Dial opens the TCP connection; nil uses net.Dialer.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	// Guard, if set, is asked before every open_index of a table not
	// asked about before on this connection, and an error stops the
	// request before it is sent. db/mysql checks through SQL that the
	// table is a base table: opening a view crashed MariaDB 10.11.19.
	Guard func(ctx context.Context, database, table string) error
}

// Conn is one connection to a HandlerSocket port. It is not safe for
// concurrent use.
type Conn struct {
	cfg     Config
	nc      net.Conn
	w       *bufio.Writer
	r       *bufio.Reader
	pending int   // requests written whose replies are not read yet
	broken  error // set once the connection is out of step or gone
	line    []byte
	reply   Reply
	guarded map[[2]string]bool
	// hasDeadline: a deadline is set on the socket.
	hasDeadline bool
}

// Dial connects and, with a secret, authenticates. A port that cannot be
// reached or refuses the secret is a *db.ConnectError naming the address,
// never the secret.
func Dial(ctx context.Context, cfg Config) (*Conn, error) {
	dial := cfg.Dial
	if dial == nil {
		var d net.Dialer
		dial = d.DialContext
	}
	nc, err := dial(ctx, "tcp", cfg.Addr)
	if err != nil {
		return nil, &db.ConnectError{Addr: cfg.Addr, Err: err}
	}
	c := &Conn{cfg: cfg, nc: nc, w: bufio.NewWriterSize(nc, bufSize), r: bufio.NewReaderSize(nc, bufSize)}
	if cfg.Secret == "" {
		return c, nil
	}
	c.Auth(cfg.Secret)
	if _, err := c.Next(ctx); err != nil {
		c.Close()
		if IsUnauth(err) {
			err = ErrSecretRefused
		}
		return nil, &db.ConnectError{Addr: cfg.Addr, Err: err}
	}
	return c, nil
}

// ErrSecretRefused is the server's refusal of the secret at Dial, inside
// its *db.ConnectError.
var ErrSecretRefused = errors.New("HandlerSocket refused the secret")

// Addr is the address the connection was dialled to.
func (c *Conn) Addr() string { return c.cfg.Addr }

// Close closes the connection.
func (c *Conn) Close() error {
	c.fail(net.ErrClosed)
	return c.nc.Close()
}

// Pending is the number of requests queued or sent whose replies are not
// read yet.
func (c *Conn) Pending() int { return c.pending }

// fail marks the connection unusable: its replies can no longer be matched
// to its requests.
func (c *Conn) fail(err error) {
	if c.broken == nil {
		c.broken = err
	}
	c.pending = 0
}

// begin starts a request line.
func (c *Conn) begin() { c.pending++ }

// end ends a request line.
func (c *Conn) end() { c.w.WriteByte(eol) }

func (c *Conn) tok(s string) {
	c.w.WriteByte(sep)
	writeString(c.w, s)
}

func (c *Conn) num(n int) {
	c.w.WriteByte(sep)
	writeInt(c.w, n)
}

// Flush sends the queued requests.
func (c *Conn) Flush(ctx context.Context) error {
	if c.broken != nil {
		return c.lost()
	}
	if c.w.Buffered() == 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := c.deadline(ctx); err != nil {
		return err
	}
	if err := c.w.Flush(); err != nil {
		c.fail(err)
		return transportError(c.cfg.Addr, err)
	}
	return nil
}

// Next sends what is queued and reads the reply to the oldest request
// whose reply is unread. A request the server refused returns its reply
// and a *db.Error wrapping an *Error, and the connection stays usable; a
// failure of the connection itself is a *db.Error of class
// ConnectionLost (or Timeout), and the connection is finished.
func (c *Conn) Next(ctx context.Context) (*Reply, error) {
	if c.broken != nil {
		return nil, c.lost()
	}
	if c.pending == 0 {
		return nil, errors.New("HandlerSocket: no request is waiting for a reply")
	}
	if err := c.Flush(ctx); err != nil {
		return nil, err
	}
	if err := c.deadline(ctx); err != nil {
		return nil, err
	}
	line, err := c.readLine()
	if err != nil {
		c.fail(err)
		return nil, transportError(c.cfg.Addr, err)
	}
	c.pending--
	if err := parseReply(line, &c.reply); err != nil {
		c.fail(err)
		return nil, &db.Error{Class: db.ConnectionLost, Err: fmt.Errorf("HandlerSocket %s: %w", c.cfg.Addr, err)}
	}
	if c.reply.Code != 0 {
		return &c.reply, classified(&Error{Code: c.reply.Code, Message: c.reply.message()})
	}
	return &c.reply, nil
}

// readLine reads one reply line without its LF: from the read buffer when
// it holds the whole line (the common case, no copy), else gathered into
// c.line.
func (c *Conn) readLine() ([]byte, error) {
	b, err := c.r.ReadSlice(eol)
	if err == nil {
		return b[:len(b)-1], nil
	}
	c.line = append(c.line[:0], b...)
	for errors.Is(err, bufio.ErrBufferFull) {
		b, err = c.r.ReadSlice(eol)
		c.line = append(c.line, b...)
	}
	if err != nil {
		return nil, err
	}
	return c.line[:len(c.line)-1], nil
}

// Drain reads the replies still pending and returns the first error among
// them: after an error in the middle of a pipeline, the rest must still be
// read before the connection can be used again.
func (c *Conn) Drain(ctx context.Context) error {
	var first error
	for c.pending > 0 {
		if _, err := c.Next(ctx); err != nil {
			if first == nil {
				first = err
			}
			if c.broken != nil {
				return first
			}
		}
	}
	return first
}

// lost is the error of a finished connection.
func (c *Conn) lost() error {
	return &db.Error{Class: db.ConnectionLost, Err: fmt.Errorf("HandlerSocket %s: connection lost: %w", c.cfg.Addr, c.broken)}
}

// deadline bounds the next write or read by ctx's deadline, if it has one,
// and clears a deadline set before. The measured path runs without one:
// the runner ends operations that outlive a run by closing their sockets
// instead (db.Interrupter).
func (c *Conn) deadline(ctx context.Context) error {
	dl, ok := ctx.Deadline()
	if !ok && !c.hasDeadline {
		return nil
	}
	if err := c.nc.SetDeadline(dl); err != nil { // the zero time clears it
		c.fail(err)
		return transportError(c.cfg.Addr, err)
	}
	c.hasDeadline = ok
	return nil
}
