package results

import (
	"math"
	"slices"
)

// The run-to-run noise rule of compare.
//
// A run's intervals are repeated measurements of the same steady state, so
// their spread tells how much a number moves with no change at all. Two
// runs differ beyond that noise when the difference of their per-interval
// means is larger than t·√(sA²/nA + sB²/nB): Welch's two-sample test at
// 95% (t is Student's two-sided 97.5% quantile at the Welch–Satterthwaite
// degrees of freedom, about 2 for long runs, larger for short ones).
//
// Neighbouring intervals are not independent (a checkpoint or a cache
// warming spans several), and treating them as independent makes noise
// look like a difference. So each run's n is discounted by its lag-1
// autocorrelation r, as for an AR(1) series: n_eff = n·(1−r)/(1+r), r
// clamped to [0, 0.9]. Latencies are compared on a log scale (see
// compare.go). Runs with fewer than MinNoiseIntervals measured
// intervals are not judged.

// MinNoiseIntervals is the fewest measured intervals a run needs for its
// noise to be judged: below three, a standard deviation means nothing.
const MinNoiseIntervals = 3

// Noise is the verdict on a difference between two runs.
type Noise int

// Verdicts.
const (
	// NoiseUnknown: too few intervals, or no per-interval series of the metric.
	NoiseUnknown Noise = iota
	// WithinNoise: the runs cannot be told apart on this metric.
	WithinNoise
	// BeyondNoise: the difference is larger than the intervals' noise.
	BeyondNoise
)

// Spread digests a per-interval series.
type Spread struct {
	N      int
	Mean   float64
	Stddev float64 // sample standard deviation (n−1)
	// NEff is N discounted for autocorrelation.
	NEff float64
}

// MeasuredIntervals are the intervals whose rates describe the run's
// steady state: warmup intervals are left out, and so are intervals shorter
// than half the usual length (the last one, cut short by the end, whose
// rate has few events behind it).
func MeasuredIntervals(ivs []Interval) []Interval {
	var durs []float64
	for _, iv := range ivs {
		if !iv.Warmup && iv.DurS > 0 {
			durs = append(durs, iv.DurS)
		}
	}
	if len(durs) == 0 {
		return nil
	}
	slices.Sort(durs)
	median := durs[len(durs)/2]
	var out []Interval
	for _, iv := range ivs {
		if !iv.Warmup && iv.DurS >= median/2 {
			out = append(out, iv)
		}
	}
	return out
}

// SpreadOf digests xs.
func SpreadOf(xs []float64) Spread {
	s := Spread{N: len(xs)}
	if s.N == 0 {
		return s
	}
	for _, x := range xs {
		s.Mean += x
	}
	s.Mean /= float64(s.N)
	var ss, lag float64
	for i, x := range xs {
		d := x - s.Mean
		ss += d * d
		if i > 0 {
			lag += d * (xs[i-1] - s.Mean)
		}
	}
	s.NEff = float64(s.N)
	if s.N > 1 {
		s.Stddev = math.Sqrt(ss / float64(s.N-1))
	}
	if ss > 0 {
		r := min(max(lag/ss, 0), 0.9)
		s.NEff = float64(s.N) * (1 - r) / (1 + r)
	}
	return s
}

// CompareNoise judges the difference of b's mean from a's.
func CompareNoise(a, b Spread) Noise {
	if a.N < MinNoiseIntervals || b.N < MinNoiseIntervals {
		return NoiseUnknown
	}
	va, vb := a.Stddev*a.Stddev/a.NEff, b.Stddev*b.Stddev/b.NEff
	diff := math.Abs(b.Mean - a.Mean)
	if va+vb == 0 {
		// Both series constant: any difference is real.
		if diff == 0 {
			return WithinNoise
		}
		return BeyondNoise
	}
	df := (va + vb) * (va + vb) / (va*va/math.Max(a.NEff-1, 1) + vb*vb/math.Max(b.NEff-1, 1))
	if diff <= studentT975(df)*math.Sqrt(va+vb) {
		return WithinNoise
	}
	return BeyondNoise
}

// studentT975 is Student's t two-sided 95% (one-sided 97.5%) quantile at
// df degrees of freedom: the standard table, interpolated linearly in 1/df,
// which is close to exact between the tabulated points.
func studentT975(df float64) float64 {
	table := [...]struct{ df, t float64 }{
		{1, 12.706}, {2, 4.303}, {3, 3.182}, {4, 2.776}, {5, 2.571}, {6, 2.447}, {7, 2.365}, {8, 2.306},
		{9, 2.262}, {10, 2.228}, {12, 2.179}, {15, 2.131}, {20, 2.086}, {25, 2.060}, {30, 2.042},
		{40, 2.021}, {60, 2.000}, {120, 1.980}, {math.Inf(1), 1.960},
	}
	if df <= table[0].df {
		return table[0].t
	}
	for i := 1; i < len(table); i++ {
		if hi := table[i]; df <= hi.df {
			lo := table[i-1]
			f := (1/lo.df - 1/df) / (1/lo.df - 1/hi.df)
			return lo.t + f*(hi.t-lo.t)
		}
	}
	return table[len(table)-1].t
}
