package cubrid

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"sync/atomic"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sockconn"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// Conn is one connection to a CUBRID broker and the CAS it hands out. It
// belongs to one goroutine, except Interrupt.
type Conn struct {
	cfg *config
	// dialer opens sockets: raw's blocking ones, or a test's.
	dialer func(ctx context.Context, network, addr string) (net.Conn, error)
	raw    sockconn.Set
	nc     net.Conn

	// What the CAS said: the cas_info of the last reply, the broker's
	// information, the session to resume on a reconnect, the CAS's pid.
	info    [4]byte
	broker  [brokerSize]byte
	session [sessionSize]byte
	casPID  int32

	// gen counts the connections to a CAS this Conn has had: statement
	// handles belong to the CAS that made them, and one of an older
	// generation is prepared again.
	gen int
	// inTx is set between BeginTx and Commit or Rollback: statements
	// then run with auto-commit off.
	inTx bool
	// deferred are statement handles to close, sent along with the next
	// prepare (as CUBRID's own drivers do) instead of a round trip each.
	deferred []int32
	// replies counts the replies read, to tell a failure before any
	// reply from one after.
	replies int
	// reconnects counts the times the CAS dropped the connection between
	// transactions and the Conn logged in again (KEEP_CONNECTION=AUTO):
	// Relogins, read by the runner from its own goroutine.
	reconnects atomic.Int64

	interrupted atomic.Bool
	broken      bool

	req request
	rd  reader
	// rbuf holds the bytes read from the socket: rbuf[rpos:rend] are
	// unread. A reply body is returned aliasing it, valid until the next read.
	rbuf       []byte
	rpos, rend int
	version    string
	// pageBuffer adds up the page buffer's counts (see ServerStats).
	pageBuffer map[string]float64
}

var (
	_ sqldb.Conn       = (*Conn)(nil)
	_ sqldb.Transactor = (*Conn)(nil)
	_ db.Versioner     = (*Conn)(nil)
	_ db.Interrupter   = (*Conn)(nil)
	_ db.Relogger      = (*Conn)(nil)
)

// Relogins implements db.Relogger: the transparent logins again after the
// CAS dropped this idle connection.
func (c *Conn) Relogins() int64 { return c.reconnects.Load() }

// errInterrupted is a call on a connection Interrupt ended.
var errInterrupted = errors.New("cubrid: the connection was interrupted")

// Interrupt implements db.Interrupter: the socket is shut down and the
// connection never logs in again.
func (c *Conn) Interrupt() {
	c.interrupted.Store(true)
	c.raw.Interrupt()
}

// Dialect implements sqldb.Conn.
func (c *Conn) Dialect() *sqldb.Dialect { return dialect }

// Close implements db.Conn: it tells the CAS the client leaves (it rolls
// back what is open) and closes the socket without waiting for the reply.
func (c *Conn) Close() error {
	if c.nc == nil {
		return nil
	}
	if !c.broken && !c.interrupted.Load() {
		c.req.begin(fcConClose, c.info)
		c.nc.Write(c.req.bytes())
	}
	err := c.nc.Close()
	c.nc = nil
	c.raw.Close()
	return err
}

// active says whether the CAS holds a transaction open for this client
// (cas_info's status): a connection lost then loses the transaction.
func (c *Conn) active() bool { return c.info[infoStatus] == infoStatusActive }

// autocommit is the auto-commit flag statements carry.
func (c *Conn) autocommit() bool { return !c.inTx }

// send writes a request. A failure breaks the connection.
func (c *Conn) send(req []byte) error {
	if c.nc == nil || c.broken {
		return &netFailure{errBroken}
	}
	if _, err := c.nc.Write(req); err != nil {
		c.broken = true
		return &netFailure{err}
	}
	return nil
}

// recv reads a reply and returns its body after the result code: a reply
// that carries an error is a classified *Error, a socket that fails a
// *netFailure (and the connection is broken). The reader is the Conn's
// own, valid until the next recv.
func (c *Conn) recv() (*reader, int32, error) {
	body, err := c.readReply()
	if err != nil {
		c.broken = true
		return nil, 0, &netFailure{err}
	}
	c.replies++
	c.rd = reader{b: body}
	code := c.rd.i32()
	if c.rd.err != nil {
		c.broken = true
		return nil, 0, shortReplyError("CAS", c.rd.err)
	}
	if code < 0 {
		return nil, code, c.serverFailed(serverError(code, &c.rd))
	}
	return &c.rd, code, nil
}

// netFailure is a socket that failed under a request.
type netFailure struct{ err error }

func (e *netFailure) Error() string { return e.err.Error() }
func (e *netFailure) Unwrap() error { return e.err }

// errBroken is a call on a connection whose socket failed before.
var errBroken = errors.New("cubrid: the connection to the CAS is broken")

