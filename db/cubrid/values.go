package cubrid

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// A value in a row is [int size][bytes], size -1 for NULL; a value of a
// column whose type was unknown at prepare carries its type first
// (dbval_to_net_buf and add_res_data_* in cas_execute.c). Numbers are
// big-endian, NUMERIC and text come as text with a NUL, dates and times
// as shorts: year, month, day, then hour, minute, second, then
// milliseconds for DATETIME.

// value is one value of a row, read in place.
type value struct {
	typ  byte
	b    []byte
	null bool
}

// readValue reads the next value of a row in a column of type typ.
func readValue(d *reader, typ byte) value {
	n := int(d.i32())
	if n < 0 {
		return value{typ: typ, null: true}
	}
	b := d.take(n)
	if typ == typeNull && d.err == nil {
		vd := reader{b: b}
		typ = vd.typeCode()
		b = b[min(vd.pos, len(b)):]
	}
	return value{typ: typ, b: b}
}

// skipValue passes over a value without decoding it.
func skipValue(d *reader) {
	if n := int(d.i32()); n > 0 {
		d.skip(n)
	}
}

// kind is how a value converts.
type kind int

const (
	kindInt kind = iota
	kindFloat
	kindText // text with a NUL (CHAR, VARCHAR, NUMERIC, ENUM, JSON)
	kindBytes
	kindTime
	kindObject
	kindOther
)

func (v value) kind() kind {
	switch v.typ {
	case typeInt, typeShort, typeBigint, typeUShort, typeUInt, typeUBigint:
		return kindInt
	case typeFloat, typeDouble, typeMonetary:
		return kindFloat
	case typeChar, typeString, typeNChar, typeVarNChar, typeNumeric, typeEnum, typeJSON:
		return kindText
	case typeBit, typeVarBit:
		return kindBytes
	case typeDate, typeTime, typeTimestamp, typeDatetime:
		return kindTime
	case typeObject:
		return kindObject
	}
	return kindOther
}

// int64 decodes an integer value.
func (v value) int64() (int64, error) {
	b := v.b
	switch {
	case len(b) == 2 && v.typ == typeUShort:
		return int64(binary.BigEndian.Uint16(b)), nil
	case len(b) == 2:
		return int64(int16(binary.BigEndian.Uint16(b))), nil
	case len(b) == 4 && v.typ == typeUInt:
		return int64(binary.BigEndian.Uint32(b)), nil
	case len(b) == 4:
		return int64(int32(binary.BigEndian.Uint32(b))), nil
	case len(b) == 8:
		u := binary.BigEndian.Uint64(b)
		if v.typ == typeUBigint && u > math.MaxInt64 {
			return 0, fmt.Errorf("%d overflows an int64", u)
		}
		return int64(u), nil
	}
	return 0, fmt.Errorf("an integer of %d bytes", len(b))
}

// float64 decodes a FLOAT, DOUBLE or MONETARY value.
func (v value) float64() (float64, error) {
	switch len(v.b) {
	case 4:
		return float64(math.Float32frombits(binary.BigEndian.Uint32(v.b))), nil
	case 8:
		return math.Float64frombits(binary.BigEndian.Uint64(v.b)), nil
	}
	return 0, fmt.Errorf("a float of %d bytes", len(v.b))
}

// text is a text value's bytes, without the NUL.
func (v value) text() []byte { return trimNUL(v.b) }

// time decodes a date or time value.
func (v value) time() (time.Time, error) {
	var s [7]int
	n := len(v.b) / 2
	for i := range min(n, 7) {
		s[i] = int(int16(binary.BigEndian.Uint16(v.b[2*i:])))
	}
	switch {
	case v.typ == typeDate && n == 3:
		return time.Date(s[0], time.Month(s[1]), s[2], 0, 0, 0, 0, time.UTC), nil
	case v.typ == typeTime && n == 3:
		return time.Date(0, 1, 1, s[0], s[1], s[2], 0, time.UTC), nil
	case v.typ == typeTimestamp && n == 6, v.typ == typeDatetime && n == 7:
		return time.Date(s[0], time.Month(s[1]), s[2], s[3], s[4], s[5], s[6]*int(time.Millisecond), time.UTC), nil
	}
	return time.Time{}, fmt.Errorf("a date or time (type %d) of %d bytes", v.typ, len(v.b))
}

// Text layouts: a DATE as a date, a TIME as a time, a TIMESTAMP or
// DATETIME as sqldb's text of a date and time (MySQL's and PostgreSQL's:
// milliseconds only when there are some).
const (
	dateText     = "2006-01-02"
	timeOfDay    = "15:04:05"
	dateTimeText = "2006-01-02 15:04:05.999"
)

