package run

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// user is one of the run's users: the workload's User, its random streams,
// its own timer for every wait, its Tx, and its fairness counts. Users are
// goroutines, a few kilobytes each, so that 10,000 of them cost no more
// than an application server's sessions.
type user struct {
	local, global int
	w             workload.User
	rand          *randgen.Rand
	// waits draws think times: a stream of its own, so that waiting does
	// not change the workload's inputs.
	waits *randgen.Rand
	timer *time.Timer
	tx    tx
	// typ is the type of the user's current (or last) transaction.
	typ workload.TxnID
	// events and busyNs are measured transactions and time in them.
	events, busyNs int64
	// keying and think are waits done but not yet recorded (they are
	// recorded into the next connection the user holds).
	keyingNs, keyings, thinkNs, thinks int64
	// end is when its last transaction ended; yielded when the user last
	// passed through the scheduler, and stmtNs how long its last statement
	// took, the guess for its next (see yield).
	end, yielded, stmtNs int64
}

// Stream paths of randgen.New: users' workload streams keep the path
// workers had ("work", index), so runs stay comparable.
const (
	streamUser  = 0x776f726b
	streamWaits = 0x77616974
)

// makeUsers makes this shard's users, each borrowing a session for what it
// reads at its start.
func (r *runner) makeUsers(ctx context.Context) error {
	n := r.cfg.users()
	r.users = make([]*user, n)
	for i := range n {
		g := int(r.cfg.Shard.Global(int64(i)))
		u := &user{local: i, global: g, rand: randgen.New(r.cfg.Seed, streamUser, uint64(g), 0),
			waits: randgen.New(r.cfg.Seed, streamWaits, uint64(g)), timer: time.NewTimer(time.Hour)}
		u.timer.Stop()
		u.tx = tx{r: r, u: u}
		sess := r.pool.conns[i%len(r.pool.conns)].sess
		w, err := r.cfg.Instance.NewUser(ctx, workload.UserEnv{Rand: u.rand, User: g, Users: r.cfg.Users, Session: sess})
		if err != nil {
			return fmt.Errorf("start user %d: %w", g+1, err)
		}
		u.w = w
		r.users[i] = u
	}
	return nil
}

// userLoop is one user's life: sysbench's thread_run, with waits and a
// borrowed connection. A transaction that fails with an ignorable error is
// rolled back (by the workload) and run again, same type, same inputs; its
// latency covers every attempt, and each failed attempt counts as an
// ignored error of its class. A lost connection is reopened (with backoff)
// with the workload's session on it; that failure is counted in its class
// but does not count towards --max-errors.
func (r *runner) userLoop(ctx context.Context, u *user) {
	start := r.cfg.Ramp * time.Duration(u.global) / time.Duration(r.cfg.Users)
	if !sleepOn(u.timer, time.Until(r.base.Add(start)), r.stopCh) {
		return
	}
	r.running.Add(1)
	defer r.running.Add(-1)
	if r.wake.locked {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
	}
	for !r.stopping() {
		claimed := r.limited && r.measuring.Load()
		if claimed {
			// A claim is open from here until its transaction ends. Over
			// the limit means done, unless another claim still open is
			// handed back (its workload had no more events): wait for those.
			r.open.Add(1)
			if r.claimed.Add(1) > r.limit {
				r.claimed.Add(-1)
				// With no claim open, done unless one was handed back
				// meanwhile (it gave back its count before its open one,
				// so the load sees it): then take it.
				if r.open.Add(-1) == 0 && r.claimed.Load() >= r.limit {
					break
				}
				runtime.Gosched()
				continue
			}
		}
		res := r.transaction(ctx, u, claimed)
		if claimed {
			if res == noEvent {
				r.claimed.Add(-1) // the other users may still use this one
			}
			r.open.Add(-1)
		}
		if res == stopUser || res == noEvent {
			break
		}
		if res == ran {
			r.think(u)
		}
		r.yield(u)
	}
	r.finish(ctx, u)
}

