package run

import (
	"context"
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"
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
// measured intervals, and the measured intervals add up to the totals.
func TestWarmupExcluded(t *testing.T) {
	cfg := config(t, &probe{})
	cfg.Warmup = 300 * time.Millisecond
	cfg.Duration = 300 * time.Millisecond
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
	if warm == 0 {
		t.Fatal("no warmup interval recorded")
	}
	checkAccounting(t, out, measured)
	if d := out.Duration(); d < cfg.Duration {
		t.Errorf("measured %v, want at least %v", d, cfg.Duration)
	}
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

// TestRamp: --ramp starts the threads one after another, and the intervals
// show them joining.
func TestRamp(t *testing.T) {
	cfg := config(t, &probe{})
	cfg.Users, cfg.Ramp, cfg.Duration = 4, 400*time.Millisecond, 800*time.Millisecond
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	first, most := out.Intervals[0].Threads, 0
	for _, iv := range out.Intervals {
		most = max(most, iv.Threads)
	}
	if first >= 4 || most != 4 {
		t.Errorf("threads in the first interval %d, at most %d; want fewer than 4, then 4", first, most)
	}
	checkAccounting(t, out, out.Total.Txn.Count())
}
