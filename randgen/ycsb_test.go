package randgen

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

func TestFNVHash64(t *testing.T) {
	// Outputs of YCSB's Utils.fnvhash64 as written in Java (signed longs,
	// arithmetic shift, Math.abs), run under OpenJDK 17.
	for _, tc := range []struct{ v, want int64 }{
		{0, 6284781860667377211},
		{1, 8517097267634966620},
		{2, 1820151046732198393},
		{42, 55488592825689361},
		{1000, 5952875239596136740},
		{9999999999, 3605131173811637474},
		{10000000000, 1201321332300452516},
		{-1, 8289690350564177859},
		{math.MinInt64, 6284922598155788219},
		{math.MaxInt64, 8289549613075766851},
		{0x0123456789ABCDEF, 4029383781087845461},
	} {
		if got := FNVHash64(tc.v); got != tc.want {
			t.Errorf("FNVHash64(%d) = %d, want %d", tc.v, got, tc.want)
		}
	}
	// The definition again, through the standard library's FNV-1a over the
	// little-endian bytes, then |h| as a signed number.
	r := New(1, 1)
	for i := range 10000 {
		v := int64(r.Uint64())
		if i < 100 {
			v = int64(i) - 50
		}
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], uint64(v))
		h := fnv.New64a()
		h.Write(b[:])
		want := int64(h.Sum64())
		if want < 0 {
			want = -want
		}
		if got := FNVHash64(v); got != want || got < 0 {
			t.Fatalf("FNVHash64(%d) = %d, want %d", v, got, want)
		}
	}
}

// grayPMF is the exact distribution of Gray et al.'s generator over n items
// with skew theta and the given zeta(n): items 0 and 1 get 1/zeta and
// 2^-theta/zeta, item k >= 2 gets the u-interval that maps to it,
// (((k+1)/n)^(1-theta) - (k/n)^(1-theta)) / eta. Only the first m items are
// returned, plus the remaining mass.
func grayPMF(n, m int64, theta, zetaN float64) (p []float64, rest float64) {
	m = min(m, n)
	p = make([]float64, m)
	zeta2 := 1 + math.Pow(2, -theta)
	eta := (1 - math.Pow(2/float64(n), 1-theta)) / (1 - zeta2/zetaN)
	cdf := func(k int64) float64 { // P(item < k) for k >= 2
		return 1 - (1-math.Pow(float64(k)/float64(n), 1-theta))/eta
	}
	for k := range m {
		switch k {
		case 0:
			p[k] = 1 / zetaN
		case 1:
			p[k] = math.Pow(2, -theta) / zetaN
		default:
			p[k] = cdf(k+1) - cdf(k)
		}
	}
	if m < n {
		rest = 1 - cdf(m)
	}
	return p, rest
}

// chiSquareBinned compares counts with expected probabilities p (summing to
// 1), merging neighbouring cells until each expects at least 20 draws. It
// returns the statistic and its degrees of freedom.
func chiSquareBinned(counts []int, p []float64) (chi2 float64, df int) {
	total := 0
	for _, c := range counts {
		total += c
	}
	bins := 0
	var obs, exp float64
	flush := func() {
		d := obs - exp
		chi2 += d * d / exp
		bins++
		obs, exp = 0, 0
	}
	for i := range counts {
		obs += float64(counts[i])
		exp += p[i] * float64(total)
		if exp >= 20 {
			flush()
		}
	}
	if exp > 0 || obs > 0 {
		flush()
	}
	return chi2, bins - 1
}

// checkGray draws from z.NextN(r, n) and compares every item's frequency with
// Gray's distribution for n items.
func checkGray(t *testing.T, z *YCSBZipfian, r *Rand, n int64, draws int) {
	t.Helper()
	counts := make([]int, n)
	for range draws {
		k := z.NextN(r, n) - z.base
		if k < 0 || k >= n {
			t.Fatalf("NextN(%d) = %d, out of [%d, %d)", n, k+z.base, z.base, z.base+n)
		}
		counts[k]++
	}
	p, _ := grayPMF(n, n, z.theta, harmonic(n, z.theta))
	if chi2, df := chiSquareBinned(counts, p); chi2 > chiSquareCritical(df) {
		t.Errorf("n=%d: chi-square %.1f above %.1f (df %d) against Gray's distribution; counts %v",
			n, chi2, chiSquareCritical(df), df, counts[:8])
	}
}

