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

	// Set while Run runs: the borrowed connection's session and the
	// transaction on it.
	s *session
	t *sqlrun.Txn
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
	u.s = tx.Session().(*session)
	u.t = u.s.Start(tx)
	err := interactions[u.cur](u, ctx)
	err = u.t.End(ctx, err) // a failed interaction is rolled back, unmeasured
	u.failed = err != nil
	u.s, u.t = nil, nil
	return err
}

// interactions are the code of the fourteen, by type.
var interactions = [numTxns]func(*user, context.Context) error{
	txHome: (*user).home, txNewProducts: (*user).newProducts, txBestSellers: (*user).bestSellers,
	txProductDetail: (*user).productDetail, txSearchRequest: (*user).searchRequest, txSearchResults: (*user).searchResults,
	txShoppingCart: (*user).shoppingCart, txCustomerRegistration: (*user).customerRegistration, txBuyRequest: (*user).buyRequest,
	txBuyConfirm: (*user).buyConfirm, txOrderInquiry: (*user).orderInquiry, txOrderDisplay: (*user).orderDisplay,
	txAdminRequest: (*user).adminRequest, txAdminConfirm: (*user).adminConfirm,
}

// nurandCustomer draws a returning customer.
func (c *config) nurandCustomer() randgen.NURand {
	return randgen.NURand{A: c.customerA, X: 1, Y: c.customers}
}

// randomItem is TPCW_Util.getRandomI_ID: uniform over the items.
func (u *user) randomItem() int64 { return u.r.Uniform(1, u.c.items) }

// promo is TPCW_promotional_processing: the five items related to a
// random one (getRelated). On a listing page they are among the items the
// next Product Detail picks from.
func (u *user) promo(ctx context.Context, listing bool) error {
	_, err := u.t.Rows(ctx, opPromo, u.s.dest.idText, func(int) error {
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
