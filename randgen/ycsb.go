package randgen

import (
	"fmt"
	"math"
)

// This file and ycsb_keys.go port the key choosers of YCSB's core workload
// (package site.ycsb.generator of brianfrankcooper/YCSB): the zipfian,
// scrambled zipfian, skewed-latest, hotspot and uniform generators, and the
// FNV hash the scrambled one uses. Each chooser keeps per-generator state and
// is not safe for concurrent use: give every worker its own, and pass it the
// worker's *Rand on each draw.

// KeyChooser draws a key number.
type KeyChooser interface{ Next(r *Rand) int64 }

var (
	_ KeyChooser = (*YCSBZipfian)(nil)
	_ KeyChooser = (*ScrambledZipfian)(nil)
	_ KeyChooser = (*Latest)(nil)
	_ KeyChooser = (*Hotspot)(nil)
	_ KeyChooser = (*UniformKeys)(nil)
)

const (
	fnvOffsetBasis64 = 0xCBF29CE484222325
	fnvPrime64       = 1099511628211
)

// FNVHash64 is YCSB's Utils.fnvhash64: FNV-1a 64 over the 8 bytes of v, low
// byte first, then the absolute value of the result read as a signed 64-bit
// number. As with Java's Math.abs, the one hash equal to math.MinInt64 stays
// negative; no v in [0, 2^40) hashes to it.
func FNVHash64(v int64) int64 {
	h := uint64(fnvOffsetBasis64)
	u := uint64(v)
	for range 8 {
		h ^= u & 0xff
		h *= fnvPrime64
		u >>= 8
	}
	s := int64(h)
	if s < 0 {
		s = -s // -MinInt64 wraps to MinInt64, like Math.abs
	}
	return s
}

// ZipfianConstant is YCSB's ZIPFIAN_CONSTANT, the default skew theta.
const ZipfianConstant = 0.99

// YCSBZipfian is YCSB's ZipfianGenerator: the method of Gray et al., "Quickly
// generating billion-record synthetic databases" (SIGMOD 1994). Item min is
// the most popular, min+1 the next, and so on; items 0 and 1 (counted from
// min) get their exact Zipf probabilities 1/zeta(n) and 2^-theta/zeta(n), the
// rest follow Gray's continuous approximation. zeta(n) = Σ_{i=1..n} i^-theta
// is summed term by term as YCSB does, so construction costs O(n); changing
// the item count with NextN adjusts it by the difference only.
type YCSBZipfian struct {
	base  int64 // min
	items int64 // max-min+1, the count Next uses

	theta, alpha float64
	zeta2        float64 // zeta(2, theta)
	half         float64 // 0.5^theta: the second item's share of zeta

	count int64   // the item count zetaN and eta are for
	zetaN float64 // zeta(count, theta)
	eta   float64
}

// NewYCSBZipfian returns a zipfian generator over [min, max] with skew theta
// (ZipfianConstant is YCSB's default). theta must be in [0, 1); 0 is
// uniform. It fails if max < min, the range does not fit in an int64, or
// theta is out of range.
func NewYCSBZipfian(min, max int64, theta float64) (*YCSBZipfian, error) {
	n, err := spanOf("NewYCSBZipfian", min, max)
	if err != nil {
		return nil, err
	}
	if !(theta >= 0 && theta < 1) {
		return nil, fmt.Errorf("randgen: NewYCSBZipfian theta %v, want 0 <= theta < 1", theta)
	}
	return newYCSBZipfianZeta(min, n, theta, zetaSum(0, n, theta, 0)), nil
}

// newYCSBZipfianZeta is YCSB's four-argument constructor: n items from min,
// with zeta(n, theta) supplied by the caller.
func newYCSBZipfianZeta(min, n int64, theta, zetaN float64) *YCSBZipfian {
	z := &YCSBZipfian{
		base:  min,
		items: n,
		theta: theta,
		alpha: 1 / (1 - theta),
		zeta2: zetaSum(0, 2, theta, 0),
		half:  math.Pow(0.5, theta),
		count: n,
		zetaN: zetaN,
	}
	z.eta = z.etaFor(n)
	return z
}

// spanOf returns max-min+1, or an error if it is empty or overflows.
func spanOf(who string, min, max int64) (int64, error) {
	n := max - min + 1
	if max < min || n <= 0 {
		return 0, fmt.Errorf("randgen: %s range [%d, %d] is empty or wider than an int64", who, min, max)
	}
	return n, nil
}

// zetaSum adds i^-theta for i = st+1 .. n to sum, in YCSB's order.
func zetaSum(st, n int64, theta, sum float64) float64 {
	for i := st; i < n; i++ {
		sum += 1 / math.Pow(float64(i+1), theta)
	}
	return sum
}

// etaFor is Gray's eta for n items, given z.zetaN = zeta(n, theta). For n <= 2
// it is 0/0, but then every draw ends in one of the two exact branches.
func (z *YCSBZipfian) etaFor(n int64) float64 {
	return (1 - math.Pow(2/float64(n), 1-z.theta)) / (1 - z.zeta2/z.zetaN)
}

// resize makes zetaN and eta those of n items.
func (z *YCSBZipfian) resize(n int64) {
	switch {
	case n > z.count:
		z.zetaN = zetaSum(z.count, n, z.theta, z.zetaN)
	case n <= z.count-n:
		// Shrinking by more than what remains: summing afresh is cheaper.
		z.zetaN = zetaSum(0, n, z.theta, 0)
	default:
		for i := z.count; i > n; i-- {
			z.zetaN -= 1 / math.Pow(float64(i), z.theta)
		}
	}
	z.count = n
	z.eta = z.etaFor(n)
}

// Next returns a value in [min, max].
func (z *YCSBZipfian) Next(r *Rand) int64 { return z.NextN(r, z.items) }

// NextN is YCSB's nextLong(itemcount): a value in [min, min+itemCount),
// where min is the generator's lower bound. When itemCount differs from the
// previous call's, zeta and eta are moved to the new count: a larger count
// adds the new terms, as YCSB does; a smaller one drops terms (YCSB by default
// keeps its larger zeta then). Gray's eta is always that of itemCount. An
// itemCount below 1 returns min.
func (z *YCSBZipfian) NextN(r *Rand, itemCount int64) int64 {
	if itemCount < 1 {
		return z.base
	}
	if itemCount != z.count {
		z.resize(itemCount)
	}
	return z.pick(r.Float64(), itemCount)
}

// pick maps a uniform u in [0, 1) to an item, for itemCount = z.count.
func (z *YCSBZipfian) pick(u float64, itemCount int64) int64 {
	uz := u * z.zetaN
	if uz < 1 {
		return z.base
	}
	if uz < 1+z.half {
		return z.base + 1
	}
	n := float64(itemCount)
	x := n * math.Pow(z.eta*u-z.eta+1, z.alpha)
	if !(x < n) {
		// u within an ulp of 1 makes the power round to 1 (x = n); with
		// two items eta is NaN. Both mean the last item.
		return z.base + itemCount - 1
	}
	return z.base + int64(x)
}
