package run

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

// counter is a workload without a database (as dbgauge sys's tests are):
// each user runs at most quota events (0: no limit), then returns
// workload.ErrNoMoreEvents.
type counter struct{ quota int64 }

func (c *counter) instance() *testInst {
	return &testInst{
		open: func(_ context.Context, env workload.SessionEnv) (workload.Session, error) {
			if env.Conn != nil || env.Driver != "" {
				return nil, errors.New("a session without a database got a connection")
			}
			return emptySession{}, nil
		},
		user: func(workload.UserEnv) workload.User {
			left := c.quota
			return &userFunc{run: func(context.Context, workload.Tx) error {
				if left > 0 {
					left--
					if left == 0 {
						return workload.ErrNoMoreEvents
					}
				}
				return nil
			}}
		}}
}

func noDB(c *counter) Config {
	return Config{Instance: c.instance(), Users: 3, Interval: 50 * time.Millisecond, Percentile: 95, Seed: 1, Grace: time.Second}
}

// TestNoDatabase: with no Driver the workers get no connection, and
// --events stays exact.
func TestNoDatabase(t *testing.T) {
	cfg := noDB(&counter{})
	cfg.Events = 5000
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkAccounting(t, out, 5000)
	if out.ServerVersion != "" {
		t.Errorf("server version %q without a database", out.ServerVersion)
	}
}

// TestNoMoreEvents: a worker whose workload says it has no more events stops
// without that event being counted; the run ends when every worker has, with
// no time or events limit reached. Under --events, the tickets it gives back
// go to the other workers, so the count stays exact.
func TestNoMoreEvents(t *testing.T) {
	cfg := noDB(&counter{quota: 101}) // 100 events each, the 101st says no more
	cfg.Duration = time.Hour
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkAccounting(t, out, 300)
	for i, w := range out.Users {
		if w.Events != 100 {
			t.Errorf("worker %d ran %d events, want 100", i, w.Events)
		}
	}
	if out.Duration() > time.Minute {
		t.Errorf("the run lasted %v: the workers' own limit did not end it", out.Duration())
	}

	cfg.Events = 250
	if out, err = Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	checkAccounting(t, out, 250)

	cfg.Events = 0
	cfg.Ignore = map[db.Class]bool{}
	for _, c := range db.Classes {
		cfg.Ignore[c] = true // never retried, even when every error class is ignored
	}
	if out, err = Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	checkAccounting(t, out, 300)
	if n := out.Total.Ignored() + out.Total.Errors(); n != 0 {
		t.Errorf("%d errors counted for workload.ErrNoMoreEvents", n)
	}
}
