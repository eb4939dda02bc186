package run

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/workload"
)

// probe is a test workload on a real SQLite connection: each event runs
// SELECT 1 and, when failEvery > 0, fails every failEvery-th attempt with an
// error of class failClass.
type probe struct {
	failEvery int64
	failClass db.Class
	attempts  atomic.Int64
}

var probeOps = []workload.Op{{Name: "select_one", Class: workload.Read}, {Name: "commit", Class: workload.Other}}

type probeSession struct{ st sqldb.Stmt }

func (s *probeSession) Close(context.Context) error { return s.st.Close() }

func (p *probe) instance() *testInst {
	return &testInst{ops: probeOps,
		open: func(ctx context.Context, env workload.SessionEnv) (workload.Session, error) {
			c, err := sqldb.Open(env.Conn, env.Driver)
			if err != nil {
				return nil, err
			}
			st, err := c.Prepare(ctx, "SELECT 1")
			if err != nil {
				return nil, err
			}
			return &probeSession{st: st}, nil
		},
		user: func(workload.UserEnv) workload.User {
			return &userFunc{run: func(ctx context.Context, tx workload.Tx) error {
				mark := tx.Begin()
				_, err := tx.Session().(*probeSession).st.Query(ctx)
				tx.End(0, mark, err)
				if err != nil {
					return err
				}
				if n := p.attempts.Add(1); p.failEvery > 0 && n%p.failEvery == 0 {
					return &db.Error{Class: p.failClass, Err: errors.New("injected")}
				}
				mark = tx.Begin()
				tx.End(1, mark, nil)
				return nil
			}}
		}}
}

func config(t *testing.T, p *probe) Config {
	t.Helper()
	target, err := db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), "run.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	return Config{Instance: p.instance(), Driver: sqlite.Driver{}, Target: target, Users: 4, Interval: 100 * time.Millisecond,
		Percentile: 95, Seed: 1, Grace: time.Second}
}

// TestEventsExact: --events is exact over all workers, and every event is in
// exactly one interval and one worker's fairness count.
func TestEventsExact(t *testing.T) {
	cfg := config(t, &probe{})
	cfg.Events = 2000
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkAccounting(t, out, 2000)
	if n := out.Total.Ops[0].Count(); n != 2000 {
		t.Errorf("%d select_one operations, want 2000", n)
	}
}

func checkAccounting(t *testing.T, out *Outcome, want int64) {
	t.Helper()
	if got := out.Total.Txn.Count(); got != want {
		t.Errorf("%d transactions, want %d", got, want)
	}
	var inWorkers, inIntervals int64
	for _, w := range out.Users {
		inWorkers += w.Events
	}
	for _, iv := range out.Intervals {
		if !iv.Warmup {
			inIntervals += iv.Transactions
		}
	}
	if inWorkers != want || inIntervals != want {
		t.Errorf("workers count %d, intervals count %d, want %d in each", inWorkers, inIntervals, want)
	}
}

// TestWarmupExcluded: warmup transactions reach neither the totals nor the
// measured intervals, and the measured intervals add up to the totals. In
// a synctest bubble, 4 users doing a transaction per 7 ms (no transaction
// ends on a boundary) do 42 each in the 300 ms of warmup and 44 each
// measured: the 43rd, across the warmup's end, ends measured, and the
// 86th, in flight at the deadline, finishes. However busy the machine is.
func TestWarmupExcluded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		inst := &testInst{user: func(workload.UserEnv) workload.User {
			return &userFunc{run: func(_ context.Context, tx workload.Tx) error { tx.Pause(7 * time.Millisecond); return nil }}
		}}
		cfg := fake(inst, 4)
		cfg.Interval, cfg.Warmup, cfg.Duration = 100*time.Millisecond, 300*time.Millisecond, 300*time.Millisecond
		out, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		var warm, measured int64
		for _, iv := range out.Intervals {
			if iv.Warmup {
				warm += iv.Transactions
			} else {
				measured += iv.Transactions
			}
		}
		if warm != 4*42 || measured != 4*44 {
			t.Fatalf("%d warmup and %d measured transactions, want %d and %d", warm, measured, 4*42, 4*44)
		}
		checkAccounting(t, out, measured)
		if d := out.Duration(); d < cfg.Duration {
			t.Errorf("measured %v, want at least %v", d, cfg.Duration)
		}
	})
}

