package sockconn

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"testing"
	"time"
)

// echoServer accepts one connection and echoes what it reads until EOF.
func echoServer(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() { io.Copy(c, c); c.Close() }()
		}
	}()
	return l.Addr().String()
}

func TestRoundTrip(t *testing.T) {
	c, err := Dial(context.Background(), "tcp", echoServer(t))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	echoRoundTrip(t, c, 1)
	if c.LocalAddr() == nil || c.RemoteAddr().String() == "" {
		t.Error("addresses missing")
	}
}

// TestReadTimeout: a future deadline makes a read with no data return a
// timeout net.Error, and the connection stays usable.
func TestReadTimeout(t *testing.T) {
	c, err := Dial(context.Background(), "tcp", echoServer(t))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
	_, err = c.Read(make([]byte, 1))
	if !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("read: %v, want a deadline error", err)
	}
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() {
		t.Fatalf("%v is not a timeout net.Error", err)
	}
	c.SetReadDeadline(time.Time{})
	c.Write([]byte("x"))
	if _, err := io.ReadFull(c, make([]byte, 1)); err != nil {
		t.Fatalf("connection unusable after a timeout: %v", err)
	}
}

// TestInterrupt: a deadline in the past, or Close, wakes a blocked read, as
// pgx does to cancel a query.
func TestInterrupt(t *testing.T) {
	for _, how := range []string{"deadline", "close"} {
		t.Run(how, func(t *testing.T) {
			c, err := Dial(context.Background(), "tcp", echoServer(t))
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			done := make(chan error, 1)
			go func() { _, err := c.Read(make([]byte, 1)); done <- err }()
			time.Sleep(20 * time.Millisecond)
			if how == "deadline" {
				c.SetDeadline(time.Now().Add(-time.Second))
			} else {
				c.Close()
			}
			select {
			case err := <-done:
				if err == nil {
					t.Fatal("blocked read returned no error")
				}
			case <-time.After(10 * time.Second):
				t.Fatal("blocked read was not interrupted")
			}
		})
	}
}

func TestRefused(t *testing.T) {
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := l.Addr().String()
	l.Close()
	if _, err := Dial(context.Background(), "tcp", addr); err == nil {
		t.Fatal("dial to a closed port succeeded")
	}
}

// TestSet: Interrupt wakes a read blocked on any connection of the set
// without releasing its descriptor, and closed connections leave the set.
func TestSet(t *testing.T) {
	addr := echoServer(t)
	var s Set
	a, err := s.Dial(context.Background(), "tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Dial(context.Background(), "tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	b.Close()
	if n := len(s.all()); n != 1 {
		t.Fatalf("%d connections in the set after one closed, want 1", n)
	}
	done := make(chan error, 1)
	go func() { _, err := a.Read(make([]byte, 1)); done <- err }()
	time.Sleep(20 * time.Millisecond)
	s.Interrupt()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Interrupt did not wake the blocked read")
	}
	if _, err := a.Write([]byte("x")); err == nil {
		t.Error("a write after Interrupt succeeded")
	}
	s.Close()
	if n := len(s.all()); n != 0 {
		t.Errorf("%d connections left after Close", n)
	}
}

// echoRoundTrip writes a message larger than one socket buffer write to c,
// whose peer echoes it, and checks it comes back whole (byte i is i*mul).
func echoRoundTrip(t *testing.T, c net.Conn, mul int) {
	t.Helper()
	msg := make([]byte, 256<<10)
	for i := range msg {
		msg[i] = byte(i * mul)
	}
	go c.Write(msg)
	got := make([]byte, len(msg))
	if _, err := io.ReadFull(c, got); err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if got[i] != msg[i] {
			t.Fatalf("byte %d differs", i)
		}
	}
}
