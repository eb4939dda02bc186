package handlersocket

import (
	"bufio"
	"bytes"
	"errors"
	"strconv"
)

// The wire format (docs-en/protocol.en.txt of the plugin): a request and a
// reply are each one line ending in LF, made of tokens separated by TAB. A
// token is NULL, written as a lone NUL byte, or a string in which every byte
// in 0x00-0x0f is written as 0x01 followed by the byte plus 0x40 (0x03 is
// 0x01 0x43); every other byte stands for itself, so TAB, LF and NUL never
// appear inside a token.
const (
	sep     = '\t'
	eol     = '\n'
	null    = 0x00
	escape  = 0x01
	shift   = 0x40
	lowLast = 0x0f
)

// writeString writes s as one encoded token, without separators: the runs
// of bytes that stand for themselves in one write each, and a two-byte
// escape for every byte in 0x00-0x0f. It allocates nothing.
func writeString(w *bufio.Writer, s string) {
	start := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= lowLast {
			w.WriteString(s[start:i])
			w.WriteByte(escape)
			w.WriteByte(c + shift)
			start = i + 1
		}
	}
	w.WriteString(s[start:])
}

// writeInt writes n in decimal into w's free buffer: no allocation.
func writeInt(w *bufio.Writer, n int) {
	w.Write(strconv.AppendInt(w.AvailableBuffer(), int64(n), 10))
}

// appendString is writeString into a byte slice, for tests and for lines
// built outside a connection.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= lowLast {
			b = append(b, escape, c+shift)
		} else {
			b = append(b, c)
		}
	}
	return b
}

// decode undoes the encoding of one token in place and returns the decoded
// bytes, which are never longer. A lone NUL (NULL) is the caller's to
// recognise first.
func decode(tok []byte) []byte {
	i := bytes.IndexByte(tok, escape)
	if i < 0 {
		return tok
	}
	w := i
	for ; i < len(tok); i++ {
		c := tok[i]
		if c == escape && i+1 < len(tok) {
			i++
			c = tok[i] - shift
		}
		tok[w] = c
		w++
	}
	return tok[:w]
}

// Reply is one reply line: an error code, the number of columns and the
// values of the rows found (or, after an error, its message). Its values
// are slices of the connection's read buffer: they stay valid until the
// connection's next Next.
type Reply struct {
	// Code is 0 on success. The plugin answers 1 for an error of the
	// storage engine or of locking, 2 for a request it cannot run, and 3
	// for authentication.
	Code int
	// Columns is the number of columns of each row: the columns the index
	// was opened with, for a find; 1 for every other reply.
	Columns int
	// values are the tokens after the first two, decoded; nil is NULL.
	values [][]byte
}

// Rows is the number of rows of a find's reply.
func (r *Reply) Rows() int {
	if r.Columns <= 0 {
		return 0
	}
	return len(r.values) / r.Columns
}

// Value returns column col of row row: nil for NULL, an empty non-nil
// slice for an empty string. It is valid until the connection's next Next.
func (r *Reply) Value(row, col int) []byte { return r.values[row*r.Columns+col] }

// Values are every value after the code and the column count, row after
// row.
func (r *Reply) Values() [][]byte { return r.values }

// Modified is the number of rows a find_modify changed ("0 1 <n>"). An
// insert's reply has no count: it is 0 then, or the generated id of an
// AUTO_INCREMENT column.
func (r *Reply) Modified() int64 {
	if len(r.values) != 1 || r.values[0] == nil {
		return 0
	}
	n, _ := strconv.ParseInt(string(r.values[0]), 10, 64)
	return n
}

// message is the error message of a failed request, or "".
func (r *Reply) message() string {
	if len(r.values) == 0 || r.values[0] == nil {
		return ""
	}
	return string(r.values[0])
}

var errMalformed = errors.New("malformed reply")

// parseReply splits line (without its LF) into r, decoding in place. It
// reuses r.values.
func parseReply(line []byte, r *Reply) error {
	r.values = r.values[:0]
	code, rest, ok := cut(line)
	if !ok {
		return errMalformed // a code without a column count
	}
	cols, rest, more := cut(rest)
	var okCode, okCols bool
	if r.Code, okCode = atoi(code); !okCode {
		return errMalformed
	}
	if r.Columns, okCols = atoi(cols); !okCols {
		return errMalformed
	}
	for more {
		var tok []byte
		tok, rest, more = cut(rest)
		if len(tok) == 1 && tok[0] == null {
			r.values = append(r.values, nil)
		} else {
			r.values = append(r.values, decode(tok))
		}
	}
	return nil
}

// cut splits b at its first TAB: the token before it, what follows, and
// whether there was a TAB. The token is never nil when b is not.
func cut(b []byte) (tok, rest []byte, found bool) {
	if i := bytes.IndexByte(b, sep); i >= 0 {
		return b[:i], b[i+1:], true
	}
	return b, nil, false
}

// atoi reads a small non-negative decimal number.
func atoi(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
