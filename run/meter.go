package run

import (
	"time"

	"github.com/dbgauge/dbgauge/bench"
	"github.com/dbgauge/dbgauge/hist"
)

// meter is a worker's bench.Meter: it reads the runner's monotonic clock and
// records into the worker's own slot.
type meter struct {
	base time.Time
	slot *hist.Slot
	// timer is the worker's own, for waiting on the open-loop schedule.
	timer *time.Timer
}

var _ bench.Meter = (*meter)(nil)

func (m *meter) now() int64 { return int64(time.Since(m.base)) }

// Begin implements bench.Meter.
func (m *meter) Begin() bench.Mark { return bench.Mark(m.now()) }

// End implements bench.Meter.
func (m *meter) End(op bench.OpID, mark bench.Mark, err error) {
	d := m.now() - int64(mark)
	s := m.slot.Acquire()
	s.RecordOp(int(op), d, err != nil)
	m.slot.Release()
}
