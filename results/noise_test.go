package results

import (
	"math"
	"math/rand/v2"
	"testing"
)

// normal draws n values of mean m and standard deviation sd, seeded.
func normal(seed uint64, n int, m, sd float64) []float64 {
	rng := rand.New(rand.NewPCG(seed, 1))
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = m + sd*rng.NormFloat64()
	}
	return xs
}

func TestNoiseRule(t *testing.T) {
	cases := []struct {
		name string
		a, b []float64
		want Noise
	}{
		{"same distribution", normal(1, 30, 1000, 20), normal(2, 30, 1000, 20), WithinNoise},
		{"10% faster", normal(1, 30, 1000, 20), normal(2, 30, 1100, 20), BeyondNoise},
		{"1% faster in wide noise", normal(1, 30, 1000, 50), normal(2, 30, 1010, 50), WithinNoise},
		{"1% faster in narrow noise", normal(1, 60, 1000, 2), normal(2, 60, 1010, 2), BeyondNoise},
		{"constant and equal", []float64{200, 200, 200}, []float64{200, 200, 200, 200}, WithinNoise},
		{"constant and different", []float64{200, 200, 200}, []float64{201, 201, 201}, BeyondNoise},
		{"too few intervals", []float64{100, 101}, normal(2, 30, 1000, 20), NoiseUnknown},
		{"no intervals", nil, nil, NoiseUnknown},
	}
	for _, c := range cases {
		if got := CompareNoise(SpreadOf(c.a), SpreadOf(c.b)); got != c.want {
			t.Errorf("%s: got %v, want %v (A %+v, B %+v)", c.name, got, c.want, SpreadOf(c.a), SpreadOf(c.b))
		}
	}
}

// TestNoiseAutocorrelation: correlated intervals carry less evidence than
// their count, and the rule must say so.
func TestNoiseAutocorrelation(t *testing.T) {
	// An AR(1) series, φ = 0.8: n_eff ≈ n·0.2/1.8.
	rng := rand.New(rand.NewPCG(7, 1))
	xs := make([]float64, 400)
	for i := 1; i < len(xs); i++ {
		xs[i] = 0.8*xs[i-1] + rng.NormFloat64()
	}
	s := SpreadOf(xs)
	if s.NEff > 0.2*float64(s.N) || s.NEff < 0.05*float64(s.N) {
		t.Errorf("AR(1) φ=0.8: n_eff %.1f of %d, want about %.0f", s.NEff, s.N, float64(s.N)*0.2/1.8)
	}
	// Alternating values are anti-correlated: no discount (and no bonus).
	if s := SpreadOf([]float64{1, 3, 1, 3, 1, 3}); s.NEff != 6 {
		t.Errorf("alternating series: n_eff %g, want 6", s.NEff)
	}
	// The same means and spreads: significant with independent
	// intervals, within noise once they are worth five each.
	a := Spread{N: 30, Mean: 100, Stddev: 10, NEff: 30}
	b := Spread{N: 30, Mean: 106, Stddev: 10, NEff: 30}
	if got := CompareNoise(a, b); got != BeyondNoise {
		t.Errorf("independent intervals: %v, want beyond noise", got)
	}
	a.NEff, b.NEff = 5, 5
	if got := CompareNoise(a, b); got != WithinNoise {
		t.Errorf("correlated intervals: %v, want within noise", got)
	}
}

func TestStudentT(t *testing.T) {
	// Exact quantiles from the tables, including points between the
	// tabulated ones.
	for df, want := range map[float64]float64{1: 12.706, 4: 2.776, 10: 2.228, 11: 2.201, 17: 2.110, 50: 2.009, 1e9: 1.960} {
		if got := studentT975(df); math.Abs(got-want) > 0.01 {
			t.Errorf("t(%g) = %.3f, want %.3f", df, got, want)
		}
	}
	if got := studentT975(0.3); got != 12.706 {
		t.Errorf("t below 1 df = %g, want the 1-df value", got)
	}
}

func TestMeasuredIntervals(t *testing.T) {
	ivs := []Interval{
		{T: 1, DurS: 1, Warmup: true}, {T: 2, DurS: 1, Warmup: true},
		{T: 3, DurS: 1, TPS: 10}, {T: 4, DurS: 1.002, TPS: 11}, {T: 5, DurS: 0.998, TPS: 12},
		{T: 5.2, DurS: 0.2, TPS: 400}, // the end cut this one short
	}
	got := MeasuredIntervals(ivs)
	if len(got) != 3 || got[0].T != 3 || got[2].T != 5 {
		t.Errorf("measured intervals %+v, want t=3,4,5", got)
	}
	if MeasuredIntervals(ivs[:2]) != nil {
		t.Errorf("warmup only: want none")
	}
}
