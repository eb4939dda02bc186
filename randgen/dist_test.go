package randgen

import (
	"math"
	"testing"
)

// chiSquareUniform is Pearson's statistic of counts against equal expected counts.
func chiSquareUniform(counts []int) float64 {
	total := 0
	for _, c := range counts {
		total += c
	}
	want := float64(total) / float64(len(counts))
	chi2 := 0.0
	for _, c := range counts {
		d := float64(c) - want
		chi2 += d * d / want
	}
	return chi2
}

// chiSquareCritical is a generous critical value of chi-square with df degrees
// of freedom: the Wilson-Hilferty approximation at z = 4.75, an upper tail of
// about 1e-6. The seeds are fixed, so a pass is deterministic; a generator that
// is off by a percent or so over many buckets still fails.
func chiSquareCritical(df int) float64 {
	k := float64(df)
	c := 2 / (9 * k)
	return k * math.Pow(1-c+4.75*math.Sqrt(c), 3)
}

func params(k Kind) DistParams {
	p := DefaultParams
	p.Kind = k
	return p
}

func TestValidate(t *testing.T) {
	with := func(f func(*DistParams)) DistParams { p := DefaultParams; f(&p); return p }
	for _, tc := range []struct {
		name string
		p    DistParams
		ok   bool
	}{
		{"defaults", DefaultParams, true},
		{"uniform", params(Uniform), true},
		{"gaussian", params(Gaussian), true},
		{"pareto", params(Pareto), true},
		{"zipfian", params(Zipfian), true},
		{"unknown kind", params("exponential"), false},
		{"empty kind", params(""), false},
		{"kind is case sensitive", params("Uniform"), false},
		{"spec-iter 1", with(func(p *DistParams) { p.SpecIter = 1 }), true},
		{"spec-iter 0", with(func(p *DistParams) { p.SpecIter = 0 }), false},
		{"spec-iter -1", with(func(p *DistParams) { p.SpecIter = -1 }), false},
		{"spec-pct 0", with(func(p *DistParams) { p.SpecPct = 0 }), true},
		{"spec-pct 100", with(func(p *DistParams) { p.SpecPct = 100 }), true},
		{"spec-pct -1", with(func(p *DistParams) { p.SpecPct = -1 }), false},
		{"spec-pct 101", with(func(p *DistParams) { p.SpecPct = 101 }), false},
		{"spec-res 0", with(func(p *DistParams) { p.SpecRes = 0 }), true},
		{"spec-res 99", with(func(p *DistParams) { p.SpecRes = 99 }), true},
		{"spec-res 100", with(func(p *DistParams) { p.SpecRes = 100 }), false},
		{"spec-res -1", with(func(p *DistParams) { p.SpecRes = -1 }), false},
		{"pareto-h 0.5", with(func(p *DistParams) { p.ParetoH = 0.5 }), true},
		{"pareto-h 0", with(func(p *DistParams) { p.ParetoH = 0 }), false},
		{"pareto-h 1", with(func(p *DistParams) { p.ParetoH = 1 }), false},
		{"pareto-h -0.2", with(func(p *DistParams) { p.ParetoH = -0.2 }), false},
		{"pareto-h NaN", with(func(p *DistParams) { p.ParetoH = math.NaN() }), false},
		{"zipfian-exp 0", with(func(p *DistParams) { p.ZipfianExp = 0 }), true},
		{"zipfian-exp 1e6", with(func(p *DistParams) { p.ZipfianExp = 1e6 }), true},
		{"zipfian-exp -0.1", with(func(p *DistParams) { p.ZipfianExp = -0.1 }), false},
		{"zipfian-exp NaN", with(func(p *DistParams) { p.ZipfianExp = math.NaN() }), false},
		{"zipfian-exp +Inf", with(func(p *DistParams) { p.ZipfianExp = math.Inf(1) }), false},
	} {
		if err := tc.p.Validate(); (err == nil) != tc.ok {
			t.Errorf("%s: Validate() = %v, want ok=%v", tc.name, err, tc.ok)
		}
	}
}

