// Package workload is the workload contract. A Workload declares its options as
// data and, configured with values, becomes an Instance: the operations it
// measures, the Dataset it prepares and cleans up, and the Workers that run
// one transaction (sysbench's "event") at a time.
//
// A workload never starts goroutines, sleeps, times itself or prints: the
// runner owns time and output. Operations are timed through the Meter the
// runner hands each worker.
//
// workload imports db and randgen only.
package workload

import (
	"context"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/randgen"
)

// Meta describes a workload in `list`.
type Meta struct {
	Name        string
	Family      string // the package that implements it: oltp, widetable, kv, ...
	Description string
}

// Workload is the static description of a workload.
type Workload interface {
	Meta() Meta
	// Options lists every option the workload reads, with defaults.
	Options() []Option
	// Configure validates values (defaults already applied) and returns the
	// configured workload. Errors are usage errors.
	Configure(v Values, p Params) (Instance, error)
}

// Params are the run settings a workload may depend on.
type Params struct {
	// Threads is the number of workers (sysbench's bulk_insert makes one
	// table per thread).
	Threads int
	// Seed is the run's --seed (worker streams are derived from it by the
	// runner; workloads use it for run-wide generators).
	Seed uint64
}

// Instance is a workload configured by option values.
type Instance interface {
	// Ops lists the measured operations; an OpID indexes this slice.
	Ops() []Op
	// Dataset is the data the workload needs.
	Dataset() Dataset
	// NewWorker makes one worker on its own connection. env.Rand is the
	// worker's private stream.
	NewWorker(ctx context.Context, env WorkerEnv) (Worker, error)
}

// WorkerEnv is what the runner gives each worker.
type WorkerEnv struct {
	Conn   db.Conn
	Driver string
	Rand   *randgen.Rand
	Meter  Meter
	// Reopen closes the worker's connection and opens a new one, counted
	// as a reconnect: for workloads that reconnect every N requests, as the
	// HandlerSocket study did.
	Reopen func(ctx context.Context) (db.Conn, error)
	// Part and Parts partition work between workers for workloads whose
	// reference does so (sysbench's select_random_points: each thread reads
	// its own segment of the table). Most workloads ignore them.
	Part, Parts int
}

// Worker runs transactions on one connection.
type Worker interface {
	// Event runs one transaction. A non-nil error means it failed and was
	// rolled back; the runner classifies it and decides to retry or stop.
	Event(ctx context.Context) error
	// Close flushes anything buffered (measured too) and releases statements.
	// The runner closes the connection.
	Close(ctx context.Context) error
}
