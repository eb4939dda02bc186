// Package tpcc is TPC-C (TPC Benchmark C, revision 5.11): the nine tables
// of clause 1.3 at --warehouses W loaded as clause 4.3.3.1 says, the five
// transactions of clauses 2.4 to 2.8 (one file each, the spec's SQL quoted
// above dbgauge's), dealt from a shuffled deck per user as clause 5.2.4.2
// asks, NURand with run-time constants that satisfy clause 2.1.6.1, and,
// with --wait, the keying and think times of clause 5.2.5 with ten users
// bound to each warehouse and district. The consistency conditions of
// clause 3.3.2 are check.go's; tpmC, tpmTotal, NOPM and the efficiency are
// figures.go's.
//
// Where dbgauge differs from the spec, on purpose (each is said where it
// is done): Delivery runs in-line, one database transaction for the ten
// districts; a customer by last name is a count and an OFFSET read instead
// of a cursor; New-Order takes its items in item order (a lock order); the
// load's "current time" is a fixed date, so the data is reproducible.
//
// tpcc imports workload, dataset, db and randgen; it never tests a
// database's name (the Dialect says what differs).
package tpcc

import (
	"context"
	"time"

	"github.com/dbgauge/dbgauge/workload"
)

// Workload is TPC-C.
var Workload = workload.Define(workload.Meta{Name: "tpcc", Family: "tpcc",
	Description: "TPC-C: New-Order, Payment, Order-Status, Delivery, Stock-Level on a deck; tpmC and NOPM; check runs clause 3.3.2"}, options, newInstance)

// newInstance is the workload configured by option values.
func newInstance(v workload.Values, p workload.Params) (workload.Instance, error) {
	c, err := parseConfig(v, p)
	if err != nil {
		return nil, err
	}
	return &instance{c: c, ds: newDataset(c)}, nil
}

type instance struct {
	c  *config
	ds workload.Dataset
}

// Keying and mean think times of clause 5.2.5.7 (seconds), by type.
var waits = [numTxns]struct{ keying, think time.Duration }{
	txNewOrder:    {18 * time.Second, 12 * time.Second},
	txPayment:     {3 * time.Second, 12 * time.Second},
	txOrderStatus: {2 * time.Second, 10 * time.Second},
	txDelivery:    {2 * time.Second, 5 * time.Second},
	txStockLevel:  {2 * time.Second, 5 * time.Second},
}

// p90Limits are clause 5.2.5.3's 90th-percentile response times: 5 s, and
// 20 s for Stock-Level. Delivery runs here in-line, the whole of it: the
// limit is that of its deferred execution, 80 s (clause 2.7.2.2).
var p90Limits = [numTxns]time.Duration{
	txNewOrder: 5 * time.Second, txPayment: 5 * time.Second, txOrderStatus: 5 * time.Second,
	txDelivery: 80 * time.Second, txStockLevel: 20 * time.Second,
}

// Transactions implements workload.Instance. With --wait, each type has its
// fixed keying time and a negative-exponential think time truncated at ten
// times its mean (clause 5.2.5.4).
func (i *instance) Transactions() []workload.Txn {
	names := [numTxns]string{"new_order", "payment", "order_status", "delivery", "stock_level"}
	ts := make([]workload.Txn, numTxns)
	for t := range ts {
		ts[t].Name, ts[t].Limit = names[t], p90Limits[t]
		if i.c.wait {
			ts[t].Keying = workload.FixedWait(waits[t].keying)
			ts[t].Think = workload.NegExpWait(waits[t].think, 0)
		}
	}
	return ts
}

func (i *instance) Ops() []workload.Op        { return statements.Ops() }
func (i *instance) Dataset() workload.Dataset { return i.ds }

// Open implements workload.Instance.
func (i *instance) Open(ctx context.Context, env workload.SessionEnv) (workload.Session, error) {
	return statements.Open(ctx, env)
}

// NewUser implements workload.Instance.
func (i *instance) NewUser(_ context.Context, env workload.UserEnv) (workload.User, error) {
	return newUser(env, i), nil
}