func TestNewDistRejects(t *testing.T) {
	if _, err := NewDist(DefaultParams, 10, 9); err == nil {
		t.Error("NewDist over [10, 9]: want an error for b < a")
	}
	if _, err := NewDist(params("bogus"), 1, 10); err == nil {
		t.Error("NewDist with an invalid kind: want an error")
	}
	if _, err := NewDist(DefaultParams, 7, 7); err != nil {
		t.Errorf("NewDist over [7, 7]: %v", err)
	}
}

func TestDistStaysInRange(t *testing.T) {
	for _, k := range Kinds {
		for _, rg := range [][2]int64{{7, 7}, {1, 2}, {-50, 50}, {1, 1000}, {1, 1e9}} {
			d, err := NewDist(params(k), rg[0], rg[1])
			if err != nil {
				t.Fatalf("%s %v: %v", k, rg, err)
			}
			r := New(1, uint64(rg[1]))
			for range 20000 {
				if v := d.Next(r); v < rg[0] || v > rg[1] {
					t.Fatalf("%s over %v drew %d", k, rg, v)
				}
			}
		}
	}
}

func TestUniformDistChiSquare(t *testing.T) {
	for _, rg := range [][2]int64{{10, 109}, {-3, 3}, {1, 1000}} {
		d, _ := NewDist(params(Uniform), rg[0], rg[1])
		counts := make([]int, rg[1]-rg[0]+1)
		r := New(2)
		for range 200 * len(counts) {
			counts[d.Next(r)-rg[0]]++
		}
		chi2, crit := chiSquareUniform(counts), chiSquareCritical(len(counts)-1)
		if chi2 > crit {
			t.Errorf("uniform over %v: chi-square %.1f above %.1f", rg, chi2, crit)
		}
	}
}

// irwinHallCDF is P(U1+…+Uk ≤ x) for k uniforms over [0, 1):
// (1/k!) Σ_{j ≤ x} (-1)^j C(k, j) (x-j)^k.
func irwinHallCDF(k int, x float64) float64 {
	if x <= 0 {
		return 0
	}
	if x >= float64(k) {
		return 1
	}
	sum, binom, fact := 0.0, 1.0, 1.0
	for j := 0; float64(j) <= x; j++ {
		sign := 1.0
		if j%2 == 1 {
			sign = -1
		}
		sum += sign * binom * math.Pow(x-float64(j), float64(k))
		binom = binom * float64(k-j) / float64(j+1)
	}
	for i := 2; i <= k; i++ {
		fact *= float64(i)
	}
	return sum / fact
}

// meanPMF is the distribution of floor(t·(U1+…+Uk)/k) over 0..ceil(t)-1:
// what sysbench's gaussian (t = b-a+1) and the gaussian half of its
// special (t = b-a) return, less a.
func meanPMF(k int, t float64) []float64 {
	out := make([]float64, int(math.Ceil(t)))
	for m := range out {
		out[m] = irwinHallCDF(k, float64(k)*float64(m+1)/t) - irwinHallCDF(k, float64(k)*float64(m)/t)
	}
	return out
}

// specialPMF is the exact distribution of sysbench 1.0.20's sb_rand_special
// over [a, a+t], less a: with probability q = (100-res)/100 the gaussian
// over [0, t) (rnd·t·100/(100-res) < t), otherwise floor(rnd·w + shift)
// for the same rnd, uniform over [q, 1), with w = t·pct/100+1 and
// shift = t/2 - t·pct/200.
func specialPMF(p DistParams, t int64) []float64 {
	out := make([]float64, t+1)
	tf, q := float64(t), float64(100-p.SpecRes)/100
	if t > 0 {
		for m, g := range meanPMF(p.SpecIter, tf) {
			out[m] += q * g
		}
	}
	w := tf*float64(p.SpecPct)/100 + 1
	shift := tf/2 - tf*float64(p.SpecPct)/200
	for m := range out {
		lo := max(q, (float64(m)-shift)/w)
		hi := min(1, (float64(m)+1-shift)/w)
		if hi > lo {
			out[m] += hi - lo
		}
	}
	return out
}