// yieldBudget is how long a user that never blocks in Go (blocking
// sockets: its waits are system calls) goes without passing through the
// scheduler. A goroutine that spends its life in read(2) and write(2) never
// reschedules, so after 10 ms (forcePreemptNS) the runtime's sysmon takes it
// for a long-running goroutine: it preempts it, takes its P away in the
// middle of a system call and hands the P to another thread, and then polls
// every 20 µs again for a while. Measured on PostgreSQL point selects at 2
// threads, that was 5,500 sysmon wake-ups a second and the futex calls of
// the hand-offs. A voluntary Gosched avoids all that, but is not free
// either: it puts the user on the global run queue and wakes an idle thread
// (wakep), about two futex calls, and the woken thread may take the user
// over; the machine then idles while the threads change places. Measured on
// oltp_read_write.lua, PostgreSQL, 2 threads: yielding every 5 ms cost 1.0
// futex call and 130-205 µs of machine idle time a transaction, every 8 ms
// 0.7 and 119-138 µs (docs/performance.md, "Fewer yields"). So a user
// yields as late as sysmon allows: when the time since its last yield plus
// its next statement (guessed as long as its last) would reach yieldBudget,
// 1 ms short of sysmon's 10 ms for the guess's error.
const yieldBudget = int64(9 * time.Millisecond)

// yield passes the user through the scheduler at a transaction's end when
// its next statement could take it past yieldBudget.
func (r *runner) yield(u *user) { r.yieldBefore(u, u.end) }

// yieldInside does the same between two statements of a transaction (now
// is the end of one that took stmtNs). A transaction that takes longer
// than the 10 ms that sysmon allows (sysbench-tpcc's Delivery and
// Stock-Level; any transaction on a loaded machine) would otherwise be
// preempted in a system call every time: on tpcc.lua at 2 threads that was
// 2,000 sysmon wake-ups a second (8 a transaction), where yields between
// statements leave 460. Its cost, a few microseconds once in 9 ms, is the
// transaction's, as any of the client's time between statements is.
func (r *runner) yieldInside(u *user, now, stmtNs int64) {
	u.stmtNs = stmtNs
	r.yieldBefore(u, now)
}

func (r *runner) yieldBefore(u *user, now int64) {
	if now-u.yielded+u.stmtNs >= yieldBudget && !r.wake.noyield { // the transaction's clock: no second read
		runtime.Gosched()
		u.yielded = now
	}
}

// What transaction did.
const (
	ran      = iota // a transaction ran (and was counted, or not)
	dropped         // the ticket was too late: nothing ran
	noEvent         // the workload has no more events: the user stops
	stopUser        // the run stops for this user
)

