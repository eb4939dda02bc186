package oracle

import (
	"context"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dbgauge/dbgauge/db/sockconn"
)

// contextDialer is go-ora's configurations.DialerContext.
type contextDialer interface {
	DialContext(ctx context.Context, network, addr string) (net.Conn, error)
}

// dialer is the connector's dialer hook: dbgauge's blocking sockets, kept
// in a sockconn.Set so that Interrupt can shut them down from another
// goroutine.
type dialer struct {
	sockconn.Set
	// ctx bounds the dial instead of go-ora's (see Driver.Open).
	ctx context.Context
	// dial replaces sockconn when set (tests); other keeps what it made,
	// for Interrupt and Close.
	dial  contextDialer
	mu    sync.Mutex
	other []net.Conn
}

// DialContext implements go-ora's configurations.DialerContext.
func (d *dialer) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	if d.ctx != nil {
		ctx = d.ctx
	}
	if d.dial != nil {
		c, err := d.dial.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		d.mu.Lock()
		d.other = append(d.other, c)
		d.mu.Unlock()
		return &deadlineConn{Conn: c}, nil
	}
	c, err := d.Set.Dial(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	return &deadlineConn{Conn: c}, nil
}

// Interrupt shuts the connections down (sockconn.Set.Interrupt), a test
// dialer's by closing them.
func (d *dialer) Interrupt() {
	d.Set.Interrupt()
	d.closeOther()
}

// Close closes the connections still open.
func (d *dialer) Close() {
	d.Set.Close()
	d.closeOther()
}

func (d *dialer) closeOther() {
	d.mu.Lock()
	other := d.other
	d.mu.Unlock()
	for _, c := range other {
		c.Close()
	}
}

// deadlineConn passes on only the deadlines that change something. go-ora
// sets a read deadline before every read and a write deadline before every
// write, the zero time when it has no timeout; on a blocking socket each
// is a setsockopt(2), two system calls per round trip for nothing.
type deadlineConn struct {
	net.Conn
	// A non-zero deadline is in force. go-ora's cancellation goroutine
	// writes too, hence atomics.
	readSet, writeSet atomic.Bool
}

func (c *deadlineConn) SetReadDeadline(t time.Time) error {
	if t.IsZero() && !c.readSet.Load() {
		return nil
	}
	c.readSet.Store(!t.IsZero())
	return c.Conn.SetReadDeadline(t)
}

func (c *deadlineConn) SetWriteDeadline(t time.Time) error {
	if t.IsZero() && !c.writeSet.Load() {
		return nil
	}
	c.writeSet.Store(!t.IsZero())
	return c.Conn.SetWriteDeadline(t)
}

func (c *deadlineConn) SetDeadline(t time.Time) error {
	if err := c.SetReadDeadline(t); err != nil {
		return err
	}
	return c.SetWriteDeadline(t)
}
