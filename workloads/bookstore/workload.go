// Package bookstore is a TPC-W-like web bookstore, the "Nile" of the
// eWEEK/PC Magazine study: the ten tables of TPC-W at --items
// (one of the spec's scales) and --customers (2880 per user by default),
// the 14 web interactions of TPC-W chapter 2 as transaction types (one file
// each, the reference's SQL quoted above dbgauge's), and users that walk
// the browsing, shopping or ordering Markov chain of the Wisconsin RBE
// (jopereira/java-tpcw, tpcw/rbe) with sessions (returning or new
// customers, a cart, the items the last page showed, a USMD that ends at
// the next Home) and TPC-W's think time, over a pool of connections as a
// web application's users are. WIPS, WIPSb and WIPSo are figures.go's.
//
// Where dbgauge differs from TPC-W and from the reference, on purpose
// (each is said where it is done, and in docs/studies/bookstore.md): a
// web interaction is its database work alone, one transaction; ids of
// new customers, addresses, orders and carts come from the database's
// sequences, never MAX()+1; the latest order is the highest O_ID; titles
// and author names begin with the digit syllables the searches look for.
//
// bookstore imports workload, dataset, db and randgen; it never tests a
// database's name (the Dialect says what differs).
package bookstore

import (
	"context"
	"time"

	"github.com/dbgauge/dbgauge/workload"
)

// Workload is the bookstore.
var Workload = workload.Define(workload.Meta{Name: "bookstore", Family: "bookstore",
	Description: "TPC-W-like web bookstore: 14 web interactions in browsing/shopping/ordering Markov mixes, users with sessions and think time over a pool; WIPS"}, options, newInstance)

// newInstance is the workload configured by option values.
func newInstance(v workload.Values, p workload.Params) (workload.Instance, error) {
	c, err := parseConfig(v, p)
	if err != nil {
		return nil, err
	}
	return &instance{c: c, ds: newDataset(c), now: time.Now}, nil
}

type instance struct {
	c  *config
	ds workload.Dataset
	// now is the clock of session lengths (tests set their own).
	now func() time.Time
}

var _ workload.Pooler = (*instance)(nil)

// thinkTime is TPC-W's think time (clause 5.3.2.1, EB.thinkTime): -7 s x
// ln r, 70 s at most. The runner waits it after every interaction;
// --think replaces it.
var thinkTime = workload.NegExpWait(7*time.Second, 70*time.Second)

// Transactions implements workload.Instance: the 14 interactions, each
// with TPC-W's think time.
func (i *instance) Transactions() []workload.Txn {
	ts := make([]workload.Txn, numTxns)
	for t := range ts {
		ts[t] = workload.Txn{Name: txnNames[t], Think: thinkTime, Limit: p90Limits[t]}
	}
	return ts
}

// p90Limits are the 90th-percentile web interaction response times TPC-W
// allows (clause 5.1.3's table, as recalled: see docs/studies/bookstore.md;
// they cover the page, which here is its database work only).
var p90Limits = [numTxns]time.Duration{
	txHome: 3 * time.Second, txNewProducts: 5 * time.Second, txBestSellers: 5 * time.Second,
	txProductDetail: 3 * time.Second, txSearchRequest: 3 * time.Second, txSearchResults: 10 * time.Second,
	txShoppingCart: 3 * time.Second, txCustomerRegistration: 3 * time.Second, txBuyRequest: 3 * time.Second,
	txBuyConfirm: 5 * time.Second, txOrderInquiry: 3 * time.Second, txOrderDisplay: 3 * time.Second,
	txAdminRequest: 3 * time.Second, txAdminConfirm: 20 * time.Second,
}

func (i *instance) Ops() []workload.Op        { return statements.Ops() }
func (i *instance) Dataset() workload.Dataset { return i.ds }

// maxPool is the default pool's most connections: users are browsers,
// and a web application serves thousands of them from an application
// server's pool (the reference's TPCW_Database.maxConn), not a connection
// each.
const maxPool = 100

// Connections implements workload.Pooler: min(users, 100) unless
// --connections says otherwise.
func (i *instance) Connections(users int) int { return min(users, maxPool) }

// Open implements workload.Instance.
func (i *instance) Open(ctx context.Context, env workload.SessionEnv) (workload.Session, error) {
	return openSession(ctx, env)
}

// NewUser implements workload.Instance.
func (i *instance) NewUser(_ context.Context, env workload.UserEnv) (workload.User, error) {
	return newUser(env, i), nil
}
