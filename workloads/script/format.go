package script

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// string.format as LuaJIT 2.1 has it (lj_strfmt.c), not as gopher-lua
// has it (Go's fmt, which prints %f of the string "1.5" as
// %!f(string=1.5)): every numeric conversion takes a number or a string
// that reads as one; %d and %i truncate to a 64-bit integer, %u, %x, %X
// and %o take it modulo 2^64; %f, %e, %g and %a print as C does, inf and
// nan included; %s and %q print numbers as "%.14g" and call __tostring;
// flags, width and precision are C's (two digits each at most). Checked
// against sysbench 1.0.20 (testdata/luajit_compat.lua).

// fmtSpec is one conversion of a format: its flags, width, precision (-1
// when none is given) and conversion letter.
type fmtSpec struct {
	left, plus, zero, space, alt bool
	width, prec                  int
	conv                         byte
}

// parseSpec reads the conversion at the start of f (f[0] is '%') and
// returns it and its length; ok is false for an invalid one, n then
// covering what LuaJIT quotes in its error.
func parseSpec(f string) (sp fmtSpec, n int, ok bool) {
	sp.prec = -1
	i := 1
flags:
	for ; i < len(f); i++ {
		switch f[i] {
		case '-':
			sp.left = true
		case '+':
			sp.plus = true
		case '0':
			sp.zero = true
		case ' ':
			sp.space = true
		case '#':
			sp.alt = true
		default:
			break flags
		}
	}
	for d := 0; d < 2 && i < len(f) && f[i] >= '0' && f[i] <= '9'; d++ {
		sp.width = sp.width*10 + int(f[i]-'0')
		i++
	}
	if i < len(f) && f[i] == '.' {
		i++
		sp.prec = 0
		for d := 0; d < 2 && i < len(f) && f[i] >= '0' && f[i] <= '9'; d++ {
			sp.prec = sp.prec*10 + int(f[i]-'0')
			i++
		}
	}
	if i < len(f) {
		switch c := f[i]; c {
		case 'a', 'A', 'c', 'd', 'e', 'E', 'f', 'F', 'g', 'G', 'i', 'o', 'p', 'q', 's', 'u', 'x', 'X':
			sp.conv = c
			return sp, i + 1, true
		}
		if f[i] >= 32 {
			i++
		}
	}
	return sp, i, false
}

// luaFormat is string.format.
func (t *thread) luaFormat(L *lua.LState) int {
	var f string
	switch v := L.Get(1).(type) {
	case lua.LString:
		f = string(v)
	case lua.LNumber:
		f = string(appendNum14(nil, float64(v)))
	default:
		argTypeError(L, 1, "format", "string", v)
	}
	// The buffer is the thread's, taken while in use: a __tostring that
	// formats gets a buffer of its own.
	buf := t.fmtBuf[:0]
	t.fmtBuf = nil
	arg := 1
	for i := 0; i < len(f); {
		if f[i] != '%' {
			j := strings.IndexByte(f[i:], '%')
			if j < 0 {
				j = len(f) - i
			}
			buf = append(buf, f[i:i+j]...)
			i += j
			continue
		}
		if i+1 < len(f) && f[i+1] == '%' {
			buf = append(buf, '%')
			i += 2
			continue
		}
		sp, n, ok := parseSpec(f[i:])
		if !ok {
			L.RaiseError("invalid option '%s' to 'format'", f[i:i+n])
		}
		i += n
		arg++
		if arg > L.GetTop() {
			L.RaiseError("bad argument #%d to 'format' (value expected)", arg)
		}
		buf = t.formatArg(L, buf, sp, arg)
	}
	L.Push(lua.LString(buf))
	t.fmtBuf = buf
	return 1
}

// formatArg appends argument arg converted by sp.
func (t *thread) formatArg(L *lua.LState, buf []byte, sp fmtSpec, arg int) []byte {
	switch sp.conv {
	case 'd', 'i':
		n := checkNumber(L, arg, "format")
		if sp == (fmtSpec{prec: -1, conv: sp.conv}) && n == math.Trunc(n) && math.Abs(n) < 1<<53 {
			return strconv.AppendInt(buf, int64(n), 10)
		}
		return appendInt(buf, sp, uint64(num2i64(n)), true)
	case 'u', 'x', 'X', 'o':
		return appendInt(buf, sp, num2u64(checkNumber(L, arg, "format")), false)
	case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
		return appendFloat(buf, sp, checkNumber(L, arg, "format"))
	case 'c':
		n := checkNumber(L, arg, "format")
		c := byte(math.MinInt32 & 0xff)
		if n > math.MinInt32-1 && n < math.MaxInt32+1 {
			c = byte(int32(n))
		}
		return pad(buf, sp, nil, []byte{c})
	case 'p':
		switch v := L.Get(arg).(type) {
		case *lua.LTable, *lua.LFunction, *lua.LUserData, *lua.LState:
			return fmt.Appendf(buf, "%p", v)
		}
		return append(buf, "NULL"...)
	}
	s := t.objString(L, L.Get(arg))
	if sp.conv == 'q' {
		return appendQuoted(buf, s)
	}
	if sp.prec >= 0 && len(s) > sp.prec {
		s = s[:sp.prec]
	}
	if sp.width <= len(s) {
		return append(buf, s...)
	}
	return pad(buf, fmtSpec{left: sp.left, width: sp.width}, nil, []byte(s))
}

