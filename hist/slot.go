package hist

import (
	"runtime"
	"sync/atomic"
)

// Slot hands one worker's current Set to the interval collector without a lock
// on the worker's path. The worker brackets each record with Acquire/Release
// (two atomic stores and one load); the collector swaps in an empty Set and
// waits only for a record already in flight, which takes nanoseconds because a
// worker never holds a Set across a database call.
type Slot struct {
	cur   atomic.Pointer[Set]
	busy  atomic.Int32
	spare *Set // owned by the collector
}

// NewSlot returns a Slot for ntypes transaction types and nops operations;
// what is recorded counts (Set.Measured) if measured.
func NewSlot(ntypes, nops int, measured bool) *Slot {
	s := &Slot{spare: NewSet(ntypes, nops)}
	cur := NewSet(ntypes, nops)
	cur.Measured = measured
	s.cur.Store(cur)
	return s
}

// Acquire returns the Set to record into. Release must follow at once.
func (s *Slot) Acquire() *Set {
	s.busy.Store(1)
	return s.cur.Load()
}

// Release ends a record started by Acquire.
func (s *Slot) Release() { s.busy.Store(0) }

// Swap is called by the collector only: it installs an empty Set and returns
// the one holding everything recorded since the previous Swap, settled
// (Op.Settle); measured says whether what is recorded from now on counts.
// The caller owns the returned Set until it passes it to Recycle.
func (s *Slot) Swap(measured bool) *Set {
	next := s.spare
	s.spare = nil
	next.Measured = measured
	old := s.cur.Swap(next)
	// Go's atomics are sequentially consistent: once busy reads 0 after the
	// swap, any record that loaded old has finished, and any later record
	// loads next.
	for s.busy.Load() != 0 {
		runtime.Gosched()
	}
	old.Settle() // the sorting and bucket work of the interval, here
	return old
}

// Recycle returns a Set obtained from Swap, to be reused by the next Swap.
func (s *Slot) Recycle(set *Set) {
	set.Reset()
	s.spare = set
}
