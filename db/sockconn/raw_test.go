package sockconn

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// rawConn dials the echo server with SetRaw on, and checks the connection
// is raw. The read it may block in needs a P of its own, as in a run.
func rawConn(t *testing.T) *Conn {
	t.Helper()
	defer SetRaw(SetRaw(true))
	t.Cleanup(func() { runtime.GOMAXPROCS(runtime.GOMAXPROCS(4)) })
	nc, err := Dial(context.Background(), "tcp", echoServer(t))
	if err != nil {
		t.Fatal(err)
	}
	c := nc.(*Conn)
	if !c.raw {
		t.Fatal("SetRaw(true) did not make a raw connection")
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestRawRoundTrip(t *testing.T) {
	echoRoundTrip(t, rawConn(t), 7)
}

// TestRawReadTimeout: a future deadline still ends a raw read with a
// timeout (not taken for rawBound's expiry), and clearing it makes the
// connection usable again.
func TestRawReadTimeout(t *testing.T) {
	c := rawConn(t)
	c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
	t0 := time.Now()
	_, err := c.Read(make([]byte, 1))
	if !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("read: %v, want a deadline error", err)
	}
	if d := time.Since(t0); d < 40*time.Millisecond {
		t.Fatalf("read returned after %v, before its deadline", d)
	}
	c.SetReadDeadline(time.Time{})
	c.Write([]byte("x"))
	if _, err := io.ReadFull(c, make([]byte, 1)); err != nil {
		t.Fatalf("connection unusable after a timeout: %v", err)
	}
}

// readBlocked starts a read on c that finds no data, and returns its result.
func readBlocked(c *Conn) <-chan error {
	done := make(chan error, 1)
	go func() {
		b := make([]byte, 1)
		_, err := io.ReadFull(c, b)
		if err == nil && b[0] != 'x' {
			err = errors.New("read the wrong byte")
		}
		done <- err
	}()
	waitInRead(c)
	return done
}

// waitInRead returns once a thread of this process is in read(2) on c's
// descriptor (/proc/self/task/*/syscall: the number, then the arguments),
// or after a minute, if the read never got there.
func waitInRead(c *Conn) {
	want := fmt.Sprintf("%d 0x%x ", syscall.SYS_READ, c.fd)
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(time.Millisecond) {
		tasks, _ := filepath.Glob("/proc/self/task/*/syscall")
		for _, f := range tasks {
			if b, err := os.ReadFile(f); err == nil && strings.HasPrefix(string(b), want) {
				return
			}
		}
	}
}

// TestRawGCDuringRead: collections (two stop-the-world pauses each)
// complete while a goroutine is blocked in a raw read whose data has not
// been sent, and the read then gets its data. The peer is another process
// (this test binary, peerEnv), which writes its byte only when told to:
// while the world is being stopped no goroutine of this one runs. Without
// the EINTR path (rawBound, and the retry through syscall.Read) a collection
// waits for the byte, which the peer then sends only after peerFallback, and
// the read is over before the test told the peer. No time is compared: it
// holds on a busy machine.
func TestRawGCDuringRead(t *testing.T) {
	defer SetRaw(SetRaw(true))
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	cmd := exec.Command(os.Args[0], "-test.run=^TestRawPeer$")
	cmd.Env = append(os.Environ(), peerEnv+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	tell, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	nc, err := Dial(context.Background(), "tcp", strings.TrimSpace(addr))
	if err != nil {
		t.Fatal(err)
	}
	c := nc.(*Conn)
	defer c.Close()
	if !c.raw {
		t.Fatal("not raw")
	}
	done := readBlocked(c)
	collected := make(chan struct{})
	go func() {
		for range 3 {
			runtime.GC()
		}
		close(collected)
	}()
	<-collected
	select {
	case err := <-done:
		t.Fatalf("the read ended (%v) before the peer was told to write: the collections waited for it", err)
	default:
	}
	fmt.Fprintln(tell, "write")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// peerEnv makes TestRawPeer the peer of TestRawGCDuringRead.
const peerEnv = "SOCKCONN_RAW_PEER"

// peerFallback is when the peer writes if it is never told to: a collection
// that waits for the raw read ends then, and the test sees the read done
// before it told the peer.
const peerFallback = 30 * time.Second

// TestRawPeer, in a process of its own, listens, prints its address,
// accepts a connection, and writes one byte to it when a line comes on its
// standard input (or after peerFallback).
func TestRawPeer(t *testing.T) {
	if os.Getenv(peerEnv) == "" {
		t.Skip("the peer of TestRawGCDuringRead, run by it")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println(l.Addr())
	c, err := l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	told := make(chan struct{})
	go func() {
		bufio.NewReader(os.Stdin).ReadString('\n')
		close(told)
	}()
	select {
	case <-told:
	case <-time.After(peerFallback):
	}
	c.Write([]byte("x"))
	io.Copy(io.Discard, c)
}

// TestRawInterrupt: a deadline in the past and Set.Interrupt both end a
// raw read blocked on a socket with no data.
func TestRawInterrupt(t *testing.T) {
	for _, how := range []string{"deadline", "set"} {
		t.Run(how, func(t *testing.T) {
			var s Set
			var c *Conn
			if how == "set" {
				defer SetRaw(SetRaw(true))
				nc, err := s.Dial(context.Background(), "tcp", echoServer(t))
				if err != nil {
					t.Fatal(err)
				}
				c = nc.(*Conn)
				defer c.Close()
				if !c.raw {
					t.Fatal("not raw")
				}
			} else {
				c = rawConn(t)
			}
			done := readBlocked(c)
			if how == "set" {
				s.Interrupt()
			} else {
				c.SetReadDeadline(time.Now().Add(-time.Second))
			}
			select {
			case err := <-done:
				if err == nil {
					t.Fatal("an interrupted read returned data")
				}
			case <-time.After(5 * time.Second):
				t.Fatal("the raw read was not interrupted")
			}
		})
	}
}