// appendText appends v as text.
func (v value) appendText(b []byte) ([]byte, error) {
	switch v.kind() {
	case kindInt:
		n, err := v.int64()
		return strconv.AppendInt(b, n, 10), err
	case kindFloat:
		f, err := v.float64()
		bits := 64
		if len(v.b) == 4 {
			bits = 32
		}
		return strconv.AppendFloat(b, f, 'g', -1, bits), err
	case kindText:
		return append(b, v.text()...), nil
	case kindBytes:
		return append(b, v.b...), nil
	case kindTime:
		t, err := v.time()
		if err != nil {
			return b, err
		}
		layout := dateTimeText
		switch v.typ {
		case typeDate:
			layout = dateText
		case typeTime:
			layout = timeOfDay
		}
		return t.AppendFormat(b, layout), nil
	case kindObject:
		// An OID as CUBRID's messages write it: volume|page|slot.
		if len(v.b) != 8 {
			return append(b, "(collection)"...), nil
		}
		b = strconv.AppendInt(b, int64(int16(binary.BigEndian.Uint16(v.b[6:]))), 10)
		b = append(b, '|')
		b = strconv.AppendInt(b, int64(int32(binary.BigEndian.Uint32(v.b))), 10)
		b = append(b, '|')
		return strconv.AppendInt(b, int64(int16(binary.BigEndian.Uint16(v.b[4:]))), 10), nil
	}
	return b, fmt.Errorf("cannot read a value of CUBRID type %d", v.typ)
}

// scan stores v into dest (see sqldb.RowReader for the destinations):
// numbers allocate nothing, a string its own bytes, a []byte reuses its
// capacity.
func (v value) scan(dest any) error {
	if v.null {
		return sqldb.ScanNull(dest)
	}
	switch d := sqldb.ScanTarget(dest).(type) {
	case *int64:
		n, err := v.toInt()
		if err != nil {
			return err
		}
		*d = n
	case *int:
		n, err := v.toInt()
		if err != nil {
			return err
		}
		if int64(int(n)) != n {
			return fmt.Errorf("%d overflows an int", n)
		}
		*d = int(n)
	case *float64:
		f, err := v.toFloat()
		if err != nil {
			return err
		}
		*d = f
	case *string:
		if v.kind() == kindText {
			*d = string(v.text())
			return nil
		}
		var buf [64]byte
		b, err := v.appendText(buf[:0])
		if err != nil {
			return err
		}
		*d = string(b)
	case *[]byte:
		b, err := v.appendText((*d)[:0])
		if err != nil {
			return err
		}
		*d = b
	default:
		return sqldb.UnsupportedDest(dest)
	}
	return nil
}

// toInt converts v to an integer, refusing to round: a NUMERIC 12.00 is
// 12, 12.34 is an error.
func (v value) toInt() (int64, error) {
	switch v.kind() {
	case kindInt:
		return v.int64()
	case kindFloat:
		f, err := v.float64()
		if err != nil {
			return 0, err
		}
		return wholeFloat(f)
	case kindText:
		t := v.text()
		// string(t) does not escape strconv: no allocation.
		if bytes.IndexAny(t, ".eE") < 0 {
			if n, err := strconv.ParseInt(string(t), 10, 64); err == nil {
				return n, nil
			}
		} else if f, err := strconv.ParseFloat(string(t), 64); err == nil {
			return wholeFloat(f)
		}
		return 0, fmt.Errorf("cannot read %q as an integer", string(t))
	}
	return 0, fmt.Errorf("cannot read a CUBRID value of type %d as an integer", v.typ)
}

func wholeFloat(f float64) (int64, error) {
	if f != math.Trunc(f) || f < math.MinInt64 || f >= math.MaxInt64 {
		return 0, fmt.Errorf("%v is not an int64", f)
	}
	return int64(f), nil
}

// toFloat converts v to a float.
func (v value) toFloat() (float64, error) {
	switch v.kind() {
	case kindInt:
		n, err := v.int64()
		return float64(n), err
	case kindFloat:
		return v.float64()
	case kindText:
		t := v.text()
		f, err := strconv.ParseFloat(string(t), 64)
		if err != nil {
			return 0, fmt.Errorf("cannot read %q as a float", string(t))
		}
		return f, nil
	}
	return 0, fmt.Errorf("cannot read a CUBRID value of type %d as a float", v.typ)
}
