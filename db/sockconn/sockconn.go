// Package sockconn is a net.Conn over a blocking TCP socket. Go's network
// connections are non-blocking: a read that finds no data parks the
// goroutine, and the scheduler, the netpoller and a futex wake-up run for
// every reply. A benchmark client waits for exactly one reply per request, so
// that machinery is pure overhead: measured on PostgreSQL point selects it
// was a third of dbgauge's client CPU. A blocking read, as libpq and the
// MySQL C client do it, costs one system call.
//
// Blocking sockets need a thread for each connection, and the runner gives
// each its own P (GOMAXPROCS = connections + 2) so that a thread blocked in
// read(2) is not handed off. That holds while connections are few for the
// cores: at 100 connections on 2 cores the OS time-slices 100 busy threads,
// the runtime's timers fire seconds late (an 8 s run took 25 s, interval
// lines came 10 s apart, a 500-user run of 15 s ran for minutes). Above that
// the run asks for Go's netpoller instead (SetBlocking(false)), which keeps
// time as long as the client gets CPU (a starved client is the report's
// "kept time late" finding).
//
// Deadlines: a deadline in the past shuts the socket down (the only way to
// interrupt a blocked read); a future one sets SO_RCVTIMEO/SO_SNDTIMEO.
//
// SetRaw (an experiment, off by default) makes blocking connections read and
// write without telling the Go scheduler (raw.go).
// sockconn imports no other dbgauge package.
package sockconn

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// netpoll is set while connections are to use Go's netpoller.
var netpoll atomic.Bool

// switchable is set while Dial makes connections that follow SetBlocking
// as it changes (SetSwitchable).
var switchable atomic.Bool

// SetBlocking chooses what Dial makes from now on: blocking sockets (the
// default) or Go's own non-blocking connections. It returns the previous
// choice, for a deferred restore. Connections dialled while SetSwitchable is
// on follow the choice from their next Write on.
func SetBlocking(on bool) (was bool) { return !netpoll.Swap(!on) }

// Blocking says whether Dial makes blocking sockets now (SetBlocking).
func Blocking() bool { return !netpoll.Load() }

// SetSwitchable makes Dial return connections that change mode when
// SetBlocking changes (a run that tries both: run's socket probe), each at
// its next Write, the start of a request, when no reply is half read. It
// returns the previous setting, for a deferred restore.
func SetSwitchable(on bool) (was bool) { return switchable.Swap(on) }

