package bookstore

import (
	"context"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workload/wltest"
)

// TestDatabases runs the interactions, the session flows, the two shards
// and walks of the chains on SQLite and, when their variables are set,
// on PostgreSQL and MariaDB. The databases run in parallel; on each, the
// subtests run one after the other (they share the server's data, and
// check the stock of the items they buy).
func TestDatabases(t *testing.T) {
	for name, get := range targets() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tg := get(t)
			t.Run("interactions", func(t *testing.T) { testInteractions(t, tg) })
			t.Run("flow", func(t *testing.T) { testFlow(t, tg) })
			t.Run("new customer", func(t *testing.T) { testNewCustomer(t, tg) })
			t.Run("shards", func(t *testing.T) { testShards(t, tg) })
			t.Run("walks", func(t *testing.T) { testWalks(t, tg) })
		})
	}
}

// browser drives one user interaction by interaction, on a connection of
// its own, as the chain would have brought it there.
type browser struct {
	t  *testing.T
	in *instance
	u  *user
	s  *session
	c  sqldb.Conn
}

func newBrowser(t *testing.T, tg target, in *instance, user, users int) *browser {
	t.Helper()
	ctx := context.Background()
	c := tg.Conn(t)
	s, err := in.Open(ctx, workload.SessionEnv{Conn: c, Driver: tg.Driver.Name()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(ctx) })
	u := newUser(workload.UserEnv{Rand: randgen.New(fixtureSeed, 7, uint64(user)), User: user, Users: users, Session: s}, in)
	u.startSession()
	return &browser{t: t, in: in, u: u, s: s.(*session), c: c}
}

// do runs cur as if the chain came to it from from, and returns the
// statements it ran.
func (b *browser) do(from, cur workload.TxnID) *wltest.Tx {
	b.t.Helper()
	tx := wltest.NewTx(b.s)
	b.u.from, b.u.cur = from, cur
	if err := b.u.Run(context.Background(), tx); err != nil {
		b.t.Fatalf("%s after %s: %v", txnNames[cur], txnNames[from], err)
	}
	return tx
}

// ran checks the statements an interaction ran: exactly want of each op
// listed, none failed, and no other op.
func ran(t *testing.T, what string, tx *wltest.Tx, want map[workload.OpID]int) {
	t.Helper()
	for op, n := range tx.Failed {
		t.Errorf("%s: %s failed %d times", what, statements.Stmts[op].Name, n)
	}
	for op := range numOps {
		if got := tx.OK[op]; got != want[op] {
			t.Errorf("%s: %d %s, want %d", what, got, statements.Stmts[op].Name, want[op])
		}
	}
}

// txn is a read or write transaction's BEGIN and COMMIT around ops.
func txn(ops map[workload.OpID]int) map[workload.OpID]int {
	ops[opBegin], ops[opCommit] = 1, 1
	return ops
}

