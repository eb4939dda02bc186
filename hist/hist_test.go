package hist

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

var checkPcts = []float64{0, 1, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100}

func buckets(h *hdr.PackedHistogram) [][2]int64 {
	var out [][2]int64
	if h != nil {
		h.ForEachBucket(func(v, c int64) bool { out = append(out, [2]int64{v, c}); return true })
	}
	return out
}

func dense(h *hdr.PackedHistogram) *hdr.Histogram {
	d := hdr.New(Lowest, Highest, SigFigs)
	if h != nil {
		h.MergeInto(d)
	}
	return d
}

// sameHist fails unless got and want hold the same counts in the same buckets
// (nil stands for an empty error twin).
func sameHist(t *testing.T, what string, got, want *hdr.PackedHistogram) {
	t.Helper()
	if !slices.Equal(buckets(got), buckets(want)) {
		t.Errorf("%s: buckets differ:\n got %v\nwant %v", what, buckets(got), buckets(want))
	}
	if !dense(got).Equals(dense(want)) {
		t.Errorf("%s: dense histograms not Equal", what)
	}
	if got != nil && want != nil && (got.TotalCount() != want.TotalCount() ||
		!slices.Equal(got.ValueAtPercentilesSlice(checkPcts), want.ValueAtPercentilesSlice(checkPcts))) {
		t.Errorf("%s: count %d, percentiles %v; want %d, %v", what, got.TotalCount(),
			got.ValueAtPercentilesSlice(checkPcts), want.TotalCount(), want.ValueAtPercentilesSlice(checkPcts))
	}
}

func sameOp(t *testing.T, what string, got, want *Op) {
	t.Helper()
	sameHist(t, what+" OK", got.OK(), want.OK())
	sameHist(t, what+" Err", got.Err, want.Err)
	g := [5]int64{got.Count(), got.Errors(), got.MinNs, got.MaxNs, got.SumNs}
	if w := [5]int64{want.Count(), want.Errors(), want.MinNs, want.MaxNs, want.SumNs}; g != w {
		t.Errorf("%s: count, errors, min, max, sum %v, want %v", what, g, w)
	}
}

func sameTxn(t *testing.T, what string, got, want *Txn) {
	t.Helper()
	sameOp(t, what, got.Op, want.Op)
	g, w := *got, *want
	g.Op, w.Op = nil, nil
	if g != w {
		t.Errorf("%s: counters %+v, want %+v", what, g, w)
	}
}

func sameSet(t *testing.T, what string, got, want *Set) {
	t.Helper()
	sameTxn(t, what+" txn", got.Txn, want.Txn)
	for i := range want.Types {
		sameTxn(t, what+" type", got.Types[i], want.Types[i])
	}
	for i := range want.Ops {
		sameOp(t, what+" op", got.Ops[i], want.Ops[i])
	}
	sameOp(t, what+" pool wait", got.PoolWait, want.PoolWait)
	g, w := *got, *want // the counters: everything but the histograms
	g.Txn, g.Types, g.Ops, g.PoolWait, w.Txn, w.Types, w.Ops, w.PoolWait = nil, nil, nil, nil, nil, nil, nil, nil
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s: counters %+v, want %+v", what, g, w)
	}
}

// latency draws log-uniformly from 1 µs to 10 s, with some edge values.
func latency(r *rand.Rand) int64 {
	if r.IntN(50) == 0 {
		return []int64{0, 1, 2047, 2048, Highest, Highest + 1, 2 * Highest}[r.IntN(7)]
	}
	return int64(math.Exp(math.Log(1e3) + r.Float64()*math.Log(1e7)))
}

// workerSets records one random stream split over 5 per-worker Sets and
// whole into a reference Set; it returns the exact min/max/sum of the
// successful transactions.
func workerSets(seed uint64) (workers []*Set, ref *Set, lo, hi, sum int64) {
	const nops = 3
	r := rand.New(rand.NewPCG(seed, 1))
	ref = NewSet(2, nops)
	for range 5 {
		workers = append(workers, NewSet(2, nops))
	}
	lo = math.MaxInt64
	for range 50000 {
		w := workers[r.IntN(len(workers))]
		ns, failed, txn := latency(r), r.IntN(10) == 0, r.IntN(3) == 0
		op, typ, class, counter := r.IntN(nops), r.IntN(2), 1+r.IntN(MaxErrorClasses-1), r.IntN(20)
		for _, s := range []*Set{w, ref} {
			if txn {
				c := 0
				if failed {
					c = class
				}
				s.RecordTxn(typ, ns, ns/2, c)
			} else {
				s.RecordOp(op, ns, failed)
			}
			switch counter {
			case 0:
				s.Rollback(typ)
			case 1:
				s.Ignore(typ, class)
			case 2:
				s.Reconnects++
			case 3:
				s.PoolWait.Record(ns, false)
				s.Waits.ThinkNs += ns
				s.Waits.ThinkCount++
			}
		}
		if txn && !failed {
			lo, hi, sum = min(lo, ns), max(hi, ns), sum+ns
		}
	}
	return workers, ref, lo, hi, sum
}

