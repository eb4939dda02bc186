package run

import (
	"context"
	"errors"
	"runtime"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/workload"
)

// work is one worker's loop: sysbench's thread_run. An event that fails
// with an ignorable error is rolled back (by the workload) and run again; its
// latency covers every attempt, and each failed attempt counts as an ignored
// error of its class. A lost connection is reopened (with backoff) and the
// worker made again; that failure is counted in its class but does not count
// towards --max-errors.
func (r *runner) work(ctx context.Context, i int) {
	if r.cfg.Ramp > 0 && !r.sleep(time.Until(r.base.Add(r.cfg.Ramp*time.Duration(i)/time.Duration(r.cfg.Threads)))) {
		return
	}
	r.running.Add(1)
	defer r.running.Add(-1)
	slot := r.slots[i]
	m := &meter{base: r.base, slot: slot, timer: time.NewTimer(time.Hour)}
	m.timer.Stop()
	for !r.stopping() {
		claimed := r.cfg.Events > 0 && r.measuring.Load()
		if claimed {
			// A claim is open from here until its event ends. Over the
			// limit means done, unless another claim still open is handed
			// back (its workload had no more events): wait for those.
			r.open.Add(1)
			if r.claimed.Add(1) > r.cfg.Events {
				r.claimed.Add(-1)
				if r.open.Add(-1) == 0 {
					break
				}
				runtime.Gosched()
				continue
			}
		}
		start := m.now()
		intended := start
		if r.sched != nil {
			var ok bool
			if intended, start, ok = r.startOnSchedule(m, slot); !ok {
				if claimed {
					r.open.Add(-1) // no event: the claim is settled
				}
				if r.stopping() {
					break
				}
				continue // dropped: too late to start
			}
		}
		if r.sched != nil { // sysbench's "concurrency", open loop only: a shared counter
			r.inEvent.Add(1)
		}
		err := r.workers[i].Event(ctx)
		class := db.ClassOf(err)
		for err != nil && r.cfg.Ignore[class] && class != db.ConnectionLost && err != workload.ErrNoMoreEvents {
			s := slot.Acquire()
			s.IgnoredByClass[class]++
			slot.Release()
			if r.stopping() {
				break
			}
			err = r.workers[i].Event(ctx)
			class = db.ClassOf(err)
		}
		if r.sched != nil {
			r.inEvent.Add(-1)
		}
		if err == workload.ErrNoMoreEvents && claimed { // the workload's own limit: no event ran
			r.claimed.Add(-1) // the other workers may still use this one
		}
		if claimed {
			r.open.Add(-1)
		}
		if err == workload.ErrNoMoreEvents {
			break
		}
		end := m.now()
		if err != nil && (r.interrupted.Load() || (r.cfg.Ignore[class] && class != db.ConnectionLost) ||
			(r.stopping() && errors.Is(err, context.Canceled))) {
			// Unfinished at the end of the run: neither a success nor a failure.
			break
		}
		s := slot.Acquire()
		s.RecordTxn(end-intended, end-start, err != nil)
		if err != nil {
			s.ErrorsByClass[class]++
		}
		slot.Release()
		if class == db.ConnectionLost {
			if !r.reconnect(ctx, i) {
				return // the connection is gone: nothing to close
			}
			continue
		}
		if err != nil && r.failed.Add(1) > r.cfg.MaxErrors {
			r.abort(err)
		}
	}
	// Close is measured: bulk_insert sends its last INSERT here.
	_ = r.workers[i].Close(ctx)
}

// startOnSchedule takes the next ticket of an open-loop run and waits for
// its time. It returns the intended and the actual start (ns since base);
// ok is false if the run stopped while waiting or the ticket was dropped.
func (r *runner) startOnSchedule(m *meter, slot *hist.Slot) (intended, start int64, ok bool) {
	intended = r.sched.take()
	if now := m.now(); intended > now && !r.sleepOn(m.timer, time.Duration(intended-now)) {
		return 0, 0, false
	}
	start = m.now()
	lag := max(start-intended, 0)
	s := slot.Acquire()
	defer slot.Release()
	if r.cfg.MaxLag > 0 && lag > int64(r.cfg.MaxLag) {
		s.Dropped++
		return 0, 0, false
	}
	s.RecordStart(lag, lag > lateAfter)
	return intended, start, true
}