// objString is a value as %s prints it: a string as it is, a number as
// "%.14g", a value with __tostring what it returns, anything else as
// tostring prints it.
func (t *thread) objString(L *lua.LState, v lua.LValue) string {
	switch x := v.(type) {
	case lua.LString:
		return string(x)
	case lua.LNumber:
		return string(appendNum14(nil, float64(x)))
	case *lua.LNilType, lua.LBool:
		return v.String()
	}
	switch x := L.ToStringMeta(v).(type) {
	case lua.LNumber:
		return string(appendNum14(nil, float64(x)))
	default:
		return x.String()
	}
}

// appendNum14 is a number as Lua prints it (LUAI_NUMFFORMAT "%.14g").
func appendNum14(buf []byte, f float64) []byte {
	if f == math.Trunc(f) && math.Abs(f) < 1e14 {
		if f == 0 && math.Signbit(f) {
			return append(buf, "-0"...)
		}
		return strconv.AppendInt(buf, int64(f), 10)
	}
	return appendFloat(buf, fmtSpec{prec: 14, conv: 'g'}, f)
}

// num2i64 is a double converted to int64 as x86-64 does it (LuaJIT's
// lj_num2i64): truncated, and the "integer indefinite" -2^63 for NaN and
// out of range.
func num2i64(f float64) int64 {
	if f != f || f >= 1<<63 || f < -(1<<63) {
		return math.MinInt64
	}
	return int64(f)
}

// num2u64 is LuaJIT's lj_num2u64: from 2^63 on, the value less 2^64.
func num2u64(f float64) uint64 {
	if f >= 1<<63 {
		return uint64(num2i64(f - (1 << 64)))
	}
	return uint64(num2i64(f))
}

// appendInt appends k by sp (lj_strfmt_putfxint): signed for %d and %i.
func appendInt(buf []byte, sp fmtSpec, k uint64, signed bool) []byte {
	var prefix []byte
	if signed {
		switch {
		case int64(k) < 0:
			k = -k
			prefix = []byte{'-'}
		case sp.plus:
			prefix = []byte{'+'}
		case sp.space:
			prefix = []byte{' '}
		}
	}
	var tmp [24]byte
	q := len(tmp)
	switch {
	case k == 0:
		if sp.prec != 0 || sp.conv == 'o' && sp.alt {
			q--
			tmp[q] = '0'
		}
	case sp.conv == 'x' || sp.conv == 'X':
		digits := "0123456789abcdef"
		if sp.conv == 'X' {
			digits = "0123456789ABCDEF"
		}
		for ; k != 0; k >>= 4 {
			q--
			tmp[q] = digits[k&15]
		}
		if sp.alt {
			prefix = []byte{'0', sp.conv}
		}
	case sp.conv == 'o':
		for ; k != 0; k >>= 3 {
			q--
			tmp[q] = byte('0' + k&7)
		}
		if sp.alt {
			q--
			tmp[q] = '0'
		}
	default:
		for ; k != 0; k /= 10 {
			q--
			tmp[q] = byte('0' + k%10)
		}
	}
	num := tmp[q:]
	zero := sp.zero && sp.prec < 0
	prec := max(sp.prec, len(num))
	pprec := prec + len(prefix)
	if !sp.left && !zero {
		buf = spaces(buf, sp.width-pprec)
	}
	buf = append(buf, prefix...)
	if zero && !sp.left {
		buf = zeros(buf, sp.width-pprec)
	}
	buf = zeros(buf, prec-len(num))
	buf = append(buf, num...)
	if sp.left {
		buf = spaces(buf, sp.width-pprec)
	}
	return buf
}

// appendQuoted is %q: the string between double quotes, with ", \ and a
// newline escaped by a backslash and other control characters as decimal
// escapes (three digits when a digit follows).
func appendQuoted(buf []byte, s string) []byte {
	buf = append(buf, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\' || c == '\n':
			buf = append(buf, '\\', c)
		case c < 32 || c == 127:
			buf = append(buf, '\\')
			if i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
				buf = append(buf, '0'+c/100, '0'+c/10%10, '0'+c%10)
			} else {
				buf = strconv.AppendInt(buf, int64(c), 10)
			}
		default:
			buf = append(buf, c)
		}
	}
	return append(buf, '"')
}

// pad appends prefix and body within the width, spaces on the left (or
// on the right for '-').
func pad(buf []byte, sp fmtSpec, prefix, body []byte) []byte {
	n := sp.width - len(prefix) - len(body)
	if !sp.left {
		buf = spaces(buf, n)
	}
	buf = append(append(buf, prefix...), body...)
	if sp.left {
		buf = spaces(buf, n)
	}
	return buf
}

func spaces(buf []byte, n int) []byte {
	for ; n > 0; n-- {
		buf = append(buf, ' ')
	}
	return buf
}

func zeros(buf []byte, n int) []byte {
	for ; n > 0; n-- {
		buf = append(buf, '0')
	}
	return buf
}
