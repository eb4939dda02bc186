package orderentry

import (
	"math"
	"strings"

	"github.com/dbgauge/dbgauge/randgen"
)

// Swingbench reads first and last names, towns, counties, countries and
// NLS pairs from seed files (data/lowerfirstnames.txt and the like) that
// are not ours to copy. dbgauge builds its lists from syllables instead:
// as many names, drawn the same way (the load draws names from a normal
// distribution over the list, New Customer and Update Customer Details
// uniformly), so that a search by name finds a customer about as often.

var (
	firstSyllables = []string{"an", "be", "car", "da", "el", "fi", "gra", "ha", "is", "jo", "ka", "li", "ma", "ne", "ol", "pe", "ro", "sa", "ti", "vi"}
	lastSyllables  = []string{"bar", "ought", "able", "pri", "pres", "ese", "anti", "cally", "ation", "eing", "son", "ward", "field", "ton", "ley"}
)

// firstNames and lastNames are 400 and 225 names: 90,000 pairs, few
// enough that Update Customer Details, which draws a pair uniformly, finds
// a customer by name in a good share of its searches at small scales.
var (
	firstNames = syllableNames(firstSyllables, 2)
	lastNames  = syllableNames(lastSyllables, 2)
)

// syllableNames is every name of n syllables, capitalised.
func syllableNames(syl []string, n int) []string {
	names := []string{""}
	for range n {
		var next []string
		for _, p := range names {
			for _, s := range syl {
				next = append(next, p+s)
			}
		}
		names = next
	}
	for i, s := range names {
		names[i] = strings.ToUpper(s[:1]) + s[1:]
	}
	return names
}

var towns = []string{"Aberdeen", "Bristol", "Cambridge", "Dover", "Exeter", "Falmouth", "Glasgow", "Harrogate", "Ipswich",
	"Kendal", "Leeds", "Manchester", "Norwich", "Oxford", "Preston", "Reading", "Salisbury", "Truro", "Wells", "York"}

var counties = []string{"Avon", "Berkshire", "Cornwall", "Devon", "Dorset", "Essex", "Kent", "Lancashire", "Norfolk",
	"Oxfordshire", "Somerset", "Suffolk", "Surrey", "Wiltshire", "Yorkshire"}

var countries = []string{"United Kingdom", "United States", "Germany", "France", "Italy", "Spain", "Japan", "China", "India", "Brazil"}

// nls are NLS_LANGUAGE and NLS_TERRITORY pairs.
var nls = [][2]string{{"us", "AMERICA"}, {"gb", "UNITED KINGDOM"}, {"de", "GERMANY"}, {"fr", "FRANCE"}, {"it", "ITALY"},
	{"es", "SPAIN"}, {"ja", "JAPAN"}, {"zh", "CHINA"}, {"hi", "INDIA"}, {"pt", "BRAZIL"}}

// normal draws from a normal distribution over lo..hi (mean at the middle,
// three standard deviations to each end), redrawing what falls outside:
// Swingbench's generator's "normal" for statuses, sales reps, totals and
// names.
func normal(r *randgen.Rand, lo, hi int64) int64 {
	mean := float64(lo+hi) / 2
	sd := float64(hi-lo) / 6
	for {
		// Box-Muller; 1-Float64 is in (0, 1].
		z := math.Sqrt(-2*math.Log(1-r.Float64())) * math.Cos(2*math.Pi*r.Float64())
		v := int64(math.Round(mean + sd*z))
		if v >= lo && v <= hi {
			return v
		}
	}
}

// pick draws one of list uniformly.
func pick[T any](r *randgen.Rand, list []T) T { return list[r.IntN(len(list))] }

// pickNormal draws one of list from a normal distribution over its index.
func pickNormal[T any](r *randgen.Rand, list []T) T {
	return list[normal(r, 0, int64(len(list)-1))]
}
