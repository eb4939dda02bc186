package run

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/workload"
)

// pconn is one connection of the run with the workload's session on it and
// the histograms its users record into while they hold it.
type pconn struct {
	mu   sync.Mutex // guards conn, which a reconnect replaces while interrupt reads it
	conn db.Conn
	// retired adds up the relogins of the connections conn replaced.
	retired int64
	sess    workload.Session
	slot    *hist.Slot
}

func (c *pconn) get() db.Conn {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.conn
}

// set replaces the connection (nil while a lost one is reopened), keeping
// the relogins of the one it replaces.
func (c *pconn) set(conn db.Conn) {
	c.mu.Lock()
	if rl, ok := c.conn.(db.Relogger); ok {
		c.retired += rl.Relogins()
	}
	c.conn = conn
	c.mu.Unlock()
}

// relogins is c's connections' transparent logins again (db.Relogger).
func (c *pconn) relogins() (int64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	rl, ok := c.conn.(db.Relogger)
	if !ok {
		return c.retired, c.retired > 0
	}
	return c.retired + rl.Relogins(), true
}

// pool hands connections to users. With as many connections as users each
// user keeps its own (bound: no pool at all on the measured path, as
// sysbench's threads); with fewer, users borrow them first come, first
// served from free, as from an application server's pool.
type pool struct {
	r     *runner
	conns []*pconn
	free  chan *pconn // nil when bound
}

// relogins adds up the transparent logins again of the pool's connections
// (db.Relogger), those a reconnect replaced included; ok is false when the
// driver does none.
func (p *pool) relogins() (n int64, ok bool) {
	for _, c := range p.conns {
		m, is := c.relogins()
		n, ok = n+m, ok || is
	}
	return n, ok
}

func (p *pool) pooled() bool { return p.free != nil }

// openPool opens n connections in parallel and the workload's session on
// each; with fewer connections than users they are pooled.
func openPool(ctx context.Context, r *runner, n, users int) (*pool, error) {
	p := &pool{r: r, conns: make([]*pconn, n)}
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range p.conns {
		p.conns[i] = &pconn{}
		wg.Go(func() { errs[i] = p.connect(ctx, p.conns[i]) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		p.close(ctx)
		for _, e := range errs {
			if e != nil {
				return nil, e // the first is enough: they all say the same
			}
		}
	}
	if n < users {
		p.free = make(chan *pconn, n)
		for _, c := range p.conns {
			p.free <- c
		}
	}
	return p, nil
}

// connect opens c's connection (none without a driver) and its session.
func (p *pool) connect(ctx context.Context, c *pconn) error {
	cfg := p.r.cfg
	var conn db.Conn
	driver := ""
	if cfg.Driver != nil {
		var err error
		if conn, err = cfg.Driver.Open(ctx, cfg.Target); err != nil {
			return err
		}
		driver = cfg.Driver.Name()
	}
	s, err := cfg.Instance.Open(ctx, workload.SessionEnv{Conn: conn, Driver: driver})
	if err != nil {
		if conn != nil {
			conn.Close()
		}
		return err
	}
	c.set(conn)
	c.sess = s
	return nil
}

// acquire returns a connection for user u, or nil if the run stopped (or,
// with force, was cut) while u waited for one.
func (p *pool) acquire(u *user, force bool) *pconn {
	if p.free == nil {
		return p.conns[u.local]
	}
	select {
	case c := <-p.free:
		return c
	default:
	}
	until := p.r.stopCh
	if force {
		until = p.r.cutCh
	}
	select {
	case c := <-p.free:
		return c
	case <-until:
		return nil
	}
}

// release gives c back.
func (p *pool) release(c *pconn) {
	if p.free != nil {
		p.free <- c
	}
}

// interrupt closes the sockets of the connections that can be interrupted.
func (p *pool) interrupt() {
	for _, c := range p.conns {
		if i, ok := c.get().(db.Interrupter); ok {
			i.Interrupt()
		}
	}
}

// close closes every session and connection.
func (p *pool) close(ctx context.Context) {
	for _, c := range p.conns {
		if c == nil {
			continue
		}
		if c.sess != nil {
			_ = c.sess.Close(ctx)
		}
		if conn := c.get(); conn != nil {
			conn.Close()
		}
	}
}

// Reconnect backoff: from 50 ms doubling to 2 s, so a restarted server is
// found again within 2 s and a down one is not hammered.
const (
	backoffFirst = 50 * time.Millisecond
	backoffMax   = 2 * time.Second
)

// reconnect replaces c's lost connection: it reopens with backoff until it
// succeeds or the run stops, then opens the workload's session on it again
// (which prepares its statements again). It reports whether c is usable.
func (p *pool) reconnect(ctx context.Context, u *user, c *pconn) bool {
	if p.r.cfg.Driver == nil {
		return false // no database: nothing to reconnect to
	}
	old := c.get()
	if c.sess != nil {
		_ = c.sess.Close(ctx)
		c.sess = nil
	}
	c.set(nil)
	old.Close()
	wait := backoffFirst
	for !p.r.stopping() {
		if err := p.connect(ctx, c); err == nil {
			s := c.slot.Acquire()
			s.Reconnects++
			c.slot.Release()
			return true
		}
		if !sleepOn(u.timer, wait, p.r.stopCh) {
			break
		}
		wait = min(wait*2, backoffMax)
	}
	return false
}

// reopen is Tx.Reopen: a deliberate reconnect of c, counted.
func (p *pool) reopen(ctx context.Context, c *pconn) (workload.Session, error) {
	cfg := p.r.cfg
	if cfg.Driver == nil {
		return nil, errors.New("no database to reconnect to")
	}
	conn, err := cfg.Driver.Open(ctx, cfg.Target)
	if err != nil {
		return nil, err
	}
	s, err := cfg.Instance.Open(ctx, workload.SessionEnv{Conn: conn, Driver: cfg.Driver.Name()})
	if err != nil {
		conn.Close()
		return nil, err
	}
	if c.sess != nil {
		_ = c.sess.Close(ctx)
	}
	old := c.get()
	c.set(conn)
	c.sess = s
	old.Close()
	st := c.slot.Acquire()
	st.Reconnects++
	c.slot.Release()
	return s, nil
}
