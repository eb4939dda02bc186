package hist

import (
	"math/bits"
	"sync"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

// ReserveBuckets is the room a whole-run histogram takes at the start of a
// run, in populated buckets. At three significant digits each octave of
// latency holds 1,024 buckets, and a long run fills every octave its
// latencies reach: 30 minutes of oltp_read_write at 200/s against
// PostgreSQL filled up to 7,100 per operation alone on the machine (p99
// 7 ms), and up to 8,900 with a second soak beside it (p99 27 ms). Packed
// storage grows by doubling as buckets fill, so without room for them
// dbgauge's memory steps up during a long run; with it, the memory a run
// needs is taken at its start (docs/reliability.md). 16,384 buckets, 16
// octaves filled end to end, cost about 100 KB per operation at a 2-byte
// count; every bucket of the geometry (33,420) would cost 260 KB, the bound
// on what a whole-run histogram can grow to at that count width.
const ReserveBuckets = 16384

// reserveCount is a count that needs the 2-byte width: counts reach it in
// the first minutes of a long run, and widening later reallocates.
const reserveCount = 256

// Reserve gives the success histogram of the transactions, of every type
// and every operation of s, and of the pool's waits if pooled, room for n
// populated buckets. s must be empty; its contents and results are those of
// a new Set.
func (s *Set) Reserve(n int, pooled bool) {
	s.ReserveTxns(n, pooled)
	for _, o := range s.Ops {
		o.reserve(n)
	}
}

// ReserveTxns is Reserve without the operations, for a workload that names
// its operations as it runs (a sysbench script's statements: 257 slots, of
// which a script uses a few): MergeReserving gives each its room before
// its first values.
func (s *Set) ReserveTxns(n int, pooled bool) {
	s.Txn.reserve(n)
	for _, t := range s.Types {
		t.reserve(n)
	}
	if pooled {
		s.PoolWait.reserve(n)
	}
}

// MergeReserving is Merge, each operation of s reserved (n buckets) just
// before its first values come in.
func (s *Set) MergeReserving(from *Set, n int) {
	for i, o := range from.Ops {
		if o.Count() > 0 {
			s.Ops[i].reserve(n)
		}
	}
	s.Merge(from)
}

// reserve gives o's empty success histogram room for n populated buckets,
// keeping its count width (the library has no other way to size it than to
// fill them: 16,384 sorted inserts, 0.6-0.9 ms). It is
// done once, and only to an empty histogram. The standard reservation is
// filled once per process and copied (Clone, then Reset: the same geometry
// and room, two memcpys, 0.08-0.09 ms): a sysbench-tpcc run reserves about
// 40 statements.
func (o *Op) reserve(n int) {
	if o.reserved || o.Count() != 0 {
		return
	}
	o.reserved = true
	if n == ReserveBuckets {
		h := reservedTemplate().Clone()
		h.Reset()
		o.ok = h
		return
	}
	fill(o.ok, n)
}

// reservedTemplate is a histogram of the standard geometry holding
// ReserveBuckets populated buckets at the reserved count width (full: a
// Clone copies what is populated, not spare room).
var reservedTemplate = sync.OnceValue(func() *hdr.PackedHistogram {
	h := New()
	populate(h, ReserveBuckets)
	return h
})

// fill gives h room for n populated buckets at the reserved count width and
// leaves it empty.
func fill(h *hdr.PackedHistogram, n int) {
	populate(h, n)
	h.Reset()
}

// populate records reserveCount in each of the first n buckets of h.
func populate(h *hdr.PackedHistogram, n int) {
	for v := Lowest; int(h.Populated()) < n && v < Highest; v += bucketWidth(v) {
		_ = h.RecordValues(v, reserveCount)
	}
}

// bucketWidth is the width in nanoseconds of the bucket holding v under the
// standard geometry: values below 2,048 have a bucket each; above, each
// octave has 1,024 buckets (three significant digits).
func bucketWidth(v int64) int64 {
	return 1 << max(0, bits.Len64(uint64(v))-11)
}
