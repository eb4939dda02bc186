package workload

import (
	"context"

	"github.com/dbgauge/dbgauge/db"
)

// Figure is a headline figure of a workload, computed from what a run
// counted: TPC-C's tpmC and NOPM, a bookstore's web interactions per
// second. The report shows figures before everything else, and charts
// them over time.
type Figure struct {
	Name  string
	Value float64
	Unit  string
	Help  string
	// Target, if set, is the value the workload's steady state gives (the
	// browse share of a TPC-W mix): a run far from it did not reach it.
	Target *float64
	// Throughput marks the figure that measures the workload's work done
	// per unit of time better than TPS does (the bookstore's WIPS, a kv
	// run's gets a second when a transaction pipelines many): reports
	// rank and chart runs by it.
	Throughput bool
}

// Counts are what a run (or one interval of it) counted, for figures.
type Counts struct {
	// Seconds is the measured time.
	Seconds float64
	// Types are the transaction types' counts, indexed by TxnID.
	Types []TypeCounts
	// Probe is the change of the workload's Probe over the measured
	// window; nil for an interval, or when the workload has no probe or a
	// probe failed.
	Probe map[string]float64
}

// TypeCounts are one transaction type's counts: completed transactions
// (expected rollbacks included), expected rollbacks, and failures.
type TypeCounts struct {
	Count, Rollbacks, Errors int64
}

// Figurer is an Instance with headline figures. Figures must be cheap: it
// is called for every interval. A figure that needs the probe is left out
// when c.Probe is nil.
type Figurer interface {
	Figures(c Counts) []Figure
}

// Prober is an Instance that reads figures the database keeps itself at
// the start and the end of the measured window (TPC-C's sum of
// D_NEXT_O_ID, from which HammerDB's NOPM comes): comparable across tools
// because the database, not the client, counted them. The runner's
// control connection reads them, outside any user's transaction.
type Prober interface {
	Probe(ctx context.Context, conn db.Conn) (map[string]float64, error)
}

// Pooler is an Instance whose users share a pool by default, as a web
// application's users share its application server's connections (TPC-W's
// emulated browsers): Connections returns the pool size for a run of users
// when --connections is not given (the runner's default is one each).
type Pooler interface {
	Connections(users int) int
}
