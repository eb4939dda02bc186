package randgen

import "math"

// ZipfSampler draws from a Zipf distribution over 1..n with exponent s by
// rejection-inversion (Hörmann and Derflinger, "Rejection-inversion to
// generate variates from monotone discrete distributions", 1996), the method
// sysbench 1.1's --rand-type=zipfian uses. Setup is O(1), so it works for any
// table size; each draw takes about one uniform and rarely a second.
type ZipfSampler struct {
	n, s                 float64
	hIntegralX1, hIntN   float64
	hIntegralNumElements float64
	threshold            float64
}

// NewZipfSampler prepares a sampler for 1..n; s = 0 is uniform.
func NewZipfSampler(n int64, s float64) *ZipfSampler {
	z := &ZipfSampler{n: float64(n), s: s}
	z.hIntegralX1 = z.hIntegral(1.5) - 1
	z.hIntegralNumElements = z.hIntegral(float64(n) + 0.5)
	z.threshold = 2 - z.hIntegralInverse(z.hIntegral(2.5)-z.h(2))
	return z
}

// Sample returns a value in 1..n.
func (z *ZipfSampler) Sample(r *Rand) int64 {
	for {
		u := z.hIntegralNumElements + r.Float64()*(z.hIntegralX1-z.hIntegralNumElements)
		x := z.hIntegralInverse(u)
		k := math.Floor(x + 0.5)
		if k < 1 {
			k = 1
		} else if k > z.n {
			k = z.n
		}
		if k-x <= z.threshold || u >= z.hIntegral(k+0.5)-z.h(k) {
			return int64(k)
		}
	}
}

func (z *ZipfSampler) h(x float64) float64 { return math.Exp(-z.s * math.Log(x)) }

func (z *ZipfSampler) hIntegral(x float64) float64 {
	lx := math.Log(x)
	return helper2((1-z.s)*lx) * lx
}

func (z *ZipfSampler) hIntegralInverse(x float64) float64 {
	t := x * (1 - z.s)
	if t < -1 {
		t = -1 // numerical safety, as in the reference implementation
	}
	return math.Exp(helper1(t) * x)
}

// helper1 is log1p(x)/x, continuous at 0.
func helper1(x float64) float64 {
	if math.Abs(x) > 1e-8 {
		return math.Log1p(x) / x
	}
	return 1 - x*(0.5-x*(1.0/3-0.25*x))
}

// helper2 is expm1(x)/x, continuous at 0.
func helper2(x float64) float64 {
	if math.Abs(x) > 1e-8 {
		return math.Expm1(x) / x
	}
	return 1 + x*0.5*(1+x*(1.0/3)*(1+0.25*x))
}