// rec records successes or failures into o and returns it.
func rec(o *Op, failed bool, ns ...int64) *Op {
	for _, v := range ns {
		o.Record(v, failed)
	}
	return o
}

func TestSetMergeEqualsSingleRecorder(t *testing.T) {
	workers, ref, lo, hi, sum := workerSets(1)
	for i, w := range workers {
		if w.Txn.Count() == 0 || w.Ops[2].Errors() == 0 || ref.Clamped == 0 || ref.Errors() == 0 {
			t.Fatalf("worker %d: the stream recorded too little for the test to mean anything", i)
		}
	}
	linear := NewSet(2, 3)
	for _, w := range workers {
		linear.Merge(w)
	}
	sameSet(t, "linear merge", linear, ref)
	if linear.Txn.MinNs != lo || linear.Txn.MaxNs != hi || linear.Txn.SumNs != sum {
		t.Errorf("txn min/max/sum %d/%d/%d, want exact %d/%d/%d", linear.Txn.MinNs, linear.Txn.MaxNs, linear.Txn.SumNs, lo, hi, sum)
	}
	// Merging pairwise in another order gives the same result.
	workers, _, _, _, _ = workerSets(1)
	workers[3].Merge(workers[4])
	workers[1].Merge(workers[0])
	workers[3].Merge(workers[2])
	workers[3].Merge(workers[1])
	sameSet(t, "tree merge", workers[3], ref)
}

func TestOpMergeWithEmptySides(t *testing.T) {
	full := rec(rec(NewOp(), false, 900, 500), true, 100) // a failure is not the minimum
	o := NewOp()
	o.Merge(full) // into an empty Op: takes the source's min, not 0
	o.Merge(NewOp())
	o.Merge(rec(NewOp(), true, 50)) // failures only: exact stats unchanged
	if o.MinNs != 500 || o.MaxNs != 900 || o.SumNs != 1400 || o.Count() != 2 || o.Errors() != 2 {
		t.Fatalf("min/max/sum %d/%d/%d count %d errors %d, want 500/900/1400, 2, 2", o.MinNs, o.MaxNs, o.SumNs, o.Count(), o.Errors())
	}
}

func TestOpErrorTwin(t *testing.T) {
	o := rec(NewOp(), false, 3000)
	if o.Err != nil || o.Errors() != 0 {
		t.Fatal("Err must stay nil until the first failure")
	}
	rec(rec(o, true, 7000, 8000), false, 1000)
	if o.Count() != 2 || o.Errors() != 2 {
		t.Fatalf("count %d errors %d, want 2 and 2", o.Count(), o.Errors())
	}
	if o.MinNs != 1000 || o.MaxNs != 3000 || o.SumNs != 4000 {
		t.Errorf("failures leaked into min/max/sum: %d/%d/%d", o.MinNs, o.MaxNs, o.SumNs)
	}
	if o.OK().CountAtValue(7000) != 0 || o.Err.CountAtValue(7000) != 1 || o.Err.CountAtValue(3000) != 0 {
		t.Error("failures and successes must land in separate histograms")
	}
}

func TestSetResetAndTotals(t *testing.T) {
	s := NewSet(1, 3)
	s.RecordTxn(0, 5000, 10, 0)
	s.RecordTxn(0, 5000, 10, 2)
	s.RecordOp(2, 2*Highest, true)
	s.Reconnects = 1
	s.Ignore(0, 3)
	s.Rollback(0)
	s.Reset()
	sameSet(t, "after Reset", s, NewSet(1, 3))
	// Still works, and the first record after Reset sets the minimum.
	want := NewSet(1, 3)
	for _, x := range []*Set{s, want} {
		x.RecordTxn(0, 700_000, 1, 0)
		x.RecordTxn(0, 900_000, 1, 0)
		x.RecordOp(1, 5, true)
		for range 2 {
			x.RecordTxn(0, 5, 1, 1)
		}
		for range 5 {
			x.RecordTxn(0, 5, 1, MaxErrorClasses-1)
		}
		for range 3 {
			x.Ignore(0, 4)
		}
	}
	sameSet(t, "reused after Reset", s, want)
	if s.Txn.MinNs != 700_000 || s.Errors() != 7 || s.Ignored() != 3 {
		t.Errorf("MinNs %d, Errors %d, Ignored %d; want 700000, 7, 3", s.Txn.MinNs, s.Errors(), s.Ignored())
	}
}

