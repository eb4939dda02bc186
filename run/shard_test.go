package run

import (
	"context"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/dbgauge/dbgauge/workload"
)

// TestShardSchedules: the tickets of n shards' schedules, put together, are
// the one schedule a single process keeps, for both arrival processes.
func TestShardSchedules(t *testing.T) {
	for _, arrival := range []string{ArrivalFixed, ArrivalPoisson} {
		whole := newSchedule(1000, arrival, 7, workload.Shard{})
		var want []int64
		for range 300 {
			want = append(want, whole.take())
		}
		var got []int64
		for i := range 3 {
			s := newSchedule(1000, arrival, 7, workload.Shard{Index: i, Count: 3})
			for range 100 {
				got = append(got, s.take())
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: the shards' tickets are not the whole schedule's", arrival)
		}
	}
}

// TestShardUsers: shards run the users, connections and events of the
// whole run dealt round-robin, and each user keeps its index (and stream)
// in the whole run.
func TestShardUsers(t *testing.T) {
	var mu sync.Mutex
	seen := map[int]int{} // user index -> events
	inst := &testInst{user: func(env workload.UserEnv) workload.User {
		if env.Users != 5 {
			t.Errorf("a user was told of %d users, want the whole run's 5", env.Users)
		}
		return &userFunc{run: func(_ context.Context, tx workload.Tx) error {
			tx.Pause(time.Millisecond)
			mu.Lock()
			seen[env.User]++
			mu.Unlock()
			return nil
		}}
	}}
	var total int64
	for i := range 2 {
		synctest.Test(t, func(t *testing.T) {
			cfg := fake(inst, 5)
			cfg.Connections = 3
			cfg.Shard = workload.Shard{Index: i, Count: 2}
			if _, err := Run(context.Background(), cfg); err != nil {
				t.Fatal(err)
			}
		})
	}
	if len(seen) != 5 {
		t.Errorf("users %v ran, want all 5 of the whole run", seen)
	}
	for i := range 2 {
		cfg := fake(inst, 5)
		cfg.Duration, cfg.Events, cfg.Connections = 0, 101, 3
		cfg.Shard = workload.Shard{Index: i, Count: 2}
		if got, want := cfg.users(), 3-i; got != want {
			t.Errorf("shard %d has %d users, want %d", i, got, want)
		}
		if got, want := cfg.conns(), 2-i; got != want {
			t.Errorf("shard %d has %d connections, want %d", i, got, want)
		}
		out, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := out.Total.Txn.Count(), int64(51-i); got != want {
			t.Errorf("shard %d ran %d events, want %d of 101", i, got, want)
		}
		total += out.Total.Txn.Count()
	}
	if total != 101 {
		t.Errorf("%d events, want 101", total)
	}
}
