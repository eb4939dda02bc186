package run

import (
	"context"
	"errors"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

var twoOps = []workload.Op{{Name: "first", Class: workload.Read}, {Name: "second", Class: workload.Write}}

// fake is a runner configuration without a database, for synctest bubbles:
// time there is virtual, so waits take exactly what they ask and work
// takes none.
func fake(inst *testInst, users int) Config {
	return Config{Instance: inst, Users: users, Duration: 10 * time.Second, Interval: time.Second,
		Percentile: 95, Seed: 1, Grace: time.Second}
}

// TestPauseAndThinkOutOfResponseTime: a transaction that pauses 50 ms
// between its two statements, then thinks 100 ms, has a response time of
// 0 (the statements take no virtual time), a mean pause of 50 ms and a mean
// think time of 100 ms; a user does one transaction per 150 ms.
func TestPauseAndThinkOutOfResponseTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		inst := &testInst{ops: twoOps,
			types: []workload.Txn{{Name: "paused", Think: workload.FixedWait(100 * time.Millisecond)}},
			user: func(workload.UserEnv) workload.User {
				return &userFunc{run: func(_ context.Context, tx workload.Tx) error {
					m := tx.Begin()
					tx.End(0, m, nil)
					if !tx.Pause(50 * time.Millisecond) {
						return errors.New("pause cut short")
					}
					m = tx.Begin()
					tx.End(1, m, nil)
					return nil
				}}
			}}
		out, err := Run(context.Background(), fake(inst, 1))
		if err != nil {
			t.Fatal(err)
		}
		res := out.Result(baseResult(), 95)
		if res.Latency.Max != 0 {
			t.Errorf("response time max %.3f ms: the pause is in it", res.Latency.Max)
		}
		w := res.Totals.Waits
		if w == nil || w.PauseMeanMs != 50 || w.ThinkMeanMs != 100 {
			t.Fatalf("waits %+v, want pauses of 50 ms and think times of 100 ms", w)
		}
		// 10 s at 150 ms a transaction: 66 whole ones, the 67th ends at
		// 10.05 s (in flight at the deadline, it finishes).
		if n := res.Totals.Transactions; n != 67 {
			t.Errorf("%d transactions in 10 s at 150 ms each, want 67", n)
		}
		if res.Totals.Queries.Total != 2*res.Totals.Transactions {
			t.Errorf("%d statements for %d transactions", res.Totals.Queries.Total, res.Totals.Transactions)
		}
	})
}

// TestThinkOverride: --think replaces the type's think time, a transaction's
// own Think replaces both, and under --rate nobody thinks.
func TestThinkOverride(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		inst := &testInst{types: []workload.Txn{{Name: "t", Think: workload.FixedWait(time.Second)}},
			user: func(workload.UserEnv) workload.User {
				return &userFunc{run: func(context.Context, workload.Tx) error { return nil }}
			}}
		cfg := fake(inst, 1)
		think := workload.FixedWait(250 * time.Millisecond)
		cfg.Think = &think
		out, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if w := out.Result(baseResult(), 95).Totals.Waits; w == nil || w.ThinkMeanMs != 250 {
			t.Errorf("think %+v, want 250 ms from --think", w)
		}
		own := &testInst{types: inst.types, user: func(workload.UserEnv) workload.User {
			return &userFunc{run: func(_ context.Context, tx workload.Tx) error { tx.Think(10 * time.Millisecond); return nil }}
		}}
		if out, err = Run(context.Background(), fake(own, 1)); err != nil {
			t.Fatal(err)
		}
		if w := out.Result(baseResult(), 95).Totals.Waits; w == nil || w.ThinkMeanMs != 10 {
			t.Errorf("think %+v, want the transaction's own 10 ms", w)
		}
		cfg = fake(inst, 1)
		cfg.Rate, cfg.Arrival = 20, ArrivalFixed
		if out, err = Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		if w := out.Result(baseResult(), 95).Totals.Waits; w != nil {
			t.Errorf("under --rate users thought: %+v", w)
		}
		if n := out.Total.Txn.Count(); n < 199 || n > 201 {
			t.Errorf("%d transactions at 20/s for 10 s, want 200", n)
		}
	})
}

// TestPoolWaitInResponseTime: 10 users over 2 connections, each holding its
// connection 10 ms. Connections serve 200 transactions/s; a user waits for
// the 4 transactions ahead of it on each connection, 40 ms, and that wait is
// its response time (its own pause is not).
func TestPoolWaitInResponseTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		inst := &testInst{ops: twoOps, user: func(workload.UserEnv) workload.User {
			return &userFunc{run: func(_ context.Context, tx workload.Tx) error {
				tx.Pause(10 * time.Millisecond)
				return nil
			}}
		}}
		cfg := fake(inst, 10)
		cfg.Connections = 2
		out, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !out.Pooled {
			t.Fatal("10 users over 2 connections did not share a pool")
		}
		res := out.Result(baseResult(), 95)
		if tps := res.Totals.TPS; tps < 195 || tps > 205 {
			t.Errorf("%.1f transactions/s, want 200 (2 connections x 100/s)", tps)
		}
		pw := res.Totals.PoolWait
		if pw == nil || pw.P50 < 39 || pw.P50 > 41 {
			t.Fatalf("pool wait %+v, want a median of 40 ms", pw)
		}
		if d := res.Latency.Avg - pw.Avg; d < -0.01 || d > 0.01 {
			t.Errorf("response time avg %.3f ms, pool wait avg %.3f ms: they should be the same", res.Latency.Avg, pw.Avg)
		}
	})
}

