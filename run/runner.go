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
	"github.com/dbgauge/dbgauge/db/sockconn"
	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/workload"
)

// Outcome is what a run measured.
type Outcome struct {
	// Start and End bound the measured part (after warmup, through the last
	// user's finish).
	Start, End time.Time
	Total      *hist.Set
	// Users are this shard's users' measured events and time in
	// transactions, for sysbench's "Threads fairness".
	Users     []UserTotals
	Intervals []results.Interval
	Ops       []workload.Op
	Types     []workload.Txn
	// Pooled says users shared connections (and waited for them).
	Pooled        bool
	ServerVersion string
	// GOMAXPROCS and GOGC are the values the run used (GOGC -1: off);
	// Sockets is "blocking" or "netpoll" (see blockingFor).
	Sockets string
	// SocketProbe is what the run measured of both modes before it chose
	// one (DBGAUGE_SOCKETS=auto), nil when it did not probe.
	SocketProbe *results.SocketProbe
	GOMAXPROCS  int
	GOGC        int
	// Wakeups: the wake-up experiments asked for and applied, with the GC
	// pauses (DBGAUGE_WAKEUPS set), else nil.
	Wakeups *results.Wakeups
	// Relogins counts the driver's transparent logins again while
	// measuring (db.Relogger), nil when the driver does none.
	Relogins    *int64
	Interrupted bool
	// Aborted is the error that stopped the run under the error policy.
	Aborted error
}

// UserTotals are one user's measured transactions and time in them.
type UserTotals struct {
	Events int64
	BusyNs int64
}

// Duration is the measured wall time.
func (o *Outcome) Duration() time.Duration { return o.End.Sub(o.Start) }

type runner struct {
	cfg Config
	// ops are the operations named so far; nOps the histograms' slots
	// (more than len(ops) for a workload that names them as it runs:
	// workload.OpLister).
	ops   []workload.Op
	nOps  int
	types []workload.Txn
	base  time.Time
	pool  *pool
	users []*user
	sched *schedule
	// stopCh is closed when users should start no new transaction; cutCh
	// when waits inside transactions should end too (after the grace, or
	// on abort).
	stopCh, cutCh     chan struct{}
	stopOnce, cutOnce sync.Once
	inEvent           atomic.Int64
	stop              atomic.Bool
	halted            atomic.Bool // set by abort: users stop at once
	// interrupted is set when in-flight operations were cut off after the
	// grace: their errors are not the database's.
	interrupted atomic.Bool
	measuring   atomic.Bool
	// reloginBase is the connections' relogins when measuring began.
	reloginBase int64
	// limit is this shard's --events (limited: there is one); claimed and
	// open count claims (see user.go).
	limit     int64
	limited   bool
	claimed   atomic.Int64
	open      atomic.Int64
	failed    atomic.Int64
	running   atomic.Int32
	abortOnce sync.Once
	abortErr  error
	abortCh   chan struct{}

	// probing is set while the socket probe counts transactions
	// (probeTxns); probe is its result.
	probing   atomic.Bool
	probeTxns atomic.Int64
	probe     *socketProbe
	// wake are the wake-up experiments in effect (wakeups.go).
	wake wakeups

	ivSet    *hist.Set
	total    *hist.Set
	lastTick time.Time
}

