package main

import (
	"math"
	"slices"
	"testing"
)

// Chi-square tests over histograms, for randdist_test.go.

// hist is the counts of one distribution over [a, b], by value.
type drawHist struct {
	a, b   int64
	counts map[int64]int64
	n      int64
}

// bucketWidth is the width of the buckets a range is counted in: values one
// by one up to 10,000 values, in 1,000 buckets beyond.
func bucketWidth(a, b int64) int64 {
	if size := b - a + 1; size > 10000 {
		return (size + 999) / 1000
	}
	return 1
}

// buckets are h's counts in buckets of bucketWidth, from a up.
func (h drawHist) buckets() []float64 {
	w := bucketWidth(h.a, h.b)
	out := make([]float64, (h.b-h.a)/w+1)
	for v, c := range h.counts {
		out[(v-h.a)/w] += float64(c)
	}
	return out
}

// mergeSparse groups adjacent buckets from the first until each group's
// weight reaches min (a short last group joins the one before), so that
// no expected count of a chi-square test is too small for its
// approximation. It returns each bucket's group.
func mergeSparse(weight []float64, min float64) (group []int, groups int) {
	group = make([]int, len(weight))
	acc, open := 0.0, false
	for i, w := range weight {
		group[i], open = groups, true
		if acc += w; acc >= min {
			groups++
			acc, open = 0, false
		}
	}
	if open { // the tail did not reach min
		if groups == 0 {
			return group, 1
		}
		for i := len(group) - 1; i >= 0 && group[i] == groups; i-- {
			group[i] = groups - 1
		}
	}
	return group, groups
}

// homogeneity is Pearson's chi-square test that x and y are drawn from one
// distribution: the statistic over buckets merged until the two together
// hold at least 10 draws (5 expected of each when their sizes are equal),
// its degrees of freedom and its p-value.
func homogeneity(x, y drawHist) (chi2 float64, df int, p float64) {
	bx, by := x.buckets(), y.buckets()
	pooled := make([]float64, len(bx))
	for i := range bx {
		pooled[i] = bx[i] + by[i]
	}
	group, groups := mergeSparse(pooled, 10)
	ox, oy := make([]float64, groups), make([]float64, groups)
	for i, g := range group {
		ox[g] += bx[i]
		oy[g] += by[i]
	}
	nx, ny := float64(x.n), float64(y.n)
	for g := range groups {
		tot := ox[g] + oy[g]
		ex, ey := nx*tot/(nx+ny), ny*tot/(nx+ny)
		chi2 += (ox[g]-ex)*(ox[g]-ex)/ex + (oy[g]-ey)*(oy[g]-ey)/ey
	}
	df = groups - 1
	return chi2, df, chiSquareP(chi2, df)
}

// goodnessOfFit is Pearson's chi-square test of h against the probability
// of each value, pmf(v) (summing to 1 over [a, b]), over buckets merged
// until they expect at least 5 draws.
func goodnessOfFit(h drawHist, pmf func(v int64) float64) (chi2 float64, df int, p float64) {
	w := bucketWidth(h.a, h.b)
	want := make([]float64, (h.b-h.a)/w+1)
	for v := h.a; v <= h.b; v++ {
		want[(v-h.a)/w] += pmf(v) * float64(h.n)
	}
	got := h.buckets()
	group, groups := mergeSparse(want, 5)
	o, e := make([]float64, groups), make([]float64, groups)
	for i, g := range group {
		o[g] += got[i]
		e[g] += want[i]
	}
	for g := range groups {
		chi2 += (o[g] - e[g]) * (o[g] - e[g]) / e[g]
	}
	df = groups - 1
	return chi2, df, chiSquareP(chi2, df)
}

// chiSquareP is the upper tail P(X ≥ x) of the chi-square distribution
// with df degrees of freedom: the regularized upper incomplete gamma
// function Q(df/2, x/2), by its power series below a+1 and its continued
// fraction (evaluated by the modified Lentz method) above.
func chiSquareP(x float64, df int) float64 {
	if df <= 0 || x <= 0 {
		return 1
	}
	a, z := float64(df)/2, x/2
	lg, _ := math.Lgamma(a)
	front := math.Exp(a*math.Log(z) - z - lg)
	if z < a+1 {
		// P(a, z) = front · Σ z^n / (a (a+1) … (a+n)).
		term := 1 / a
		sum := term
		for n := 1.0; n < 1e5 && term > sum*1e-16; n++ {
			term *= z / (a + n)
			sum += term
		}
		return max(0, 1-front*sum)
	}
	// Q(a, z) = front · 1/(z+1-a- 1(1-a)/(z+3-a- 2(2-a)/(z+5-a- …))).
	const tiny = 1e-300
	b := z + 1 - a
	c, d := 1/tiny, 1/b
	frac := d
	for i := 1.0; i < 1e5; i++ {
		an := -i * (i - a)
		b += 2
		if d = an*d + b; math.Abs(d) < tiny {
			d = tiny
		}
		if c = b + an/c; math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		frac *= d * c
		if math.Abs(d*c-1) < 1e-16 {
			break
		}
	}
	return front * frac
}

// TestChiSquareP checks chiSquareP against published quantiles of the
// chi-square distribution (NIST/SEMATECH e-Handbook, table 1.3.6.7.4) on
// both sides of its series/continued-fraction switch, and the two sides
// of the exact df = 2 tail exp(-x/2).
func TestChiSquareP(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		df   int
		want float64
	}{
		{3.841, 1, 0.05}, {10.828, 1, 0.001}, {0.016, 1, 0.90},
		{18.307, 10, 0.05}, {29.588, 10, 0.001}, {4.865, 10, 0.90},
		{124.342, 100, 0.05}, {149.449, 100, 0.001}, {82.358, 100, 0.90},
		{1, 2, math.Exp(-0.5)}, {30, 2, math.Exp(-15)},
	} {
		if got := chiSquareP(tc.x, tc.df); math.Abs(got-tc.want) > 1e-3*tc.want {
			t.Errorf("chiSquareP(%g, %d) = %.6g, want %.6g", tc.x, tc.df, got, tc.want)
		}
	}
}

// TestMergeSparse checks the grouping: each group holds at least min and
// a short tail joins the group before it.
func TestMergeSparse(t *testing.T) {
	for _, tc := range []struct {
		weight []float64
		want   []int
	}{
		{[]float64{12, 3, 4, 5, 20, 2}, []int{0, 1, 1, 1, 2, 2}},
		{[]float64{12, 0, 0}, []int{0, 0, 0}},
		{[]float64{3, 4}, []int{0, 0}},
		{[]float64{0, 10, 10}, []int{0, 0, 1}},
	} {
		group, groups := mergeSparse(tc.weight, 10)
		if !slices.Equal(group, tc.want) || groups != tc.want[len(tc.want)-1]+1 {
			t.Errorf("mergeSparse(%v) = %v (%d groups), want %v", tc.weight, group, groups, tc.want)
		}
	}
}
