// Package run is the runner: it opens the connections, makes the users and
// drives them for --time or --events; a user borrows a connection for each
// transaction (when users outnumber connections, from a FIFO pool, and the
// wait is part of the response time). It waits think, keying and pause
// times for the workload and keeps them out of the response time, retries
// ignorable errors with the same inputs, follows the open-loop schedule,
// stops on the error policy or a signal, and owns every clock: each
// connection's users record into its own histograms (hist.Slot, no lock on
// the hot path) and a collector merges them at every interval. A run can
// be one shard of a larger one: users, connections, events and the
// schedule are dealt round-robin (workload.Shard).
//
// run imports workload, db, hist, randgen and results; never a workload or a
// driver by name.
package run

import (
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/workload"
)

// Config is one run.
type Config struct {
	Instance workload.Instance
	// Driver nil runs without a database: sessions get a nil Conn (the
	// machine micro-benchmarks of sys).
	Driver db.Driver
	Target *db.Target
	// Users and Connections are the whole run's (over every shard);
	// Connections 0 means one per user.
	Users, Connections int
	// Shard is the part of the run this process does.
	Shard workload.Shard
	// StartAt, if set, is when the measured load starts (after Warmup,
	// which starts Warmup earlier): shards started apart measure the same
	// window, on the same interval grid.
	StartAt time.Time
	// Duration and Events limit the measured part; zero means no limit
	// (at least one must be set). Events is the whole run's.
	Duration time.Duration
	Events   int64
	// Warmup runs load that never reaches the statistics.
	Warmup time.Duration
	// Ramp starts the users evenly over this time.
	Ramp time.Duration
	// Rate > 0 makes the run open-loop at Rate transactions/s over all
	// users (of every shard), with Arrival "fixed" or "poisson" gaps. MaxLag
	// > 0 drops tickets that a user takes more than MaxLag after their time.
	Rate    float64
	Arrival string
	MaxLag  time.Duration
	// Think, if set, replaces every transaction type's think time (closed
	// loop only).
	Think *workload.Wait
	// Interval is how often intervals are collected (and, with Report, printed).
	Interval   time.Duration
	Percentile float64
	Seed       uint64
	// Ignore says which error classes roll the transaction back and retry it
	// (counted as ignored errors) instead of failing it.
	Ignore map[db.Class]bool
	// MaxErrors aborts the run once more transactions than this have failed
	// (0: at the first failure, as sysbench stops at its first fatal error).
	MaxErrors int64
	// Grace is how long in-flight operations may finish after the end or an
	// interrupt before their context is cancelled.
	Grace time.Duration
	// Sample, if set, is called at every interval for the host's figures.
	Sample func() *results.HostSample
	// OnInterval receives every interval as it is collected.
	OnInterval func(results.Interval)
	// OnMeasure, if set, is called once when the measured part starts
	// (after the warmup; before the users start when there is none), from
	// the runner's own goroutine: a workload's probe reads the database
	// there (TPC-C's sum of D_NEXT_O_ID).
	OnMeasure func()
	// DiscardIntervals keeps intervals out of the Outcome (the caller has
	// them from OnInterval, e.g. on disk), so memory stays flat however
	// long the run.
	DiscardIntervals bool
}

// users is this shard's number of users; conns its number of connections.
func (c *Config) users() int { return int(c.Shard.Share(int64(c.Users))) }

func (c *Config) conns() int {
	m := c.Connections
	if m <= 0 || m > c.Users {
		m = c.Users
	}
	return max(int(c.Shard.Share(int64(m))), 1)
}

// events is this shard's share of the run's events (0: no limit).
func (c *Config) events() int64 {
	if c.Events <= 0 {
		return 0
	}
	return c.Shard.Share(c.Events)
}
