package bookstore

import (
	"context"
	"time"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/sqlrun"
)

// pageItems is the most items a listing page links to: 50 results and
// the five promotional items.
const pageItems = 50 + 5

// sessionLength is the user session minimum duration of TPC-W clause
// 6.1.9.2 (EB.usmd): -15 min x ln r, at most 60 min.
var sessionLength = workload.NegExpWait(15*time.Minute, 60*time.Minute)

// user is one emulated browser (TPC-W's EB, rbe/EB.java): where it
// is in its mix's Markov chain and its session's state (EB.cid,
// EB.shopID, the items its last listing page linked to). It is small on
// purpose, a few hundred bytes: what a transaction reads lands in the
// connection's session.
type user struct {
	in  *instance
	c   *config
	r   *randgen.Rand
	cur workload.TxnID // the interaction Next chose
	// from is the interaction before cur: Product Detail then Shopping
	// Cart adds the item; Shopping Cart again refreshes the quantities.
	from    workload.TxnID
	started bool
	failed  bool // the last interaction failed: a new session starts
	// customer is the session's C_ID (0: anonymous until Buy Request);
	// cart its SHOPPING_ID (0: none yet); item the item of its last
	// Product Detail; sessionEnd when its USMD runs out (unix ns).
	customer, cart, item int64
	sessionEnd           int64
	page                 [pageItems]int32
	pageN                uint8

	// Set while Run runs.
	s     *session
	tx    workload.Tx
	inTxn bool
}

func newUser(env workload.UserEnv, in *instance) *user {
	return &user{in: in, c: in.c, r: env.Rand}
}

// Next implements workload.User: the next state of the chain
// (EB.nextState). A session starts at the first interaction, after a
// failed one (the reference restarts its session on an error page), and
// at a move to Home once the session's USMD has run out (EB.run): that
// Home is the new session's first page.
func (u *user) Next() workload.TxnID {
	if !u.started || u.failed {
		u.startSession()
		u.from, u.cur = txHome, txHome
		return txHome
	}
	next := u.c.mix.next(u.cur, u.r)
	if next == txHome && u.in.now().UnixNano() >= u.sessionEnd {
		u.startSession()
	}
	u.from, u.cur = u.cur, next
	return next
}

// startSession is EBWInitTrans and EB.initialize: 80% of sessions are a
// returning customer, C_ID = NURand(A, 1, customers) (TPC-W clause
// 2.3.2), 20% anonymous; no cart; a new USMD.
func (u *user) startSession() {
	u.started, u.failed = true, false
	u.customer = 0
	if u.r.IntN(10) < 8 {
		u.customer = u.c.nurandCustomer().Next(u.r)
	}
	u.cart, u.item, u.pageN = 0, 0, 0
	u.sessionEnd = u.in.now().Add(sessionLength.Draw(u.r)).UnixNano()
}

// Run implements workload.User. The session state changes only once an
// interaction committed: a retry after an ignorable error starts from
// the same state and draws the same inputs.
func (u *user) Run(ctx context.Context, tx workload.Tx) error {
	u.s, u.tx = tx.Session().(*session), tx
	var err error
	switch u.cur {
	case txHome:
		err = u.home(ctx)
	case txNewProducts:
		err = u.newProducts(ctx)
	case txBestSellers:
		err = u.bestSellers(ctx)
	case txProductDetail:
		err = u.productDetail(ctx)
	case txSearchRequest:
		err = u.searchRequest(ctx)
	case txSearchResults:
		err = u.searchResults(ctx)
	case txShoppingCart:
		err = u.shoppingCart(ctx)
	case txCustomerRegistration:
		err = u.customerRegistration(ctx)
	case txBuyRequest:
		err = u.buyRequest(ctx)
	case txBuyConfirm:
		err = u.buyConfirm(ctx)
	case txOrderInquiry:
		err = u.orderInquiry(ctx)
	case txOrderDisplay:
		err = u.orderDisplay(ctx)
	case txAdminRequest:
		err = u.adminRequest(ctx)
	default:
		err = u.adminConfirm(ctx)
	}
	if err != nil && u.inTxn {
		err = u.abort(err) // every path aborts; this is the net under them
	}
	u.failed = err != nil
	u.s, u.tx = nil, nil
	return err
}

