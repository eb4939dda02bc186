package cubrid

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/sockconn"
)

var record = flag.Bool("record", false, "record the scripts of testdata/ from the server in DBGAUGE_TEST_CUBRID")

// recordedPassword replaces the live server's password in recordings;
// replays log in with it.
const recordedPassword = "secret"

// recorder is a dialer that keeps what goes over each connection.
type recorder struct {
	mu    sync.Mutex
	conns [][]event
}

func (r *recorder) driver() Driver {
	var set sockconn.Set
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		nc, err := set.Dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		r.conns = append(r.conns, nil)
		return &recording{Conn: nc, r: r, i: len(r.conns) - 1}, nil
	}
	return Driver{dial: &dial}
}

type recording struct {
	net.Conn
	r *recorder
	i int
}

func (c *recording) add(e event) {
	c.r.mu.Lock()
	c.r.conns[c.i] = append(c.r.conns[c.i], e)
	c.r.mu.Unlock()
}

func (c *recording) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	if n > 0 {
		c.add(event{out: true, b: append([]byte(nil), b[:n]...)})
	}
	return n, err
}

func (c *recording) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 {
		c.add(event{b: append([]byte(nil), b[:n]...)})
	}
	if err != nil && (errors.Is(err, io.EOF) || !errors.Is(err, net.ErrClosed)) {
		c.add(event{close: true})
	}
	return n, err
}

// script returns the recording, the password in the open-database block
// replaced by recordedPassword.
func (r *recorder) script(password string) script {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := script(r.conns).merged()
	for _, conn := range s {
		for i, e := range conn {
			// The block follows the handshake (a 10-byte write) and the
			// broker's 4-byte answer.
			if e.out && len(e.b) >= openSize && i >= 2 && len(conn[i-2].b) == handshakeSize {
				pw := e.b[dbNameSize+dbUserSize : dbNameSize+dbUserSize+dbPassSize]
				fixed := strings.ReplaceAll(string(trimZeros(pw)), password, recordedPassword)
				clear(pw)
				copy(pw, fixed)
			}
		}
	}
	return s
}

// trimZeros is b up to its first NUL.
func trimZeros(b []byte) []byte {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return b[:i]
	}
	return b
}

// TestRecord records every scenario's script from the live server, with
// -record; without the flag it does nothing.
func TestRecord(t *testing.T) {
	if !*record {
		t.Skip("run with -record to write testdata/ from a live server")
	}
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_CUBRID")
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			rec := &recorder{}
			sc.run(t, rec.driver(), target, live)
			s := rec.script(target.Password())
			for _, conn := range s {
				for _, e := range conn {
					if bytes.Contains(e.b, []byte(target.Password())) {
						t.Fatal("the server's password is in the recording")
					}
				}
			}
			if err := s.write("testdata/"+sc.name+".txt", sc.about); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// live and replayed say where a scenario runs: against the server, or a
// replay of its recording (where killing the CAS is in the script).
const (
	live     = true
	replayed = false
)

// scenario is a conversation recorded once and replayed by the unit tests.
type scenario struct {
	name, about string
	run         func(t *testing.T, d Driver, target *db.Target, live bool)
}
