package hist

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// bucketWidth follows the library's geometry: stepping by it visits every
// bucket once.
func TestBucketWidthVisitsEachBucketOnce(t *testing.T) {
	h := New()
	n := 0
	for v := Lowest; v < 1<<24; v += bucketWidth(v) {
		_ = h.RecordValue(v)
		n++
		if int(h.Populated()) != n {
			t.Fatalf("value %d: %d buckets populated after %d distinct steps", v, h.Populated(), n)
		}
	}
}

// A reserved Set gives the same histograms as a new one, and merging a
// long run's worth of spread-out latencies into it allocates nothing.
func TestReserveKeepsResultsAndMemory(t *testing.T) {
	fresh, reserved := NewSet(1, 1), NewSet(1, 1)
	reserved.Reserve(ReserveBuckets, true)
	if reserved.Txn.Count() != 0 || reserved.Ops[0].OK().Populated() != 0 {
		t.Fatalf("a reserved Set is not empty: %d counts, %d buckets", reserved.Txn.Count(), reserved.Ops[0].OK().Populated())
	}
	size := reserved.Ops[0].OK().GetMemorySize()
	if size > 2*ReserveBuckets*6+4096 {
		t.Fatalf("reserving %d buckets took %d bytes", ReserveBuckets, size)
	}
	r := rand.New(rand.NewPCG(1, 2))
	iv := NewSet(1, 1)
	for range 600 { // 600 intervals of 200 latencies with a long tail
		iv.Reset()
		for range 200 {
			v := int64(100_000 * (1 + 100*r.ExpFloat64()*r.Float64()*r.ExpFloat64()))
			iv.RecordOp(0, v, false)
			iv.RecordTxn(0, v, v, 0)
		}
		fresh.Merge(iv)
		reserved.Merge(iv)
	}
	if p := reserved.Ops[0].OK().Populated(); p < ReserveBuckets/2 || int(p) > ReserveBuckets {
		t.Fatalf("the test's latencies fill %d buckets, want between half the reservation and all of it", p)
	}
	t.Logf("populated %d, reserved %d bytes, fresh %d bytes", reserved.Ops[0].OK().Populated(), size, fresh.Ops[0].OK().GetMemorySize())
	if got := reserved.Ops[0].OK().GetMemorySize(); got != size {
		t.Errorf("memory of a reserved histogram went from %d to %d bytes within its reservation", size, got)
	}
	for name, pair := range map[string][2]*Op{"txn": {fresh.Txn.Op, reserved.Txn.Op}, "op": {fresh.Ops[0], reserved.Ops[0]}} {
		a, _ := Encode(pair[0].OK())
		b, _ := Encode(pair[1].OK())
		if !bytes.Equal(a, b) {
			t.Errorf("%s: the reserved histogram encodes differently from a new one", name)
		}
		if x, y := Summarize(pair[0], Percentiles), Summarize(pair[1], Percentiles); x.Count != y.Count || x.Min != y.Min || x.Max != y.Max || x.Sum != y.Sum || x.Pct[3] != y.Pct[3] {
			t.Errorf("%s: summaries differ: %+v and %+v", name, x, y)
		}
	}
}

// MergeReserving reserves an operation once, just before its first values,
// and not one that never gets any: a script's 257 slots cost the room of
// the statements it runs.
func TestMergeReserving(t *testing.T) {
	total, iv := NewSet(1, 3), NewSet(1, 3)
	total.ReserveTxns(ReserveBuckets, false)
	if total.Ops[0].reserved || total.Ops[1].reserved {
		t.Fatal("ReserveTxns reserved an operation")
	}
	iv.RecordOp(1, 5000, false)
	total.MergeReserving(iv, ReserveBuckets)
	size := total.Ops[1].OK().GetMemorySize()
	if !total.Ops[1].reserved || total.Ops[0].reserved || total.Ops[2].reserved || size < ReserveBuckets {
		t.Fatalf("after op 1's first values: reserved %v %v %v, op 1 takes %d bytes", total.Ops[0].reserved, total.Ops[1].reserved, total.Ops[2].reserved, size)
	}
	if total.Ops[1].OK().TotalCount() != 1 || total.Ops[1].OK().Populated() != 1 {
		t.Fatalf("op 1 holds %d values in %d buckets, want its one value", total.Ops[1].OK().TotalCount(), total.Ops[1].OK().Populated())
	}
	iv.Reset()
	iv.RecordOp(1, 7000, false)
	total.MergeReserving(iv, ReserveBuckets)
	if total.Ops[1].OK().TotalCount() != 2 || total.Ops[1].OK().GetMemorySize() != size {
		t.Fatalf("the second merge: %d values, %d bytes (was %d)", total.Ops[1].OK().TotalCount(), total.Ops[1].OK().GetMemorySize(), size)
	}
}