// chiSquareExact is Pearson's statistic of counts (by value less a)
// against n·pmf, the values expecting fewer than 5 draws pooled into one
// bucket, and its degrees of freedom.
func chiSquareExact(counts map[int64]int, pmf []float64, n int) (chi2 float64, df int) {
	poolWant, poolGot := 0.0, 0
	for m, p := range pmf {
		want, got := p*float64(n), counts[int64(m)]
		if want < 5 {
			poolWant += want
			poolGot += got
			continue
		}
		chi2 += (float64(got) - want) * (float64(got) - want) / want
		df++
	}
	if poolWant > 0 {
		chi2 += (float64(poolGot) - poolWant) * (float64(poolGot) - poolWant) / poolWant
		df++
	}
	return chi2, df - 1
}

// TestGaussianExact checks sb_rand_gaussian's distribution value by value:
// the mean of rand-spec-iter uniform doubles over [0, b-a+1), truncated
// (the mean of doubles: over [1, 4] with 12 draws, 2 and 3 hold 92%).
func TestGaussianExact(t *testing.T) {
	const n = 100000
	for _, iter := range []int{1, 2, 3, 12} {
		for _, rg := range [][2]int64{{1, 4}, {1, 10}, {101, 200}} {
			p := params(Gaussian)
			p.SpecIter = iter
			d, _ := NewDist(p, rg[0], rg[1])
			counts := map[int64]int{}
			r := New(3, uint64(iter), uint64(rg[1]))
			for range n {
				counts[d.Next(r)-rg[0]]++
			}
			pmf := meanPMF(iter, float64(rg[1]-rg[0]+1))
			if chi2, df := chiSquareExact(counts, pmf, n); chi2 > chiSquareCritical(df) {
				t.Errorf("iter %d over %v: counts %v, chi-square %.1f above %.1f", iter, rg, counts, chi2, chiSquareCritical(df))
			}
		}
	}
}

// TestSpecialExact checks sb_rand_special's distribution value by value
// against specialPMF, for sysbench's defaults and other --rand-spec-*.
func TestSpecialExact(t *testing.T) {
	const n = 100000
	for _, tc := range []struct{ iter, pct, res int }{
		{12, 1, 75}, // sysbench's defaults: 3/4 of the draws in the window
		{3, 5, 50},
		{1, 0, 90}, // no special percentage: a window of one or two values
		{12, 10, 95},
		{6, 20, 10},
		{12, 100, 60}, // the window is the whole range
		{12, 1, 0},    // no special draws: all gaussian, b never drawn
	} {
		for _, rg := range [][2]int64{{5, 5}, {1, 4}, {1, 10}, {101, 200}, {1, 1000}} {
			p := params(Special)
			p.SpecIter, p.SpecPct, p.SpecRes = tc.iter, tc.pct, tc.res
			d, _ := NewDist(p, rg[0], rg[1])
			counts := map[int64]int{}
			r := New(4, uint64(tc.pct), uint64(tc.res), uint64(rg[1]))
			for range n {
				counts[d.Next(r)-rg[0]]++
			}
			pmf := specialPMF(p, rg[1]-rg[0])
			chi2, df := chiSquareExact(counts, pmf, n)
			if df == 0 {
				if len(counts) != 1 || counts[0] != n {
					t.Errorf("%+v over %v: drew %v, want only %d", tc, rg, counts, rg[0])
				}
				continue
			}
			if chi2 > chiSquareCritical(df) {
				t.Errorf("%+v over %v: chi-square %.1f above %.1f", tc, rg, chi2, chiSquareCritical(df))
			}
		}
	}
}

