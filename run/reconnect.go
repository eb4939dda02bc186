package run

import (
	"context"
	"errors"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// Reconnect backoff: from 50 ms doubling to 2 s, so a restarted server is
// found again within 2 s and a down one is not hammered.
const (
	backoffFirst = 50 * time.Millisecond
	backoffMax   = 2 * time.Second
)

// reconnect replaces worker i's lost connection: it reopens with backoff
// until it succeeds or the run stops, then makes a new worker on it (which
// prepares its statements again). It reports whether the worker may go on.
func (r *runner) reconnect(ctx context.Context, i int) bool {
	if r.cfg.Driver == nil {
		return false // no database: nothing to reconnect to
	}
	old := r.conn(i)
	_ = r.workers[i].Close(ctx)
	old.Close()
	r.gens[i]++
	wait := backoffFirst
	for !r.stopping() {
		c, err := r.cfg.Driver.Open(ctx, r.cfg.Target)
		if err == nil {
			w, err := r.cfg.Instance.NewWorker(ctx, r.env(i, c))
			if err == nil {
				r.setConn(i, c)
				r.workers[i] = w
				s := r.slots[i].Acquire()
				s.Reconnects++
				r.slots[i].Release()
				return true
			}
			c.Close()
		}
		if !r.sleep(wait) {
			break
		}
		wait = min(wait*2, backoffMax)
	}
	// The run ends while the server is away: leave a closed connection.
	r.setConn(i, old)
	return false
}

// env is worker i's environment on conn c.
func (r *runner) env(i int, c db.Conn) workload.WorkerEnv {
	driver := ""
	if r.cfg.Driver != nil {
		driver = r.cfg.Driver.Name()
	}
	return workload.WorkerEnv{Conn: c, Driver: driver,
		Rand:  randgen.New(r.cfg.Seed, 0x776f726b, uint64(i), uint64(r.generation(i))),
		Meter: &meter{base: r.base, slot: r.slots[i]}, Part: i, Parts: r.cfg.Threads,
		Reopen: func(ctx context.Context) (db.Conn, error) { return r.reopen(ctx, i) }}
}

// reopen is WorkerEnv.Reopen: a deliberate reconnect of worker i.
func (r *runner) reopen(ctx context.Context, i int) (db.Conn, error) {
	if r.cfg.Driver == nil {
		return nil, errors.New("no database to reconnect to")
	}
	c, err := r.cfg.Driver.Open(ctx, r.cfg.Target)
	if err != nil {
		return nil, err
	}
	old := r.conn(i)
	r.setConn(i, c)
	old.Close()
	s := r.slots[i].Acquire()
	s.Reconnects++
	r.slots[i].Release()
	return c, nil
}