func TestYCSBZipfianTopItems(t *testing.T) {
	const draws = 2000000
	for _, n := range []int64{1000, 100000} {
		const base = -500
		z := must(NewYCSBZipfian(base, base+n-1, ZipfianConstant))
		r := New(2, uint64(n))
		var c0, c1 int
		for range draws {
			switch k := z.Next(r); {
			case k < base || k >= base+n:
				t.Fatalf("n=%d: Next() = %d, out of [%d, %d]", n, k, base, base+n-1)
			case k == base:
				c0++
			case k == base+1:
				c1++
			}
		}
		p0 := 1 / harmonic(n, ZipfianConstant)
		if got := float64(c0) / draws; math.Abs(got/p0-1) > 0.02 {
			t.Errorf("n=%d: P(min) = %.5f, want 1/zeta(n) = %.5f ± 2%%", n, got, p0)
		}
		want := math.Pow(2, ZipfianConstant)
		if ratio := float64(c0) / float64(c1); math.Abs(ratio/want-1) > 0.03 {
			t.Errorf("n=%d: P(min)/P(min+1) = %.4f, want 2^theta = %.4f ± 3%%", n, ratio, want)
		}
	}
}

func TestYCSBZipfianMatchesGray(t *testing.T) {
	for _, theta := range []float64{0, 0.5, ZipfianConstant} {
		z := must(NewYCSBZipfian(7, 7+999, theta))
		checkGray(t, z, New(3, math.Float64bits(theta)), 1000, 1000000)
	}
}

func TestYCSBZipfianChangingItemCount(t *testing.T) {
	z := must(NewYCSBZipfian(100, 100+999, ZipfianConstant))
	r := New(4)
	// Grow one item at a time, as inserts do; every draw stays in range.
	for n := int64(1000); n <= 5000; n++ {
		for range 20 {
			if k := z.NextN(r, n); k < 100 || k >= 100+n {
				t.Fatalf("NextN(%d) = %d, out of [100, %d)", n, k, 100+n)
			}
		}
	}
	// The incrementally grown zeta is the one summed afresh, and the tail
	// follows Gray's distribution for the new count (YCSB's nextLong keeps
	// the construction count in eta; that would leave items 2..9 unused).
	for _, n := range []int64{5000, 3000, 1000, 1, 2, 3, 1000} {
		z.NextN(r, n)
		if want := zetaSum(0, n, ZipfianConstant, 0); math.Abs(z.zetaN/want-1) > 1e-12 {
			t.Errorf("n=%d: zeta %.15g, want %.15g", n, z.zetaN, want)
		}
		checkGray(t, z, r, n, 400000)
	}
	if k := z.NextN(r, 0); k != 100 {
		t.Errorf("NextN(0) = %d, want min", k)
	}
}

