package cubrid

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// A request is [int body length][cas_info][function code][args], each
// argument [int length][bytes], every integer big-endian (net_decode_str in
// cas_network.c). A reply is [int body length][cas_info][body], the body
// starting with an int result code that is negative for an error
// (net_buf_error_msg_set in cas_net_buf.c).

// request builds one request in a buffer kept across requests.
type request struct {
	b []byte
}

// begin starts a request for function fc under the cas_info of the last reply.
func (r *request) begin(fc byte, info [4]byte) {
	r.b = append(r.b[:0], 0, 0, 0, 0, info[0], info[1], info[2], info[3], fc)
}

// bytes returns the finished request, its length written in.
func (r *request) bytes() []byte {
	binary.BigEndian.PutUint32(r.b, uint32(len(r.b)-8))
	return r.b
}

func (r *request) argLen(n int) { r.b = binary.BigEndian.AppendUint32(r.b, uint32(n)) }

func (r *request) byteArg(v byte) {
	r.argLen(1)
	r.b = append(r.b, v)
}

func (r *request) boolArg(v bool) {
	if v {
		r.byteArg(1)
	} else {
		r.byteArg(0)
	}
}

func (r *request) shortArg(v int16) {
	r.argLen(2)
	r.b = binary.BigEndian.AppendUint16(r.b, uint16(v))
}

func (r *request) intArg(v int32) {
	r.argLen(4)
	r.b = binary.BigEndian.AppendUint32(r.b, uint32(v))
}

func (r *request) longArg(v int64) {
	r.argLen(8)
	r.b = binary.BigEndian.AppendUint64(r.b, uint64(v))
}

func (r *request) floatArg(v float32) {
	r.argLen(4)
	r.b = binary.BigEndian.AppendUint32(r.b, math.Float32bits(v))
}

func (r *request) doubleArg(v float64) {
	r.argLen(8)
	r.b = binary.BigEndian.AppendUint64(r.b, math.Float64bits(v))
}

// stringArg is a string with its NUL terminator, as the CAS reads text.
func (r *request) stringArg(s string) {
	r.argLen(len(s) + 1)
	r.b = append(r.b, s...)
	r.b = append(r.b, 0)
}

// bytesStringArg is stringArg for text held in a []byte.
func (r *request) bytesStringArg(s []byte) {
	r.argLen(len(s) + 1)
	r.b = append(r.b, s...)
	r.b = append(r.b, 0)
}

// nullArg is an argument of length 0: NULL, or no value.
func (r *request) nullArg() { r.argLen(0) }

// cacheTimeArg is the client result cache's time stamp (seconds and
// microseconds): 0, for dbgauge keeps no result cache.
func (r *request) cacheTimeArg() {
	r.argLen(8)
	r.b = append(r.b, 0, 0, 0, 0, 0, 0, 0, 0)
}

// datetimeArg is a date and time as 7 shorts: year, month, day, hour,
// minute, second, millisecond (the CAS reads DATE, TIME, TIMESTAMP and
// DATETIME values from this one layout).
func (r *request) datetimeArg(v [7]int16) {
	r.argLen(14)
	for _, s := range v {
		r.b = binary.BigEndian.AppendUint16(r.b, uint16(s))
	}
}

// errShort is a reply that ends before what it announces: a broken or
// misunderstood conversation, after which the connection is unusable.
var errShort = errors.New("cubrid: reply shorter than its fields")

// reader decodes a reply body in place. A read past the end sets err and
// returns zeros, so decoders check err once at the end.
type reader struct {
	b   []byte
	pos int
	err error
}

func (d *reader) need(n int) bool {
	if d.err != nil {
		return false
	}
	if n < 0 || d.pos+n > len(d.b) {
		d.err = errShort
		return false
	}
	return true
}

func (d *reader) remaining() int { return len(d.b) - d.pos }

func (d *reader) u8() byte {
	if !d.need(1) {
		return 0
	}
	d.pos++
	return d.b[d.pos-1]
}

func (d *reader) i16() int16 {
	if !d.need(2) {
		return 0
	}
	d.pos += 2
	return int16(binary.BigEndian.Uint16(d.b[d.pos-2:]))
}

func (d *reader) i32() int32 {
	if !d.need(4) {
		return 0
	}
	d.pos += 4
	return int32(binary.BigEndian.Uint32(d.b[d.pos-4:]))
}

func (d *reader) i64() int64 {
	if !d.need(8) {
		return 0
	}
	d.pos += 8
	return int64(binary.BigEndian.Uint64(d.b[d.pos-8:]))
}

// take returns the next n bytes, aliasing the reply.
func (d *reader) take(n int) []byte {
	if !d.need(n) {
		return nil
	}
	d.pos += n
	return d.b[d.pos-n : d.pos : d.pos]
}

func (d *reader) skip(n int) { d.take(n) }

// cstring reads [int length][bytes][NUL], the way the CAS sends names and
// messages, and returns the bytes without the NUL.
func (d *reader) cstring() []byte {
	n := int(d.i32())
	return trimNUL(d.take(n))
}

// trimNUL drops a string's NUL terminator.
func trimNUL(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == 0 {
		return b[:n-1]
	}
	return b
}

// serverError reads an error reply's body after its negative first int
// (the indicator): the code and the message.
func serverError(indicator int32, d *reader) *Error {
	code := d.i32()
	msg := string(trimNUL(d.b[min(d.pos, len(d.b)):]))
	if indicator != casErrorIndicator && indicator != dbmsErrorIndicator {
		// An old-style reply without an indicator: the first int is the code.
		code, msg = indicator, ""
	}
	return &Error{Code: int(code), Message: msg, CAS: indicator == casErrorIndicator}
}

// typeCode reads a column or value type: two bytes from protocol 7 on, the
// first flagged 0x80 and carrying the collection kind and the charset, the
// second the type (net_buf_cp_cas_type_and_charset in cas_net_buf.c).
func (d *reader) typeCode() byte {
	first := d.u8()
	if first&0x80 == 0 {
		return first // a one-byte type (protocol < 7)
	}
	second := d.u8()
	if first&0x60 != 0 {
		return typeObject // a collection: read as an opaque value
	}
	return second
}

// shortReplyError names the function whose reply could not be read.
func shortReplyError(what string, err error) error {
	return fmt.Errorf("cubrid: reading the %s reply: %w", what, err)
}
