package hist

import (
	"slices"
	"sync"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

// Op is one operation's latencies: successes in OK, failures in Err. Err is
// allocated on the first failure.
//
// A success does not go into the histogram at once. Packed storage keeps its
// buckets sorted, so a value in a bucket not seen yet in the interval moves
// every bucket above it, and at three significant digits most values of an
// interval open a bucket. Record appends the value to pending instead; Settle
// sorts pending and adds it in ascending order, so each new bucket goes at
// the end. The Slot's collector settles a Set when it swaps it out, which
// takes that work off the worker's path; Record settles when pending is
// full. OK settles before it returns the histogram.
type Op struct {
	ok  *hdr.PackedHistogram
	Err *hdr.PackedHistogram
	// Exact minimum, maximum and sum of the successful latencies (ns): the
	// histogram rounds to 3 significant digits, sysbench's min/avg/max/sum
	// lines do not.
	MinNs, MaxNs, SumNs int64
	// reserved is set once the histogram has its room (reserve.go).
	reserved bool
	// pending holds successes (clamped) not yet in ok.
	pending []int64
}

// pendingMax bounds pending: at most 64 KB an operation, a second's values
// at 8,000 a second. pendingFirst is its first allocation.
const (
	pendingMax   = 8192
	pendingFirst = 64
)

// NewOp returns an empty Op.
func NewOp() *Op { return &Op{ok: New()} }

// Record adds one latency in nanoseconds. It reports whether the value had to
// be clamped to the trackable range.
func (o *Op) Record(ns int64, failed bool) (clamped bool) {
	v, clamped := Clamp(ns)
	if failed {
		if o.Err == nil {
			o.Err = New()
		}
		_ = o.Err.RecordValue(v)
		return clamped
	}
	if o.Count() == 0 || ns < o.MinNs {
		o.MinNs = ns
	}
	o.MaxNs = max(o.MaxNs, ns)
	o.SumNs += ns
	switch {
	case len(o.pending) >= pendingMax:
		o.Settle()
	case o.pending == nil:
		o.pending = make([]int64, 0, pendingFirst)
	}
	o.pending = append(o.pending, v)
	return clamped
}

// settleDense is the length from which Settle counts pending in a dense
// histogram and adds its buckets in order (hdr's MergeFrom: one scan of its
// 33,000 counts) rather than sorting pending. In BenchmarkIntervalRecord
// the two are even between 500 and 2,000 values an interval.
const settleDense = 1024

// denseScratch holds the dense histograms of Settle, 270 KB each, one for
// each Settle running at the same time.
var denseScratch = sync.Pool{New: func() any { return hdr.New(Lowest, Highest, SigFigs) }}

// OK returns the histogram of the successes, pending ones included.
func (o *Op) OK() *hdr.PackedHistogram {
	o.Settle()
	return o.ok
}

// Settle adds the pending successes to the histogram, in ascending order of
// bucket.
func (o *Op) Settle() {
	p := o.pending
	if len(p) == 0 {
		return
	}
	if len(p) >= settleDense {
		d := denseScratch.Get().(*hdr.Histogram)
		for _, v := range p {
			_ = d.RecordValue(v)
		}
		_ = o.ok.MergeFrom(d)
		d.Reset()
		denseScratch.Put(d)
		o.pending = p[:0]
		return
	}
	slices.Sort(p)
	for i := 0; i < len(p); {
		j := i + 1
		for j < len(p) && p[j] == p[i] {
			j++
		}
		_ = o.ok.RecordValues(p[i], int64(j-i))
		i = j
	}
	o.pending = p[:0]
}

// Count is the number of successes; Errors the number of failures.
func (o *Op) Count() int64 { return o.ok.TotalCount() + int64(len(o.pending)) }

// Errors is the number of failed operations.
func (o *Op) Errors() int64 {
	if o.Err == nil {
		return 0
	}
	return o.Err.TotalCount()
}

// Merge adds from into o exactly (same geometry, so nothing is dropped).
func (o *Op) Merge(from *Op) {
	fromOK := from.OK()
	if n := fromOK.TotalCount(); n > 0 {
		if o.Count() == 0 || from.MinNs < o.MinNs {
			o.MinNs = from.MinNs
		}
		o.MaxNs = max(o.MaxNs, from.MaxNs)
		o.SumNs += from.SumNs
	}
	o.ok.Merge(fromOK)
	if from.Err != nil && from.Err.TotalCount() > 0 {
		if o.Err == nil {
			o.Err = New()
		}
		o.Err.Merge(from.Err)
	}
}

// Reset empties o, keeping its storage.
func (o *Op) Reset() {
	o.MinNs, o.MaxNs, o.SumNs = 0, 0, 0
	o.pending = o.pending[:0]
	o.ok.Reset()
	if o.Err != nil {
		o.Err.Reset()
	}
}

// MaxErrorClasses bounds the error classes a Set counts; classes are small
// integers defined by the db package.
const MaxErrorClasses = 16

// Txn is one transaction type's latencies and counts.
type Txn struct {
	*Op
	// ErrorsByClass counts failed transactions by error class;
	// IgnoredByClass counts errors that were ignored (the transaction rolled
	// back and retried).
	ErrorsByClass  [MaxErrorClasses]int64
	IgnoredByClass [MaxErrorClasses]int64
	// Rollbacks counts the transactions that rolled back as the workload
	// intended (TPC-C's unused item): successes, also in Op.
	Rollbacks int64
}

func newTxn() *Txn { return &Txn{Op: NewOp()} }

func (t *Txn) merge(from *Txn) {
	t.Op.Merge(from.Op)
	for i := range t.ErrorsByClass {
		t.ErrorsByClass[i] += from.ErrorsByClass[i]
		t.IgnoredByClass[i] += from.IgnoredByClass[i]
	}
	t.Rollbacks += from.Rollbacks
}

func (t *Txn) reset() {
	t.Op.Reset()
	t.ErrorsByClass = [MaxErrorClasses]int64{}
	t.IgnoredByClass = [MaxErrorClasses]int64{}
	t.Rollbacks = 0
}

// Waits sums the time users spent waiting outside the response time:
// keying before and think time after transactions (off the connection), and
// pauses inside them (holding it).
type Waits struct {
	KeyingNs, KeyingCount int64
	ThinkNs, ThinkCount   int64
	PauseNs, PauseCount   int64
}

func (w *Waits) add(from Waits) {
	w.KeyingNs += from.KeyingNs
	w.KeyingCount += from.KeyingCount
	w.ThinkNs += from.ThinkNs
	w.ThinkCount += from.ThinkCount
	w.PauseNs += from.PauseNs
	w.PauseCount += from.PauseCount
}

// Set is everything one connection's users record in one interval: all
// transactions (Txn) and each type, each operation, the connection pool's
// waits, and counters. A Set is written by one goroutine at a time.
type Set struct {
	Txn   *Txn
	Types []*Txn
	Ops   []*Op
	// PoolWait is the time users waited for a free connection (when users
	// outnumber connections), part of the response time.
	PoolWait *Op
	Waits    Waits
	// ErrorsByClass and IgnoredByClass are Txn's: every type's together.
	Reconnects int64
	Clamped    int64
	// BusyNs is the time spent inside transactions (sysbench's per-thread
	// "execution time").
	BusyNs int64
	// Open-loop schedule (--rate): starts taken from the schedule, starts
	// later than intended, tickets dropped for being too late, and the lag
	// of the starts behind their intended times.
	Starts, Late, Dropped int64
	LagSumNs, LagMaxNs    int64
	// Measured says whether what is recorded into the Set counts (it is
	// false during warmup); the collector sets it before handing the Set to
	// recorders.
	Measured bool
}

// RecordStart adds one scheduled start lagNs behind its intended time.
func (s *Set) RecordStart(lagNs int64, late bool) {
	s.Starts++
	if late {
		s.Late++
	}
	s.LagSumNs += lagNs
	s.LagMaxNs = max(s.LagMaxNs, lagNs)
}

// NewSet returns an empty Set for ntypes transaction types and nops
// operations.
func NewSet(ntypes, nops int) *Set {
	s := &Set{Txn: newTxn(), Types: make([]*Txn, ntypes), Ops: make([]*Op, nops), PoolWait: NewOp()}
	for i := range s.Types {
		s.Types[i] = newTxn()
	}
	for i := range s.Ops {
		s.Ops[i] = NewOp()
	}
	return s
}

// RecordOp adds one operation latency.
func (s *Set) RecordOp(op int, ns int64, failed bool) {
	if s.Ops[op].Record(ns, failed) {
		s.Clamped++
	}
}

// RecordTxn adds one transaction of type typ: its latency, and busy, the
// time spent in it (without queueing time under a rate limit). A failed
// transaction counts in its error class.
func (s *Set) RecordTxn(typ int, ns, busy int64, class int) {
	failed := class != 0
	if s.Txn.Record(ns, failed) {
		s.Clamped++
	}
	s.Types[typ].Record(ns, failed)
	if failed {
		s.Txn.ErrorsByClass[class]++
		s.Types[typ].ErrorsByClass[class]++
	}
	s.BusyNs += busy
}

// Ignore counts an ignored error of class on a transaction of type typ.
func (s *Set) Ignore(typ, class int) {
	s.Txn.IgnoredByClass[class]++
	s.Types[typ].IgnoredByClass[class]++
}

// Rollback counts an expected rollback of type typ (recorded with RecordTxn
// as a success).
func (s *Set) Rollback(typ int) {
	s.Txn.Rollbacks++
	s.Types[typ].Rollbacks++
}

// Ignored returns the total of ignored errors.
func (s *Set) Ignored() int64 { return sum(s.Txn.IgnoredByClass[:]) }

// Errors returns the total of failed transactions.
func (s *Set) Errors() int64 { return sum(s.Txn.ErrorsByClass[:]) }

// ErrorsOf is the failed transactions of type t (nil: all).
func ErrorsOf(t *Txn) int64 { return sum(t.ErrorsByClass[:]) }

// IgnoredOf is the ignored errors of type t.
func IgnoredOf(t *Txn) int64 { return sum(t.IgnoredByClass[:]) }

func sum(v []int64) int64 {
	var t int64
	for _, x := range v {
		t += x
	}
	return t
}

// Merge adds from into s exactly.
func (s *Set) Merge(from *Set) {
	s.Txn.merge(from.Txn)
	for i, t := range from.Types {
		s.Types[i].merge(t)
	}
	for i, o := range from.Ops {
		s.Ops[i].Merge(o)
	}
	s.PoolWait.Merge(from.PoolWait)
	s.Waits.add(from.Waits)
	s.Reconnects += from.Reconnects
	s.Clamped += from.Clamped
	s.BusyNs += from.BusyNs
	s.Starts += from.Starts
	s.Late += from.Late
	s.Dropped += from.Dropped
	s.LagSumNs += from.LagSumNs
	s.LagMaxNs = max(s.LagMaxNs, from.LagMaxNs)
}

// Settle settles every latency list of s (Op.Settle): the transactions',
// each type's, each operation's and the pool's waits.
func (s *Set) Settle() {
	s.Txn.Settle()
	s.PoolWait.Settle()
	for _, t := range s.Types {
		t.Settle()
	}
	for _, o := range s.Ops {
		o.Settle()
	}
}

// Reset empties s, keeping its storage.
func (s *Set) Reset() {
	s.Txn.reset()
	for _, t := range s.Types {
		t.reset()
	}
	for _, o := range s.Ops {
		o.Reset()
	}
	s.PoolWait.Reset()
	s.Waits = Waits{}
	s.Reconnects, s.Clamped, s.BusyNs = 0, 0, 0
	s.Starts, s.Late, s.Dropped, s.LagSumNs, s.LagMaxNs = 0, 0, 0, 0, 0
}