func TestYCSBConstructorsRefuseBadInput(t *testing.T) {
	for name, f := range map[string]func() error{
		"max<min":  func() error { _, err := NewYCSBZipfian(5, 4, 0.99); return err },
		"theta=1":  func() error { _, err := NewYCSBZipfian(0, 9, 1); return err },
		"theta<0":  func() error { _, err := NewYCSBZipfian(0, 9, -0.1); return err },
		"NaN":      func() error { _, err := NewYCSBZipfian(0, 9, math.NaN()); return err },
		"overflow": func() error { _, err := NewScrambledZipfian(math.MinInt64, math.MaxInt64); return err },
		"hotspot":  func() error { _, err := NewHotspot(math.MinInt64, math.MaxInt64, 0.2, 0.8); return err },
		"uniform":  func() error { _, err := NewUniformKeys(1, 0); return err },
	} {
		if f() == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// zetaEM is zeta(n, s) by Euler-Maclaurin: the first 10^5 terms summed, the
// rest as integral plus end corrections (error far below 1e-12 here).
func zetaEM(n int64, s float64) float64 {
	const m = 100000
	fm, fn := float64(m), float64(n)
	z := harmonic(m, s)
	z += (math.Pow(fn, 1-s) - math.Pow(fm, 1-s)) / (1 - s)
	z += (math.Pow(fn, -s) - math.Pow(fm, -s)) / 2
	z += s / 12 * (math.Pow(fm, -s-1) - math.Pow(fn, -s-1))
	return z
}

func TestScrambledZetaConstant(t *testing.T) {
	if got, want := zetaEM(3000000, 0.99), harmonic(3000000, 0.99); math.Abs(got/want-1) > 1e-12 {
		t.Fatalf("zetaEM(3e6) = %.15g, summed %.15g", got, want)
	}
	if got := zetaEM(scrambledItemCount, ZipfianConstant); math.Abs(got/scrambledZetaN-1) > 1e-9 {
		t.Errorf("zeta(1e10, 0.99) = %.15g, YCSB's ZETAN is %.15g", got, scrambledZetaN)
	}
}

func TestScrambledZipfian(t *testing.T) {
	const n, base, draws = 1000, 5000, 1000000
	s := must(NewScrambledZipfian(base, base+n-1))
	r := New(5)
	counts := make([]int, n)
	for range draws {
		k := s.Next(r)
		if k < base || k >= base+n {
			t.Fatalf("Next() = %d, out of [%d, %d]", k, base, base+n-1)
		}
		counts[k-base]++
	}

	// The hottest key is item 0's hash, with at least item 0's share.
	top := slices.Index(counts, slices.Max(counts))
	if want := int(FNVHash64(0) % n); top != want {
		t.Errorf("hottest key %d, want FNVHash64(0) mod n = %d", base+top, base+want)
	}
	if share, p0 := float64(counts[top])/draws, 1/scrambledZetaN; share < p0 || share > p0+0.005 {
		t.Errorf("hottest key's share %.4f, want in [1/ZETAN, 1/ZETAN+0.5%%] = [%.4f, %.4f]", share, p0, p0+0.005)
	}
	if chi2 := chiSquareUniform(counts); chi2 < 100*chiSquareCritical(n-1) {
		t.Errorf("chi-square against uniform %.0f: not skewed", chi2)
	}
	// The ten hottest keys are spread out, not packed at the low end.
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return counts[b] - counts[a] })
	if slices.Max(idx[:10]) < n/2 {
		t.Errorf("ten hottest keys %v all in the lower half", idx[:10])
	}

	// Every key's share: Gray's distribution over YCSB's 10^10+1 items,
	// the first 2*10^6 hashed exactly, the rest spread evenly.
	const exact = 2000000
	pItems, rest := grayPMF(scrambledItemCount+1, exact, ZipfianConstant, scrambledZetaN)
	p := make([]float64, n)
	for i, pi := range pItems {
		p[FNVHash64(int64(i))%n] += pi
	}
	for i := range p {
		p[i] += rest / n
	}
	if chi2, df := chiSquareBinned(counts, p); chi2 > chiSquareCritical(df) {
		t.Errorf("chi-square %.1f above %.1f (df %d) against the hashed zipfian", chi2, chiSquareCritical(df), df)
	}
}

func TestScrambledZipfianIsHashedZipfian(t *testing.T) {
	const lo, hi = -3, 996
	s := must(NewScrambledZipfian(lo, hi))
	z := newYCSBZipfianZeta(0, scrambledItemCount+1, ZipfianConstant, scrambledZetaN)
	r1, r2 := New(6), New(6)
	for range 100000 {
		item := z.Next(r2)
		if item < 0 || item > scrambledItemCount {
			t.Fatalf("zipfian item %d out of [0, %d]", item, int64(scrambledItemCount))
		}
		if got, want := s.Next(r1), lo+FNVHash64(item)%(hi-lo+1); got != want {
			t.Fatalf("Next() = %d, want min + FNVHash64(%d) mod n = %d", got, item, want)
		}
	}
}

func TestLatestFixedBasis(t *testing.T) {
	const n, draws = 1000, 1000000
	l := NewLatest(func() int64 { return n })
	r := New(7)
	counts := make([]int, n)
	for range draws {
		k := l.Next(r)
		if k < 0 || k >= n {
			t.Fatalf("Next() = %d, out of [0, %d)", k, n)
		}
		counts[n-1-k]++ // rank: 0 is the newest key
	}
	if top := slices.Index(counts, slices.Max(counts)); top != 0 {
		t.Errorf("hottest key %d, want the newest, %d", n-1-top, n-1)
	}
	if share, want := float64(counts[0])/draws, 1/harmonic(n, ZipfianConstant); math.Abs(share/want-1) > 0.02 {
		t.Errorf("newest key's share %.5f, want 1/zeta(n) = %.5f ± 2%%", share, want)
	}
	p, _ := grayPMF(n, n, ZipfianConstant, harmonic(n, ZipfianConstant))
	if chi2, df := chiSquareBinned(counts, p); chi2 > chiSquareCritical(df) {
		t.Errorf("chi-square %.1f above %.1f (df %d) against Gray's distribution by age", chi2, chiSquareCritical(df), df)
	}
	// Draw for draw: basis()-1 minus a zipfian over basis() items.
	z := must(NewYCSBZipfian(0, n-1, ZipfianConstant))
	r1, r2 := New(7, 1), New(7, 1)
	for range 100000 {
		if got, want := l.Next(r1), n-1-z.Next(r2); got != want {
			t.Fatalf("Next() = %d, want n-1-zipfian = %d", got, want)
		}
	}
}

