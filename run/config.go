// Package run is the runner: it opens one connection per worker, drives the
// workers for --time or --events, retries ignorable errors, stops on the
// error policy or a signal, and owns every clock: each worker records into
// its own histograms (hist.Slot, no lock on the hot path) and a collector
// merges them at every interval.
//
// run imports bench, db, hist, randgen and results; never a workload or a
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
	// Driver nil runs without a database: workers get a nil Conn (the
	// machine micro-benchmarks of sys).
	Driver  db.Driver
	Target  *db.Target
	Threads int
	// Duration and Events limit the measured part; zero means no limit
	// (at least one must be set).
	Duration time.Duration
	Events   int64
	// Warmup runs load that never reaches the statistics.
	Warmup time.Duration
	// Ramp starts the workers evenly over this time.
	Ramp time.Duration
	// Rate > 0 makes the run open-loop at Rate transactions/s over all
	// workers, with Arrival "fixed" or "poisson" gaps. MaxLag > 0 drops
	// tickets that a worker takes more than MaxLag after their time.
	Rate    float64
	Arrival string
	MaxLag  time.Duration
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
	// DiscardIntervals keeps intervals out of the Outcome (the caller has
	// them from OnInterval, e.g. on disk), so memory stays flat however
	// long the run.
	DiscardIntervals bool
}
