package script

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

// The floating-point conversions of string.format (%f, %e, %g, %a and
// their upper-case forms), as LuaJIT 2.1 writes them (lj_strfmt_num.c):
// C's output, with an exact tie rounded away from zero.

// appendFloat appends f by a floating-point conversion.
func appendFloat(buf []byte, sp fmtSpec, f float64) []byte {
	upper := sp.conv == 'F' || sp.conv == 'E' || sp.conv == 'G' || sp.conv == 'A'
	if math.IsInf(f, 0) || math.IsNaN(f) {
		// LuaJIT's non-finite values: no zero padding, no sign for nan.
		word, prefix := "inf", ""
		switch {
		case math.IsNaN(f):
			word = "nan"
			if sp.space {
				prefix = " "
			}
		case f < 0:
			prefix = "-"
		case sp.plus:
			prefix = "+"
		case sp.space:
			prefix = " "
		}
		if upper {
			word = map[string]string{"inf": "INF", "nan": "NAN"}[word]
		}
		return pad(buf, fmtSpec{left: sp.left, width: sp.width}, []byte(prefix), []byte(word))
	}
	var prefix []byte
	switch {
	case math.Signbit(f):
		prefix = []byte{'-'}
	case sp.plus:
		prefix = []byte{'+'}
	case sp.space:
		prefix = []byte{' '}
	}
	abs := math.Abs(f)
	var body []byte
	switch sp.conv {
	case 'f', 'F':
		prec := sp.prec
		if prec < 0 {
			prec = 6
		}
		body = fDigits(abs, prec)
		if sp.alt && prec == 0 {
			body = append(body, '.')
		}
	case 'e', 'E':
		prec := sp.prec
		if prec < 0 {
			prec = 6
		}
		body = eDigits(abs, prec)
		if sp.alt && prec == 0 {
			body = dotBeforeExp(body)
		}
	case 'g', 'G':
		body = formatG(abs, sp.prec, sp.alt)
	default:
		var hexPrefix []byte
		hexPrefix, body = formatA(abs, sp.prec, sp.alt)
		prefix = append(prefix, hexPrefix...)
	}
	if upper {
		for i, c := range body {
			if c >= 'a' && c <= 'z' {
				body[i] = c - 'a' + 'A'
			}
		}
		for i, c := range prefix {
			if c == 'x' {
				prefix[i] = 'X'
			}
		}
	}
	if sp.zero && !sp.left {
		buf = append(buf, prefix...)
		buf = zeros(buf, sp.width-len(prefix)-len(body))
		return append(buf, body...)
	}
	return pad(buf, fmtSpec{left: sp.left, width: sp.width}, prefix, body)
}

// formatG is C's %g of a non-negative finite number: %e when the
// exponent is below -4 or not below the precision, else %f, with
// trailing zeros removed unless alt.
func formatG(abs float64, prec int, alt bool) []byte {
	switch {
	case prec < 0:
		prec = 6
	case prec == 0:
		prec = 1
	}
	e := eDigits(abs, prec-1)
	x := 0
	if abs != 0 {
		i := len(e) - 1
		for e[i] != 'e' {
			i--
		}
		x, _ = strconv.Atoi(string(e[i+1:]))
	}
	body := e
	if prec > x && x >= -4 {
		body = fDigits(abs, prec-1-x)
	}
	mant, exp := body, []byte(nil)
	for i, c := range body {
		if c == 'e' {
			mant, exp = body[:i], body[i:]
			break
		}
	}
	hasDot := false
	for _, c := range mant {
		if c == '.' {
			hasDot = true
		}
	}
	switch {
	case alt && !hasDot:
		mant = append(mant, '.')
	case !alt && hasDot:
		for mant[len(mant)-1] == '0' {
			mant = mant[:len(mant)-1]
		}
		if mant[len(mant)-1] == '.' {
			mant = mant[:len(mant)-1]
		}
	}
	return append(append([]byte(nil), mant...), exp...)
}

// fDigits is %.precf of a non-negative finite number, rounded as LuaJIT
// rounds: to the nearest, and a tie (a value exactly halfway, which a
// double can be: 2.5, 0.125) away from zero, where Go rounds it to even.
// A tie at the digit after the last is a double whose fraction has
// exactly prec+1 decimal digits, that is prec+1 fractional bits.
func fDigits(abs float64, prec int) []byte {
	if fractionBits(abs) != prec+1 {
		return strconv.AppendFloat(nil, abs, 'f', prec, 64)
	}
	exact := strconv.AppendFloat(nil, abs, 'f', prec+1, 64) // ends in 5
	return roundUp(exact[:len(exact)-1])
}