func TestLatestGrowingBasis(t *testing.T) {
	basis := int64(1000)
	l := NewLatest(func() int64 { return basis })
	r := New(8)
	// One insert per ten draws: every key exists, the newest is hottest.
	newest := 0
	const draws = 200000
	for i := range draws {
		if i%10 == 0 {
			basis++
		}
		k := l.Next(r)
		if k < 0 || k >= basis {
			t.Fatalf("Next() = %d with basis %d", k, basis)
		}
		if k == basis-1 {
			newest++
		}
	}
	if share := float64(newest) / draws; share < 0.98/harmonic(basis, ZipfianConstant) || share > 1.02/harmonic(1000, ZipfianConstant) {
		t.Errorf("newest key's share %.4f, want between 1/zeta(%d) and 1/zeta(1000)", share, basis)
	}
	// After a jump the new newest key takes over, with Gray's distribution
	// for the new count (YCSB's fixed eta would fail this).
	basis = 4000
	counts := make([]int, basis)
	const draws2 = 1000000
	for range draws2 {
		counts[basis-1-l.Next(r)]++
	}
	if top := slices.Index(counts, slices.Max(counts)); top != 0 {
		t.Errorf("after growth, hottest key %d, want %d", basis-1-int64(top), basis-1)
	}
	if share, want := float64(counts[0])/draws2, 1/harmonic(basis, ZipfianConstant); math.Abs(share/want-1) > 0.02 {
		t.Errorf("after growth, newest key's share %.5f, want %.5f ± 2%%", share, want)
	}
	p, _ := grayPMF(basis, basis, ZipfianConstant, harmonic(basis, ZipfianConstant))
	if chi2, df := chiSquareBinned(counts, p); chi2 > chiSquareCritical(df) {
		t.Errorf("after growth: chi-square %.1f above %.1f (df %d)", chi2, chiSquareCritical(df), df)
	}
}

func TestLatestSmallBasis(t *testing.T) {
	basis := int64(0)
	l := NewLatest(func() int64 { return basis })
	r := New(9)
	for _, b := range []int64{0, 1, 2, 1, 5} {
		basis = b
		for range 1000 {
			if k := l.Next(r); k < 0 || k >= max(b, 1) {
				t.Fatalf("basis %d: Next() = %d", b, k)
			}
		}
	}
	// Two keys: the newer one with 1/zeta(2), the older with the rest.
	basis = 2
	const draws = 100000
	ones := 0
	for range draws {
		ones += int(l.Next(r))
	}
	if share, want := float64(ones)/draws, 1/(1+math.Pow(2, -ZipfianConstant)); math.Abs(share-want) > 0.01 {
		t.Errorf("basis 2: key 1's share %.4f, want %.4f", share, want)
	}
}

