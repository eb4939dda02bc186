package bookstore

import (
	"math"
	"strconv"
	"time"

	"github.com/dbgauge/dbgauge/randgen"
)

// aString and nString are TPC's random a-strings and n-strings of lo..hi
// characters.
func aString(r *randgen.Rand, lo, hi int64) string { return r.Chars(lo, hi, randgen.Alnum) }
func nString(r *randgen.Rand, lo, hi int64) string { return r.Chars(lo, hi, randgen.Digits) }

// syllables are TPC-W's digit syllables (clause 4.6.2.8).
var syllables = [10]string{"BA", "OG", "AL", "RI", "RE", "SE", "AT", "UL", "IN", "NG"}

// digSyl writes d as syllables, one per digit: with n > 0, its last n
// digits, zero-padded (the search strings: DigSyl(x, 7)); with n = 0, all
// its digits (C_UNAME: DigSyl(C_ID)).
func digSyl(d int64, n int) string {
	if n == 0 {
		n = len(strconv.FormatInt(d, 10))
	}
	b := make([]byte, 2*n)
	for i := n - 1; i >= 0; i-- {
		copy(b[2*i:], syllables[d%10])
		d /= 10
	}
	return string(b)
}

// password is a customer's C_PASSWD: its user name in lower case (clause
// 4.6.2.9, RBE.unameAndPass).
func password(uname string) string {
	b := []byte(uname)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// cents rounds a money amount to cents, as a DECIMAL(15,2) keeps it.
func cents(x float64) float64 { return math.Round(x*100) / 100 }

// money draws a uniform amount in [lo, hi] cents, as dollars.
func money(r *randgen.Rand, lo, hi int64) float64 { return float64(r.Uniform(lo, hi)) / 100 }

// days is n days.
func days(n int64) time.Duration { return time.Duration(n) * 24 * time.Hour }

// date draws a day of a year in [lo, hi] (no 29 February, as
// TPCW_Populate's).
func date(r *randgen.Rand, lo, hi int64) time.Time {
	y := r.Uniform(lo, hi)
	m := time.Month(r.Uniform(1, 12))
	last := int64(31)
	switch m {
	case time.April, time.June, time.September, time.November:
		last = 30
	case time.February:
		last = 28
	}
	return time.Date(int(y), m, int(r.Uniform(1, last)), 0, 0, 0, 0, time.UTC)
}

// pick draws one of choices.
func pick(r *randgen.Rand, choices []string) string { return choices[r.IntN(len(choices))] }

// subjects are the 24 subjects of clause 4.6.2.11.
var subjects = []string{"ARTS", "BIOGRAPHIES", "BUSINESS", "CHILDREN", "COMPUTERS", "COOKING", "HEALTH", "HISTORY",
	"HOME", "HUMOR", "LITERATURE", "MYSTERY", "NON-FICTION", "PARENTING", "POLITICS", "REFERENCE", "RELIGION",
	"ROMANCE", "SELF-HELP", "SCIENCE-NATURE", "SCIENCE-FICTION", "SPORTS", "YOUTH", "TRAVEL"}

// Other value lists of the population and the browsers' forms.
var (
	backings   = []string{"HARDBACK", "PAPERBACK", "USED", "AUDIO", "LIMITED-EDITION"}
	cardTypes  = []string{"VISA", "MASTERCARD", "DISCOVER", "AMEX", "DINERS"}
	shipTypes  = []string{"AIR", "UPS", "FEDEX", "SHIP", "COURIER", "MAIL"}
	statusList = []string{"PROCESSING", "SHIPPED", "PENDING", "DENIED"}
)
