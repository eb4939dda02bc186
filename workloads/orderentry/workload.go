// Package orderentry is an open, portable Order Entry in the manner of
// Swingbench's SOE (domgiles/swingbench-public, orderentryjdbc): the SOE
// schema at --scale (Swingbench's rows per unit and skewed
// distributions), its nine transactions (one file each, the reference's
// SQL quoted in portable form) dealt by --weights, Swingbench's two kinds
// of delay (--min-delay/--max-delay between statements inside a
// transaction, holding the connection, as the runner's pauses;
// --inter-min-delay/--inter-max-delay between transactions, as think
// time) kept out of response times, and the key ranges of
// orderentry_metadata, which grow as new customers and orders arrive.
// Its statements carry verbs, so a run reports charbench's selects,
// inserts, updates, deletes, commits and rollbacks per second.
//
// Where dbgauge differs from the reference, on purpose (each is said where
// it is done, and in docs/studies/orderentry.md): ids come from the
// tables' auto-increment columns, not Oracle sequences; New Order browses,
// orders and takes stock at one warehouse and charges the product's list
// price (the reference charges the product id and decrements another
// warehouse's stock); a transaction that finds nothing to do commits
// instead of failing.
//
// orderentry imports workload, dataset, db and randgen; it never tests a
// database's name (the Dialect says what differs).
package orderentry

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// Workload is Order Entry.
var Workload = workload.Define(workload.Meta{Name: "orderentry", Family: "orderentry",
	Description: "Swingbench-like Order Entry (SOE): nine weighted transactions, intra- and inter-transaction delays, growing key ranges; TPS, TPM and DML per second"}, options, newInstance)

// newInstance is the workload configured by option values.
func newInstance(v workload.Values, p workload.Params) (workload.Instance, error) {
	c, err := parseConfig(v)
	if err != nil {
		return nil, err
	}
	return &instance{c: c, ds: newDataset(c)}, nil
}

type instance struct {
	c      *config
	ds     workload.Dataset
	ranges ranges
}

var _ workload.Figurer = (*instance)(nil)

// Transactions implements workload.Instance: the nine types, each with
// the inter-transaction delay as its think time.
func (i *instance) Transactions() []workload.Txn {
	ts := make([]workload.Txn, numTxns)
	for t := range ts {
		ts[t] = workload.Txn{Name: txnInfo[t].name, Think: i.c.interDelay}
	}
	return ts
}

func (i *instance) Ops() []workload.Op        { return statements.Ops() }
func (i *instance) Dataset() workload.Dataset { return i.ds }

// Open implements workload.Instance.
func (i *instance) Open(ctx context.Context, env workload.SessionEnv) (workload.Session, error) {
	return openSession(ctx, env)
}

// NewUser implements workload.Instance. The first user reads the key
// ranges for the run.
func (i *instance) NewUser(ctx context.Context, env workload.UserEnv) (workload.User, error) {
	if err := i.ranges.load(ctx, env.Session.(*session)); err != nil {
		return nil, err
	}
	return &user{in: i, c: i.c, r: env.Rand, deck: newDeck(i.c.weights)}, nil
}

// Figures implements workload.Figurer: charbench's TPM, every type's
// completed transactions per minute.
func (i *instance) Figures(c workload.Counts) []workload.Figure {
	if c.Seconds <= 0 {
		return nil
	}
	var n int64
	for _, t := range c.Types {
		n += t.Count
	}
	return []workload.Figure{{Name: "TPM", Value: float64(n) * 60 / c.Seconds, Unit: "txn/min",
		Help: "transactions completed per minute, all types (charbench's TPM)"}}
}