func TestLatestSharedCounter(t *testing.T) {
	// Workers, each with its own chooser and stream, read a counter an
	// inserter advances; run with -race.
	var count atomic.Int64
	count.Store(500)
	var wg sync.WaitGroup
	wg.Go(func() {
		for range 5000 {
			count.Add(1)
		}
	})
	errs := make(chan int64, 4)
	for w := range 4 {
		wg.Go(func() {
			l := NewLatest(count.Load)
			r := New(10, uint64(w))
			for range 20000 {
				if k := l.Next(r); k < 0 || k >= count.Load() {
					errs <- k
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for k := range errs {
		t.Errorf("Next() = %d outside the inserted keys", k)
	}
}

func TestHotspot(t *testing.T) {
	const lo, n, draws = 1000, 5000, 2000000
	h := must(NewHotspot(lo, lo+n-1, 0.2, 0.8))
	r := New(11)
	hot, cold := make([]int, n/5), make([]int, n-n/5)
	for range draws {
		switch k := h.Next(r) - lo; {
		case k < 0 || k >= n:
			t.Fatalf("Next() = %d, out of [%d, %d]", k+lo, lo, lo+n-1)
		case k < n/5:
			hot[k]++
		default:
			cold[k-n/5]++
		}
	}
	sum := 0
	for _, c := range hot {
		sum += c
	}
	if share := float64(sum) / draws; math.Abs(share-0.8) > 0.003 {
		t.Errorf("share in the first 20%% of the range %.4f, want 0.8", share)
	}
	for name, c := range map[string][]int{"hot": hot, "cold": cold} {
		if chi2, crit := chiSquareUniform(c), chiSquareCritical(len(c)-1); chi2 > crit {
			t.Errorf("%s set: chi-square %.1f above %.1f", name, chi2, crit)
		}
	}
}

func TestHotspotEdges(t *testing.T) {
	for _, tc := range []struct {
		name          string
		lower, upper  int64
		hotset, opn   float64
		wantLo, wantH int64 // range, and first value past the hot set
		hotShare      float64
	}{
		{"swapped", 99, 0, 0.2, 0.8, 0, 20, 0.8},
		{"fractions out of range", 0, 99, 1.5, -1, 0, 0, 0},
		{"no hot set", 0, 99, 0, 0.8, 0, 0, 0},
		{"all hot", 0, 99, 1, 0.3, 0, 100, 1},
		{"one value", 7, 7, 0.2, 0.8, 7, 7, 0},
		{"three values", -1, 1, 0.5, 0.9, -1, 0, 0.9},
	} {
		h := must(NewHotspot(tc.lower, tc.upper, tc.hotset, tc.opn))
		lo, hi := min(tc.lower, tc.upper), max(tc.lower, tc.upper)
		r := New(12)
		inHot := 0
		const draws = 100000
		for range draws {
			k := h.Next(r)
			if k < lo || k > hi {
				t.Fatalf("%s: Next() = %d, out of [%d, %d]", tc.name, k, lo, hi)
			}
			if k < tc.wantH {
				inHot++
			}
		}
		if share := float64(inHot) / draws; math.Abs(share-tc.hotShare) > 0.01 {
			t.Errorf("%s: hot share %.3f, want %.3f", tc.name, share, tc.hotShare)
		}
	}
}

func TestUniformKeys(t *testing.T) {
	const lo, n = -50, 1000
	u := must(NewUniformKeys(lo, lo+n-1))
	r := New(13)
	counts := make([]int, n)
	for range 1000 * n {
		k := u.Next(r)
		if k < lo || k >= lo+n {
			t.Fatalf("Next() = %d, out of [%d, %d]", k, lo, lo+n-1)
		}
		counts[k-lo]++
	}
	if chi2, crit := chiSquareUniform(counts), chiSquareCritical(n-1); chi2 > crit {
		t.Errorf("chi-square %.1f above %.1f", chi2, crit)
	}
	if k := must(NewUniformKeys(3, 3)).Next(r); k != 3 {
		t.Errorf("[3, 3]: Next() = %d", k)
	}
}

func TestKeyChoosersDeterministic(t *testing.T) {
	mk := func() []KeyChooser {
		return []KeyChooser{
			must(NewYCSBZipfian(0, 9999, ZipfianConstant)),
			must(NewScrambledZipfian(0, 9999)),
			NewLatest(func() int64 { return 10000 }),
			must(NewHotspot(0, 9999, 0.2, 0.8)),
			must(NewUniformKeys(0, 9999)),
		}
	}
	a, b, c := mk(), mk(), mk()
	for i := range a {
		ra, rb, rc := New(14, uint64(i)), New(14, uint64(i)), New(15, uint64(i))
		same, differ := true, false
		for range 1000 {
			x := a[i].Next(ra)
			same = same && x == b[i].Next(rb)
			differ = differ || x != c[i].Next(rc)
		}
		if !same || !differ {
			t.Errorf("chooser %d (%T): same seed same sequence %v, other seed differs %v", i, a[i], same, differ)
		}
	}
}

func TestYCSBZipfianPickEnds(t *testing.T) {
	// The largest u a *Rand gives makes Gray's power round to 1, which would
	// be item n; it must be the last item. With two items, eta is 0/0.
	last := math.Nextafter(1, 0)
	for _, n := range []int64{2, 3, 1000, 100000} {
		z := must(NewYCSBZipfian(10, 10+n-1, ZipfianConstant))
		if got := z.pick(last, n); got != 10+n-1 {
			t.Errorf("n=%d: pick(1-2^-53) = %d, want %d", n, got, 10+n-1)
		}
		if got := z.pick(0, n); got != 10 {
			t.Errorf("n=%d: pick(0) = %d, want 10", n, got)
		}
		prev := int64(10)
		for i := range 100001 {
			u := min(float64(i)/100000, last)
			k := z.pick(u, n)
			if k < prev || k >= 10+n {
				t.Fatalf("n=%d: pick(%g) = %d after %d: not monotone in [10, %d)", n, u, k, prev, 10+n)
			}
			prev = k
		}
	}
}

// must is for constructors given valid input in tests.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