// TestRetrySameTypeSameInputs: an ignorable error retries the same type
// with the same inputs, drawn again from the restored stream; every attempt
// but the last counts as ignored, on its type.
func TestRetrySameTypeSameInputs(t *testing.T) {
	type attempt struct {
		typ   workload.TxnID
		input uint64
		n     int
	}
	var mu sync.Mutex
	var seen []attempt
	inst := &testInst{types: []workload.Txn{{Name: "a"}, {Name: "b"}}, user: func(env workload.UserEnv) workload.User {
		u := &userFunc{}
		var typ workload.TxnID
		u.next = func() workload.TxnID { typ = workload.TxnID(env.Rand.IntN(2)); return typ }
		u.run = func(_ context.Context, tx workload.Tx) error {
			in := env.Rand.Uint64()
			mu.Lock()
			seen = append(seen, attempt{typ, in, tx.Attempt()})
			mu.Unlock()
			if tx.Attempt() < 2 {
				return &db.Error{Class: db.Deadlock, Err: errors.New("injected")}
			}
			return nil
		}
		return u
	}}
	cfg := fake(inst, 3)
	cfg.Duration, cfg.Events = 0, 300
	cfg.Ignore = map[db.Class]bool{db.Deadlock: true}
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	retried := 0
	for i, a := range seen {
		if a.n == 0 {
			continue
		}
		retried++
		var first *attempt
		for j := i - 1; j >= 0; j-- {
			if seen[j].n == 0 && seen[j].input == a.input {
				first = &seen[j]
				break
			}
		}
		if first == nil || first.typ != a.typ {
			t.Fatalf("attempt %d (%+v) does not repeat a first attempt of the same type and input", i, a)
		}
	}
	if retried != 600 {
		t.Errorf("%d retries, want 2 for each of 300 transactions", retried)
	}
	res := out.Result(baseResult(), 95)
	var ign int64
	for _, x := range res.Transactions {
		ign += x.IgnoredErrors
	}
	if res.Totals.Transactions != 300 || res.Totals.IgnoredErrors != 600 || ign != 600 || res.Totals.Errors != 0 {
		t.Errorf("transactions %d, ignored %d (by type %d), errors %d; want 300, 600, 600, 0",
			res.Totals.Transactions, res.Totals.IgnoredErrors, ign, res.Totals.Errors)
	}
}

// TestExpectedRollbacks: a transaction the workload rolls back on purpose
// is a completed transaction of its type, counted as a rollback, not an
// error.
func TestExpectedRollbacks(t *testing.T) {
	inst := &testInst{types: []workload.Txn{{Name: "new_order"}}, user: func(workload.UserEnv) workload.User {
		n := 0
		return &userFunc{run: func(context.Context, workload.Tx) error {
			n++
			if n%10 == 0 {
				return workload.ErrRollback
			}
			return nil
		}}
	}}
	cfg := fake(inst, 2)
	cfg.Duration, cfg.Events = 0, 1000
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	res := out.Result(baseResult(), 95)
	no := res.Transactions["new_order"]
	if res.Totals.Transactions != 1000 || no.Count != 1000 || res.Totals.Errors != 0 {
		t.Fatalf("transactions %d (new_order %d), errors %d", res.Totals.Transactions, no.Count, res.Totals.Errors)
	}
	if res.Totals.Rollbacks != no.Rollbacks || no.Rollbacks < 98 || no.Rollbacks > 100 {
		t.Errorf("rollbacks %d (new_order %d), want 1 in 10", res.Totals.Rollbacks, no.Rollbacks)
	}
}

// TestStartAt: the measured load starts at the common start time, after
// its warmup, whatever time the run was started.
func TestStartAt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		inst := &testInst{user: func(workload.UserEnv) workload.User {
			return &userFunc{run: func(_ context.Context, tx workload.Tx) error { tx.Pause(time.Millisecond); return nil }}
		}}
		cfg := fake(inst, 1)
		cfg.StartAt = time.Now().Add(30 * time.Second)
		cfg.Warmup, cfg.Duration = 2*time.Second, 3*time.Second
		out, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !out.Start.Equal(cfg.StartAt) {
			t.Errorf("measured from %v, want %v", out.Start, cfg.StartAt)
		}
		var warm int
		for _, iv := range out.Intervals {
			if iv.Warmup {
				warm++
			}
		}
		if warm != 2 || out.Total.Txn.Count() == 0 {
			t.Errorf("%d warmup intervals, %d measured transactions", warm, out.Total.Txn.Count())
		}
		cfg.StartAt = time.Now().Add(time.Second) // in the past once the warmup is counted
		if _, err := Run(context.Background(), cfg); !errors.As(err, new(*LateStartError)) {
			t.Errorf("a start time already past: %v", err)
		}
	})
}
