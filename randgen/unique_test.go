package randgen

import (
	"slices"
	"sync"
	"testing"
)

// firstDuplicate returns a value that occurs more than once in vs. It sorts
// a copy, 4 bytes a value (8 MB for 2 million draws), where a bitmap of the
// whole uint32 range the values spread over would take 512 MiB.
func firstDuplicate(vs []uint32) (uint32, bool) {
	s := slices.Clone(vs)
	slices.Sort(s)
	for i := 1; i < len(s); i++ {
		if s[i] == s[i-1] {
			return s[i], true
		}
	}
	return 0, false
}

func TestUniqueNoRepeats(t *testing.T) {
	const n = 2000000
	for _, seed := range []uint64{0, 0xdeadbeef} {
		u := NewUnique(seed, 0)
		vs := make([]uint32, n)
		for i := range vs {
			vs[i] = u.Next()
		}
		if v, dup := firstDuplicate(vs); dup {
			t.Errorf("seed %d: value %d drawn twice in %d draws", seed, v, n)
		}
	}
}

func TestPermuteQPRIsInjective(t *testing.T) {
	// Windows around the interesting inputs: 0, the fold at p/2, and the top
	// of the range where the 5 values at or above p map to themselves. Each
	// window maps onto distinct outputs, and outputs of inputs below p stay
	// below p.
	const w = 1 << 20
	for _, start := range []uint32{0, uniquePrime/2 - w/2, uniquePrime - w + 5} {
		out := make([]uint32, 0, w)
		for i := range uint32(w) {
			x := start + i
			y := permuteQPR(x)
			if x < uniquePrime && y >= uniquePrime {
				t.Fatalf("permuteQPR(%d) = %d, not below p", x, y)
			}
			if x >= uniquePrime && y != x {
				t.Fatalf("permuteQPR(%d) = %d, want a fixed point", x, y)
			}
			out = append(out, y)
		}
		if v, dup := firstDuplicate(out); dup {
			t.Errorf("window at %d: output %d reached twice", start, v)
		}
	}
}

func TestUniqueSpread(t *testing.T) {
	// Values cover the uint32 range evenly, not a narrow band: the top byte
	// of 256000 draws is uniform.
	u := NewUnique(3, 0)
	counts := make([]int, 256)
	for range 256000 {
		counts[u.Next()>>24]++
	}
	if chi2, crit := chiSquareUniform(counts), chiSquareCritical(255); chi2 > crit {
		t.Errorf("top byte chi-square %.1f above %.1f", chi2, crit)
	}
}

func TestUniqueConcurrent(t *testing.T) {
	// 8 goroutines share one generator: together they draw exactly the first
	// 8·per values of the sequence, each once. Run with -race.
	const workers, per = 8, 200000
	u := NewUnique(5, 0)
	got := make([][]uint32, workers)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			vs := make([]uint32, per)
			<-start // all draw at once, for as much overlap as the CPUs give
			for i := range vs {
				vs[i] = u.Next()
			}
			got[w] = vs
		})
	}
	close(start)
	wg.Wait()
	all := slices.Concat(got...)
	if v, dup := firstDuplicate(all); dup {
		t.Fatalf("value %d handed out twice", v)
	}
	ref := NewUnique(5, 0)
	want := make([]uint32, len(all))
	for i := range want {
		want[i] = ref.Next()
	}
	slices.Sort(all)
	slices.Sort(want)
	if !slices.Equal(all, want) {
		t.Fatal("concurrent draws are not the first values of the sequential sequence")
	}
}

func TestUniqueSameSeedSameSequence(t *testing.T) {
	a, b, c := NewUnique(7, 0), NewUnique(7, 0), NewUnique(8, 0)
	same := 0
	for i := range 10000 {
		x, y, z := a.Next(), b.Next(), c.Next()
		if x != y {
			t.Fatalf("draw %d: %d vs %d with the same seed", i, x, y)
		}
		if x == z {
			same++
		}
	}
	if same > 2 {
		t.Errorf("seeds 7 and 8 agree on %d of 10000 draws", same)
	}
}

func TestUniqueStartContinuesSequence(t *testing.T) {
	const seed = 99
	ref := NewUnique(seed, 0)
	seq := make([]uint32, 5000)
	for i := range seq {
		seq[i] = ref.Next()
	}
	for _, k := range []uint32{0, 1, 2, 7, 1000, 4000} {
		u := NewUnique(seed, k)
		for i := int(k); i < len(seq); i++ {
			if v := u.Next(); v != seq[i] {
				t.Fatalf("NewUnique(%d, %d): draw %d = %d, want value %d of the sequence = %d", seed, k, i-int(k)+1, v, i+1, seq[i])
			}
		}
	}
}

func TestUniqueIndexWraps(t *testing.T) {
	// The shared counter wraps modulo 2^32; the values drawn across the wrap
	// are still distinct, since the permutation covers all of uint32.
	u := NewUnique(1, 0)
	u.index.Store(^uint32(0) - 1000)
	vs := make([]uint32, 4000)
	for i := range vs {
		vs[i] = u.Next()
	}
	if v, dup := firstDuplicate(vs); dup {
		t.Fatalf("value %d repeats across the counter wrap", v)
	}
}

// TestUniqueShards: two shards with the same start draw together exactly
// what one generator draws; with different starts (one counted rows the
// other had inserted), they still never draw the same value.
func TestUniqueShards(t *testing.T) {
	whole := NewUnique(9, 100)
	want := map[uint32]bool{}
	for range 1000 {
		want[whole.Next()] = true
	}
	got := map[uint32]bool{}
	for i := range 2 {
		s := NewUniqueShard(9, 100, i, 2)
		for range 500 {
			got[s.Next()] = true
		}
	}
	if len(got) != 1000 {
		t.Fatalf("two shards drew %d distinct values of 1000", len(got))
	}
	for v := range got {
		if !want[v] {
			t.Fatalf("shards drew %d, which one generator does not", v)
		}
	}
	a, b := NewUniqueShard(9, 0, 0, 2), NewUniqueShard(9, 537, 1, 2)
	seen := map[uint32]bool{}
	for range 5000 {
		seen[a.Next()] = true
	}
	for range 5000 {
		if v := b.Next(); seen[v] {
			t.Fatalf("shards with starts 0 and 537 both drew %d", v)
		}
	}
}
