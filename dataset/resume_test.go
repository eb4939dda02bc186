package dataset

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSpans adds batches in random order and checks the spans against a
// plain set after every addition: sorted, disjoint, merged, and exactly
// the batches added.
func TestSpans(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 50 {
		n := int64(1 + r.IntN(40))
		var spans [][2]int64
		in := map[int64]bool{}
		for range 2 * n {
			b := r.Int64N(n)
			spans = addSpan(spans, b)
			in[b] = true
			for i, s := range spans {
				if s[0] >= s[1] || (i > 0 && spans[i-1][1] >= s[0]) {
					t.Fatalf("round %d: spans %v are not sorted, disjoint and merged", round, spans)
				}
			}
			for x := range n {
				if inSpans(spans, x) != in[x] {
					t.Fatalf("round %d: batch %d in %v is %v, want %v", round, x, spans, inSpans(spans, x), in[x])
				}
			}
			if got := batchesDone(spans); got != int64(len(in)) {
				t.Fatalf("round %d: %v count %d, want %d", round, spans, got, len(in))
			}
		}
		if len(in) == int(n) && !slices.Equal(spans, [][2]int64{{0, n}}) {
			t.Fatalf("round %d: every batch added, spans %v", round, spans)
		}
	}
}