func testInteractions(t *testing.T, tg target) {
	in := configureT(nil)
	b := newBrowser(t, tg, in, 0, 1)
	c, u := b.c, b.u

	u.customer = 17
	ran(t, "home of a customer", b.do(txHome, txHome), txn(map[workload.OpID]int{opHomeCustomer: 1, opPromo: 1}))
	u.customer = 0
	ran(t, "anonymous home", b.do(txHome, txHome), map[workload.OpID]int{opPromo: 1})

	ran(t, "new products", b.do(txHome, txNewProducts), txn(map[workload.OpID]int{opPromo: 1, opNewProducts: 1}))
	if u.pageN <= 5 {
		t.Errorf("new products listed %d items with the promotion, want a subject's (about 40) and 5", u.pageN)
	}
	ran(t, "product detail", b.do(txNewProducts, txProductDetail), map[workload.OpID]int{opBook: 1})
	if !pageHas(u, u.item) {
		t.Errorf("product detail showed item %d, not one of the page's", u.item)
	}
	ran(t, "best sellers", b.do(txHome, txBestSellers), txn(map[workload.OpID]int{opPromo: 1, opBestSellers: 1}))
	if u.pageN <= 5 {
		t.Errorf("best sellers listed %d items with the promotion: the last 3,333 orders sold none of a subject", u.pageN)
	}
	ran(t, "search request", b.do(txHome, txSearchRequest), map[workload.OpID]int{opPromo: 1})

	// Each kind of search, and the strings of clause 2.10.5.1 find items:
	// DigSyl(k, 7) begins the titles of items k, k+201, ... and the last
	// names of authors k, k+101, ...
	searches := map[workload.OpID]int{}
	for range 30 {
		tx := b.do(txSearchRequest, txSearchResults)
		for _, op := range []workload.OpID{opSearchAuthor, opSearchTitle, opSearchSubject} {
			searches[op] += tx.OK[op]
		}
	}
	if searches[opSearchAuthor] == 0 || searches[opSearchTitle] == 0 || searches[opSearchSubject] == 0 {
		t.Errorf("30 searches: %v, want each kind", searches)
	}
	if n := scalar(t, c, "SELECT COUNT(*) FROM item WHERE i_title LIKE ?", digSyl(7, 7)+"%"); n != 5 {
		t.Errorf("%d titles begin with DigSyl(7, 7), want 5 of 1,000 items", n)
	}
	if n := scalar(t, c, "SELECT COUNT(*) FROM author WHERE a_lname LIKE ?", digSyl(7, 7)+"%"); n != 3 {
		t.Errorf("%d last names begin with DigSyl(7, 7), want 3 of 250 authors", n)
	}

	// A first Shopping Cart makes a cart, which gets the first related
	// item of a random item.
	u.customer = 17
	ran(t, "new cart", b.do(txHome, txShoppingCart), txn(map[workload.OpID]int{opCartCreate: 1, opCartCount: 1, opRelated1: 1,
		opCartLineQty: 1, opCartLineInsert: 1, opCartTouch: 1, opCart: 1, opPromo: 1}))
	if u.cart == 0 || scalar(t, c, "SELECT COUNT(*) FROM shopping_cart_line WHERE scl_sc_id = ?", u.cart) != 1 {
		t.Fatalf("cart %d: want one line", u.cart)
	}
	ran(t, "customer registration", b.do(txShoppingCart, txCustomerRegistration), map[workload.OpID]int{opCustomerUname: 1})
	before := scalarText(t, c, "SELECT c_login FROM customer WHERE c_id = ?", 17)
	ran(t, "returning buy request", b.do(txCustomerRegistration, txBuyRequest),
		txn(map[workload.OpID]int{opCustomerByUname: 1, opCustomerLogin: 1, opCart: 1}))
	if after := scalarText(t, c, "SELECT c_login FROM customer WHERE c_id = ?", 17); after == before {
		t.Errorf("buy request left c_login at %s", before)
	}
	tx := b.do(txBuyRequest, txBuyConfirm)
	elsewhere := tx.OK[opCountryID] // 5% ship to a new address
	ran(t, "buy confirm", tx, txn(map[workload.OpID]int{opDiscount: 1, opCart: 1, opCustomerAddress: 1, opOrderInsert: 1,
		opOrderLineInsert: 1, opStock: 1, opStockUpdate: 1, opCCXactInsert: 1, opCartClear: 1,
		opCountryID: elsewhere, opAddressMatch: elsewhere, opAddressInsert: tx.OK[opAddressInsert]}))
	ran(t, "order inquiry", b.do(txBuyConfirm, txOrderInquiry), nil)
	ran(t, "order display", b.do(txOrderInquiry, txOrderDisplay),
		txn(map[workload.OpID]int{opPassword: 1, opLastOrder: 1, opOrder: 1, opOrderLines: 1}))
	if last := scalar(t, c, "SELECT MAX(o_id) FROM orders WHERE o_c_id = ?", 17); b.s.id != last {
		t.Errorf("order display showed order %d of customer 17, whose latest is %d", b.s.id, last)
	}

	u.customer = 0
	ran(t, "anonymous registration", b.do(txShoppingCart, txCustomerRegistration), nil)
	tx = b.do(txOrderInquiry, txOrderDisplay)
	if u.customer == 0 {
		t.Fatal("an anonymous order display did not log in a returning customer")
	}
	// About 40% of the customers have no order (0.9 orders each, drawn).
	has := 0
	if scalar(t, c, "SELECT COUNT(*) FROM orders WHERE o_c_id = ?", u.customer) > 0 {
		has = 1
	}
	ran(t, "anonymous order display", tx, txn(map[workload.OpID]int{opPassword: 1, opLastOrder: 1, opOrder: has, opOrderLines: has}))

	u.item = 42
	ran(t, "admin request", b.do(txProductDetail, txAdminRequest), map[workload.OpID]int{opBook: 1})
	ran(t, "admin confirm", b.do(txAdminRequest, txAdminConfirm),
		txn(map[workload.OpID]int{opBook: 1, opAdminUpdate: 1, opAdminRelated: 1, opAdminRelatedUpdate: 1}))
	rows, err := c.QueryStrings(context.Background(), "SELECT i_related1, i_related2, i_related3, i_related4, i_related5, i_pub_date, i_cost FROM item WHERE i_id = 42")
	if err != nil || len(rows) != 1 {
		t.Fatalf("item 42: %v, %v", rows, err)
	}
	if year := time.Now().Format("2006"); rows[0][5][:4] != year {
		t.Errorf("admin confirm published item 42 on %s, want this year", rows[0][5])
	}
	t.Logf("item 42 after admin confirm: related %v, cost %s", rows[0][:5], rows[0][6])
}

// pageHas reports whether item is one of the user's listing page's.
func pageHas(u *user, item int64) bool {
	for _, i := range u.page[:u.pageN] {
		if int64(i) == item {
			return true
		}
	}
	return false
}

// scalarText reads one value as text.
func scalarText(t *testing.T, c sqldb.Conn, q string, args ...any) string {
	t.Helper()
	rows, err := c.QueryStrings(context.Background(), q, args...)
	if err != nil || len(rows) != 1 || len(rows[0]) != 1 {
		t.Fatalf("%s: %v, %v", q, rows, err)
	}
	return rows[0][0]
}
