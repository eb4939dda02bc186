package sqldb

import (
	"bytes"
	"database/sql/driver"
	"fmt"
	"math"
	"strconv"
	"time"
)

// timeText is how a date and time read into a string destination is
// written: the text MySQL and PostgreSQL send for a timestamp without time
// zone, so a workload sees the same string on every database.
const timeText = "2006-01-02 15:04:05.999999999"

// ScanValue stores v, a value from a database/sql/driver row, into dest
// (see RowReader for the destinations). []byte values may alias the
// driver's read buffer (MySQL's binary protocol), so they are always
// copied, and only into the destination: reading a number allocates
// nothing, a string allocates the string alone.
func ScanValue(dest any, v driver.Value) error {
	if v == nil {
		return ScanNull(dest)
	}
	switch d := ScanTarget(dest).(type) {
	case *int64:
		n, err := toInt64(v)
		if err != nil {
			return err
		}
		*d = n
	case *int:
		n, err := toInt64(v)
		if err != nil {
			return err
		}
		if int64(int(n)) != n {
			return fmt.Errorf("%d overflows an int", n)
		}
		*d = int(n)
	case *float64:
		f, err := toFloat64(v)
		if err != nil {
			return err
		}
		*d = f
	case *string:
		switch x := v.(type) {
		case string:
			*d = x // the driver's own copy (SQLite): no need for another
		case []byte:
			*d = string(x)
		default:
			// A number or a time: written on the stack, one allocation
			// for the string.
			var buf [64]byte
			b, err := appendText(buf[:0], v)
			if err != nil {
				return err
			}
			*d = string(b)
		}
	case *[]byte:
		b, err := appendText((*d)[:0], v)
		if err != nil {
			return err
		}
		*d = b
	default:
		return UnsupportedDest(dest)
	}
	return nil
}

// UnsupportedDest is the error for a destination RowReader does not fill.
func UnsupportedDest(dest any) error {
	return fmt.Errorf("cannot read a value into a %T (want *int64, *int, *float64, *string, *[]byte or *sqldb.Null)", dest)
}

// toInt64 converts a driver value to an integer, refusing to round.
func toInt64(v driver.Value) (int64, error) {
	switch x := v.(type) {
	case int64:
		return x, nil
	case uint64: // MySQL BIGINT UNSIGNED
		if x > math.MaxInt64 {
			return 0, fmt.Errorf("%d overflows an int64", x)
		}
		return int64(x), nil
	case float64:
		return floatToInt(x)
	case float32:
		return floatToInt(float64(x))
	case bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case []byte:
		return parseInt(x)
	case string:
		return parseInt([]byte(x))
	}
	return 0, fmt.Errorf("cannot read a %T as an integer", v)
}

// floatToInt accepts a float only when it is a whole number: SQLite stores a
// DECIMAL column's 5 as 5.0 when it was written as a float.
func floatToInt(f float64) (int64, error) {
	if f != math.Trunc(f) || f < math.MinInt64 || f >= math.MaxInt64 {
		return 0, fmt.Errorf("%v is not an int64", f)
	}
	return int64(f), nil
}

// parseInt reads a decimal integer; "12.00" (a DECIMAL(n,2) column) is 12.
// The form is checked first: a failed strconv parse allocates its error.
func parseInt(b []byte) (int64, error) {
	// string(b) does not escape strconv, so it needs no allocation.
	if bytes.IndexAny(b, ".eE") < 0 {
		if n, err := strconv.ParseInt(string(b), 10, 64); err == nil {
			return n, nil
		}
	} else if f, err := strconv.ParseFloat(string(b), 64); err == nil {
		return floatToInt(f)
	}
	return 0, fmt.Errorf("cannot read %q as an integer", string(b)) // a copy: b does not escape
}

func toFloat64(v driver.Value) (float64, error) {
	switch x := v.(type) {
	case float64:
		return x, nil
	case float32:
		return float64(x), nil
	case int64:
		return float64(x), nil
	case uint64:
		return float64(x), nil
	case []byte:
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil {
			return 0, fmt.Errorf("cannot read %q as a float", x)
		}
		return f, nil
	case string:
		f, err := strconv.ParseFloat(x, 64)
		if err != nil {
			return 0, fmt.Errorf("cannot read %q as a float", x)
		}
		return f, nil
	}
	return 0, fmt.Errorf("cannot read a %T as a float", v)
}

// appendText appends v as text: the bytes of a string or []byte, the
// decimal form of a number, timeText for a time.
func appendText(b []byte, v driver.Value) ([]byte, error) {
	switch x := v.(type) {
	case []byte:
		return append(b, x...), nil
	case string:
		return append(b, x...), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case uint64:
		return strconv.AppendUint(b, x, 10), nil
	case float64:
		return strconv.AppendFloat(b, x, 'g', -1, 64), nil
	case float32:
		return strconv.AppendFloat(b, float64(x), 'g', -1, 32), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case time.Time:
		return x.AppendFormat(b, timeText), nil
	}
	return b, fmt.Errorf("cannot read a %T as text", v)
}
