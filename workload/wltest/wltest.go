// Package wltest drives a workload without the runner, for the workloads'
// own tests: a session on one real connection, one user, n transactions,
// and the statements they ran, counted by operation.
//
// wltest imports workload, db and randgen.
package wltest

import (
	"context"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// Tx is a workload.Tx that counts statements by operation and sums the
// pauses asked for, without waiting.
type Tx struct {
	Sess      workload.Session
	OK        map[workload.OpID]int
	Failed    map[workload.OpID]int
	Types     map[workload.TxnID]int
	Paused    time.Duration
	Rollbacks int
	// Reopens counts Reopen calls; each opens a new session on the same
	// connection.
	Reopens int
	attempt int
	reopen  func(ctx context.Context) (workload.Session, error)
}

var _ workload.Tx = (*Tx)(nil)

// NewTx returns a Tx on s.
func NewTx(s workload.Session) *Tx {
	return &Tx{Sess: s, OK: map[workload.OpID]int{}, Failed: map[workload.OpID]int{}, Types: map[workload.TxnID]int{}}
}

func (t *Tx) Session() workload.Session { return t.Sess }
func (t *Tx) Begin() workload.Mark      { return 0 }
func (t *Tx) End(op workload.OpID, _ workload.Mark, err error) {
	if err != nil {
		t.Failed[op]++
		return
	}
	t.OK[op]++
}
func (t *Tx) Pause(d time.Duration) bool { t.Paused += d; return true }
func (t *Tx) Think(time.Duration)        {}
func (t *Tx) Attempt() int               { return t.attempt }
func (t *Tx) Reopen(ctx context.Context) (workload.Session, error) {
	t.Reopens++
	if t.reopen == nil {
		return t.Sess, nil
	}
	s, err := t.reopen(ctx)
	if err == nil {
		t.Sess = s
	}
	return s, err
}

// Options configures how Run drives the workload.
type Options struct {
	Driver      string
	User, Users int
	Seed        uint64
}

// Run opens a session on conn, makes one user and runs n transactions; any
// failure fails the test. A Finisher's Finish runs at the end.
func Run(t testing.TB, inst workload.Instance, conn db.Conn, o Options, n int) *Tx {
	t.Helper()
	ctx := context.Background()
	s, u := start(t, inst, conn, o)
	tx := NewTx(s)
	tx.reopen = func(ctx context.Context) (workload.Session, error) {
		return inst.Open(ctx, workload.SessionEnv{Conn: conn, Driver: o.Driver})
	}
	for i := range n {
		typ := u.Next()
		tx.Types[typ]++
		switch err := u.Run(ctx, tx); err {
		case nil:
		case workload.ErrRollback:
			tx.Rollbacks++
		default:
			t.Fatalf("transaction %d (%s): %v", i, inst.Transactions()[typ].Name, err)
		}
	}
	if f, ok := u.(workload.Finisher); ok {
		if err := f.Finish(ctx, tx); err != nil {
			t.Fatalf("finish: %v", err)
		}
	}
	tx.Sess.Close(ctx)
	return tx
}

// start opens a session on conn and makes the user of o; any failure
// fails the test.
func start(t testing.TB, inst workload.Instance, conn db.Conn, o Options) (workload.Session, workload.User) {
	t.Helper()
	ctx := context.Background()
	s, err := inst.Open(ctx, workload.SessionEnv{Conn: conn, Driver: o.Driver})
	if err != nil {
		t.Fatalf("open session: %v", err)
	}
	u, err := inst.NewUser(ctx, workload.UserEnv{Rand: randgen.New(o.Seed, 2), User: o.User, Users: max(o.Users, 1), Session: s})
	if err != nil {
		t.Fatalf("new user: %v", err)
	}
	return s, u
}
