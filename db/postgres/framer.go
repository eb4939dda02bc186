package postgres

import (
	"encoding/binary"
	"fmt"
	"io"
)

// framer is the reader under a connection's pgproto3.Frontend (pgconn's
// BuildFrontend). It hands pgx one message at a time, never a byte past
// the end of the message pgx is reading, so between pgx's calls nothing of
// the stream sits in pgx's own buffer: readReply can then take the
// messages of a statement's reply from the framer directly (next), and give
// back to pgx, unread, any it must see (unread).
//
// Through pgconn, each message of a reply costs a ReceiveMessage: a lock, a
// deferred unlock, the chunk reader, a decoded message (every DataRow's
// values sliced out) and a type switch, about 400 instructions. A range
// read of oltp_read_write is 100 rows, and its transaction about 370
// messages: through pgconn that was a third of the client's user-space
// instructions (callgrind, docs/performance.md). next takes a message in
// about 30.
type framer struct {
	r      io.Reader // pgconn's reader of the socket
	buf    []byte
	rp, wp int // buf[rp:wp] is read from r, not yet handed out
	last   int // where the message next returned last began, for unread
	left   int // what is left of the message pgx is being handed
}

// framerSize is the framer's buffer at the start: libpq's first input
// buffer, 16 KB, so a 100-row range read of oltp_read_write (about 13 KB)
// fits one read(2) (with pgproto3's 8 KB: 23.4 reads a transaction against
// 22.6, docs/performance.md); framerKeep, the most it keeps once a larger
// message has been read.
const (
	framerSize = 16 << 10
	framerKeep = 1 << 20
)

func newFramer(r io.Reader) *framer { return &framer{r: r, buf: make([]byte, framerSize)} }

// Read implements io.Reader for pgx: what is buffered, up to the end of the
// message being handed.
func (f *framer) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if f.left == 0 {
		n, err := f.header() // on an error, a part of a header stays, for a read after a timeout
		if err != nil {
			return 0, err
		}
		f.left = 1 + n
	}
	if f.rp == f.wp {
		if err := f.fill(1); err != nil {
			return 0, err
		}
	}
	n := copy(p, f.buf[f.rp:min(f.wp, f.rp+f.left)])
	f.rp += n
	f.left -= n
	return n, nil
}

// next returns the next message whole: its type byte and its body, which
// stay valid until the next call. It is called only between pgx's reads,
// at a message's start. On an error nothing is consumed: pgx, reading
// after it, meets the error itself and does what it does with a broken
// connection.
func (f *framer) next() (byte, []byte, error) {
	n, err := f.header()
	if err != nil {
		return 0, nil, err
	}
	if f.wp-f.rp < 1+n {
		if err := f.fill(1 + n); err != nil {
			return 0, nil, err
		}
	}
	f.last = f.rp
	f.rp += 1 + n
	return f.buf[f.last], f.buf[f.last+5 : f.rp], nil
}

// header reads the next message's header, type and length, and returns
// the length (which counts itself, not the type).
func (f *framer) header() (int, error) {
	if f.wp-f.rp < 5 {
		if err := f.fill(5); err != nil {
			return 0, err
		}
	}
	n := int(binary.BigEndian.Uint32(f.buf[f.rp+1:]))
	if n < 4 {
		return 0, fmt.Errorf("postgres: a message of type %q says its length is %d", f.buf[f.rp], n)
	}
	return n, nil
}

// skipRows skips the DataRows that come next and are whole in the buffer,
// and returns how many: a reply whose rows are only counted is read a
// buffer at a time, not a message at a time.
func (f *framer) skipRows() int {
	b := f.buf[f.rp:f.wp]
	n := 0
	for len(b) >= 5 && b[0] == 'D' {
		size := 1 + int(binary.BigEndian.Uint32(b[1:]))
		if size < 5 || size > len(b) {
			break
		}
		b = b[size:]
		n++
	}
	f.rp = f.wp - len(b)
	return n
}

// unread gives back the message next returned last: pgx reads it next.
func (f *framer) unread() { f.rp = f.last }

// fill reads until n bytes are buffered, moving what is buffered to the
// buffer's start, or into a larger buffer, when it has no room after it.
// An empty buffer larger than framerKeep is let go.
func (f *framer) fill(n int) error {
	if f.wp-f.rp >= n {
		return nil
	}
	if f.rp == f.wp {
		f.rp, f.wp = 0, 0
		if len(f.buf) > framerKeep {
			f.buf = make([]byte, framerSize)
		}
	}
	if len(f.buf)-f.rp < n {
		size := len(f.buf)
		for size < n {
			size *= 2
		}
		buf := f.buf
		if size != len(f.buf) {
			buf = make([]byte, size)
		}
		f.wp = copy(buf, f.buf[f.rp:f.wp])
		f.buf, f.rp, f.last = buf, 0, 0
	}
	for f.wp-f.rp < n {
		m, err := f.r.Read(f.buf[f.wp:])
		f.wp += m
		if err != nil && f.wp-f.rp < n {
			return err
		}
	}
	return nil
}