// fractionBits is how many binary digits abs has after the point in
// lowest terms (0 for an integer): its exact decimal expansion has as
// many digits after the point.
func fractionBits(abs float64) int {
	b := math.Float64bits(abs)
	e := int(b>>52) & 0x7ff
	m := b & (1<<52 - 1)
	if e != 0 {
		m |= 1 << 52
	} else {
		e = 1
	}
	if m == 0 {
		return 0
	}
	return max(1075-e-bits.TrailingZeros64(m), 0)
}

// eDigits is %.prece of a non-negative finite number, a tie rounded away
// from zero as in fDigits (found by reading the next digit exactly).
func eDigits(abs float64, prec int) []byte {
	next := strconv.AppendFloat(nil, abs, 'e', prec+1, 64)
	i := len(next) - 1
	for next[i] != 'e' {
		i--
	}
	if next[i-1] != '5' || !exactly(abs, next) {
		return strconv.AppendFloat(nil, abs, 'e', prec, 64)
	}
	mant := roundUp(next[:i-1])
	exp, _ := strconv.Atoi(string(next[i+1:]))
	if len(mant) > 1 && mant[0] == '1' && mant[1] == '0' { // 9.95 -> 10.0: one digit less, exponent up
		mant = append(mant[:1], mant[2:]...)
		if len(mant) > 2 {
			mant[1], mant[2] = '.', '0'
		}
		exp++
	}
	mant = append(mant, 'e')
	if exp < 0 {
		mant, exp = append(mant, '-'), -exp
	} else {
		mant = append(mant, '+')
	}
	if exp < 10 {
		mant = append(mant, '0')
	}
	return strconv.AppendInt(mant, int64(exp), 10)
}

// exactly says the decimal s is abs itself, not a rounding of it.
func exactly(abs float64, s []byte) bool {
	r, ok := new(big.Rat).SetString(string(s))
	return ok && r.Cmp(new(big.Rat).SetFloat64(abs)) == 0
}

// roundUp adds one unit in the last place of a decimal's digits (a '.'
// in them is kept, a trailing one dropped), carrying to the left.
func roundUp(d []byte) []byte {
	if len(d) > 0 && d[len(d)-1] == '.' {
		d = d[:len(d)-1]
	}
	for i := len(d) - 1; i >= 0; i-- {
		switch d[i] {
		case '.':
			continue
		case '9':
			d[i] = '0'
			continue
		}
		d[i]++
		return d
	}
	return append([]byte{'1'}, d...)
}

// dotBeforeExp puts the '.' that %#.0e keeps before the exponent.
func dotBeforeExp(b []byte) []byte {
	for i, c := range b {
		if c == 'e' {
			return append(append(append([]byte(nil), b[:i]...), '.'), b[i:]...)
		}
	}
	return b
}

// formatA is %a of a non-negative finite number as LuaJIT writes it: the
// "0x" prefix apart (zero padding goes after it), then the leading digit
// (1 for a normalised number, denormals normalised too; 0 for zero; 2
// when rounding carries), the fraction with trailing zeros dropped unless
// a precision is given (rounded half up), and the binary exponent.
func formatA(abs float64, prec int, alt bool) (prefix, body []byte) {
	b := math.Float64bits(abs)
	e := int(b>>52) & 0x7ff
	m := b & (1<<52 - 1)
	switch {
	case e != 0:
		m |= 1 << 52
		e -= 1023
	case m != 0:
		shift := 52 - (bits.Len64(m) - 1)
		e = -1022 - shift
		m <<= uint(shift)
	}
	if prec < 0 {
		prec = 0
		for f := m & (1<<52 - 1); f != 0; f = (f << 4) & (1<<52 - 1) {
			prec++
		}
	} else if prec < 13 {
		m += 1 << uint(51-prec*4)
	}
	body = append(body, byte('0'+m>>52))
	if prec > 0 || alt {
		body = append(body, '.')
	}
	for i := range prec {
		d := byte(0)
		if i < 13 {
			d = byte(m>>uint(48-4*i)) & 15
		}
		body = append(body, "0123456789abcdef"[d])
	}
	body = append(body, 'p')
	if e < 0 {
		body = append(body, '-')
		e = -e
	} else {
		body = append(body, '+')
	}
	return []byte("0x"), strconv.AppendInt(body, int64(e), 10)
}
