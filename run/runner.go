package run

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/workload"
)

// Outcome is what a run measured.
type Outcome struct {
	// Start and End bound the measured part (after warmup, through the last
	// worker's close).
	Start, End    time.Time
	Total         *hist.Set
	Workers       []WorkerTotals
	Intervals     []results.Interval
	Ops           []workload.Op
	ServerVersion string
	// GOMAXPROCS and GOGC are the values the run used (GOGC -1: off).
	GOMAXPROCS  int
	GOGC        int
	Interrupted bool
	// Aborted is the error that stopped the run under the error policy.
	Aborted error
}

// WorkerTotals are one worker's measured events and time in transactions.
type WorkerTotals struct {
	Events int64
	BusyNs int64
}

// Duration is the measured wall time.
func (o *Outcome) Duration() time.Duration { return o.End.Sub(o.Start) }

type runner struct {
	cfg     Config
	ops     []workload.Op
	base    time.Time
	slots   []*hist.Slot
	workers []workload.Worker
	connMu  sync.Mutex
	conns   []db.Conn
	gens    []uint64 // reconnections per worker, for fresh random streams
	sched   *schedule
	stopCh  chan struct{}
	// stopOnce closes stopCh; inEvent counts workers inside a transaction.
	stopOnce sync.Once
	inEvent  atomic.Int64
	stop     atomic.Bool
	halted   atomic.Bool // set by abort: workers stop at once
	// interrupted is set when in-flight operations were cut off after the
	// grace: their errors are not the database's.
	interrupted atomic.Bool
	measuring   atomic.Bool
	claimed     atomic.Int64
	open        atomic.Int64 // claims whose event has not ended yet
	failed      atomic.Int64
	running     atomic.Int32
	abortOnce   sync.Once
	abortErr    error
	abortCh     chan struct{}

	ivSet    *hist.Set
	total    *hist.Set
	wtotals  []WorkerTotals
	lastTick time.Time
}

// Run runs cfg and returns what it measured. A connection failure is
// returned as the driver's *db.ConnectError. Cancelling ctx interrupts the
// run: in-flight transactions get cfg.Grace to finish and the outcome is
// returned with Interrupted set.
func Run(ctx context.Context, cfg Config) (*Outcome, error) {
	if cfg.Threads < 1 {
		return nil, fmt.Errorf("threads must be at least 1")
	}
	if cfg.Duration <= 0 && cfg.Events <= 0 {
		return nil, fmt.Errorf("either a time or an events limit is needed")
	}
	if cfg.Interval <= 0 {
		cfg.Interval = time.Second
	}
	r := &runner{cfg: cfg, ops: cfg.Instance.Ops(), abortCh: make(chan struct{})}
	conns, err := openAll(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer func() {
		for i := range conns {
			if c := r.conn(i); c != nil {
				c.Close()
			}
		}
	}()
	r.conns = conns
	out := &Outcome{Ops: r.ops}
	if want := procsFor(cfg, os.Getenv("GOMAXPROCS")); runtime.GOMAXPROCS(0) < want {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(want))
	}
	out.GOMAXPROCS = runtime.GOMAXPROCS(0)
	if pct := gcFor(cfg, os.Getenv("GOGC")); pct > 0 {
		defer debug.SetGCPercent(debug.SetGCPercent(pct))
	}
	out.GOGC = gcPercent()
	if v, ok := conns[0].(db.Versioner); ok {
		out.ServerVersion, _ = v.ServerVersion(ctx)
	}

	r.base = time.Now()
	r.slots = make([]*hist.Slot, cfg.Threads)
	r.workers = make([]workload.Worker, cfg.Threads)
	r.gens = make([]uint64, cfg.Threads)
	r.stopCh = make(chan struct{})
	if cfg.Rate > 0 {
		r.sched = newSchedule(cfg.Rate, cfg.Arrival, cfg.Seed)
	}
	for i := range cfg.Threads {
		r.slots[i] = hist.NewSlot(len(r.ops))
		w, err := cfg.Instance.NewWorker(ctx, r.env(i, conns[i]))
		if err != nil {
			for _, w := range r.workers[:i] {
				w.Close(ctx)
			}
			return nil, fmt.Errorf("start worker %d: %w", i+1, err)
		}
		r.workers[i] = w
	}
	r.ivSet = hist.NewSet(len(r.ops))
	r.total = hist.NewSet(len(r.ops))
	r.total.Reserve(hist.ReserveBuckets) // a long run's memory, taken now
	r.wtotals = make([]WorkerTotals, cfg.Threads)
	r.loop(ctx, out)
	out.Total = r.total
	out.Workers = r.wtotals
	out.Aborted = r.abortErr
	return out, nil
}

