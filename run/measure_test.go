package run

import (
	"context"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/dbgauge/dbgauge/workload"
)

// TestOnMeasure: the hook runs once, when the measured part starts: after
// the warmup's transactions, before any measured one; without a warmup,
// before the first transaction.
func TestOnMeasure(t *testing.T) {
	for _, warmup := range []time.Duration{0, 3 * time.Second} {
		synctest.Test(t, func(t *testing.T) {
			var done atomic.Int64 // transactions finished so far
			inst := &testInst{types: []workload.Txn{{Name: "t", Think: workload.FixedWait(100 * time.Millisecond)}},
				user: func(workload.UserEnv) workload.User {
					return &userFunc{run: func(context.Context, workload.Tx) error { done.Add(1); return nil }}
				}}
			cfg := fake(inst, 1)
			cfg.Warmup = warmup
			calls, at := 0, int64(-1)
			var when time.Time
			start := time.Now()
			cfg.OnMeasure = func() { calls++; at = done.Load(); when = time.Now() }
			out, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			res := out.Result(baseResult(), 95)
			if calls != 1 {
				t.Fatalf("warmup %s: OnMeasure called %d times, want once", warmup, calls)
			}
			if got := when.Sub(start); got != warmup {
				t.Errorf("warmup %s: OnMeasure at %s, want when measuring starts", warmup, got)
			}
			// A transaction every 100 ms: the warmup's (the one due at the
			// very boundary may fall either side) are done before the hook,
			// and exactly the measured ones come after it.
			if want := int64(warmup / (100 * time.Millisecond)); at != want && at != want+1 {
				t.Errorf("warmup %s: %d transactions before OnMeasure, want %d", warmup, at, want)
			}
			if total := done.Load(); total-at != res.Totals.Transactions {
				t.Errorf("warmup %s: %d transactions after OnMeasure, %d measured", warmup, total-at, res.Totals.Transactions)
			}
		})
	}
}