// TestIgnoredErrorsRetried: an ignorable error rolls the event back and runs
// it again; the event counts once, every failed attempt as ignored.
func TestIgnoredErrorsRetried(t *testing.T) {
	p := &probe{failEvery: 3, failClass: db.Deadlock}
	cfg := config(t, p)
	cfg.Events = 900
	cfg.Ignore = map[db.Class]bool{db.Deadlock: true}
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkAccounting(t, out, 900)
	attempts := p.attempts.Load()
	if ign := out.Total.Txn.IgnoredByClass[db.Deadlock]; ign != attempts/3 || ign+900 != attempts {
		t.Errorf("%d ignored deadlocks over %d attempts for 900 events", ign, attempts)
	}
	if out.Total.Errors() != 0 || out.Aborted != nil {
		t.Errorf("errors %d, aborted %v", out.Total.Errors(), out.Aborted)
	}
}

// TestAbortOnErrors: a failure that is not ignored aborts the run once
// MaxErrors failures have been exceeded, and the outcome says why.
func TestAbortOnErrors(t *testing.T) {
	for _, maxErrors := range []int64{0, 5} {
		p := &probe{failEvery: 2, failClass: db.DuplicateKey}
		cfg := config(t, p)
		cfg.Duration = time.Minute
		cfg.MaxErrors = maxErrors
		out, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if out.Aborted == nil || db.ClassOf(out.Aborted) != db.DuplicateKey {
			t.Fatalf("max-errors %d: aborted = %v", maxErrors, out.Aborted)
		}
		// Workers in flight may each add one failure after the threshold.
		if n := out.Total.Txn.ErrorsByClass[db.DuplicateKey]; n <= maxErrors || n > maxErrors+int64(cfg.Users) {
			t.Errorf("max-errors %d: %d failures recorded", maxErrors, n)
		}
	}
}

// TestInterrupt: cancelling the context stops the run and keeps what it
// measured.
func TestInterrupt(t *testing.T) {
	cfg := config(t, &probe{})
	cfg.Duration = time.Hour
	ctx, cancel := context.WithCancel(context.Background())
	var intervals atomic.Int64
	cfg.OnInterval = func(results.Interval) {
		if intervals.Add(1) == 3 {
			cancel()
		}
	}
	out, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !out.Interrupted {
		t.Error("not marked interrupted")
	}
	checkAccounting(t, out, out.Total.Txn.Count())
	if out.Total.Txn.Count() == 0 {
		t.Error("nothing measured before the interrupt")
	}
}

// TestUnreachable: a connection failure comes back as a db.ConnectError.
func TestUnreachable(t *testing.T) {
	cfg := config(t, &probe{})
	cfg.Events = 1
	cfg.Target, _ = db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), "missing", "dir", "x.sqlite"))
	_, err := Run(context.Background(), cfg)
	var ce *db.ConnectError
	if !errors.As(err, &ce) {
		t.Fatalf("error %v is not a ConnectError", err)
	}
}

// TestRamp: --ramp starts the users evenly over its time, and the
// intervals show them joining. In a synctest bubble, 4 users ramped over
// 3 s start at 0, 0.75, 1.5 and 2.25 s and each does a transaction per
// 3 ms once started, so each 1 s interval holds exactly the users' time in
// it over 3 ms, give or take the transaction each user has across a
// boundary. (3 ms: no transaction ends on the 5 s deadline, where a last
// interval of no time would be left out of the intervals.)
func TestRamp(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const each = 3 * time.Millisecond
		inst := &testInst{user: func(workload.UserEnv) workload.User {
			return &userFunc{run: func(_ context.Context, tx workload.Tx) error { tx.Pause(each); return nil }}
		}}
		cfg := fake(inst, 4)
		cfg.Ramp, cfg.Duration = 3*time.Second, 5*time.Second
		out, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		// Users running at each tick, and user-seconds in each interval.
		wantUsers := []int{2, 3, 4, 4, 4}
		userS := []float64{1 + 0.25, 2 + 0.5, 3 + 0.75, 4, 4}
		if len(out.Intervals) < len(wantUsers) {
			t.Fatalf("%d intervals in 5 s, want 5 (and the transactions in flight at the end)", len(out.Intervals))
		}
		for i, want := range wantUsers {
			iv := out.Intervals[i]
			txns := userS[i] / each.Seconds()
			if iv.Threads != want || math.Abs(float64(iv.Transactions)-txns) > 4 {
				t.Errorf("interval %d: %d users, %d transactions; want %d users, %.0f transactions", i+1, iv.Threads, iv.Transactions, want, txns)
			}
		}
		checkAccounting(t, out, out.Total.Txn.Count())
	})
}