func TestClamp(t *testing.T) {
	for _, tc := range []struct {
		in, want int64
		clamped  bool
	}{
		{math.MinInt64, Lowest, false}, {-5, Lowest, false}, {0, Lowest, false}, {1, 1, false},
		{5400, 5400, false}, {Highest, Highest, false},
		{Highest + 1, Highest, true}, {math.MaxInt64, Highest, true},
	} {
		if v, c := Clamp(tc.in); v != tc.want || c != tc.clamped {
			t.Errorf("Clamp(%d) = %d, %v; want %d, %v", tc.in, v, c, tc.want, tc.clamped)
		}
	}
}

func TestValuesAboveAnHourAreClampedAndCounted(t *testing.T) {
	s := NewSet(1, 1)
	s.RecordOp(0, int64(2*time.Hour), false)
	s.RecordOp(0, int64(3*time.Hour), true)
	s.RecordTxn(0, int64(4*time.Hour), 0, 1)
	s.RecordTxn(0, int64(90*time.Minute), 0, 0)
	s.RecordTxn(0, int64(time.Hour), 0, 0) // exactly one hour fits
	s.RecordTxn(0, int64(time.Millisecond), 0, 0)
	if s.Clamped != 4 {
		t.Fatalf("Clamped = %d, want 4", s.Clamped)
	}
	if a, b := s.Ops[0].OK().CountAtValue(Highest), s.Txn.OK().CountAtValue(Highest); a != 1 || b != 2 {
		t.Errorf("%d op and %d txn values in the one-hour bucket, want 1 and 2", a, b)
	}
	if top := s.Txn.OK().ValueAtPercentile(100); float64(top) > float64(Highest)*1.001 {
		t.Errorf("max in histogram %d, above one hour", top)
	}
	if s.Ops[0].MaxNs != int64(2*time.Hour) { // the exact statistics keep the true value
		t.Errorf("MaxNs = %d, want the unclamped 2h", s.Ops[0].MaxNs)
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	workers, _, _, _, _ := workerSets(3)
	for _, h := range []*hdr.PackedHistogram{workers[0].Txn.OK(), workers[0].Ops[1].Err, New()} {
		b, err := Encode(h)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		sameHist(t, "decoded", got, h)
		m := New() // a decoded histogram merges exactly with live ones
		m.Merge(got)
		sameHist(t, "decoded then merged", m, h)
		if again, _ := Encode(got); !slices.Equal(again, b) {
			t.Error("re-encoding a decoded histogram changed its bytes")
		}
	}
	if _, err := Decode([]byte("not a histogram")); err == nil {
		t.Error("Decode of garbage: want an error")
	}
}

func TestSummarize(t *testing.T) {
	o := rec(rec(NewOp(), false, 4001, 1000, 3000, 2000), true, 9e9) // failures are left out
	s := Summarize(o, Percentiles)
	// Average by integer division of the exact sum: 10001/4 = 2500 ns.
	want := Summary{Count: 4, Min: 0.001, Max: 0.004001, Sum: 0.010001, Avg: 0.0025}
	if s.Count != want.Count || s.Min != want.Min || s.Max != want.Max || s.Sum != want.Sum || s.Avg != want.Avg {
		t.Errorf("Summarize = %+v, want %+v", s, want)
	}
	// Nearest rank over {1000, 2000, 3000, 4001}, to 3 significant digits.
	for i, exact := range []float64{0.002, 0.004001, 0.004001, 0.004001, 0.004001} {
		if s.Pct[i] != Percentile(o.OK(), Percentiles[i]) || math.Abs(s.Pct[i]/exact-1) > 0.001 {
			t.Errorf("p%g = %g ms, want %g ms within 0.1%%", Percentiles[i], s.Pct[i], exact)
		}
	}
	if math.Abs(s.Stddev/0.001118-1) > 0.01 { // population stddev of the four values
		t.Errorf("Stddev = %g ms, want ~0.001118", s.Stddev)
	}
	if a := Summarize(rec(NewOp(), false, 1, 2), nil).Avg; a != 1e-6 {
		t.Errorf("avg of 1 ns and 2 ns = %g ms, want 1e-6 (integer ns division)", a)
	}
	for _, e := range []*Op{NewOp(), rec(NewOp(), true, 5000)} {
		if z := Summarize(e, Percentiles); z.Count != 0 || z.Min != 0 || z.Max != 0 || z.Avg != 0 || len(z.Pct) != 5 || z.Pct[4] != 0 {
			t.Errorf("Summarize with no successes = %+v", z)
		}
	}
}

func TestPercentile(t *testing.T) {
	if Percentile(nil, 50) != 0 || Percentile(New(), 99) != 0 {
		t.Error("Percentile of a nil or empty histogram must be 0")
	}
	h := New()
	_ = h.RecordValue(5400) // 5.4 µs keeps its 3 significant digits
	if p := Percentile(h, 50); math.Abs(p/0.0054-1) > 0.001 {
		t.Errorf("Percentile = %g ms, want 0.0054", p)
	}
}
