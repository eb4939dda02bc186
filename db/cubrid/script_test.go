package cubrid

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// A script is a recorded conversation between the driver and a real
// CUBRID broker and CAS (record_test.go writes them from a live server):
// for each connection the driver dialed, in order, the bytes it wrote
// ("> hex"), the bytes the server sent ("< hex") and where the server
// closed the socket ("close"). Replaying one, a fake server checks that
// the driver writes exactly what it wrote then, and answers as the server
// did.

// event is one step of a connection: a chunk written by the client (out),
// one sent by the server, or the server closing.
type event struct {
	out   bool
	close bool
	b     []byte
}

// script is the connections of a recorded conversation, in dial order.
type script [][]event

// readScript parses testdata/NAME.txt.
func readScript(t *testing.T, name string) script {
	t.Helper()
	f, err := os.Open("testdata/" + name + ".txt")
	if err != nil {
		t.Fatalf("%v (record it with DBGAUGE_TEST_CUBRID set: go test -run TestRecord -record)", err)
	}
	defer f.Close()
	var s script
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for line := 1; sc.Scan(); line++ {
		l := strings.TrimSpace(sc.Text())
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
		case l == "conn":
			s = append(s, nil)
		case l == "close":
			s[len(s)-1] = append(s[len(s)-1], event{close: true})
		case strings.HasPrefix(l, "> "), strings.HasPrefix(l, "< "):
			b, err := hex.DecodeString(strings.ReplaceAll(l[2:], " ", ""))
			if err != nil || len(s) == 0 {
				t.Fatalf("%s.txt:%d: %v", name, line, err)
			}
			s[len(s)-1] = append(s[len(s)-1], event{out: l[0] == '>', b: b})
		default:
			t.Fatalf("%s.txt:%d: unknown line %q", name, line, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return s
}

// write saves s as text, 64 bytes a line.
func (s script) write(path, comment string) error {
	var b bytes.Buffer
	for _, l := range strings.Split(strings.TrimSpace(comment), "\n") {
		fmt.Fprintf(&b, "# %s\n", l)
	}
	for _, conn := range s {
		b.WriteString("conn\n")
		for _, e := range conn {
			if e.close {
				b.WriteString("close\n")
				continue
			}
			dir := "<"
			if e.out {
				dir = ">"
			}
			for i := 0; i < len(e.b); i += 64 {
				fmt.Fprintf(&b, "%s %x\n", dir, e.b[i:min(i+64, len(e.b))])
			}
		}
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// merged joins consecutive chunks in the same direction, as lines split
// them (reads and writes split at arbitrary points anyway).
func (s script) merged() script {
	out := make(script, len(s))
	for i, conn := range s {
		for _, e := range conn {
			if n := len(out[i]); n > 0 && !e.close && !out[i][n-1].close && out[i][n-1].out == e.out {
				out[i][n-1].b = append(out[i][n-1].b, e.b...)
				continue
			}
			out[i] = append(out[i], event{out: e.out, close: e.close, b: append([]byte(nil), e.b...)})
		}
	}
	return out
}

// replay is a fake broker playing a script: Driver dials it.
type replay struct {
	t       *testing.T
	s       script
	mu      sync.Mutex
	next    int
	wg      sync.WaitGroup
	addrs   []string
	clients []net.Conn
}

// driver returns a Driver whose connections go to the script.
func (r *replay) driver() Driver {
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.addrs = append(r.addrs, addr)
		if r.next >= len(r.s) {
			return nil, fmt.Errorf("dial %s: connection refused (the script has %d connections)", addr, len(r.s))
		}
		client, server := net.Pipe()
		r.clients = append(r.clients, client)
		conn, idx := r.s[r.next], r.next+1
		r.next++
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			defer server.Close()
			if err := play(server, conn); err != nil {
				r.t.Errorf("connection %d: %v", idx, err)
			}
		}()
		return client, nil
	}
	return Driver{dial: &dial}
}

// play answers one connection: what the client writes must be the
// recorded bytes.
func play(server net.Conn, conn []event) error {
	for i, e := range conn {
		server.SetDeadline(time.Now().Add(10 * time.Second))
		switch {
		case e.close:
			return nil
		case e.out:
			got := make([]byte, len(e.b))
			n, err := io.ReadFull(server, got)
			if err != nil {
				return fmt.Errorf("step %d: the client wrote %d of %d bytes (%x), then %v", i, n, len(e.b), got[:n], err)
			}
			if !bytes.Equal(got, e.b) {
				return fmt.Errorf("step %d: the client wrote\n%x\nthe recording has\n%x", i, got, e.b)
			}
		default:
			if _, err := server.Write(e.b); err != nil {
				return fmt.Errorf("step %d: %v", i, err)
			}
		}
	}
	// The client may close without another word.
	server.SetDeadline(time.Now().Add(2 * time.Second))
	if extra, err := io.ReadAll(server); len(extra) > 0 {
		return fmt.Errorf("the client wrote %x after the recording ended (%v)", extra, err)
	} else if err != nil && !errors.Is(err, io.ErrClosedPipe) {
		return fmt.Errorf("waiting for the client to close: %v", err)
	}
	return nil
}

// done closes the client ends the driver left open (a scenario that
// failed), waits for every connection's player and checks all were used.
func (r *replay) done() {
	r.mu.Lock()
	for _, c := range r.clients {
		c.Close()
	}
	r.mu.Unlock()
	r.wg.Wait()
	if r.next != len(r.s) {
		r.t.Errorf("the driver dialed %d of the script's %d connections", r.next, len(r.s))
	}
}
