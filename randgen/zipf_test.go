package randgen

import (
	"fmt"
	"math"
	"testing"
)

// harmonic is the generalized harmonic number H(n, s) = Σ_{k=1..n} k^-s,
// summed from the small terms up to keep the rounding error low.
func harmonic(n int64, s float64) float64 {
	h := 0.0
	for k := n; k >= 1; k-- {
		h += math.Pow(float64(k), -s)
	}
	return h
}

func TestZipfRankFrequencies(t *testing.T) {
	const draws = 2000000
	for _, tc := range []struct {
		n int64
		s float64
	}{
		{1000, 0.8}, {1000, 0.99}, {1000000, 0.8}, {1000000, 0.99},
		{1000, 1}, // (1-s) = 0: the series branches of helper1 and helper2
		{1000, 1.5},
	} {
		t.Run(fmt.Sprintf("n=%d,s=%g", tc.n, tc.s), func(t *testing.T) {
			z := NewZipfSampler(tc.n, tc.s)
			r := New(8, uint64(tc.n), math.Float64bits(tc.s))
			var c1, c2 int
			for range draws {
				switch k := z.Sample(r); {
				case k < 1 || k > tc.n:
					t.Fatalf("Sample() = %d, out of 1..%d", k, tc.n)
				case k == 1:
					c1++
				case k == 2:
					c2++
				}
			}
			p1 := 1 / harmonic(tc.n, tc.s)
			got1 := float64(c1) / draws
			if math.Abs(got1/p1-1) > 0.03 {
				t.Errorf("P(1) = %.5f, want 1/H(n,s) = %.5f ± 3%%", got1, p1)
			}
			wantRatio := math.Pow(2, tc.s)
			if ratio := float64(c1) / float64(c2); math.Abs(ratio/wantRatio-1) > 0.05 {
				t.Errorf("P(1)/P(2) = %.4f, want 2^s = %.4f ± 5%%", ratio, wantRatio)
			}
		})
	}
}

func TestZipfChiSquareAgainstExactPMF(t *testing.T) {
	// Ranks 1..40 one by one, the rest in one tail bucket, against the exact
	// probabilities k^-s / H(n, s).
	const n, buckets, draws = 1000, 40, 1000000
	for _, s := range []float64{0.5, 0.8, 0.99, 1, 1.2} {
		z := NewZipfSampler(n, s)
		counts := make([]int, buckets+1)
		r := New(9, math.Float64bits(s))
		for range draws {
			counts[min(z.Sample(r), buckets+1)-1]++
		}
		h := harmonic(n, s)
		chi2, tail := 0.0, 1.0
		for k := 1; k <= buckets+1; k++ {
			p := tail
			if k <= buckets {
				p = math.Pow(float64(k), -s) / h
				tail -= p
			}
			d := float64(counts[k-1]) - p*draws
			chi2 += d * d / (p * draws)
		}
		if crit := chiSquareCritical(buckets); chi2 > crit {
			t.Errorf("s=%g: chi-square %.1f above %.1f; counts %v", s, chi2, crit, counts[:10])
		}
	}
}

func TestZipfExponentZeroIsUniform(t *testing.T) {
	for _, n := range []int64{1, 2, 100} {
		z := NewZipfSampler(n, 0)
		counts := make([]int, n)
		r := New(10)
		for range 1000 * int(n) {
			k := z.Sample(r)
			if k < 1 || k > n {
				t.Fatalf("n=%d: Sample() = %d, out of range", n, k)
			}
			counts[k-1]++
		}
		if n > 1 {
			if chi2, crit := chiSquareUniform(counts), chiSquareCritical(int(n)-1); chi2 > crit {
				t.Errorf("n=%d, s=0: chi-square %.1f above %.1f", n, chi2, crit)
			}
		}
	}
}

func TestZipfLargeOrSteep(t *testing.T) {
	// Huge tables keep samples in range; a very steep exponent puts nearly
	// everything on rank 1 instead of looping.
	for _, tc := range []struct {
		n    int64
		s    float64
		only bool // every draw is 1
	}{
		{1, 0.8, true},
		{1 << 40, 0.8, false},
		{math.MaxInt32, 0.99, false},
		{1000, 50, true},
		{1 << 40, 1e6, true},
	} {
		z := NewZipfSampler(tc.n, tc.s)
		r := New(11)
		for range 10000 {
			k := z.Sample(r)
			if k < 1 || k > tc.n || (tc.only && k != 1) {
				t.Fatalf("n=%d s=%g: Sample() = %d", tc.n, tc.s, k)
			}
		}
	}
}

func TestZipfDeterministic(t *testing.T) {
	z := NewZipfSampler(1000000, 0.99)
	a, b := New(12, 1), New(12, 1)
	for i := range 10000 {
		if x, y := z.Sample(a), z.Sample(b); x != y {
			t.Fatalf("draw %d: %d vs %d from identical streams", i, x, y)
		}
	}
}

func TestZipfianDistOffset(t *testing.T) {
	// Value a is rank 1, the most frequent: P(a) = 1/H(n, s).
	const a, size, n = -20, 100, 200000
	d, _ := NewDist(params(Zipfian), a, a+size-1)
	counts := make([]int, size)
	r := New(6)
	for range n {
		counts[d.Next(r)-a]++
	}
	want := 1 / harmonic(size, DefaultParams.ZipfianExp)
	if got := float64(counts[0]) / n; math.Abs(got/want-1) > 0.03 {
		t.Errorf("P(a) = %.4f, want %.4f", got, want)
	}
	if counts[0] <= counts[1] || counts[1] <= counts[size/2] {
		t.Errorf("frequencies must fall with rank: a %d, a+1 %d, middle %d", counts[0], counts[1], counts[size/2])
	}
}