// readReply reads one message: [int length][cas_info][body]. It keeps the
// cas_info and returns the body, which aliases the read buffer.
func (c *Conn) readReply() ([]byte, error) {
	if err := c.fill(8); err != nil {
		return nil, err
	}
	n := int(int32(binary.BigEndian.Uint32(c.rbuf[c.rpos:])))
	if n < 0 || n > maxReply {
		return nil, fmt.Errorf("cubrid: a reply of %d bytes", n)
	}
	copy(c.info[:], c.rbuf[c.rpos+4:c.rpos+8])
	if err := c.fill(8 + n); err != nil {
		return nil, err
	}
	body := c.rbuf[c.rpos+8 : c.rpos+8+n]
	c.rpos += 8 + n
	return body, nil
}

// maxReply bounds a reply: the CAS sends at most its net buffer (a few
// hundred KB of rows per fetch), far below this.
const maxReply = 256 << 20

// fill makes n unread bytes available in rbuf, reading as much as the
// socket has. One read usually brings a whole reply.
func (c *Conn) fill(n int) error {
	if c.rend-c.rpos >= n {
		return nil
	}
	if c.rpos > 0 {
		// A body handed out earlier is no longer in use: move the unread
		// bytes to the front.
		c.rend = copy(c.rbuf, c.rbuf[c.rpos:c.rend])
		c.rpos = 0
	}
	if n > len(c.rbuf) {
		grown := make([]byte, max(n, 2*len(c.rbuf), 4096))
		copy(grown, c.rbuf[:c.rend])
		c.rbuf = grown
	}
	for c.rend < n {
		m, err := c.nc.Read(c.rbuf[c.rend:])
		c.rend += m
		if err != nil {
			if c.rend >= n {
				return nil
			}
			if errors.Is(err, io.EOF) && c.rend > 0 {
				return io.ErrUnexpectedEOF
			}
			return err
		}
	}
	return nil
}

// readFull reads exactly len(b) bytes from nc.
func readFull(nc net.Conn, b []byte) (int, error) { return io.ReadFull(nc, b) }

// op is one request and the reading of its replies: exchange calls build
// for the request (again after a reconnect), then read, which takes the
// replies with recv.
type op interface {
	build() ([]byte, error)
	read() error
}

// funcOp is an op of two functions, for the requests off the measured
// path (their closures cost an allocation).
type funcOp struct {
	b func() ([]byte, error)
	r func() error
}

func (f funcOp) build() ([]byte, error) { return f.b() }
func (f funcOp) read() error            { return f.r() }

// exchange runs o. When the socket fails before any reply and the CAS held
// no transaction for this client, the CAS dropped an idle connection: the
// broker's KEEP_CONNECTION=AUTO lets a CAS serve another client between
// transactions, and a restarted CAS drops its clients. The Conn then logs
// in again and runs o once more, as CUBRID's JDBC driver does; build runs
// again for the new CAS (statements prepare again there). A socket that
// fails inside a transaction, or after a reply, is a lost connection.
func (c *Conn) exchange(ctx context.Context, what string, o op) error {
	if ctx.Done() != nil {
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	for attempt := 0; ; attempt++ {
		if c.interrupted.Load() {
			return lost(errInterrupted)
		}
		idle := !c.active()
		if c.broken {
			if !idle || attempt > 0 {
				return lost(fmt.Errorf("%s: %w", what, errBroken))
			}
			if err := c.reconnect(ctx); err != nil {
				return err
			}
		}
		before := c.replies
		req, err := o.build()
		if err == nil {
			if err = c.send(req); err == nil {
				err = o.read()
			}
		}
		if err == nil {
			return nil
		}
		// recv and send return a failed socket as it is, never wrapped.
		nf, ok := err.(*netFailure)
		if !ok {
			return err
		}
		if attempt > 0 || !idle || c.replies != before || c.interrupted.Load() {
			return lost(fmt.Errorf("%s: %w", what, nf.err))
		}
		if err := c.reconnect(ctx); err != nil {
			return err
		}
	}
}

// call is exchange for one request off the measured path and its reply,
// returned as the body after the result code, and the code.
func (c *Conn) call(ctx context.Context, what string, build func() ([]byte, error)) (*reader, int32, error) {
	var d *reader
	var code int32
	err := c.exchange(ctx, what, funcOp{build, func() (err error) {
		d, code, err = c.recv()
		return err
	}})
	return d, code, err
}

// reconnect logs in again after the CAS dropped the connection, resuming
// the session. A failure is a lost connection.
func (c *Conn) reconnect(ctx context.Context) error {
	if c.interrupted.Load() {
		return lost(errInterrupted)
	}
	if c.nc != nil {
		c.nc.Close()
		c.nc = nil
	}
	c.broken, c.rpos, c.rend, c.info = false, 0, 0, [4]byte{}
	c.deferred = c.deferred[:0]
	c.gen++
	if err := c.dial(ctx); err != nil {
		c.broken = true
		return lost(fmt.Errorf("log in again to %s: %w", c.cfg.addr, err))
	}
	c.reconnects.Add(1)
	return nil
}

// serverFailed classifies an error reply. One that says the database
// server is gone marks the connection broken: the CAS closes it.
func (c *Conn) serverFailed(err error) error {
	err = classify(err)
	if db.ClassOf(err) == db.ConnectionLost {
		c.broken = true
	}
	return err
}

// lost marks err as a lost connection.
func lost(err error) error {
	return &db.Error{Class: db.ConnectionLost, Err: err}
}