// nurandCustomer draws a returning customer.
func (c *config) nurandCustomer() randgen.NURand {
	return randgen.NURand{A: c.customerA, X: 1, Y: c.customers}
}

// randomItem is TPCW_Util.getRandomI_ID: uniform over the items.
func (u *user) randomItem() int64 { return u.r.Uniform(1, u.c.items) }

// exec runs a statement under the meter and returns the rows it affected.
func (u *user) exec(ctx context.Context, op workload.OpID, args ...any) (int64, error) {
	u.s.args = append(u.s.args[:0], args...)
	return sqlrun.Exec(ctx, u.tx, op, u.s.stmts[op], u.s.args)
}

// query runs a read whose values are not used (the page shows them) and
// returns its rows.
func (u *user) query(ctx context.Context, op workload.OpID, args ...any) (int, error) {
	u.s.args = append(u.s.args[:0], args...)
	return sqlrun.Query(ctx, u.tx, op, u.s.stmts[op], u.s.args)
}

// row runs a read and scans its first row into dest; it returns the rows.
func (u *user) row(ctx context.Context, op workload.OpID, dest []any, args ...any) (int, error) {
	u.s.args = append(u.s.args[:0], args...)
	return sqlrun.Row(ctx, u.tx, op, u.s.stmts[op], dest, u.s.args)
}

// rows runs a read and scans every row into dest, calling each after
// each row; it returns the rows.
func (u *user) rows(ctx context.Context, op workload.OpID, dest []any, each func(int) error, args ...any) (int, error) {
	u.s.args = append(u.s.args[:0], args...)
	return sqlrun.Rows(ctx, u.tx, op, u.s.stmts[op], dest, each, u.s.args)
}

// insert runs an INSERT and returns the id the database generated.
func (u *user) insert(ctx context.Context, op workload.OpID, args ...any) (int64, error) {
	u.s.args = append(u.s.args[:0], args...)
	return sqlrun.Insert(ctx, u.tx, op, u.s.ids[op], u.s.args)
}

// begin starts the interaction's transaction (read-only ones with the
// dialect's read BEGIN). An interaction of one statement runs it alone:
// one statement is a transaction of its own.
func (u *user) begin(ctx context.Context, write bool) error {
	st := u.s.beginRead
	if write {
		st = u.s.stmts[opBegin]
	}
	u.s.args = u.s.args[:0]
	m := u.tx.Begin()
	_, err := st.Exec(ctx)
	u.tx.End(opBegin, m, err)
	if err == nil {
		u.inTxn = true
	}
	return err
}

func (u *user) commit(ctx context.Context) error {
	if _, err := u.exec(ctx, opCommit); err != nil {
		return u.abort(err)
	}
	u.inTxn = false
	return nil
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

// promo is TPCW_promotional_processing: the five items related to a
// random one (getRelated). On a listing page they are among the items the
// next Product Detail picks from.
func (u *user) promo(ctx context.Context, listing bool) error {
	_, err := u.rows(ctx, opPromo, u.s.dest.idText, func(int) error {
		if listing {
			u.seen(u.s.id)
		}
		return nil
	}, u.randomItem())
	return err
}

// seen adds an item to the listing page's.
func (u *user) seen(item int64) {
	if int(u.pageN) < len(u.page) {
		u.page[u.pageN] = int32(item)
		u.pageN++
	}
}

// missingError is a row the data must hold and did not: the data is not
// what bookstore prepared.
type missingError struct{ what string }

func (e *missingError) Error() string {
	return "bookstore: no " + e.what + " (is the data bookstore's?)"
}