// openAll opens one connection per worker, in parallel.
func openAll(ctx context.Context, cfg Config) ([]db.Conn, error) {
	conns := make([]db.Conn, cfg.Threads)
	if cfg.Driver == nil {
		return conns, nil // no database: nil connections
	}
	errs := make([]error, cfg.Threads)
	var wg sync.WaitGroup
	for i := range conns {
		wg.Go(func() { conns[i], errs[i] = cfg.Driver.Open(ctx, cfg.Target) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		for _, c := range conns {
			if c != nil {
				c.Close()
			}
		}
		for _, e := range errs {
			if e != nil {
				return nil, e // the first is enough: they all say the same
			}
		}
	}
	return conns, nil
}

// loop starts the workers and collects intervals until they are all done.
func (r *runner) loop(ctx context.Context, out *Outcome) {
	cfg := r.cfg
	// Operations get a context that is never cancelled: a cancellable one
	// costs every query a watcher (pgx registers a callback; the MySQL driver
	// wakes a goroutine), which showed up as client CPU. In-flight
	// operations are interrupted through their connection instead, once the
	// grace after the end has passed.
	opCtx := context.WithoutCancel(ctx)

	measureStart := r.base.Add(cfg.Warmup)
	r.measuring.Store(cfg.Warmup <= 0)
	r.lastTick = r.base
	done := make(chan struct{})
	var wg sync.WaitGroup
	for i := range r.workers {
		wg.Go(func() { r.work(opCtx, i) })
	}
	go func() { wg.Wait(); close(done) }()

	nextTick := r.base.Add(cfg.Interval)
	if cfg.Warmup > 0 && nextTick.After(measureStart) {
		nextTick = measureStart
	}
	var deadline <-chan time.Time
	if cfg.Duration > 0 {
		t := time.NewTimer(time.Until(measureStart.Add(cfg.Duration)))
		defer t.Stop()
		deadline = t.C
	}
	var grace <-chan time.Time
	stopNow := func() {
		if r.stop.Swap(true) {
			return
		}
		r.closeStop()
		g := time.NewTimer(cfg.Grace)
		grace = g.C
	}
	tick := time.NewTimer(time.Until(nextTick))
	defer tick.Stop()
	interrupt, abort := ctx.Done(), r.abortCh
	for {
		select {
		case <-tick.C:
			now := time.Now()
			warm := !r.measuring.Load()
			r.emit(out, r.collect(now, warm), now, measureStart)
			if warm && !now.Before(measureStart) {
				r.measuring.Store(true)
				nextTick = measureStart
			}
			for !nextTick.After(now) { // skip ticks missed, never catch up
				nextTick = nextTick.Add(cfg.Interval)
			}
			tick.Reset(time.Until(nextTick))
		case <-deadline:
			deadline = nil
			stopNow()
		case <-interrupt:
			interrupt = nil
			out.Interrupted = true
			stopNow()
		case <-abort:
			abort = nil
			stopNow()
		case <-grace:
			grace = nil
			r.interrupt()
		case <-done:
			now := time.Now()
			if r.measuring.Load() {
				if iv := r.collect(now, false); iv.DurS > 0 {
					r.emit(out, iv, now, measureStart)
				}
			}
			out.Start, out.End = measureStart, now
			if cfg.Warmup > 0 && now.Before(measureStart) {
				out.Start = now // the run ended inside its warmup: nothing measured
			}
			return
		}
	}
}

func (r *runner) emit(out *Outcome, iv results.Interval, now, measureStart time.Time) {
	iv.T = now.Sub(measureStart).Seconds()
	if !r.cfg.DiscardIntervals {
		out.Intervals = append(out.Intervals, iv)
	}
	if r.cfg.OnInterval != nil {
		r.cfg.OnInterval(iv)
	}
}

// interrupt aborts the operations still in flight after the grace period, on
// connections that can be interrupted (db.Interrupter).
func (r *runner) interrupt() {
	r.interrupted.Store(true)
	r.connMu.Lock()
	defer r.connMu.Unlock()
	for _, c := range r.conns {
		if i, ok := c.(db.Interrupter); ok {
			i.Interrupt()
		}
	}
}

// abort stops the run on the error policy, keeping the first cause.
func (r *runner) abort(err error) {
	r.abortOnce.Do(func() {
		r.halted.Store(true)
		r.closeStop()
		r.abortErr = err
		close(r.abortCh)
	})
}

// conn and setConn guard worker i's connection, which reconnect replaces
// while interrupt may read it.
func (r *runner) conn(i int) db.Conn {
	r.connMu.Lock()
	defer r.connMu.Unlock()
	return r.conns[i]
}

func (r *runner) setConn(i int, c db.Conn) {
	r.connMu.Lock()
	r.conns[i] = c
	r.connMu.Unlock()
}

// generation is how many times worker i has reconnected.
func (r *runner) generation(i int) uint64 { return r.gens[i] }

func (r *runner) closeStop() { r.stopOnce.Do(func() { close(r.stopCh) }) }

// stopping reports whether workers should start no new transaction.
func (r *runner) stopping() bool { return r.stop.Load() || r.halted.Load() }

// sleep waits d, or less if the run stops; it reports whether it slept fully.
func (r *runner) sleep(d time.Duration) bool {
	if d <= 0 {
		return !r.stopping()
	}
	return r.wait(time.NewTimer(d))
}

// sleepOn is sleep on a timer the caller keeps: an open-loop worker waits
// before most of its events, and a new timer for each is garbage all run.
// t must be stopped or expired (Go 1.23 timers: Reset then never delivers a
// stale tick).
func (r *runner) sleepOn(t *time.Timer, d time.Duration) bool {
	if d <= 0 {
		return !r.stopping()
	}
	t.Reset(d)
	return r.wait(t)
}

// wait waits for t or the end of the run, whichever comes first; it reports
// whether t fired. t is stopped either way.
func (r *runner) wait(t *time.Timer) bool {
	select {
	case <-t.C:
		return true
	case <-r.stopCh:
		t.Stop()
		return false
	}
}
