package sockconn

import (
	"errors"
	"net"
	"os"
	"syscall"
)

// follow1 puts a following connection in the mode SetBlocking asks for now.
// Called at the start of a request (Write) and at the dial: no reply is half
// read then, and nothing is buffered above the socket in either mode, so
// the next read, blocking or through the netpoller, starts on the reply.
//
// To the netpoller: pc is made with net.FileConn, which registers a
// duplicate descriptor with the poller (epoll) and sets O_NONBLOCK on the
// open file description both descriptors share. Back to blocking sockets:
// the flag is cleared and pc closed, which takes the socket out of epoll
// (left in, every reply woke the netpoller for nothing: measured, a blocking
// run at the netpoller's speed). A read still in pc (another goroutine's)
// keeps pc until a later switch finds none.
func (c *Conn) follow1() error {
	want := netpoll.Load()
	if want == c.polled.Load() && (want || c.pc == nil) {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return net.ErrClosed
	}
	if !want {
		if c.polled.Load() {
			if err := syscall.SetNonblock(c.fd, false); err != nil {
				return os.NewSyscallError("fcntl", err)
			}
			c.polled.Store(false)
		}
		if c.pc != nil && c.preads.Load() == 0 {
			c.pc.Close()
			c.pc = nil
		}
		return nil
	}
	if c.pc == nil {
		d, err := syscall.Dup(c.fd)
		if err != nil {
			return os.NewSyscallError("dup", err)
		}
		syscall.CloseOnExec(d)
		f := os.NewFile(uintptr(d), "sockconn")
		pc, err := net.FileConn(f)
		f.Close() // FileConn keeps a duplicate of its own
		if err != nil {
			return errors.Join(errors.New("socket to Go's netpoller"), err)
		}
		if !c.rdl.IsZero() {
			pc.SetReadDeadline(c.rdl)
		}
		if !c.wdl.IsZero() {
			pc.SetWriteDeadline(c.wdl)
		}
		c.pc = pc
	} else if err := syscall.SetNonblock(c.fd, true); err != nil {
		return os.NewSyscallError("fcntl", err)
	}
	c.polled.Store(true)
	return nil
}
