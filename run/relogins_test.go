package run

import (
	"context"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

// reloginDriver opens connections that count a relogin for every
// transaction run on them (db.Relogger), as CUBRID's driver does when the
// CAS drops it between transactions.
type reloginDriver struct{}

func (reloginDriver) Name() string      { return "relogin" }
func (reloginDriver) Schemes() []string { return []string{"relogin"} }
func (reloginDriver) Open(context.Context, *db.Target) (db.Conn, error) {
	return &reloginConn{}, nil
}

type reloginConn struct{ n atomic.Int64 }

func (c *reloginConn) Close() error    { return nil }
func (c *reloginConn) Relogins() int64 { return c.n.Load() }

// reloginSession carries its connection to the user's transaction.
type reloginSession struct{ conn *reloginConn }

func (reloginSession) Close(context.Context) error { return nil }

// TestReloginsCounted: relogins are counted while measuring only (warmup
// excluded), over every connection, those Tx.Reopen replaced included,
// and are absent for drivers that never log in again.
func TestReloginsCounted(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var done, atMeasure atomic.Int64
		inst := &testInst{
			types: []workload.Txn{{Name: "t", Think: workload.FixedWait(100 * time.Millisecond)}},
			open: func(_ context.Context, env workload.SessionEnv) (workload.Session, error) {
				return reloginSession{env.Conn.(*reloginConn)}, nil
			},
			user: func(workload.UserEnv) workload.User {
				n := 0
				return &userFunc{run: func(ctx context.Context, tx workload.Tx) error {
					time.Sleep(30 * time.Millisecond) // ends at 30, 160, 290, 420 ms...: never on a tick
					tx.Session().(reloginSession).conn.n.Add(1)
					done.Add(1)
					if n++; n%4 == 0 {
						if _, err := tx.Reopen(ctx); err != nil {
							return err
						}
					}
					return nil
				}}
			},
		}
		cfg := fake(inst, 3)
		cfg.Driver, cfg.Target = reloginDriver{}, &db.Target{}
		cfg.Warmup, cfg.Duration, cfg.Interval = 300*time.Millisecond, 2*time.Second, 100*time.Millisecond
		cfg.OnMeasure = func() { atMeasure.Store(done.Load()) }
		out, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if out.Relogins == nil {
			t.Fatal("no relogins reported for a driver that logs in again")
		}
		want := done.Load() - atMeasure.Load()
		if atMeasure.Load() == 0 || *out.Relogins != want {
			t.Errorf("relogins %d; want %d (%d in all, %d in warmup)", *out.Relogins, want, done.Load(), atMeasure.Load())
		}
		if r := out.Result(baseResult(), 95); r.Totals.Relogins == nil || *r.Totals.Relogins != want {
			t.Errorf("result.json relogins %v, want %d", r.Totals.Relogins, want)
		}
		if got := out.Result(baseResult(), 95).Totals.Reconnects; got == 0 {
			t.Error("the Reopens were not counted as reconnects")
		}

		plain := fake(&testInst{user: func(workload.UserEnv) workload.User {
			return &userFunc{run: func(context.Context, workload.Tx) error { time.Sleep(time.Millisecond); return nil }}
		}}, 1)
		plain.Duration = 100 * time.Millisecond
		out, err = Run(context.Background(), plain)
		if err != nil {
			t.Fatal(err)
		}
		if out.Relogins != nil {
			t.Errorf("relogins %d reported without a driver that logs in again", *out.Relogins)
		}
	})
}
