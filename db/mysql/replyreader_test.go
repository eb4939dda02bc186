package mysql

import (
	"errors"
	"net"
	"testing"

	gomysql "github.com/go-sql-driver/mysql"
)

// reply frames payloads as packets numbered from 1, as a server answers a
// command.
func reply(payloads ...[]byte) []byte {
	var out []byte
	for i, p := range payloads {
		out = append(out, byte(len(p)), byte(len(p)>>8), byte(len(p)>>16), byte(i+1))
		out = append(out, p...)
	}
	return out
}

// TestCountResultsWithEOF: the framing of a server or client without
// DEPRECATE_EOF (MySQL before 5.7, MariaDB before 10.2), which the MariaDB
// of the tests never uses with go-sql-driver/mysql: an EOF packet after the
// column definitions and at the end of the rows, here with a second result
// set (as a CALL sends) whose rows are not counted, then the final OK.
// Built from the protocol's documentation, since no server here answers so.
func TestCountResultsWithEOF(t *testing.T) {
	def := []byte("\x03def\x00\x00\x00\x01c\x00\x0c\x3f\x00\x0b\x00\x00\x00\x03\x00\x00\x00\x00\x00")
	moreEOF := []byte{pktEOF, 0, 0, serverMoreResults, 0}
	lastEOF := []byte{pktEOF, 0, 0, 0x02, 0}
	row := []byte{0x00, 0x00, 0x01, 0x02, 0x03, 0x04}
	data := reply(
		[]byte{2}, def, def, lastEOF, row, row, row, moreEOF,
		[]byte{1}, def, lastEOF, row, moreEOF,
		[]byte{pktOK, 0, 0, 0x02, 0, 0, 0},
	)
	client, server := net.Pipe()
	go func() {
		server.Write(data)
		server.Close()
	}()
	defer client.Close()
	// A buffer of 8 bytes: packets cross reads, and whole ones grow it.
	rd := replyReader{conn: client, buf: make([]byte, 8), seq: 1}
	n, newColumns, err := rd.countResults(framing{plain: true})
	if n != 3 || err != nil || newColumns || rd.r != rd.w {
		t.Errorf("%d rows, %v, new columns %v, %d bytes left; want 3 rows", n, err, newColumns, rd.w-rd.r)
	}
}

// TestSkipRows: rows whole in the buffer are skipped at once, in sequence,
// and the packet that ends them is read as before, whatever the buffer's
// size; a row out of sequence among them is still the sync error it was.
func TestSkipRows(t *testing.T) {
	row := func(i int) []byte { return append([]byte{pktOK, 0}, make([]byte, i%40)...) }
	var payloads [][]byte
	payloads = append(payloads, []byte{1}, []byte("\x03def\x00\x00\x00\x01c\x00\x0c\x3f\x00\x0b\x00\x00\x00\x03\x00\x00\x00\x00\x00"))
	for i := range 500 {
		payloads = append(payloads, row(i))
	}
	payloads = append(payloads, []byte{pktEOF, 0, 0, 0x02, 0, 0, 0})
	data := reply(payloads...)
	read := func(data []byte, size int) (int, error) {
		client, server := net.Pipe()
		go func() {
			server.Write(data)
			server.Close()
		}()
		defer client.Close()
		rd := replyReader{conn: client, buf: make([]byte, size), seq: 1}
		n, _, err := rd.countResults(framing{deprecateEOF: true})
		if err == nil && rd.r != rd.w {
			t.Errorf("buffer %d: %d bytes left", size, rd.w-rd.r)
		}
		return n, err
	}
	for _, size := range []int{8, 64, replyBuffer} {
		if n, err := read(data, size); n != 500 || err != nil {
			t.Errorf("buffer %d: %d rows, %v; want 500", size, n, err)
		}
	}
	broken := append([]byte(nil), data...)
	at := len(reply(payloads[:300]...)) // row 298's header
	broken[at+3] = 0x77
	if n, err := read(broken, replyBuffer); !errors.Is(err, gomysql.ErrPktSync) || n != 298 {
		t.Errorf("a row out of sequence: %d rows, %v; want 298 and a sync error", n, err)
	}
}