// Run runs cfg and returns what it measured. A connection failure is
// returned as the driver's *db.ConnectError. Cancelling ctx interrupts the
// run: in-flight transactions get cfg.Grace to finish and the outcome is
// returned with Interrupted set.
func Run(ctx context.Context, cfg Config) (*Outcome, error) {
	if err := check(&cfg); err != nil {
		return nil, err
	}
	inst := cfg.Instance
	r := &runner{cfg: cfg, ops: inst.Ops(), types: inst.Transactions(), abortCh: make(chan struct{}),
		stopCh: make(chan struct{}), cutCh: make(chan struct{})}
	r.nOps = len(r.ops)
	r.refreshOps()
	r.limit, r.limited = cfg.events(), cfg.Events > 0
	blocking, probe := socketsFor(cfg, os.Getenv("DBGAUGE_SOCKETS"), runtime.NumCPU())
	defer sockconn.SetBlocking(sockconn.SetBlocking(blocking))
	wakeEnv, wakeAsked := os.LookupEnv("DBGAUGE_WAKEUPS")
	r.wake = wakeupsFor(wakeEnv)
	procsEnv := os.Getenv("GOMAXPROCS")
	closedBlocking := blocking && !probe && procsFor(cfg, procsEnv, blocking) > 0
	r.wake.locked = r.wake.locked && closedBlocking && cfg.users() == cfg.conns()
	r.wake.raw = r.wake.raw && blocking && !probe &&
		max(runtime.GOMAXPROCS(0), procsFor(cfg, procsEnv, blocking)) >= cfg.conns()+2 && !r.wake.locked
	if r.wake.raw {
		defer sockconn.SetRaw(sockconn.SetRaw(true))
	}
	if probe {
		// Connections that can change mode mid-run, for the probe.
		defer sockconn.SetSwitchable(sockconn.SetSwitchable(true))
	}
	p, err := openPool(ctx, r, cfg.conns(), cfg.users())
	if err != nil {
		return nil, err
	}
	r.pool = p
	defer p.close(context.WithoutCancel(ctx))
	out := &Outcome{Ops: r.ops, Types: r.types, Pooled: p.pooled(), Sockets: modeName(blocking)}
	procs := runtime.GOMAXPROCS(0)
	if want := procsFor(cfg, os.Getenv("GOMAXPROCS"), blocking); r.wake.locked {
		runtime.GOMAXPROCS(lockedProcs(cfg))
	} else if procs < want {
		runtime.GOMAXPROCS(want)
	}
	defer runtime.GOMAXPROCS(procs)
	if probe {
		r.probe = &socketProbe{procs: procs, blockingProcs: procsFor(cfg, os.Getenv("GOMAXPROCS"), true)}
	}
	out.GOMAXPROCS = runtime.GOMAXPROCS(0)
	if pct := gcFor(cfg, os.Getenv("GOGC")); pct > 0 {
		defer debug.SetGCPercent(debug.SetGCPercent(pct))
	}
	out.GOGC = gcPercent()
	if v, ok := p.conns[0].conn.(db.Versioner); ok {
		out.ServerVersion, _ = v.ServerVersion(ctx)
	}
	if err := r.makeUsers(ctx); err != nil {
		return nil, err
	}
	r.base = time.Now()
	if !cfg.StartAt.IsZero() {
		r.base = cfg.StartAt.Add(-cfg.Warmup)
		if r.base.Before(time.Now()) {
			return nil, &LateStartError{StartAt: cfg.StartAt, Now: time.Now()}
		}
	}
	if cfg.Rate > 0 {
		r.sched = newSchedule(cfg.Rate, cfg.Arrival, cfg.Seed, cfg.Shard)
	}
	r.ivSet = hist.NewSet(len(r.types), r.nOps)
	r.total = hist.NewSet(len(r.types), r.nOps)
	// A long run's memory, taken now; operations a workload names as it
	// runs take theirs when they first run (collect).
	if _, named := inst.(workload.OpLister); named {
		r.total.ReserveTxns(hist.ReserveBuckets, p.pooled())
	} else {
		r.total.Reserve(hist.ReserveBuckets, p.pooled())
	}
	r.loop(ctx, out)
	if r.probe != nil {
		out.SocketProbe = r.probe.result
		out.Sockets = r.probe.chosen()
		out.GOMAXPROCS = runtime.GOMAXPROCS(0)
	}
	r.refreshOps()
	out.Ops = r.ops
	out.Total = r.total
	out.Users = make([]UserTotals, len(r.users))
	for i, u := range r.users {
		out.Users[i] = UserTotals{Events: u.events, BusyNs: u.busyNs}
	}
	out.Aborted = r.abortErr
	if wakeAsked {
		out.Wakeups = r.wake.result()
	}
	return out, nil
}

// LateStartError says the common start time had passed by the time the
// connections were open and the users made.
type LateStartError struct{ StartAt, Now time.Time }

func (e *LateStartError) Error() string {
	return fmt.Sprintf("--start-at %s had passed (%s) once the connections were open; give a later time",
		e.StartAt.Format(time.RFC3339), e.Now.Format(time.RFC3339))
}

// check validates cfg.
func check(cfg *Config) error {
	switch {
	case cfg.Users < 1:
		return errors.New("users must be at least 1")
	case cfg.Connections > cfg.Users:
		return fmt.Errorf("connections (%d) must not outnumber users (%d)", cfg.Connections, cfg.Users)
	case cfg.Duration <= 0 && cfg.Events <= 0:
		return errors.New("either a time or an events limit is needed")
	case cfg.Users < cfg.Shard.N():
		return fmt.Errorf("%d users cannot be dealt over %d shards: give at least one user per shard", cfg.Users, cfg.Shard.N())
	}
	if cfg.Interval <= 0 {
		cfg.Interval = time.Second
	}
	return nil
}