// transaction runs one transaction of u: the keying time or the schedule,
// a connection, the attempts, and the records.
func (r *runner) transaction(ctx context.Context, u *user, claimed bool) int {
	typ := u.w.Next()
	u.typ = typ
	spec := r.types[typ]
	var intended int64
	if r.sched == nil {
		if !spec.Keying.IsZero() {
			d := spec.Keying.Draw(u.waits)
			t0 := r.now()
			if !sleepOn(u.timer, d, r.stopCh) {
				return stopUser
			}
			u.keyingNs += r.now() - t0
			u.keyings++
		}
		intended = r.now()
	} else {
		intended = r.sched.take()
		if now := r.now(); intended > now && !sleepOn(u.timer, time.Duration(intended-now), r.stopCh) {
			return stopUser
		}
	}
	asked := r.now()
	c := r.pool.acquire(u, false)
	if c == nil {
		return stopUser
	}
	defer r.pool.release(c)
	start := r.now()
	if c.sess == nil && r.cfg.Driver != nil && !r.pool.reconnect(ctx, u, c) {
		return stopUser // a connection another user lost, not found again
	}
	s := c.slot.Acquire()
	if r.pool.pooled() {
		s.PoolWait.Record(start-asked, false)
	}
	s.Waits.KeyingNs += u.keyingNs
	s.Waits.KeyingCount += u.keyings
	s.Waits.ThinkNs += u.thinkNs
	s.Waits.ThinkCount += u.thinks
	u.keyingNs, u.keyings, u.thinkNs, u.thinks = 0, 0, 0, 0
	if r.sched != nil {
		lag := max(start-intended, 0)
		if r.cfg.MaxLag > 0 && lag > int64(r.cfg.MaxLag) {
			s.Dropped++
			c.slot.Release()
			return dropped
		}
		s.RecordStart(lag, lag > lateAfter)
	}
	c.slot.Release()

	if r.sched != nil { // sysbench's "concurrency", open loop only: a shared counter
		r.inEvent.Add(1)
	}
	err, rollback := r.attempts(ctx, u, c, typ)
	if r.sched != nil {
		r.inEvent.Add(-1)
	}
	if err == workload.ErrNoMoreEvents {
		return noEvent
	}
	end := r.now()
	u.end = end
	class := db.ClassOf(err)
	if err != nil && (r.interrupted.Load() || (r.cfg.Ignore[class] && class != db.ConnectionLost) ||
		(r.stopping() && errors.Is(err, context.Canceled))) {
		// Unfinished at the end of the run: neither a success nor a failure.
		return stopUser
	}
	t := &u.tx
	busy := end - start - t.pausedNs
	s = c.slot.Acquire()
	// Under --events, a transaction that began in the warmup and ends
	// measured holds no claim: it is not one of the events.
	if counts := claimed || !r.limited; counts || !s.Measured {
		s.RecordTxn(int(typ), end-intended-t.pausedNs, busy, int(class))
		if rollback {
			s.Rollback(int(typ))
		}
		s.Waits.PauseNs += t.pausedNs
		s.Waits.PauseCount += t.pauses
		if s.Measured {
			u.events++
			u.busyNs += busy
		}
	}
	c.slot.Release()
	if r.probing.Load() {
		r.probeTxns.Add(1)
	}
	if class == db.ConnectionLost {
		if !r.pool.reconnect(ctx, u, c) {
			return stopUser
		}
		return ran
	}
	var fatal *workload.FatalError
	if err != nil && (r.failed.Add(1) > r.cfg.MaxErrors || errors.As(err, &fatal)) {
		r.abort(err)
	}
	return ran
}

// attempts runs the transaction until it succeeds or fails for good,
// retrying ignorable errors from the same random state.
func (r *runner) attempts(ctx context.Context, u *user, c *pconn, typ workload.TxnID) (err error, rollback bool) {
	t := &u.tx
	t.reset(c)
	saved := *u.rand
	for {
		err = u.w.Run(ctx, t)
		if err == workload.ErrRollback {
			return nil, true
		}
		class := db.ClassOf(err)
		if err == nil || !r.cfg.Ignore[class] || class == db.ConnectionLost || err == workload.ErrNoMoreEvents {
			return err, false
		}
		s := c.slot.Acquire()
		s.Ignore(int(typ), int(class))
		c.slot.Release()
		if r.stopping() {
			return err, false
		}
		*u.rand = saved
		t.attempt++
	}
}

// think waits the think time after a transaction, off the connection:
// the transaction's own, else --think, else its type's. Closed loop only.
func (r *runner) think(u *user) {
	if r.sched != nil {
		return
	}
	t := &u.tx
	var d time.Duration
	switch {
	case t.thinkSet:
		d = t.think
	case r.cfg.Think != nil:
		d = r.cfg.Think.Draw(u.waits)
	default:
		d = r.types[u.typ].Think.Draw(u.waits)
	}
	if d <= 0 {
		return
	}
	t0 := r.now()
	sleepOn(u.timer, d, r.stopCh)
	u.thinkNs += r.now() - t0
	u.thinks++
}

// finish lets a user with work at the end do it (bulk_insert's last
// INSERT), measured, on a connection it borrows even as the run stops.
func (r *runner) finish(ctx context.Context, u *user) {
	f, ok := u.w.(workload.Finisher)
	if !ok {
		return
	}
	c := r.pool.acquire(u, true)
	if c == nil {
		return
	}
	defer r.pool.release(c)
	if c.sess == nil {
		return
	}
	u.tx.reset(c)
	_ = f.Finish(ctx, &u.tx)
}
