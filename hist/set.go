package hist

import (
	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

// Op is one operation's latencies: successes in OK, failures in Err. Err is
// allocated on the first failure.
type Op struct {
	OK  *hdr.PackedHistogram
	Err *hdr.PackedHistogram
	// Exact minimum, maximum and sum of the successful latencies (ns): the
	// histogram rounds to 3 significant digits, sysbench's min/avg/max/sum
	// lines do not.
	MinNs, MaxNs, SumNs int64
}

// NewOp returns an empty Op.
func NewOp() *Op { return &Op{OK: New()} }

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
	_ = o.OK.RecordValue(v)
	if o.OK.TotalCount() == 1 || ns < o.MinNs {
		o.MinNs = ns
	}
	o.MaxNs = max(o.MaxNs, ns)
	o.SumNs += ns
	return clamped
}

// Count is the number of successes; Errors the number of failures.
func (o *Op) Count() int64 { return o.OK.TotalCount() }

// Errors is the number of failed operations.
func (o *Op) Errors() int64 {
	if o.Err == nil {
		return 0
	}
	return o.Err.TotalCount()
}

// Merge adds from into o exactly (same geometry, so nothing is dropped).
func (o *Op) Merge(from *Op) {
	if n := from.OK.TotalCount(); n > 0 {
		if o.OK.TotalCount() == 0 || from.MinNs < o.MinNs {
			o.MinNs = from.MinNs
		}
		o.MaxNs = max(o.MaxNs, from.MaxNs)
		o.SumNs += from.SumNs
	}
	o.OK.Merge(from.OK)
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
	o.OK.Reset()
	if o.Err != nil {
		o.Err.Reset()
	}
}

// MaxErrorClasses bounds the error classes a Set counts; classes are small
// integers defined by the db package.
const MaxErrorClasses = 16

// Set is everything one worker records in one interval: transactions, each
// operation, and counters. A Set is owned by one goroutine at a time.
type Set struct {
	Txn *Op
	Ops []*Op
	// ErrorsByClass counts failed transactions by error class; IgnoredByClass
	// counts errors that were ignored (the transaction rolled back and retried).
	ErrorsByClass  [MaxErrorClasses]int64
	IgnoredByClass [MaxErrorClasses]int64
	Reconnects     int64
	Clamped        int64
	// BusyNs is the time spent inside transactions (sysbench's per-thread
	// "execution time").
	BusyNs int64
	// Open-loop schedule (--rate): starts taken from the schedule, starts
	// later than intended, tickets dropped for being too late, and the lag
	// of the starts behind their intended times.
	Starts, Late, Dropped int64
	LagSumNs, LagMaxNs    int64
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

// NewSet returns an empty Set for nops operations.
func NewSet(nops int) *Set {
	s := &Set{Txn: NewOp(), Ops: make([]*Op, nops)}
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

// RecordTxn adds one transaction latency; busy is the time the worker spent in
// it (without queueing time under a rate limit).
func (s *Set) RecordTxn(ns, busy int64, failed bool) {
	if s.Txn.Record(ns, failed) {
		s.Clamped++
	}
	s.BusyNs += busy
}

// Ignored returns the total of ignored errors.
func (s *Set) Ignored() int64 { return sum(s.IgnoredByClass[:]) }

// Errors returns the total of failed transactions.
func (s *Set) Errors() int64 { return sum(s.ErrorsByClass[:]) }

func sum(v []int64) int64 {
	var t int64
	for _, x := range v {
		t += x
	}
	return t
}

// Merge adds from into s exactly.
func (s *Set) Merge(from *Set) {
	s.Txn.Merge(from.Txn)
	for i, o := range from.Ops {
		s.Ops[i].Merge(o)
	}
	for i := range s.ErrorsByClass {
		s.ErrorsByClass[i] += from.ErrorsByClass[i]
		s.IgnoredByClass[i] += from.IgnoredByClass[i]
	}
	s.Reconnects += from.Reconnects
	s.Clamped += from.Clamped
	s.BusyNs += from.BusyNs
	s.Starts += from.Starts
	s.Late += from.Late
	s.Dropped += from.Dropped
	s.LagSumNs += from.LagSumNs
	s.LagMaxNs = max(s.LagMaxNs, from.LagMaxNs)
}

// Reset empties s, keeping its storage.
func (s *Set) Reset() {
	s.Txn.Reset()
	for _, o := range s.Ops {
		o.Reset()
	}
	s.ErrorsByClass = [MaxErrorClasses]int64{}
	s.IgnoredByClass = [MaxErrorClasses]int64{}
	s.Reconnects, s.Clamped, s.BusyNs = 0, 0, 0
	s.Starts, s.Late, s.Dropped, s.LagSumNs, s.LagMaxNs = 0, 0, 0, 0, 0
}
