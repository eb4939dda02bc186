package mysql

import (
	"encoding/binary"
	"net"
)

// wire is the connection go-sql-driver/mysql talks through, kept by the
// Conn so that a counted query (countstmt.go) can write its request and read
// its reply on the same socket, between two of the driver's commands. It
// notes what that needs from the protocol itself, never from the driver's
// internals: the capabilities the client asked for in the first packet it
// wrote (the handshake response, or the TLS request), and the statement id
// in the reply to a COM_STMT_PREPARE.
type wire struct {
	net.Conn
	// hello is the start of the first packet the client wrote: header and
	// the 32 bytes of capabilities, sizes and MariaDB's extended ones.
	hello []byte
	// prep is the start of what the driver read while prep was on: the
	// header and fixed fields of COM_STMT_PREPARE's OK packet.
	prepOn bool
	prep   []byte
}

const helloLen = 4 + 32

// prepLen is a COM_STMT_PREPARE_OK's header, status byte, statement id,
// column and parameter counts.
const prepLen = 4 + 9

// Read implements net.Conn.
func (w *wire) Read(b []byte) (int, error) {
	n, err := w.Conn.Read(b)
	if w.prepOn && len(w.prep) < prepLen {
		w.prep = append(w.prep, b[:min(n, prepLen-len(w.prep))]...)
	}
	return n, err
}

// Write implements net.Conn.
func (w *wire) Write(b []byte) (int, error) {
	if len(w.hello) < helloLen {
		w.hello = append(w.hello, b[:min(len(b), helloLen-len(w.hello))]...)
	}
	return w.Conn.Write(b)
}

// Client capability flags (the protocol's CLIENT_* and MariaDB's
// MARIADB_CLIENT_* extended ones) that decide how a reply is framed.
const (
	capClientMySQL   = 1 << 0 // unset: a MariaDB client, with extended capabilities
	capCompress      = 1 << 5
	capProtocol41    = 1 << 9
	capSSL           = 1 << 11
	capDeprecateEOF  = 1 << 24
	extCacheMetadata = 1 << 4
)

// framing is how replies are framed on a connection, from the capabilities
// its client asked for (a server grants no capability a client did not
// ask for; go-sql-driver/mysql asks only for what the server offers).
type framing struct {
	// plain: no compression and no TLS, so the socket carries packets as
	// they are. Counted reads need it.
	plain bool
	// deprecateEOF: result sets end with an OK packet, and no EOF follows
	// column definitions. cacheMetadata (MariaDB): a result set's column
	// count is followed by whether its column definitions follow.
	deprecateEOF, cacheMetadata bool
}

// framing reads the capabilities from the hello the client wrote.
func (w *wire) framing() framing {
	if len(w.hello) < helloLen {
		return framing{}
	}
	caps := binary.LittleEndian.Uint32(w.hello[4:])
	var ext uint32
	if caps&capClientMySQL == 0 {
		ext = binary.LittleEndian.Uint32(w.hello[4+28:])
	}
	return framing{
		plain:         caps&(capCompress|capSSL) == 0 && caps&capProtocol41 != 0,
		deprecateEOF:  caps&capDeprecateEOF != 0,
		cacheMetadata: ext&extCacheMetadata != 0,
	}
}

// startPrepare records what the driver reads next: the reply to the
// COM_STMT_PREPARE it is about to send.
func (w *wire) startPrepare() {
	w.prep = w.prep[:0]
	w.prepOn = true
}

// prepared stops recording and returns the statement id and parameter
// count of the COM_STMT_PREPARE_OK that was read, ok false if what was read
// is not one (an error packet, or a socket that does not carry plain
// packets).
func (w *wire) prepared() (id uint32, params int, ok bool) {
	w.prepOn = false
	p := w.prep
	if len(p) < prepLen || p[3] != 1 || p[4] != 0x00 || int(p[0])|int(p[1])<<8|int(p[2])<<16 < 9 {
		return 0, 0, false
	}
	return binary.LittleEndian.Uint32(p[5:]), int(binary.LittleEndian.Uint16(p[11:])), true
}