// loop starts the users and collects intervals until they are all done.
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
	r.reloginBase, _ = r.pool.relogins()
	for _, c := range r.pool.conns {
		c.slot = hist.NewSlot(len(r.types), r.nOps, cfg.Warmup <= 0)
	}
	r.lastTick = r.base
	if cfg.Warmup <= 0 && cfg.OnMeasure != nil {
		cfg.OnMeasure()
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	for _, u := range r.users {
		wg.Go(func() { r.userLoop(opCtx, u) })
	}
	if r.probe != nil {
		wg.Go(func() { r.probeSockets() })
	}
	go func() { wg.Wait(); close(done) }()

	nextTick := r.base.Add(cfg.Interval)
	if cfg.Warmup > 0 && nextTick.After(measureStart) {
		nextTick = measureStart
	}
	var deadline <-chan time.Time
	end := measureStart.Add(cfg.Duration)
	if cfg.Duration > 0 {
		t := time.NewTimer(time.Until(end))
		defer t.Stop()
		deadline = t.C
	}
	var grace <-chan time.Time
	stopThreads := -1 // users running when the stop came
	stopNow := func() {
		if r.stop.Swap(true) {
			return
		}
		stopThreads = int(r.running.Load())
		r.closeStop()
		g := time.NewTimer(cfg.Grace)
		grace = g.C
	}
	tick := time.NewTimer(time.Until(nextTick))
	defer tick.Stop()
	pastEnd := false
	interrupt, abort := ctx.Done(), r.abortCh
	for {
		select {
		case <-tick.C:
			now := time.Now()
			if cfg.Duration > 0 && !pastEnd && !now.Before(end) {
				// The tick at the end is the final interval's, taken when
				// the users are done (below): the transactions they finish
				// after the stop belong to it, and a tick at the deadline's
				// very instant would leave them to an interval of no length.
				pastEnd = true
				stopNow()
			} else {
				warm := !r.measuring.Load()
				measuredNext := !warm || !now.Before(measureStart)
				if warm && measuredNext && cfg.OnMeasure != nil {
					cfg.OnMeasure()
				}
				r.emit(out, r.collect(now, warm, measuredNext), now, measureStart)
				if warm && measuredNext {
					r.measuring.Store(true)
					r.reloginBase, _ = r.pool.relogins()
					nextTick = measureStart
				}
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
				iv := r.collect(now, false, true)
				if stopThreads >= 0 {
					iv.Threads = stopThreads
				}
				if iv.DurS > 0 {
					r.emit(out, iv, now, measureStart)
				}
			}
			out.Start, out.End = measureStart, now
			if n, ok := r.pool.relogins(); ok {
				n -= r.reloginBase
				out.Relogins = &n
			}
			if now.Before(measureStart) {
				out.Start = now // the run ended before measuring: nothing measured
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
	r.closeCut()
	r.pool.interrupt()
}

// abort stops the run on the error policy, keeping the first cause.
func (r *runner) abort(err error) {
	r.abortOnce.Do(func() {
		r.halted.Store(true)
		r.closeStop()
		r.closeCut()
		r.abortErr = err
		close(r.abortCh)
	})
}

func (r *runner) closeStop() { r.stopOnce.Do(func() { close(r.stopCh) }) }
func (r *runner) closeCut()  { r.cutOnce.Do(func() { close(r.cutCh) }) }

// stopping reports whether users should start no new transaction.
func (r *runner) stopping() bool { return r.stop.Load() || r.halted.Load() }

// now is the runner's clock: nanoseconds since base.
func (r *runner) now() int64 { return int64(time.Since(r.base)) }

// sleepOn waits d on a timer the caller keeps (a user waits before most of
// its transactions, and a new timer each time is garbage all run), or less
// if until is closed first; it reports whether it slept fully. t must be
// stopped or expired (Go 1.23 timers: Reset then never delivers a stale
// tick).
func sleepOn(t *time.Timer, d time.Duration, until <-chan struct{}) bool {
	if d <= 0 {
		select {
		case <-until:
			return false
		default:
			return true
		}
	}
	t.Reset(d)
	select {
	case <-t.C:
		return true
	case <-until:
		t.Stop()
		return false
	}
}

// refreshOps reads the operations a workload has named so far, when it
// names them as it runs (workload.OpLister); every operation recorded was
// named before its first record.
func (r *runner) refreshOps() {
	if l, ok := r.cfg.Instance.(workload.OpLister); ok {
		r.ops = l.CurrentOps()
	}
}
