package cubrid

import (
	"fmt"
	"math"
	"time"
)

// bind appends args as the CAS reads bound values: for each, a one-byte
// type argument and the value argument (netval_to_dbval in
// cas_execute.c). The server converts each to the type its place in the
// statement wants. Integers go as INT when they fit (as JDBC's setInt),
// else BIGINT; text as STRING; a time as a DATETIME of its own clock
// reading (no time zone is applied).
func (r *request) bind(args []any) error {
	for i, a := range args {
		switch v := a.(type) {
		case nil:
			r.byteArg(typeNull)
			r.nullArg()
		case int:
			r.bindInt(int64(v))
		case int64:
			r.bindInt(v)
		case int32:
			r.bindInt(int64(v))
		case int16:
			r.bindInt(int64(v))
		case int8:
			r.bindInt(int64(v))
		case uint8:
			r.bindInt(int64(v))
		case uint16:
			r.bindInt(int64(v))
		case uint32:
			r.bindInt(int64(v))
		case uint64:
			if v > math.MaxInt64 {
				return fmt.Errorf("argument %d: %d overflows CUBRID's BIGINT", i+1, v)
			}
			r.bindInt(int64(v))
		case string:
			r.byteArg(typeString)
			r.stringArg(v)
		case []byte:
			if v == nil {
				r.byteArg(typeNull)
				r.nullArg()
				continue
			}
			r.byteArg(typeString)
			r.bytesStringArg(v)
		case float64:
			r.byteArg(typeDouble)
			r.doubleArg(v)
		case float32:
			r.byteArg(typeFloat)
			r.floatArg(v)
		case bool:
			r.byteArg(typeShort)
			if v {
				r.shortArg(1)
			} else {
				r.shortArg(0)
			}
		case time.Time:
			r.byteArg(typeDatetime)
			r.datetimeArg([7]int16{int16(v.Year()), int16(v.Month()), int16(v.Day()),
				int16(v.Hour()), int16(v.Minute()), int16(v.Second()), int16(v.Nanosecond() / int(time.Millisecond))})
		default:
			return fmt.Errorf("argument %d: cubrid cannot send a %T", i+1, a)
		}
	}
	return nil
}

func (r *request) bindInt(v int64) {
	if v >= math.MinInt32 && v <= math.MaxInt32 {
		r.byteArg(typeInt)
		r.intArg(int32(v))
		return
	}
	r.byteArg(typeBigint)
	r.longArg(v)
}
