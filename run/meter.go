package run

import (
	"time"

	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/workload"
)

// meter is a worker's workload.Meter: it reads the runner's monotonic clock and
// records into the worker's own slot.
type meter struct {
	base time.Time
	slot *hist.Slot
	// timer is the worker's own, for waiting on the open-loop schedule.
	timer *time.Timer
}

var _ workload.Meter = (*meter)(nil)

func (m *meter) now() int64 { return int64(time.Since(m.base)) }

// Begin implements workload.Meter.
func (m *meter) Begin() workload.Mark { return workload.Mark(m.now()) }

// End implements workload.Meter.
func (m *meter) End(op workload.OpID, mark workload.Mark, err error) {
	d := m.now() - int64(mark)
	s := m.slot.Acquire()
	s.RecordOp(int(op), d, err != nil)
	m.slot.Release()
}
