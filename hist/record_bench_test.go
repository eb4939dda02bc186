package hist

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// BenchmarkIntervalRecord is one connection's life in a run: per interval,
// perSecond statement latencies (log-normal around 200 µs, as a loopback
// server gives) recorded into the Slot's Set, then the collector's swap, the
// merge into the run's total and the recycle. ns/op is the cost per value,
// the worker's and the collector's together.
func BenchmarkIntervalRecord(b *testing.B) {
	for _, perSecond := range []int{100, 500, 2000, 8000} {
		b.Run(strconv.Itoa(perSecond), func(b *testing.B) {
			total := NewSet(1, 1)
			total.Reserve(ReserveBuckets, false)
			benchRecord(b, perSecond, func(slot *Slot) {
				set := slot.Swap(true)
				total.MergeReserving(set, ReserveBuckets)
				slot.Recycle(set)
			})
		})
	}
}

// BenchmarkRecordPath is the worker's part of BenchmarkIntervalRecord alone:
// the collector's swap runs with the timer stopped.
func BenchmarkRecordPath(b *testing.B) {
	benchRecord(b, 8000, func(slot *Slot) {
		b.StopTimer()
		slot.Recycle(slot.Swap(true))
		b.StartTimer()
	})
}

// benchRecord records b.N latencies into a Slot, calling collect every
// perSecond of them.
func benchRecord(b *testing.B, perSecond int, collect func(*Slot)) {
	rng := rand.New(rand.NewPCG(1, 2))
	vals := make([]int64, 1<<16)
	for i := range vals {
		vals[i] = int64(200e3 * math.Exp(rng.NormFloat64()*0.6))
	}
	slot := NewSlot(1, 1, true)
	b.ResetTimer()
	for i := range b.N {
		s := slot.Acquire()
		s.RecordOp(0, vals[i&(len(vals)-1)], false)
		slot.Release()
		if i%perSecond == perSecond-1 {
			collect(slot)
		}
	}
}

// BenchmarkReserve is the room a whole-run operation takes when its first
// values come in: the standard reservation (a copy of one filled once per
// process) against filling the same room bucket by bucket.
func BenchmarkReserve(b *testing.B) {
	for _, c := range []struct {
		name string
		n    int
	}{{"standard", ReserveBuckets}, {"filled", ReserveBuckets - 1}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				NewOp().reserve(c.n)
			}
		})
	}
}
