package mysql

import (
	"encoding/binary"
	"errors"
	"fmt"
	"net"

	gomysql "github.com/go-sql-driver/mysql"
)

// replyReader reads the packets of one reply from the socket into a buffer
// of its own: whole packets where their content matters (a result's first
// packet, its end, an error), and only the first byte of a row, whose
// values it skips without looking at them.
type replyReader struct {
	conn net.Conn
	buf  []byte
	r, w int
	// seq is the sequence number the next packet must carry.
	seq byte
}

// replyBuffer is the size of a reader's buffer: the server's own network
// buffer (net_buffer_length, 16 KB), so that one read takes what one write
// of the server sent.
const replyBuffer = 16 << 10

// maxPayload is the payload length that says the packet continues in the
// next one.
const maxPayload = 1<<24 - 1

// errProtocol is a reply the reader cannot frame; the connection is closed.
var errProtocol = fmt.Errorf("%w: unexpected packet in a counted reply", gomysql.ErrMalformPkt)

// fill reads until at least n bytes are buffered, moving what is buffered
// to the front first and growing the buffer if n needs it.
func (rd *replyReader) fill(n int) error {
	if rd.w-rd.r >= n {
		return nil
	}
	if rd.r > 0 {
		rd.w = copy(rd.buf, rd.buf[rd.r:rd.w])
		rd.r = 0
	}
	if n > len(rd.buf) {
		rd.buf = append(rd.buf[:rd.w], make([]byte, n-rd.w)...)
		rd.buf = rd.buf[:cap(rd.buf)]
	}
	for rd.w < n {
		m, err := rd.conn.Read(rd.buf[rd.w:])
		rd.w += m
		if err != nil && rd.w < n {
			return err
		}
	}
	return nil
}

// header reads a packet's header and returns its payload length.
func (rd *replyReader) header() (int, error) {
	if err := rd.fill(4); err != nil {
		return 0, err
	}
	h := rd.buf[rd.r : rd.r+4]
	rd.r += 4
	if h[3] != rd.seq {
		return 0, fmt.Errorf("%w: packet %d, want %d", gomysql.ErrPktSync, h[3], rd.seq)
	}
	rd.seq++
	return int(h[0]) | int(h[1])<<8 | int(h[2])<<16, nil
}

// packet reads a whole packet, of at most maxPayload bytes (a result's
// first packet, its end or an error are short), and returns its payload,
// valid until the next read.
func (rd *replyReader) packet() ([]byte, error) {
	n, err := rd.header()
	if err != nil {
		return nil, err
	}
	if n == 0 || n == maxPayload {
		return nil, errProtocol
	}
	if err := rd.fill(n); err != nil {
		return nil, err
	}
	p := rd.buf[rd.r : rd.r+n]
	rd.r += n
	return p, nil
}

// skip discards n bytes of payload, reading them through the buffer.
func (rd *replyReader) skip(n int) error {
	for {
		k := min(n, rd.w-rd.r)
		rd.r += k
		n -= k
		if n == 0 {
			return nil
		}
		rd.r, rd.w = 0, 0
		if err := rd.fill(1); err != nil {
			return err
		}
	}
}

// skipPacket discards a packet and those that continue it.
func (rd *replyReader) skipPacket(n int) error {
	for {
		if err := rd.skip(n); err != nil {
			return err
		}
		if n < maxPayload {
			return nil
		}
		var err error
		if n, err = rd.header(); err != nil {
			return err
		}
	}
}

// skipRows skips the rows that come next and are whole in the buffer, and
// returns how many: a counted result is read a buffer at a time, not a
// packet at a time. A row is a packet in sequence, shorter than
// maxPayload, whose first byte is pktOK; it stops at any other packet.
func (rd *replyReader) skipRows() int {
	b, seq, n := rd.buf[rd.r:rd.w], rd.seq, 0
	for len(b) >= 5 {
		size := int(b[0]) | int(b[1])<<8 | int(b[2])<<16
		if b[3] != seq || size == 0 || size >= maxPayload || b[4] != pktOK || 4+size > len(b) {
			break
		}
		b = b[4+size:]
		seq++
		n++
	}
	rd.r, rd.seq = rd.w-len(b), seq
	return n
}

// Packet types, by their first byte.
const (
	pktOK  = 0x00 // OK, or a row of the binary protocol
	pktEOF = 0xfe // EOF, or OK ending a result set with DEPRECATE_EOF
	pktERR = 0xff
)

// serverMoreResults is the status flag saying that another result follows.
const serverMoreResults = 0x0008

// lenenc reads a length-encoded integer at the start of p and returns it
// and its size, size 0 if p is too short.
func lenenc(p []byte) (v uint64, size int) {
	if len(p) == 0 {
		return 0, 0
	}
	switch p[0] {
	case 0xfc:
		if len(p) >= 3 {
			return uint64(binary.LittleEndian.Uint16(p[1:])), 3
		}
	case 0xfd:
		if len(p) >= 4 {
			return uint64(p[1]) | uint64(p[2])<<8 | uint64(p[3])<<16, 4
		}
	case 0xfe:
		if len(p) >= 9 {
			return binary.LittleEndian.Uint64(p[1:]), 9
		}
	default:
		return uint64(p[0]), 1
	}
	return 0, 0
}

// okStatus is the status flags of an OK packet (0x00, or 0xfe ending a
// result set): after the header byte, the affected rows and the last
// insert id, both length-encoded.
func okStatus(p []byte) (uint16, error) {
	_, a := lenenc(p[1:])
	_, b := lenenc(p[1+a:])
	if a == 0 || b == 0 || len(p) < 1+a+b+2 {
		return 0, errProtocol
	}
	return binary.LittleEndian.Uint16(p[1+a+b:]), nil
}

// eofStatus is the status flags of an EOF packet: 0xfe, warnings, status.
func eofStatus(p []byte) (uint16, error) {
	if len(p) < 5 {
		return 0, errProtocol
	}
	return binary.LittleEndian.Uint16(p[3:]), nil
}

// serverError is the error an ERR packet reports: 0xff, the error number,
// '#' and the SQL state, the message.
func serverError(p []byte) error {
	if len(p) < 3 {
		return errProtocol
	}
	e := &gomysql.MySQLError{Number: binary.LittleEndian.Uint16(p[1:])}
	msg := p[3:]
	if len(msg) >= 6 && msg[0] == '#' {
		copy(e.SQLState[:], msg[1:6])
		msg = msg[6:]
	}
	e.Message = string(msg)
	return e
}

// isServerError tells a server's error, after which the connection is in
// step, from a broken reply or socket, after which it is not.
func isServerError(err error) bool {
	var me *gomysql.MySQLError
	return errors.As(err, &me)
}
