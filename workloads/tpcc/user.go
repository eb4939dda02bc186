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

	s     *session
	tx    workload.Tx
	inTxn bool
	args  []any
	no    newOrderState
	dl    deliveryState
	rd    *reads
	// byName collects the ids of a by-name read.
	byName []int64
}

func newUser(env workload.UserEnv, in *instance) *user {
	c := in.c
	u := &user{in: in, c: c, r: env.Rand, args: make([]any, 0, 16), rd: newReads()}
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

// Run implements workload.User.
func (u *user) Run(ctx context.Context, tx workload.Tx) error {
	u.s, u.tx = tx.Session().(*session), tx
	// The runner asks Run again after an ignorable error; the stream is
	// restored, so the retry draws the same inputs.
	switch u.cur {
	case txNewOrder:
		return u.newOrder(ctx)
	case txPayment:
		return u.payment(ctx)
	case txOrderStatus:
		return u.orderStatus(ctx)
	case txDelivery:
		return u.delivery(ctx)
	default:
		return u.stockLevel(ctx)
	}
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

// timed runs one statement under the meter.
func (u *user) exec(ctx context.Context, op workload.OpID, st sqldb.Stmt, args ...any) (int64, error) {
	u.args = append(u.args[:0], args...)
	return sqlrun.Exec(ctx, u.tx, op, st, u.args)
}

// query runs a read whose values are not used and returns its rows.
func (u *user) query(ctx context.Context, op workload.OpID, st sqldb.Stmt, args ...any) (int, error) {
	u.args = append(u.args[:0], args...)
	return sqlrun.Query(ctx, u.tx, op, st, u.args)
}

// row runs a read and scans its first row into dest; it returns the rows.
func (u *user) row(ctx context.Context, op workload.OpID, st sqldb.Stmt, dest []any, args ...any) (int, error) {
	u.args = append(u.args[:0], args...)
	return sqlrun.Row(ctx, u.tx, op, st, dest, u.args)
}

// rows runs a read and scans every row into dest, calling each after each
// row; it returns the rows.
func (u *user) rows(ctx context.Context, op workload.OpID, st sqldb.Stmt, dest []any, each func(int) error, args ...any) (int, error) {
	u.args = append(u.args[:0], args...)
	return sqlrun.Rows(ctx, u.tx, op, st, dest, each, u.args)
}

// begin starts a transaction (read-only ones with the dialect's read BEGIN).
func (u *user) begin(ctx context.Context, write bool) error {
	st := u.s.beginRead
	if write {
		st = u.s.stmts[opBegin]
	}
	if _, err := u.exec(ctx, opBegin, st); err != nil {
		return err
	}
	u.inTxn = true
	return nil
}

func (u *user) commit(ctx context.Context) error {
	if _, err := u.exec(ctx, opCommit, u.s.stmts[opCommit]); err != nil {
		return u.abort(err)
	}
	u.inTxn = false
	return nil
}

// rollback is the measured ROLLBACK a New-Order asks for (clause 2.4.2.3).
func (u *user) rollback(ctx context.Context) error {
	u.inTxn = false
	if _, err := u.exec(ctx, opRollback, u.s.stmts[opRollback]); err != nil {
		return err
	}
	return workload.ErrRollback
}

// abort rolls back after a failed statement, unmeasured, and returns err
// for the runner to classify.
func (u *user) abort(err error) error {
	if u.inTxn {
		_, _ = u.s.stmts[opRollback].Exec(context.WithoutCancel(context.Background()))
		u.inTxn = false
	}
	return err
}

// customerByName finds the customer of clause 2.5.2.2 by last name: of the
// n customers with that name in the district, sorted by C_FIRST, the one at
// position n/2 rounded up. One statement reads their ids in that order, as
// the spec's cursor does.
func (u *user) customerByName(ctx context.Context, op workload.OpID, w, d int64, last string) (int64, error) {
	ids := u.byName[:0]
	n, err := u.rows(ctx, op, u.s.stmts[op], u.rd.dest[op], func(int) error {
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
