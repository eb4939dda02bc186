package run

import (
	"math"
	"sync"
	"time"

	"github.com/dbgauge/dbgauge/randgen"
)

// Arrival processes of --rate-arrival.
const (
	ArrivalFixed   = "fixed"
	ArrivalPoisson = "poisson"
)

// schedule hands out intended start times for an open-loop run (--rate):
// transaction i is due at base + the sum of the first i gaps, whether or not
// a worker is free then. A worker that takes a ticket late starts at once and
// its latency is measured from the intended time, so queueing is in the
// numbers (no coordinated omission). There is no queue to overflow: the
// schedule is a counter, however far behind the workers fall.
type schedule struct {
	mu      sync.Mutex
	next    float64 // ns since base of the next intended start
	gap     float64 // mean gap in ns
	poisson bool
	r       *randgen.Rand
}

func newSchedule(rate float64, arrival string, seed uint64) *schedule {
	return &schedule{gap: float64(time.Second) / rate, poisson: arrival == ArrivalPoisson,
		r: randgen.New(seed, 0x72617465)}
}

// take returns the next intended start, in ns since base.
func (s *schedule) take() int64 {
	s.mu.Lock()
	t := s.next
	if s.poisson {
		// Exponential gaps: a Poisson process of the same mean rate.
		s.next += -math.Log(1-s.r.Float64()) * s.gap
	} else {
		s.next += s.gap
	}
	s.mu.Unlock()
	return int64(t)
}

// backlog is how many tickets were due by now and not yet taken: sysbench's
// "queue length".
func (s *schedule) backlog(now int64) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if float64(now) <= s.next {
		return 0
	}
	return int64((float64(now)-s.next)/s.gap) + 1
}

// lateAfter is when a start counts as late: past 1 ms behind schedule the
// delay is the system's, not the timer's (Go timers fire up to ~100 µs late
// on a loaded machine).
const lateAfter = int64(time.Millisecond)
