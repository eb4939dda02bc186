package tpcc

import (
	"context"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/sqlrun"
)

// Transaction types, in the order of clause 5.2.3's mix.
const (
	txNewOrder workload.TxnID = iota
	txPayment
	txOrderStatus
	txDelivery
	txStockLevel
	numTxns
)

// deckCards is the deck of clause 5.2.4.2: 45 New-Orders, 43 Payments and 4
// of each other type in 100 cards, dealt without replacement and shuffled
// again when empty, so that every 100 transactions of a user hold exactly
// the minimum mix of clause 5.2.3 (go-tpc and HammerDB draw with
// replacement instead, and drift from it).
var deckCards = [numTxns]int{txNewOrder: 45, txPayment: 43, txOrderStatus: 4, txDelivery: 4, txStockLevel: 4}

// user is one terminal (clause 5.2.1): its home warehouse, its district
// when bound (Stock-Level's), its deck and its random stream.
type user struct {
	in *instance
	c  *config
	r  *randgen.Rand
	// home is the terminal's warehouse (0: drawn for every transaction,
	// when users are fewer than warehouses and unbound); district the
	// terminal's district (0: drawn).
	home, district int64
	deck           []workload.TxnID
	dealt          int
	cur            workload.TxnID // the type Next dealt

	// t is the transaction Run runs, on the borrowed connection's
	// statements.
	t  *sqlrun.Txn
	no newOrderState
	dl deliveryState
	rd *reads
	// byName collects the ids of a by-name read.
	byName []int64
}

func newUser(env workload.UserEnv, in *instance) *user {
	c := in.c
	u := &user{in: in, c: c, r: env.Rand, rd: newReads()}
	n := int64(env.User)
	switch {
	case c.wait:
		// Clause 4.2.2: ten terminals per warehouse, one per district.
		u.home = n/districtsPerWH%c.warehouses + 1
		u.district = n%districtsPerWH + 1
	case int64(env.Users) >= c.warehouses:
		u.home = n%c.warehouses + 1
	}
	for t, k := range deckCards {
		for range k {
			u.deck = append(u.deck, workload.TxnID(t))
		}
	}
	u.dealt = len(u.deck)
	return u
}

// Next implements workload.User: the next card of the deck.
func (u *user) Next() workload.TxnID {
	if u.dealt == len(u.deck) {
		for i := len(u.deck) - 1; i > 0; i-- {
			j := u.r.IntN(i + 1)
			u.deck[i], u.deck[j] = u.deck[j], u.deck[i]
		}
		u.dealt = 0
	}
	u.cur = u.deck[u.dealt]
	u.dealt++
	return u.cur
}

// Run implements workload.User. A transaction that fails is rolled back,
// unmeasured (sqlrun.Txn.End).
func (u *user) Run(ctx context.Context, tx workload.Tx) error {
	u.t = tx.Session().(*sqlrun.Prepared).Start(tx)
	// The runner asks Run again after an ignorable error; the stream is
	// restored, so the retry draws the same inputs.
	return u.t.End(ctx, transactions[u.cur](u, ctx))
}

// transactions are the code of the five, by type.
var transactions = [numTxns]func(*user, context.Context) error{
	txNewOrder: (*user).newOrder, txPayment: (*user).payment, txOrderStatus: (*user).orderStatus,
	txDelivery: (*user).delivery, txStockLevel: (*user).stockLevel,
}

// warehouse is the transaction's home warehouse.
func (u *user) warehouse() int64 {
	if u.home > 0 {
		return u.home
	}
	return u.r.Uniform(1, u.c.warehouses)
}

// otherWarehouse is a warehouse other than w, drawn uniformly (w itself
// when there is only one).
func (u *user) otherWarehouse(w int64) int64 {
	if u.c.warehouses < 2 {
		return w
	}
	o := u.r.Uniform(1, u.c.warehouses-1)
	if o >= w {
		o++
	}
	return o
}

// customerByName finds the customer of clause 2.5.2.2 by last name: of the
// n customers with that name in the district, sorted by C_FIRST, the one at
// position n/2 rounded up. One statement reads their ids in that order, as
// the spec's cursor does.
func (u *user) customerByName(ctx context.Context, op workload.OpID, w, d int64, last string) (int64, error) {
	ids := u.byName[:0]
	n, err := u.t.Rows(ctx, op, u.rd.dest[op], func(int) error {
		ids = append(ids, u.rd.customer)
		return nil
	}, w, d, last)
	u.byName = ids
	if err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, &missingError{what: "customer named " + last}
	}
	return ids[(n-1)/2], nil
}

// missingError is a row the data must hold and did not: the data is not
// what tpcc prepared.
type missingError struct{ what string }

func (e *missingError) Error() string { return "tpcc: no " + e.what + " (is the data tpcc's?)" }

// nullInt and nullFloat read columns that may be NULL (O_CARRIER_ID, a SUM
// over no rows).
type (
	nullInt   = sqldb.Null[int64]
	nullFloat = sqldb.Null[float64]
)
