package randgen

import (
	"math/bits"
	"unsafe"
)

// FillTemplate writes template into dst with every '#' replaced by a random
// digit and every '@' by a random lowercase letter, as sysbench's
// sysbench.rand.string does. dst must be as long as template.
func (r *Rand) FillTemplate(dst []byte, template string) {
	var frac uint64
	left := 0
	for i := 0; i < len(template); i++ {
		c := template[i]
		if c != '#' && c != '@' {
			dst[i] = c
			continue
		}
		// One 64-bit draw is a binary fraction in [0, 1); multiplying it by
		// 10 (or 26) yields the next symbol in the high word and the rest of
		// the fraction in the low word. Twelve symbols use at most 57 of the
		// 64 bits, so every symbol stays uniform to within 2^-7 of one count
		// in 2^64, and a 119-character c value costs 10 draws, not 110.
		if left == 0 {
			frac, left = r.Uint64(), 12
		}
		left--
		var sym uint64
		if c == '#' {
			sym, frac = bits.Mul64(frac, 10)
			dst[i] = '0' + byte(sym)
		} else {
			sym, frac = bits.Mul64(frac, 26)
			dst[i] = 'a' + byte(sym)
		}
	}
}

// Template returns a new string made from template by FillTemplate. It
// costs one allocation: the bytes become the string without a copy.
func (r *Rand) Template(template string) string {
	b := make([]byte, len(template))
	r.FillTemplate(b, template)
	return unsafe.String(unsafe.SliceData(b), len(b)) // b is never written again
}

// Alnum and Digits are the alphabets of TPC's a-strings (letters and
// digits, TPC-C clause 4.3.2.2) and n-strings.
const (
	Alnum  = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	Digits = "0123456789"
)

// Chars returns lo..hi characters (uniform length) drawn from alphabet, at
// most 64 characters long: ten from each 64-bit draw (64^10 < 2^64; for
// 62 characters the bias of the last one is below 2^-4).
func (r *Rand) Chars(lo, hi int64, alphabet string) string {
	b := make([]byte, r.Uniform(lo, hi))
	n := uint64(len(alphabet))
	for i := 0; i < len(b); {
		x := r.Uint64()
		for k := 0; k < 10 && i < len(b); k++ {
			b[i] = alphabet[x%n]
			x /= n
			i++
		}
	}
	return string(b)
}