// Dial connects to a TCP address with a blocking socket, unless
// SetBlocking(false) asked for Go's netpoller. Other networks (unix
// sockets) use the standard dialer.
func Dial(ctx context.Context, network, addr string) (net.Conn, error) {
	follow := switchable.Load()
	if netpoll.Load() && !follow || network != "tcp" && network != "tcp4" && network != "tcp6" {
		var d net.Dialer
		return d.DialContext(ctx, network, addr)
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	ips, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return nil, err
	}
	pn, err := net.LookupPort("tcp", port)
	if err != nil {
		return nil, err
	}
	var firstErr error
	for _, ip := range ips {
		c, err := dial(ctx, net.TCPAddrFromAddrPort(netipAddrPort(ip, pn)))
		if err == nil && follow {
			c.follow = true
			if err = c.follow1(); err != nil {
				c.Close()
			}
		} else if err == nil && raw.Load() {
			c.raw = true
			if err = c.SetDeadline(time.Time{}); err != nil { // rawBound
				c.Close()
			}
		}
		if err == nil {
			return c, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	if firstErr == nil {
		firstErr = fmt.Errorf("no address for %s", host)
	}
	return nil, firstErr
}

func dial(ctx context.Context, ra *net.TCPAddr) (*Conn, error) {
	family, sa := syscall.AF_INET, syscall.Sockaddr(nil)
	if ip4 := ra.IP.To4(); ip4 != nil {
		s := &syscall.SockaddrInet4{Port: ra.Port}
		copy(s.Addr[:], ip4)
		sa = s
	} else {
		family = syscall.AF_INET6
		s := &syscall.SockaddrInet6{Port: ra.Port}
		copy(s.Addr[:], ra.IP.To16())
		sa = s
	}
	fd, err := syscall.Socket(family, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, os.NewSyscallError("socket", err)
	}
	c := &Conn{fd: fd, remote: ra}
	if dl, ok := ctx.Deadline(); ok {
		c.setTimeout(syscall.SO_SNDTIMEO, time.Until(dl)) // bounds connect(2)
	}
	for {
		err = syscall.Connect(fd, sa)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		syscall.Close(fd)
		return nil, &net.OpError{Op: "dial", Net: "tcp", Addr: ra, Err: os.NewSyscallError("connect", err)}
	}
	c.setTimeout(syscall.SO_SNDTIMEO, 0)
	_ = syscall.SetsockoptInt(fd, syscall.IPPROTO_TCP, syscall.TCP_NODELAY, 1)
	if lsa, err := syscall.Getsockname(fd); err == nil {
		c.local = sockaddrToTCP(lsa)
	}
	return c, nil
}

// Conn is a blocking TCP connection, or one that follows SetBlocking
// (dialled under SetSwitchable): then, while Go's netpoller is asked for, it
// reads and writes through pc, a net.Conn on a duplicate of its descriptor.
type Conn struct {
	fd            int
	local, remote net.Addr
	closeOnce     sync.Once
	mu            sync.Mutex
	closed        bool
	onClose       func() // set by Set
	// follow: the connection follows SetBlocking; polled: it uses pc now.
	// pc is set (under mu) before polled turns true; preads counts reads
	// in it (see follow1).
	follow   bool
	polled   atomic.Bool
	preads   atomic.Int32
	pc       net.Conn
	rdl, wdl time.Time // the deadlines last set, for a pc made later
	// raw: reads and writes go through RawSyscall (SetRaw); rdlOn and
	// wdlOn: a deadline is set (an EAGAIN is the deadline's, not rawBound's).
	raw          bool
	rdlOn, wdlOn atomic.Bool
}

var _ net.Conn = (*Conn)(nil)

// Read implements net.Conn.
func (c *Conn) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	if c.follow {
		c.preads.Add(1)
		if c.polled.Load() {
			n, err := c.pc.Read(b)
			c.preads.Add(-1)
			return n, err
		}
		c.preads.Add(-1)
	}
	for slow := false; ; {
		n, err := c.sysRead(b, slow)
		switch {
		case err == syscall.EINTR:
			slow = true // raw: the runtime wants this goroutine (SetRaw)
			continue
		case err == syscall.EAGAIN:
			if c.boundOnly(&c.rdlOn) {
				continue
			}
			return 0, os.ErrDeadlineExceeded
		case err != nil:
			return 0, c.opError("read", err)
		case n == 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

// Write implements net.Conn.
func (c *Conn) Write(b []byte) (int, error) {
	if c.follow {
		if err := c.follow1(); err != nil {
			return 0, err
		}
		if c.polled.Load() {
			return c.pc.Write(b)
		}
	}
	done := 0
	for slow := false; done < len(b); {
		n, err := c.sysWrite(b[done:], slow)
		switch {
		case err == syscall.EINTR:
			slow = true // raw: the runtime wants this goroutine (SetRaw)
			continue
		case err == syscall.EAGAIN:
			if c.boundOnly(&c.wdlOn) {
				continue
			}
			return done, os.ErrDeadlineExceeded
		case err != nil:
			return done, c.opError("write", err)
		}
		done += n
	}
	return done, nil
}

func (c *Conn) opError(op string, err error) error {
	c.mu.Lock()
	closed := c.closed
	c.mu.Unlock()
	if closed {
		return net.ErrClosed
	}
	return &net.OpError{Op: op, Net: "tcp", Addr: c.remote, Err: os.NewSyscallError(op, err)}
}

// Close implements net.Conn.
func (c *Conn) Close() error {
	err := net.ErrClosed
	c.closeOnce.Do(func() {
		c.mu.Lock()
		c.closed = true
		pc := c.pc
		c.mu.Unlock()
		// Shutdown first wakes a goroutine blocked in read on this fd.
		_ = syscall.Shutdown(c.fd, syscall.SHUT_RDWR)
		err = syscall.Close(c.fd)
		if pc != nil {
			pc.Close()
		}
		if c.onClose != nil {
			c.onClose()
		}
	})
	return err
}

// Shutdown ends the connection without releasing its file descriptor: safe
// to call from any goroutine, while another is blocked on the socket.
func (c *Conn) Shutdown() { _ = syscall.Shutdown(c.fd, syscall.SHUT_RDWR) }

// LocalAddr implements net.Conn.
func (c *Conn) LocalAddr() net.Addr { return c.local }

// RemoteAddr implements net.Conn.
func (c *Conn) RemoteAddr() net.Addr { return c.remote }

// SetDeadline implements net.Conn.
func (c *Conn) SetDeadline(t time.Time) error {
	if err := c.SetReadDeadline(t); err != nil {
		return err
	}
	return c.SetWriteDeadline(t)
}

// SetReadDeadline implements net.Conn.
func (c *Conn) SetReadDeadline(t time.Time) error {
	c.keep(&c.rdl, t, net.Conn.SetReadDeadline)
	c.rdlOn.Store(!t.IsZero())
	return c.deadline(syscall.SO_RCVTIMEO, t)
}

// SetWriteDeadline implements net.Conn.
func (c *Conn) SetWriteDeadline(t time.Time) error {
	c.keep(&c.wdl, t, net.Conn.SetWriteDeadline)
	c.wdlOn.Store(!t.IsZero())
	return c.deadline(syscall.SO_SNDTIMEO, t)
}

// keep notes a following connection's deadline (for a pc made later) and
// gives it to pc if there is one.
func (c *Conn) keep(dl *time.Time, t time.Time, set func(net.Conn, time.Time) error) {
	if !c.follow {
		return
	}
	c.mu.Lock()
	*dl = t
	if c.pc != nil {
		set(c.pc, t)
	}
	c.mu.Unlock()
}

func (c *Conn) deadline(opt int, t time.Time) error {
	if t.IsZero() {
		if c.raw {
			return c.setTimeout(opt, rawBound)
		}
		return c.setTimeout(opt, 0)
	}
	d := time.Until(t)
	if d <= 0 {
		// Interrupt: a blocked read or write returns at once, and the
		// connection is finished, as a cancelled query's connection is.
		return syscall.Shutdown(c.fd, syscall.SHUT_RDWR)
	}
	return c.setTimeout(opt, d)
}

func (c *Conn) setTimeout(opt int, d time.Duration) error {
	if d < 0 {
		d = 0
	}
	if d > 0 && d < time.Microsecond {
		d = time.Microsecond
	}
	tv := syscall.NsecToTimeval(d.Nanoseconds())
	if err := syscall.SetsockoptTimeval(c.fd, syscall.SOL_SOCKET, opt, &tv); err != nil {
		return errors.Join(errors.New("set socket timeout"), err)
	}
	return nil
}

func sockaddrToTCP(sa syscall.Sockaddr) net.Addr {
	switch s := sa.(type) {
	case *syscall.SockaddrInet4:
		return &net.TCPAddr{IP: net.IP(s.Addr[:]).To16(), Port: s.Port}
	case *syscall.SockaddrInet6:
		return &net.TCPAddr{IP: net.IP(s.Addr[:]), Port: s.Port}
	}
	return nil
}

// Set is a dialer that keeps the connections it made that are still open, so
// that a driver can interrupt them from another goroutine: all of them,
// because a client may dial more than one (MongoDB's driver dials its monitor
// through the same dialer). The zero value is ready.
type Set struct {
	mu   sync.Mutex
	open map[net.Conn]struct{}
}

// Dial is Dial, keeping the connection until it is closed.
func (s *Set) Dial(ctx context.Context, network, addr string) (net.Conn, error) {
	c, err := Dial(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if s.open == nil {
		s.open = map[net.Conn]struct{}{}
	}
	s.open[c] = struct{}{}
	s.mu.Unlock()
	if sc, ok := c.(*Conn); ok {
		sc.onClose = func() { s.forget(sc) }
	}
	return c, nil
}

// DialContext is Dial, for dialer interfaces that want this name.
func (s *Set) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	return s.Dial(ctx, network, addr)
}

func (s *Set) forget(c net.Conn) {
	s.mu.Lock()
	delete(s.open, c)
	s.mu.Unlock()
}

func (s *Set) all() []net.Conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]net.Conn, 0, len(s.open))
	for c := range s.open {
		out = append(out, c)
	}
	return out
}

// Interrupt shuts the open connections down from another goroutine: reads
// blocked on them return, and every later read or write fails. Their file
// descriptors stay open until their owner closes them, so the numbers cannot
// be reused by other sockets while the owner may still use them.
func (s *Set) Interrupt() {
	for _, c := range s.all() {
		if sc, ok := c.(*Conn); ok {
			sc.Shutdown()
		} else {
			c.Close()
		}
	}
}

// Close closes every connection still open.
func (s *Set) Close() {
	for _, c := range s.all() {
		c.Close()
	}
}

// RemoteAddr is the remote address of a connection still open (the
// server's), or nil when none is.
func (s *Set) RemoteAddr() net.Addr {
	for _, c := range s.all() {
		return c.RemoteAddr()
	}
	return nil
}
