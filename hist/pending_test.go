package hist

import (
	"math/rand/v2"
	"testing"
)

// TestPendingSettles: values held in pending (Op.Record) and settled by a
// full buffer, by OK, by Merge and by a Slot's swap give the histogram,
// count, minimum, maximum and sum of recording each value straight into
// the histogram, in any order and with repeated values.
func TestPendingSettles(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	n := 3*pendingMax + 17
	vals := make([]int64, n)
	for i := range vals {
		switch i % 5 {
		case 0:
			vals[i] = 1 + rng.Int64N(50) // many repeats
		case 1:
			vals[i] = Highest + rng.Int64N(1000) // clamped
		default:
			vals[i] = rng.Int64N(int64(1e9))
		}
	}
	want := New()
	var minNs, maxNs, sumNs int64
	for i, v := range vals {
		c, _ := Clamp(v)
		_ = want.RecordValue(c)
		if i == 0 || v < minNs {
			minNs = v
		}
		maxNs, sumNs = max(maxNs, v), sumNs+v
	}

	o := NewOp()
	for i, v := range vals {
		o.Record(v, false)
		if len(o.pending) > pendingMax {
			t.Fatalf("pending holds %d values, bound %d", len(o.pending), pendingMax)
		}
		if o.Count() != int64(i+1) {
			t.Fatalf("count %d after %d records", o.Count(), i+1)
		}
	}
	if len(o.pending) == 0 || o.ok.TotalCount() == 0 {
		t.Fatalf("a full buffer did not settle, or the last values did not wait: %d pending, %d settled", len(o.pending), o.ok.TotalCount())
	}
	sameHist(t, "OK()", o.OK(), want)
	if len(o.pending) != 0 {
		t.Errorf("OK() left %d values pending", len(o.pending))
	}
	if g, w := [4]int64{o.Count(), o.MinNs, o.MaxNs, o.SumNs}, [4]int64{int64(n), minNs, maxNs, sumNs}; g != w {
		t.Errorf("count, min, max, sum %v, want %v", g, w)
	}

	// Merge settles what it merges from; Merge into an Op with values
	// pending keeps them.
	a, b := NewOp(), NewOp()
	for i, v := range vals {
		if i%2 == 0 {
			a.Record(v, false)
		} else {
			b.Record(v, false)
		}
	}
	a.Merge(b)
	sameHist(t, "merged", a.OK(), want)
	if g, w := [4]int64{a.Count(), a.MinNs, a.MaxNs, a.SumNs}, [4]int64{int64(n), minNs, maxNs, sumNs}; g != w {
		t.Errorf("merged count, min, max, sum %v, want %v", g, w)
	}

	// A swapped-out Set is settled before the collector sees it.
	slot := NewSlot(1, 1, true)
	s := slot.Acquire()
	for _, v := range vals[:100] {
		s.RecordOp(0, v, false)
	}
	slot.Release()
	got := slot.Swap(true)
	if len(got.Ops[0].pending) != 0 || got.Ops[0].ok.TotalCount() != 100 {
		t.Errorf("swapped Set: %d pending, %d in the histogram; want 0, 100", len(got.Ops[0].pending), got.Ops[0].ok.TotalCount())
	}
	slot.Recycle(got)
	if got.Ops[0].Count() != 0 {
		t.Errorf("recycled Set still counts %d", got.Ops[0].Count())
	}
}
