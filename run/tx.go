package run

import (
	"context"
	"time"

	"github.com/dbgauge/dbgauge/workload"
)

// tx is a user's workload.Tx, reused for each of its transactions.
type tx struct {
	r       *runner
	u       *user
	c       *pconn
	attempt int
	// pausedNs and pauses are this transaction's pauses; think is the
	// think time it asked for, if thinkSet.
	pausedNs, pauses int64
	think            time.Duration
	thinkSet         bool
}

var _ workload.Tx = (*tx)(nil)

func (t *tx) reset(c *pconn) {
	t.c, t.attempt, t.pausedNs, t.pauses, t.thinkSet = c, 0, 0, 0, false
}

// Session implements workload.Tx.
func (t *tx) Session() workload.Session { return t.c.sess }

// Begin implements workload.Tx.
func (t *tx) Begin() workload.Mark { return workload.Mark(t.r.now()) }

// End implements workload.Tx.
func (t *tx) End(op workload.OpID, m workload.Mark, err error) {
	now := t.r.now()
	s := t.c.slot.Acquire()
	s.RecordOp(int(op), now-int64(m), err != nil)
	t.c.slot.Release()
	t.r.yieldInside(t.u, now, now-int64(m))
}

// Pause implements workload.Tx: the user waits holding the connection; the
// wait ends early only when the run is cut (after the grace, or aborted).
func (t *tx) Pause(d time.Duration) bool {
	if d <= 0 {
		return true
	}
	start := t.r.now()
	ok := sleepOn(t.u.timer, d, t.r.cutCh)
	t.pausedNs += t.r.now() - start
	t.pauses++
	return ok
}

// Think implements workload.Tx.
func (t *tx) Think(d time.Duration) { t.think, t.thinkSet = max(d, 0), true }

// Attempt implements workload.Tx.
func (t *tx) Attempt() int { return t.attempt }

// Reopen implements workload.Tx.
func (t *tx) Reopen(ctx context.Context) (workload.Session, error) {
	return t.r.pool.reopen(ctx, t.c)
}
