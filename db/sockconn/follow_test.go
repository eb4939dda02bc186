package sockconn

import (
	"context"
	"errors"
	"io"
	"os"
	"syscall"
	"testing"
	"time"
)

// nonblocking reads the O_NONBLOCK flag of c's descriptor.
func nonblocking(t *testing.T, c *Conn) bool {
	t.Helper()
	fl, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(c.fd), syscall.F_GETFL, 0)
	if errno != 0 {
		t.Fatal(errno)
	}
	return fl&syscall.O_NONBLOCK != 0
}

// TestFollowSwitchesModes: a connection dialled under SetSwitchable changes
// mode at its next Write whenever SetBlocking changes, keeps every byte in
// order across the switches, and keeps its deadlines in both modes.
func TestFollowSwitchesModes(t *testing.T) {
	defer SetSwitchable(SetSwitchable(true))
	defer SetBlocking(SetBlocking(true))
	nc, err := Dial(context.Background(), "tcp", echoServer(t))
	if err != nil {
		t.Fatal(err)
	}
	c := nc.(*Conn)
	defer c.Close()
	msg := make([]byte, 64<<10)
	got := make([]byte, len(msg))
	for i := range 6 {
		blocking := i%2 == 0
		SetBlocking(blocking)
		for j := range msg {
			msg[j] = byte(i + j)
		}
		// A request and its reply, one after the other: the switch, with
		// no read in flight.
		if _, err := c.Write([]byte("s")); err != nil {
			t.Fatal(err)
		}
		if _, err := io.ReadFull(c, got[:1]); err != nil || got[0] != 's' {
			t.Fatalf("round %d: %v", i, err)
		}
		// Then a transfer larger than the socket buffers, written while
		// it is read.
		wrote := make(chan error, 1)
		go func() { _, err := c.Write(msg); wrote <- err }()
		if _, err := io.ReadFull(c, got); err != nil {
			t.Fatalf("round %d: %v", i, err)
		}
		if err := <-wrote; err != nil {
			t.Fatalf("round %d: write: %v", i, err)
		}
		for j := range got {
			if got[j] != msg[j] {
				t.Fatalf("round %d: byte %d differs", i, j)
			}
		}
		if c.polled.Load() == blocking || nonblocking(t, c) == blocking {
			t.Fatalf("round %d: polled %v, O_NONBLOCK %v after a write with blocking %v",
				i, c.polled.Load(), nonblocking(t, c), blocking)
		}
		// Back on blocking sockets the socket leaves the netpoller.
		c.mu.Lock()
		kept := c.pc != nil
		c.mu.Unlock()
		if blocking && i > 0 && kept {
			t.Fatalf("round %d: blocking again, and the netpoller's descriptor is still open", i)
		}
		// A deadline with no data to read times out in either mode, and
		// the connection stays usable.
		c.SetReadDeadline(time.Now().Add(30 * time.Millisecond))
		if _, err := c.Read(got[:1]); !errors.Is(err, os.ErrDeadlineExceeded) {
			t.Fatalf("round %d: read %v, want a deadline error", i, err)
		}
		c.SetReadDeadline(time.Time{})
	}
}

// TestFollowDialsPolled: dialled while the netpoller is asked for, a
// following connection starts polled; one dialled without SetSwitchable
// never changes.
func TestFollowDialsPolled(t *testing.T) {
	defer SetSwitchable(SetSwitchable(true))
	defer SetBlocking(SetBlocking(false))
	addr := echoServer(t)
	nc, err := Dial(context.Background(), "tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	if c, ok := nc.(*Conn); !ok || !c.polled.Load() || !nonblocking(t, c) {
		t.Fatalf("%T dialled under netpoll is not polled", nc)
	}
	SetSwitchable(false)
	SetBlocking(true)
	fixed, err := Dial(context.Background(), "tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer fixed.Close()
	SetBlocking(false)
	fixed.Write([]byte("x"))
	if _, err := io.ReadFull(fixed, make([]byte, 1)); err != nil {
		t.Fatal(err)
	}
	if c := fixed.(*Conn); c.polled.Load() || nonblocking(t, c) {
		t.Fatal("a connection dialled without SetSwitchable changed mode")
	}
}

// TestFollowInterrupt: Shutdown wakes a read parked in the netpoller.
func TestFollowInterrupt(t *testing.T) {
	defer SetSwitchable(SetSwitchable(true))
	defer SetBlocking(SetBlocking(false))
	nc, err := Dial(context.Background(), "tcp", echoServer(t))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	c := nc.(*Conn)
	errc := make(chan error, 1)
	go func() { _, err := c.Read(make([]byte, 1)); errc <- err }()
	time.Sleep(20 * time.Millisecond)
	c.Shutdown()
	if err := <-errc; err == nil {
		t.Fatal("a read on a shut-down connection returned no error")
	}
}
