package mysql

import (
	"encoding/binary"
	"math"
)

// Parameter types of COM_STMT_EXECUTE: the protocol's MYSQL_TYPE_* codes,
// the ones the driver's path (sqldb's conversion, then go-sql-driver/mysql)
// sends for the same Go values, so that the server sees the same statement
// whichever path runs it.
const (
	typeTiny     = 0x01
	typeDouble   = 0x05
	typeNull     = 0x06
	typeLongLong = 0x08
	typeString   = 0xfe
	unsignedFlag = 0x80
)

const comStmtExecute = 0x17

// maxInlineArg is the longest string or []byte argument a counted query
// sends itself; a longer one goes through the driver, which sends long
// data in pieces.
const maxInlineArg = 64 << 10

// executePacket appends to buf a COM_STMT_EXECUTE packet (header included,
// sequence 0) running statement id with args, without a cursor, and
// reports false, with buf unchanged, if an argument is of a type it does
// not send: the driver's path then runs the query, and sends it or fails
// as it always did. The types sent are those the driver's path takes
// (sqldb's conversion of int, int32 and uint32 to int64, then the driver's
// values), less time.Time.
func executePacket(buf []byte, id uint32, args []any) ([]byte, bool) {
	start := len(buf)
	buf = append(buf, 0, 0, 0, 0, comStmtExecute)
	buf = binary.LittleEndian.AppendUint32(buf, id)
	buf = append(buf, 0)                           // flags: no cursor
	buf = binary.LittleEndian.AppendUint32(buf, 1) // iteration count
	if len(args) > 0 {
		nulls := len(buf)
		for range (len(args) + 7) / 8 {
			buf = append(buf, 0)
		}
		buf = append(buf, 1) // the types follow
		types := len(buf)
		for range args {
			buf = append(buf, 0, 0)
		}
		for i, a := range args {
			t, flag := byte(typeLongLong), byte(0)
			switch v := a.(type) {
			case nil:
				t = typeNull
			case int:
				buf = binary.LittleEndian.AppendUint64(buf, uint64(v))
			case int64:
				buf = binary.LittleEndian.AppendUint64(buf, uint64(v))
			case int32:
				buf = binary.LittleEndian.AppendUint64(buf, uint64(int64(v)))
			case uint64:
				flag = unsignedFlag
				buf = binary.LittleEndian.AppendUint64(buf, v)
			case uint32: // sqldb's named() makes it an int64
				buf = binary.LittleEndian.AppendUint64(buf, uint64(v))
			case float64:
				t = typeDouble
				buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(v))
			case bool:
				t = typeTiny
				b := byte(0)
				if v {
					b = 1
				}
				buf = append(buf, b)
			case string:
				if len(v) > maxInlineArg {
					return buf[:start], false
				}
				t = typeString
				buf = appendLenenc(buf, uint64(len(v)))
				buf = append(buf, v...)
			case []byte:
				if len(v) > maxInlineArg {
					return buf[:start], false
				}
				t = typeString
				if v == nil {
					t = typeNull
					break
				}
				buf = appendLenenc(buf, uint64(len(v)))
				buf = append(buf, v...)
			default:
				return buf[:start], false
			}
			if t == typeNull {
				buf[nulls+i/8] |= 1 << (i % 8)
			}
			buf[types+2*i], buf[types+2*i+1] = t, flag
		}
	}
	n := len(buf) - start - 4
	if n >= maxPayload {
		return buf[:start], false
	}
	buf[start], buf[start+1], buf[start+2], buf[start+3] = byte(n), byte(n>>8), byte(n>>16), 0
	return buf, true
}

// appendLenenc appends v as a length-encoded integer.
func appendLenenc(buf []byte, v uint64) []byte {
	switch {
	case v < 251:
		return append(buf, byte(v))
	case v < 1<<16:
		return append(buf, 0xfc, byte(v), byte(v>>8))
	case v < 1<<24:
		return append(buf, 0xfd, byte(v), byte(v>>8), byte(v>>16))
	}
	return binary.LittleEndian.AppendUint64(append(buf, 0xfe), v)
}