// TestSpecialWindow checks the window's bounds against the values worked
// out by hand from sb_rand_special, and that the draws of the special
// branch fill it: over [1, 10000] with the defaults, 4975..5051 (the
// issue's measurement of sysbench: about 76 ids from 4,975), whose first
// value gets a quarter of a full value's draws and whose last about half.
func TestSpecialWindow(t *testing.T) {
	with := func(pct, res int) DistParams { p := DefaultParams; p.SpecPct, p.SpecRes = pct, res; return p }
	for _, tc := range []struct {
		p          DistParams
		a, b       int64
		wantLo, hi int64
	}{
		// t = 9999, w = 100.99, shift = 4949.505: rnd·w+shift over [4974.75, 5050.495).
		{DefaultParams, 1, 10000, 4975, 5051},
		// t = 3, w = 1.03, shift = 1.485: [1.7425, 2.515).
		{DefaultParams, 1, 4, 2, 3},
		// t = 999999, w = 1, shift = 499999.5: [499999.6, 500000.5).
		{with(0, 60), 1, 1000000, 500000, 500001},
		// t = 99, w = 100, shift = 0: [25, 100): 100 is a+99 = b.
		{with(100, 75), 1, 100, 26, 100},
		// t = 0: a itself.
		{DefaultParams, 7, 7, 7, 7},
	} {
		lo, hi := SpecialWindow(tc.p, tc.a, tc.b)
		if lo != tc.wantLo || hi != tc.hi {
			t.Errorf("window of %+v over [%d, %d] = %d..%d, want %d..%d", tc.p, tc.a, tc.b, lo, hi, tc.wantLo, tc.hi)
		}
	}
	d, _ := NewDist(DefaultParams, 1, 10000)
	r := New(6)
	counts := map[int64]int{}
	for range 200000 {
		counts[d.Next(r)]++
	}
	// Inside, a full value gets 200000·0.75/75.7425 ≈ 1980 draws; outside,
	// the gaussian part gives at most about 25.
	for v, want := range map[int64][2]int{4974: {0, 60}, 4975: {400, 600}, 4976: {1700, 2300}, 5050: {1700, 2300}, 5051: {850, 1150}, 5052: {0, 60}} {
		if c := counts[v]; c < want[0] || c > want[1] {
			t.Errorf("value %d drawn %d times, want %d..%d", v, c, want[0], want[1])
		}
	}
}

func TestParetoCDF(t *testing.T) {
	const a, tsize, n = 1, 100000, 200000
	for _, h := range []float64{0.1, 0.2, 0.5, 0.9} {
		p := params(Pareto)
		p.ParetoH = h
		d, _ := NewDist(p, a, a+tsize-1)
		power := math.Log(h) / math.Log(1-h)
		qs := []float64{0.01, 0.1, h, 0.5, 0.99}
		below := make([]int, len(qs))
		r := New(5)
		for range n {
			v := float64(d.Next(r) - a)
			for i, q := range qs {
				if v < q*tsize {
					below[i]++
				}
			}
		}
		// v-a = floor(t·u^power), so P(v-a < q·t) = q^(1/power); at q = h that
		// is 1-h: the 80/20 rule for h = 0.2.
		for i, q := range qs {
			want := math.Pow(q, 1/power)
			if q == h && math.Abs(want-(1-h)) > 1e-9 {
				t.Fatalf("h %g: CDF at h is %g, not 1-h", h, want)
			}
			if got := float64(below[i]) / n; math.Abs(got-want) > 0.005 {
				t.Errorf("h %g: share below %g of the range = %.4f, want %.4f", h, q, got, want)
			}
		}
	}
}

func TestParetoSmallRangeExact(t *testing.T) {
	// Over t values, P(v-a = k) = ((k+1)/t)^(1/power) - (k/t)^(1/power).
	const a, tsize, n = 3, 5, 100000
	d, _ := NewDist(params(Pareto), a, a+tsize-1)
	power := math.Log(DefaultParams.ParetoH) / math.Log(1-DefaultParams.ParetoH)
	counts := make([]int, tsize)
	r := New(7)
	for range n {
		counts[d.Next(r)-a]++
	}
	chi2 := 0.0
	for k, c := range counts {
		p := math.Pow(float64(k+1)/tsize, 1/power) - math.Pow(float64(k)/tsize, 1/power)
		dv := float64(c) - p*n
		chi2 += dv * dv / (p * n)
	}
	if crit := chiSquareCritical(tsize - 1); chi2 > crit {
		t.Errorf("pareto over %d values: counts %v, chi-square %.1f above %.1f", tsize, counts, chi2, crit)
	}
}
