package orderentry

import (
	"context"
	"time"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/sqlrun"
)

// user is one Swingbench user: its deck of transaction types and its
// stream. What a transaction reads lands in the connection's session.
type user struct {
	in   *instance
	c    *config
	r    *randgen.Rand
	deck *deck
	cur  workload.TxnID
	// pinned, if set, is the warehouse every transaction uses (tests).
	pinned int64

	// Set while Run runs: the borrowed connection's session and the
	// transaction on it.
	s *session
	t *sqlrun.Txn
}

// Next implements workload.User: the next card of the deck.
func (u *user) Next() workload.TxnID {
	u.cur = u.deck.deal(u.r)
	return u.cur
}

// Run implements workload.User.
func (u *user) Run(ctx context.Context, tx workload.Tx) error {
	u.s = tx.Session().(*session)
	u.t = u.s.Start(tx)
	err := transactions[u.cur](u, ctx)
	err = u.t.End(ctx, err) // a failed transaction is rolled back, measured
	u.s, u.t = nil, nil
	return err
}

// transactions are the code of the nine, by type.
var transactions = [numTxns]func(*user, context.Context) error{
	txNewCustomer: (*user).newCustomer, txUpdateCustomer: (*user).updateCustomer, txBrowseProducts: (*user).browseProducts,
	txNewOrder: (*user).newOrder, txProcessOrders: (*user).processOrders, txBrowseUpdateOrders: (*user).browseUpdateOrders,
	txSalesRepQuery: (*user).salesRepQuery, txWarehouseQuery: (*user).warehouseQuery, txWarehouseActivity: (*user).warehouseActivity,
}

// think is Swingbench's thinkSleep: a pause of --min-delay..--max-delay
// inside the transaction, holding the connection, kept out of the
// response time. It returns false when the run was cut short.
func (u *user) think() bool {
	if u.c.delay.IsZero() {
		return true
	}
	return u.t.Pause(u.c.delay.Draw(u.r))
}

// errCut is a transaction the end of the run cut short during a pause.
var errCut = context.Canceled

// customer draws a customer from the key range (randomLong(MIN_CUSTID,
// MAX_CUSTID)), grown by the run's new customers.
func (u *user) customer() int64 {
	return u.r.Uniform(u.in.ranges.minCustomer.Load(), u.in.ranges.maxCustomer.Load())
}

// warehouse draws a warehouse, uniform.
func (u *user) warehouse() int64 {
	if u.pinned > 0 {
		return u.pinned
	}
	return u.r.Uniform(1, u.c.warehouses)
}

// now is the time the statements bind for SYSDATE.
func now() time.Time { return time.Now().UTC() }

// logon is OrderEntryProcess.logon: a logon row, committed on its own.
func (u *user) logon(ctx context.Context, customer int64) error {
	if err := u.t.Begin(ctx); err != nil {
		return err
	}
	if _, err := u.t.Exec(ctx, opInsertLogon, customer, now()); err != nil {
		return err
	}
	return u.t.Commit(ctx)
}
