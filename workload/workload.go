// Package workload is the workload contract. A Workload declares its options
// as data and, configured with values, becomes an Instance: its transaction
// types and the statements (operations) they run, the Dataset it prepares and
// cleans up, the Session it keeps on each connection (prepared statements)
// and the Users that run one transaction at a time.
//
// Users are not connections. A run has N users (sysbench's threads, TPC-C's
// terminals, TPC-W's emulated browsers) over M connections; a user borrows a
// connection, with the workload's Session on it, for one transaction. A
// user's state (its random stream, its session state: customer, cart, home
// warehouse) lives in the User; what belongs to a connection lives in the
// Session.
//
// A workload never starts goroutines, sleeps, times itself or prints: the
// runner owns time and output. Statements are timed through the Tx the
// runner hands each transaction; think time, keying time and pauses inside a
// transaction are asked of the runner, which waits and keeps the waiting out
// of the response time.
//
// workload imports db and randgen only.
package workload

import (
	"context"
	"time"

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
	// Users is the number of users of the whole run, over every shard
	// (sysbench's bulk_insert makes one table per thread).
	Users int
	// Seed is the run's --seed (user streams are derived from it by the
	// runner; workloads use it for run-wide generators).
	Seed uint64
	// Shard is the part of the run this process does.
	Shard Shard
	// OpenLoop is true under --rate: the schedule, not think times, decides
	// when transactions start.
	OpenLoop bool
	// The run's limits and settings, for workloads that show them to their
	// own code (a sysbench script reads sysbench.opt.time, events, rate):
	// never to time anything, which is the runner's.
	TimeS, WarmupS  int
	Events          int64
	Rate            float64
	ReportIntervalS float64
	Percentile      int
	// Driver is the target's driver name ("" when there is none yet), for
	// workloads that show it to their own code (a sysbench script's
	// drv:name() in its cleanup command): never to choose SQL by, which is
	// the dialect's.
	Driver string
	// Print, if set, is where the workload's own output goes, a line at a
	// time (a sysbench script's print, in its callbacks and commands):
	// the session's observer, stdout on the terminal. nil discards it.
	Print func(line string)
}

// Instance is a workload configured by option values.
type Instance interface {
	// Transactions lists the transaction types; a TxnID indexes this slice.
	Transactions() []Txn
	// Ops lists the measured statements; an OpID indexes this slice.
	Ops() []Op
	// Dataset is the data the workload needs.
	Dataset() Dataset
	// Open makes the workload's state on one connection: its prepared
	// statements, its store adapter. The runner closes the connection
	// after Session.Close.
	Open(ctx context.Context, env SessionEnv) (Session, error)
	// NewUser makes one user. env.Rand is the user's private stream.
	NewUser(ctx context.Context, env UserEnv) (User, error)
}

// SessionEnv is what the runner gives each connection's session.
type SessionEnv struct {
	// Conn is nil for workloads without a database (dbgauge sys).
	Conn   db.Conn
	Driver string
}

// Session is a workload's state on one connection.
type Session interface {
	// Close releases statements; the runner closes the connection.
	Close(ctx context.Context) error
}

// UserEnv is what the runner gives each user.
type UserEnv struct {
	Rand *randgen.Rand
	// User is the user's index among all the run's users, over every shard,
	// and Users their number: for workloads whose reference partitions work
	// by thread (sysbench's select_random_points reads its own segment of
	// the table; bulk_insert writes its own table). Most ignore them.
	User, Users int
	// Session is a session to read what the user needs to start (the last
	// id of its table); it must not be kept.
	Session Session
}

// User runs transactions, one at a time, each on a connection it borrows.
type User interface {
	// Next chooses the type of the next transaction (from a deck, a mix, a
	// Markov chain), drawing from the user's stream.
	Next() TxnID
	// Run runs the transaction Next chose on tx's session. A non-nil error
	// means it failed and was rolled back; the runner classifies it. An
	// ignorable error makes the runner call Run again for the same type,
	// with the user's stream restored to where it was when Run was first
	// called, so the retry draws the same inputs (tx.Attempt counts the
	// retries). ErrRollback is a rollback the workload asked for.
	Run(ctx context.Context, tx Tx) error
}

// Finisher is a User with work to do at the end of the run, measured
// (bulk_insert sends its last INSERT).
type Finisher interface {
	Finish(ctx context.Context, tx Tx) error
}

// Tx is one transaction of a user, as the runner runs it.
type Tx interface {
	// Session is the workload's session on the borrowed connection.
	Session() Session
	// Begin and End time one statement: Begin before it, End after it.
	Begin() Mark
	End(op OpID, m Mark, err error)
	// Pause waits d inside the transaction, holding the connection and its
	// locks (Swingbench's intra-transaction delay). The time is kept out of
	// the response time and reported on its own. It returns false if the
	// run was cut short while waiting.
	Pause(d time.Duration) bool
	// Think sets the think time after this transaction, in place of the
	// type's (0: none).
	Think(d time.Duration)
	// Attempt is 0, then 1, 2, ... for retries after ignorable errors.
	Attempt() int
	// Reopen replaces the connection with a new one, counted as a
	// reconnect, and returns the new session (the HandlerSocket study
	// reconnected every N requests).
	Reopen(ctx context.Context) (Session, error)
}
