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

func TestGaussianMoments(t *testing.T) {
	const a, b, n = 1, 10000, 200000
	for _, iter := range []int{1, 2, 12, 30} {
		p := params(Gaussian)
		p.SpecIter = iter
		d, _ := NewDist(p, a, b)
		r := New(3, uint64(iter))
		var sum, sumSq float64
		for range n {
			v := float64(d.Next(r) - a)
			sum += v
			sumSq += v * v
		}
		mean, variance := sum/n, sumSq/n-(sum/n)*(sum/n)
		tt, k := float64(b-a+1), float64(iter)
		// The average of iter draws over [0, t) has mean (t-1)/2 and variance
		// (t²-1)/12/iter; sysbench truncates it, which lowers the mean by about
		// (iter-1)/(2 iter) and adds at most 1/12 of variance.
		wantMean := (tt-1)/2 - (k-1)/(2*k)
		wantVar := (tt*tt - 1) / 12 / k
		se := math.Sqrt(wantVar / n)
		if math.Abs(mean-wantMean) > 5*se {
			t.Errorf("iter %d: mean %.2f, want %.2f ± %.2f", iter, mean, wantMean, 5*se)
		}
		if math.Abs(variance/wantVar-1) > 0.02 {
			t.Errorf("iter %d: variance %.0f, want %.0f ± 2%%", iter, variance, wantVar)
		}
	}
}

// normalCDF is Φ(x).
func normalCDF(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

func TestSpecialShareInWindow(t *testing.T) {
	const a, tsize, n = 1001, 100000, 200000
	for _, tc := range []struct{ pct, res int }{
		{1, 75}, // sysbench's defaults: 100/(100-75) = 4, so 3/4 of draws are special
		{5, 50},
		{10, 80},
		{1, 70},  // 100/30 = 3 in integer division: 2/3 special, not 70%
		{0, 75},  // no special percentage still leaves one special value
		{10, 90}, // 100/10 = 10: 9/10 special
		{1, 0},   // 100/100 = 1: no special draws, all gaussian
	} {
		p := params(Special)
		p.SpecPct, p.SpecRes = tc.pct, tc.res
		d, _ := NewDist(p, a, a+tsize-1)
		width := max(tsize*tc.pct/100, 1)
		lo := int64(tsize/2 - tsize*tc.pct/200)
		inWindow := make([]int, width)
		total := 0
		r := New(4, uint64(tc.pct), uint64(tc.res))
		for range n {
			if off := d.Next(r) - a - lo; off >= 0 && off < int64(width) {
				inWindow[off]++
				total++
			}
		}
		// The non-special draws are gaussian over the range; part of them
		// falls in the window too.
		m := float64(100 / (100 - tc.res))
		iter := float64(p.SpecIter)
		mu := (tsize-1)/2.0 - (iter-1)/(2*iter)
		sd := math.Sqrt((tsize*tsize-1)/12.0/iter + 1.0/12)
		pg := normalCDF((float64(lo)+float64(width)-0.5-mu)/sd) - normalCDF((float64(lo)-0.5-mu)/sd)
		want := (m-1)/m + pg/m
		got := float64(total) / n
		if math.Abs(got-want) > 0.005 {
			t.Errorf("pct %d res %d: %.4f of draws in the special window, want %.4f", tc.pct, tc.res, got, want)
		}
		// Special draws spread evenly over the window.
		if width > 1 {
			if chi2, crit := chiSquareUniform(inWindow), chiSquareCritical(width-1); chi2 > crit {
				t.Errorf("pct %d res %d: window counts uneven, chi-square %.1f above %.1f", tc.pct, tc.res, chi2, crit)
			}
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
