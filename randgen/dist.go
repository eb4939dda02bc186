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
type Dist struct {
	p           DistParams
	paretoPower float64
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
	d := &Dist{p: p, a: a, b: b}
	d.paretoPower = math.Log(p.ParetoH) / math.Log(1-p.ParetoH)
	if p.Kind == Zipfian {
		d.zipf = NewZipfSampler(b-a+1, p.ZipfianExp)
	}
	return d, nil
}

// Next draws one value with the stream r.
func (d *Dist) Next(r *Rand) int64 {
	switch d.p.Kind {
	case Uniform:
		return r.Uniform(d.a, d.b)
	case Gaussian:
		return d.a + d.gauss(r, uint64(d.b-d.a+1))
	case Special:
		return d.special(r)
	case Pareto:
		v := d.a + int64(float64(d.b-d.a+1)*math.Pow(r.Float64(), d.paretoPower))
		return min(v, d.b)
	default:
		return d.a + d.zipf.Sample(r) - 1
	}
}

// gauss averages SpecIter uniform draws over [0, t): sysbench's
// sb_rand_gaussian, an approximation of the normal by the central limit.
func (d *Dist) gauss(r *Rand, t uint64) int64 {
	var sum uint64
	for range d.p.SpecIter {
		sum += r.Uint64() % t
	}
	return int64(sum / uint64(d.p.SpecIter))
}

// special is sysbench's sb_rand_special: the range is widened to
// t*(100/(100-res)) (integer division, as sysbench does); a draw below t is
// gaussian over the whole range, any other maps onto the SpecPct percent of
// values in the middle of the range.
func (d *Dist) special(r *Rand) int64 {
	t := uint64(d.b - d.a + 1)
	rangeSize := t * uint64(100/(100-d.p.SpecRes))
	res := r.Uint64() % rangeSize
	if res < t {
		return d.a + d.gauss(r, t)
	}
	n := t * uint64(d.p.SpecPct) / 100
	if n < 1 {
		n = 1
	}
	res %= n
	res += t/2 - t*uint64(d.p.SpecPct)/200
	return d.a + int64(res)
}
