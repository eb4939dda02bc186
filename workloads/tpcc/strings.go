package tpcc

import (
	"math"

	"github.com/dbgauge/dbgauge/randgen"
)

// aString and nString are TPC's random a-strings and n-strings of lo..hi
// characters.
func aString(r *randgen.Rand, lo, hi int64) string { return r.Chars(lo, hi, randgen.Alnum) }
func nString(r *randgen.Rand, lo, hi int64) string { return r.Chars(lo, hi, randgen.Digits) }

// zip is clause 4.3.2.7's zip code: 4 random digits and "11111".
func zip(r *randgen.Rand) string { return nString(r, 4, 4) + "11111" }

// state is two random letters.
func state(r *randgen.Rand) string {
	return string([]byte{randgen.Alnum[26+r.IntN(26)], randgen.Alnum[26+r.IntN(26)]})
}

// data is I_DATA or S_DATA: an a-string of 26..50 characters, 10% of which
// hold "ORIGINAL" at a random place (clause 4.3.3.1).
func data(r *randgen.Rand) string {
	s := aString(r, 26, 50)
	if r.Uniform(1, 100) > 10 {
		return s
	}
	at := r.IntN(len(s) - 8 + 1)
	return s[:at] + "ORIGINAL" + s[at+8:]
}

// syllables make C_LAST (clause 4.3.2.3).
var syllables = [10]string{"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"}

// lastName is the C_LAST of number n in 0..999: its three digits' syllables.
func lastName(n int64) string {
	return syllables[n/100] + syllables[n/10%10] + syllables[n%10]
}

// cents rounds a money amount to cents, as a DECIMAL(n,2) column keeps it:
// the client's figures and the database's stay equal.
func cents(x float64) float64 { return math.Round(x*100) / 100 }

// money draws a uniform amount in [lo, hi] with two decimals.
func money(r *randgen.Rand, lo, hi float64) float64 {
	return float64(r.Uniform(int64(math.Round(lo*100)), int64(math.Round(hi*100)))) / 100
}

// rate draws a uniform tax or discount rate in [lo, hi] with four decimals.
func rate(r *randgen.Rand, lo, hi float64) float64 {
	return float64(r.Uniform(int64(math.Round(lo*10000)), int64(math.Round(hi*10000)))) / 10000
}
