package randgen

import (
	"fmt"
	"math"
	"strings"
)

// Kind names one of sysbench's --rand-type distributions.
type Kind string

// The distributions of sysbench's --rand-type.
const (
	Uniform  Kind = "uniform"
	Gaussian Kind = "gaussian"
	Special  Kind = "special"
	Pareto   Kind = "pareto"
	Zipfian  Kind = "zipfian"
)

// Kinds lists the accepted --rand-type values.
var Kinds = []Kind{Uniform, Gaussian, Special, Pareto, Zipfian}

// DistParams are sysbench's --rand-* options. DefaultParams holds
// sysbench 1.0.20's defaults.
type DistParams struct {
	Kind       Kind
	SpecIter   int     // --rand-spec-iter: uniform draws averaged by gaussian and special
	SpecPct    int     // --rand-spec-pct: percentage of values that are "special"
	SpecRes    int     // --rand-spec-res: percentage of draws that hit the special values
	ParetoH    float64 // --rand-pareto-h
	ZipfianExp float64 // --rand-zipfian-exp (sysbench 1.1; 1.0.20 has no zipfian)
}

// DefaultParams are sysbench 1.0.20's defaults: --rand-type=special,
// --rand-spec-iter=12, --rand-spec-pct=1, --rand-spec-res=75,
// --rand-pareto-h=0.2, and sysbench 1.1's --rand-zipfian-exp=0.8.
var DefaultParams = DistParams{Kind: Special, SpecIter: 12, SpecPct: 1, SpecRes: 75, ParetoH: 0.2, ZipfianExp: 0.8}

// Validate reports parameters sysbench would refuse.
func (p DistParams) Validate() error {
	ok := false
	for _, k := range Kinds {
		ok = ok || k == p.Kind
	}
	switch {
	case !ok:
		names := make([]string, len(Kinds))
		for i, k := range Kinds {
			names[i] = string(k)
		}
		return fmt.Errorf("rand-type %q is not one of %s", p.Kind, strings.Join(names, ", "))
	case p.SpecIter < 1:
		return fmt.Errorf("rand-spec-iter must be at least 1, got %d", p.SpecIter)
	case p.SpecPct < 0 || p.SpecPct > 100:
		return fmt.Errorf("rand-spec-pct must be 0..100, got %d", p.SpecPct)
	case p.SpecRes < 0 || p.SpecRes >= 100:
		return fmt.Errorf("rand-spec-res must be 0..99, got %d", p.SpecRes)
	case !(p.ParetoH > 0 && p.ParetoH < 1): // also rejects NaN
		return fmt.Errorf("rand-pareto-h must be between 0 and 1 exclusive, got %g", p.ParetoH)
	case !(p.ZipfianExp >= 0) || math.IsInf(p.ZipfianExp, 1): // NaN or +Inf would hang the zipfian sampler
		return fmt.Errorf("rand-zipfian-exp must be a finite number >= 0, got %g", p.ZipfianExp)
	}
	return nil
}

// Dist draws integers in [a, b] with one of sysbench's distributions. The
// zipfian table depends on the range size, so a Dist is made per range.
//
// Each kind follows sysbench 1.0.20's src/sb_rand.c (zipfian: sysbench
// 1.1's) step for step, in doubles as sysbench computes them, so that the
// distribution over any range is sysbench's: only the stream of uniform
// draws differs (ours is seeded per user and per batch).
type Dist struct {
	p           DistParams
	paretoPower float64 // log(h)/log(1-h)
	iterMult    float64 // 1/rand-spec-iter
	pctMult     float64 // rand-spec-pct/100
	pct2Mult    float64 // rand-spec-pct/200
	resMult     float64 // 100/(100-rand-spec-res)
	zipf        *ZipfSampler
	a, b        int64
}

// NewDist returns a distribution over [a, b].
func NewDist(p DistParams, a, b int64) (*Dist, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if b < a {
		return nil, fmt.Errorf("empty range [%d, %d]", a, b)
	}
	// sb_rand_init's precomputed constants.
	d := &Dist{p: p, a: a, b: b,
		paretoPower: math.Log(p.ParetoH) / math.Log(1-p.ParetoH),
		iterMult:    1.0 / float64(p.SpecIter),
		pctMult:     float64(p.SpecPct) / 100.0,
		pct2Mult:    float64(p.SpecPct) / 200.0,
		resMult:     100.0 / (100.0 - float64(p.SpecRes)),
	}
	if p.Kind == Zipfian {
		d.zipf = NewZipfSampler(b-a+1, p.ZipfianExp)
	}
	return d, nil
}

// Next draws one value with the stream r.
func (d *Dist) Next(r *Rand) int64 {
	var v int64
	switch d.p.Kind {
	case Uniform:
		return r.Uniform(d.a, d.b)
	case Gaussian:
		v = d.a + d.gauss(r)
	case Special:
		v = d.a + d.special(r)
	case Pareto:
		// sb_rand_pareto: a + (uint32_t)((b-a+1) * pow(u, power)).
		v = d.a + int64(float64(d.b-d.a+1)*math.Pow(r.Float64(), d.paretoPower))
	default:
		return d.a + d.zipf.Sample(r) - 1
	}
	// Each formula stays below b+1 in exact arithmetic; the bound only
	// guards against rounding.
	return min(v, d.b)
}

// gauss is sb_rand_gaussian's offset from a: the mean of rand-spec-iter
// uniform doubles over [0, t) with t = b-a+1, truncated. The mean of
// continuous draws, not of integers: over [1, 4] it centres on 3, not 2.5.
func (d *Dist) gauss(r *Rand) int64 {
	t := float64(d.b - d.a + 1)
	sum := 0.0
	for range d.p.SpecIter {
		sum += r.Float64() * t
	}
	return int64(sum * d.iterMult)
}

// special is sb_rand_special's offset from a. With t = b-a (not b-a+1), one
// uniform double rnd is scaled onto [0, t·100/(100-res)): below t, the draw
// is gaussian over [0, t) (b itself is never drawn this way); otherwise the
// same rnd, now in [(100-res)/100, 1), is mapped onto a window of t·pct/100+1
// values centred on t/2, so the window's first part is never hit. Over
// [1, 10000] with the defaults the window is 4975..5051.
func (d *Dist) special(r *Rand) int64 {
	t := float64(d.b - d.a)
	rnd := r.Float64()
	if rnd*(t*d.resMult) < t {
		sum := 0.0
		for range d.p.SpecIter {
			sum += r.Float64()
		}
		return int64(sum * t * d.iterMult)
	}
	res := rnd * (t*d.pctMult + 1)
	res += t/2 - t*d.pct2Mult
	return int64(res)
}

// SpecialWindow is the hot window of the special distribution over [a, b]
// under p: the lowest and highest values its special branch can return
// (sb_rand_special's second half at rnd = (100-res)/100 and rnd → 1).
func SpecialWindow(p DistParams, a, b int64) (lo, hi int64) {
	t := float64(b - a)
	shift := t/2 - t*float64(p.SpecPct)/200.0
	width := t*float64(p.SpecPct)/100.0 + 1
	lo = a + int64(float64(100-p.SpecRes)/100.0*width+shift)
	hi = a + int64(math.Nextafter(width+shift, math.Inf(-1)))
	return lo, hi
}
