package handlersocket

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"strings"
	"testing"
	"time"
)

// TestEncodeDecode: every byte value survives encoding and decoding, the
// encoding holds no byte below 0x10 but the escape, and the two encoders
// agree.
func TestEncodeDecode(t *testing.T) {
	all := make([]byte, 0, 512)
	for i := range 256 {
		all = append(all, byte(i), 'x')
	}
	for _, s := range []string{"", "plain", "\t\n\x00", "\x01\x01", "\x0f\x10", string(all)} {
		enc := appendString(nil, s)
		var buf bytes.Buffer
		w := bufio.NewWriter(&buf)
		writeString(w, s)
		w.Flush()
		if !bytes.Equal(buf.Bytes(), enc) {
			t.Errorf("%q: writeString %q, appendString %q", s, buf.Bytes(), enc)
		}
		for i, c := range enc {
			if c <= lowLast && (c != escape || i+1 >= len(enc) || enc[i+1] < shift || enc[i+1] > shift+lowLast) {
				t.Fatalf("%q: byte %#x at %d in the encoding", s, c, i)
			}
		}
		if got := decode(bytes.Clone(enc)); string(got) != s {
			t.Errorf("%q decodes to %q", s, got)
		}
	}
	// An escape at the very end (a server would never send it) is kept.
	if got := decode([]byte("a\x01")); string(got) != "a\x01" {
		t.Errorf("a trailing escape decodes to %q", got)
	}
}

// TestParseReply: replies split into code, columns and values; NULL is
// nil and the empty string empty; lines that are no reply are refused.
func TestParseReply(t *testing.T) {
	var r Reply
	if err := parseReply([]byte("0\t2\ta\x01Ib\t\x00\t\tz"), &r); err != nil {
		t.Fatal(err)
	}
	if r.Code != 0 || r.Columns != 2 || r.Rows() != 2 || string(r.Value(0, 0)) != "a\tb" || r.Value(0, 1) != nil ||
		r.Value(1, 0) == nil || len(r.Value(1, 0)) != 0 || string(r.Value(1, 1)) != "z" {
		t.Errorf("parsed %+v", r)
	}
	if err := parseReply([]byte("0\t1"), &r); err != nil || r.Rows() != 0 || r.Modified() != 0 {
		t.Errorf("an empty reply: %+v %v", r, err)
	}
	if err := parseReply([]byte("0\t1\t42"), &r); err != nil || r.Modified() != 42 {
		t.Errorf("a count: %+v %v", r, err)
	}
	for _, bad := range []string{"", "0", "x\t1", "0\tx", "-1\t1", "0\t1234567890"} {
		if err := parseReply([]byte(bad), &r); err == nil {
			t.Errorf("%q parsed as %+v", bad, r)
		}
	}
}

// pipeConn answers every request line with the same reply, as a server
// would, from one goroutine-free buffer.
type pipeConn struct {
	reply []byte
	out   bytes.Buffer
}

func (p *pipeConn) Write(b []byte) (int, error) {
	for _, c := range b {
		if c == '\n' {
			p.out.Write(p.reply)
		}
	}
	return len(b), nil
}
func (p *pipeConn) Read(b []byte) (int, error)                             { return p.out.Read(b) }
func (p *pipeConn) Close() error                                           { return nil }
func (p *pipeConn) LocalAddr() net.Addr                                    { return nil }
func (p *pipeConn) RemoteAddr() net.Addr                                   { return nil }
func (p *pipeConn) SetDeadline(time.Time) error                            { return nil }
func (p *pipeConn) SetReadDeadline(time.Time) error                        { return nil }
func (p *pipeConn) SetWriteDeadline(time.Time) error                       { return nil }
func (p *pipeConn) dial(context.Context, string, string) (net.Conn, error) { return p, nil }

// TestNoAllocations: a get, a pipeline of ten gets, an insert and an
// update allocate nothing once the connection's buffers exist.
func TestNoAllocations(t *testing.T) {
	p := &pipeConn{reply: []byte("0\t3\tuser1\t" + strings.Repeat("v", 100) + "\t\x01Ix\n")}
	c, err := Dial(context.Background(), Config{Addr: "pipe", Dial: p.dial})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	keys := []string{"user1"}
	q := Query{Op: Eq, Keys: keys}
	row := []string{"user1", "a\tb", "c"}
	for name, f := range map[string]func(){
		"get": func() {
			c.Find(0, &q)
			if r, err := c.Next(ctx); err != nil || r.Rows() != 1 {
				t.Fatal(r, err)
			}
		},
		"ten gets": func() {
			for range 10 {
				c.Find(0, &q)
			}
			if err := c.Drain(ctx); err != nil {
				t.Fatal(err)
			}
		},
		"insert": func() {
			c.Insert(0, row)
			c.Next(ctx)
		},
		"update": func() {
			c.Modify(1, &q, Update, row[1:2])
			c.Next(ctx)
		},
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %.1f allocations", name, n)
		}
	}
}

// TestLongReply: a reply longer than the read buffer (a scan of many
// rows) is read whole, and the replies after it stay in step.
func TestLongReply(t *testing.T) {
	row := "\t" + strings.Repeat("k", 90) + "\t" + strings.Repeat("\x01Iv", 1000)
	long := "0\t2" + strings.Repeat(row, 20) + "\n" // about 60 KB
	p := &pipeConn{reply: []byte(long)}
	c, err := Dial(context.Background(), Config{Addr: "pipe", Dial: p.dial})
	if err != nil {
		t.Fatal(err)
	}
	q := Query{Op: GE, Keys: []string{"k"}, Limit: 20}
	for range 3 {
		c.Find(0, &q)
	}
	for i := range 3 {
		r, err := c.Next(context.Background())
		if err != nil || r.Rows() != 20 || len(r.Value(19, 0)) != 90 || string(r.Value(19, 1)) != strings.Repeat("\tv", 1000) {
			t.Fatalf("reply %d: %d rows (%v)", i, r.Rows(), err)
		}
	}
}
