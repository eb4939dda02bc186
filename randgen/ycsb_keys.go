package randgen

import "fmt"

// YCSB's ScrambledZipfianGenerator draws from a zipfian over a fixed, huge
// item space whatever the key range, with zeta precomputed for it.
const (
	scrambledItemCount = 10_000_000_000    // ITEM_COUNT
	scrambledZetaN     = 26.46902820178302 // ZETAN = zeta(ITEM_COUNT, 0.99)
)

// ScrambledZipfian is YCSB's ScrambledZipfianGenerator: a zipfian draw over
// items 0..10,000,000,000 (theta 0.99, zeta precomputed), hashed with
// FNVHash64 and reduced mod the range, so the popular keys are scattered over
// [min, max]. The hottest key has probability at least 1/26.469 (3.78%);
// items colliding mod the range add to it.
type ScrambledZipfian struct {
	min, itemCount int64
	gen            *YCSBZipfian
}

// NewScrambledZipfian returns a scrambled zipfian over [min, max]. It fails
// if max < min or the range does not fit in an int64.
func NewScrambledZipfian(min, max int64) (*ScrambledZipfian, error) {
	n, err := spanOf("NewScrambledZipfian", min, max)
	if err != nil {
		return nil, err
	}
	return &ScrambledZipfian{
		min:       min,
		itemCount: n,
		// YCSB builds it as ZipfianGenerator(0, ITEM_COUNT, 0.99, ZETAN):
		// ITEM_COUNT+1 items with the zeta of ITEM_COUNT.
		gen: newYCSBZipfianZeta(0, scrambledItemCount+1, ZipfianConstant, scrambledZetaN),
	}, nil
}

// Next returns a value in [min, max].
func (s *ScrambledZipfian) Next(r *Rand) int64 {
	k := FNVHash64(s.gen.Next(r)) % s.itemCount
	if k < 0 {
		// Only a hash of MinInt64 could get here, and no item in
		// 0..ITEM_COUNT has that hash; kept so no draw leaves the range.
		k += s.itemCount
	}
	return s.min + k
}

// Latest is YCSB's SkewedLatestGenerator: the most recently inserted keys are
// the most popular. basis reports how many records have been inserted and
// acknowledged (keys 0..basis()-1 exist); Next returns basis()-1 minus a
// zipfian draw over basis() items, so the newest key is the likeliest and the
// zipfian's zeta follows the growing count incrementally. basis may read a
// counter other goroutines advance; it is called once per draw.
type Latest struct {
	basis func() int64
	zipf  *YCSBZipfian
}

// NewLatest returns a latest-skewed chooser over keys 0..basis()-1. It calls
// basis once to size the zipfian (O(basis()) work, as in YCSB).
func NewLatest(basis func() int64) *Latest {
	n := max(basis(), 1)
	return &Latest{basis: basis, zipf: newYCSBZipfianZeta(0, n, ZipfianConstant, zetaSum(0, n, ZipfianConstant, 0))}
}

// Next returns a key in [0, basis()), or 0 while basis() < 1.
func (l *Latest) Next(r *Rand) int64 {
	n := l.basis()
	if n < 1 {
		return 0
	}
	return n - 1 - l.zipf.NextN(r, n)
}

// Hotspot is YCSB's HotspotIntegerGenerator: the first hotsetFraction of
// [lower, upper] is the hot set; a draw lands in it with probability
// hotOpnFraction and is uniform there, otherwise uniform over the rest (the
// cold set). YCSB's core workload defaults are 0.2 and 0.8.
type Hotspot struct {
	lower, hot, cold int64 // hot set [lower, lower+hot), cold set the next cold
	hotOpnFraction   float64
}

// NewHotspot returns a hotspot chooser. As in YCSB, a fraction outside [0, 1]
// is taken as 0 and lower > upper are swapped. It fails if the range does
// not fit in an int64.
func NewHotspot(lower, upper int64, hotsetFraction, hotOpnFraction float64) (*Hotspot, error) {
	if !(hotsetFraction >= 0 && hotsetFraction <= 1) {
		hotsetFraction = 0
	}
	if !(hotOpnFraction >= 0 && hotOpnFraction <= 1) {
		hotOpnFraction = 0
	}
	if lower > upper {
		lower, upper = upper, lower
	}
	n, err := spanOf("NewHotspot", lower, upper)
	if err != nil {
		return nil, err
	}
	hot := n // float64(n) may round up past MaxInt64: convert only below n
	if f := float64(n) * hotsetFraction; f < float64(n) {
		hot = min(int64(f), n)
	}
	return &Hotspot{lower: lower, hot: hot, cold: n - hot, hotOpnFraction: hotOpnFraction}, nil
}

// Next returns a value in [lower, upper]. When the chosen set is empty (a
// hot set fraction of 0 or 1, or a range too small to split) the draw comes
// from the other set; YCSB would divide by zero there.
func (h *Hotspot) Next(r *Rand) int64 {
	if (r.Float64() < h.hotOpnFraction && h.hot > 0) || h.cold == 0 {
		return h.lower + r.Uniform(0, h.hot-1)
	}
	return h.lower + h.hot + r.Uniform(0, h.cold-1)
}

// UniformKeys is uniform over [min, max], YCSB's UniformLongGenerator.
type UniformKeys struct{ min, max int64 }

// NewUniformKeys returns a uniform chooser over [min, max]. It fails if
// max < min.
func NewUniformKeys(min, max int64) (*UniformKeys, error) {
	if max < min {
		return nil, fmt.Errorf("randgen: NewUniformKeys range [%d, %d] is empty", min, max)
	}
	return &UniformKeys{min: min, max: max}, nil
}

// Next returns a value in [min, max].
func (u *UniformKeys) Next(r *Rand) int64 { return r.Uniform(u.min, u.max) }
