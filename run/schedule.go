package run

import (
	"math"
	"sync"
	"time"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// Arrival processes of --rate-arrival.
const (
	ArrivalFixed   = "fixed"
	ArrivalPoisson = "poisson"
)

// schedule hands out intended start times for an open-loop run (--rate):
// transaction i is due at base + the sum of the first i gaps, whether or not
// a user is free then. A user that takes a ticket late starts at once and
// its latency is measured from the intended time, so queueing is in the
// numbers (no coordinated omission). There is no queue to overflow: the
// schedule is a counter, however far behind the users fall.
//
// A shard computes the whole run's schedule and takes every shard-th
// ticket from its index on, so shards together keep exactly the one
// schedule a single process would.
type schedule struct {
	mu      sync.Mutex
	next    float64 // ns since base of this shard's next ticket
	gap     float64 // mean gap in ns of the whole schedule
	poisson bool
	stride  int
	r       *randgen.Rand
}

func newSchedule(rate float64, arrival string, seed uint64, shard workload.Shard) *schedule {
	s := &schedule{gap: float64(time.Second) / rate, poisson: arrival == ArrivalPoisson,
		r: randgen.New(seed, 0x72617465), stride: shard.N()}
	for range shard.Index {
		s.next += s.draw() // the tickets before this shard's first
	}
	return s
}

func (s *schedule) draw() float64 {
	if s.poisson {
		// Exponential gaps: a Poisson process of the same mean rate.
		return -math.Log(1-s.r.Float64()) * s.gap
	}
	return s.gap
}

// take returns this shard's next intended start, in ns since base.
func (s *schedule) take() int64 {
	s.mu.Lock()
	t := s.next
	for range s.stride {
		s.next += s.draw()
	}
	s.mu.Unlock()
	return int64(t)
}

// backlog is how many of this shard's tickets were due by now and not yet
// taken: sysbench's "queue length".
func (s *schedule) backlog(now int64) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if float64(now) <= s.next {
		return 0
	}
	return int64((float64(now)-s.next)/(s.gap*float64(s.stride))) + 1
}

// lateAfter is when a start counts as late: past 1 ms behind schedule the
// delay is the system's, not the timer's (Go timers fire up to ~100 µs late
// on a loaded machine).
const lateAfter = int64(time.Millisecond)
