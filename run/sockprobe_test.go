package run

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/dbgauge/dbgauge/db/sockconn"
	"github.com/dbgauge/dbgauge/workload"
)

// modeUser finishes a transaction every 2 ms of the bubble's time, but in
// blocking-socket mode only when finishBlocking says so: otherwise it waits
// there until the probe switches to the netpoller (or, once the probe has
// kept blocking sockets, until the time given: the run must end).
func modeUser(finishBlocking bool, until time.Time) workload.User {
	return &userFunc{run: func(context.Context, workload.Tx) error {
		for !finishBlocking && sockconn.Blocking() && time.Now().Before(until) {
			time.Sleep(time.Millisecond)
		}
		time.Sleep(2 * time.Millisecond)
		return nil
	}}
}

// TestSocketProbeRounds: the probe alternates the modes from blocking
// sockets, two rounds when both modes finish enough transactions, and keeps
// every window. When one mode finishes none, it goes on to probeMaxRounds,
// then keeps blocking sockets and says the probe was inconclusive. The
// modes here change only what the workload does (no sockets): the probe's
// rounds and its verdict are what is tested, not the CPU figures.
func TestSocketProbeRounds(t *testing.T) {
	t.Setenv("DBGAUGE_SOCKETS", "auto")
	for _, c := range []struct {
		name           string
		finishBlocking bool
		windows        int
		inconclusive   bool
	}{
		{"both modes finish", true, 2 * probeRounds, false},
		{"blocking finishes none", false, 2 * probeMaxRounds, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				until := time.Now().Add(20 * time.Second) // the probe's rounds end by 15 s
				inst := &testInst{user: func(workload.UserEnv) workload.User { return modeUser(c.finishBlocking, until) }}
				cfg := fake(inst, 2)
				cfg.Duration = 30 * time.Second
				out, err := Run(context.Background(), cfg)
				if err != nil {
					t.Fatal(err)
				}
				p := out.SocketProbe
				if p == nil {
					t.Fatal("no probe in the outcome")
				}
				if len(p.Windows) != c.windows || (p.Inconclusive != "") != c.inconclusive {
					t.Fatalf("%d windows, inconclusive %q; want %d windows, inconclusive %v: %+v",
						len(p.Windows), p.Inconclusive, c.windows, c.inconclusive, *p)
				}
				var sum [2]int64
				for i, w := range p.Windows {
					if want := modeName(i%2 == 0); w.Mode != want {
						t.Fatalf("window %d is %s, want %s", i, w.Mode, want)
					}
					sum[i%2] += w.Txns
				}
				if sum[0] != p.BlockingTxns || sum[1] != p.NetpollTxns {
					t.Fatalf("windows %+v do not add up to %d and %d", p.Windows, p.BlockingTxns, p.NetpollTxns)
				}
				// 750 ms of 2 users at 2 ms a transaction: about 750 a window.
				if w := p.Windows[1]; w.Txns < 700 || w.Txns > 760 {
					t.Errorf("a netpoll window finished %d transactions, want about 750", w.Txns)
				}
				if c.inconclusive && (p.BlockingTxns != 0 || p.Chosen != "blocking" || out.Sockets != "blocking") {
					t.Errorf("blocking finished %d, kept %q (outcome %q): want 0 and blocking", p.BlockingTxns, p.Chosen, out.Sockets)
				}
				if !c.inconclusive && p.BlockingTxns < probeMinTxns {
					t.Errorf("blocking finished %d transactions", p.BlockingTxns)
				}
			})
		})
	}
}
