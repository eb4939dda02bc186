package bookstore

import (
	"context"
	"maps"
	"math"
	"strconv"
	"testing"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// testFlow follows one returning customer's session: what Product Detail
// showed goes into the cart, a refresh changes quantities, and Buy
// Confirm turns the cart into an order whose lines are the cart's, takes
// the quantities from the stock by the stock rule and empties the cart.
func testFlow(t *testing.T, tg target) {
	in := configureT(nil)
	b := newBrowser(t, tg, in, 1, 2)
	c, u := b.c, b.u
	u.customer = 23

	// Product Detail, then Shopping Cart: the item is in a new cart.
	b.do(txHome, txSearchResults)
	b.do(txSearchResults, txProductDetail)
	first := u.item
	b.do(txProductDetail, txShoppingCart)
	if got := cartOf(t, c, u.cart); !maps.Equal(got, map[int64]int64{first: 1}) {
		t.Fatalf("after adding item %d the cart holds %v", first, got)
	}
	// The same item again: one more of it.
	b.do(txShoppingCart, txProductDetail)
	u.item = first
	b.do(txProductDetail, txShoppingCart)
	if got := cartOf(t, c, u.cart); !maps.Equal(got, map[int64]int64{first: 2}) {
		t.Fatalf("after adding item %d twice the cart holds %v", first, got)
	}
	// A refresh of one line: a quantity in [1, 10].
	b.do(txShoppingCart, txShoppingCart)
	if got := cartOf(t, c, u.cart); len(got) != 1 || got[first] < 1 || got[first] > 10 {
		t.Fatalf("after a refresh of one line the cart holds %v", got)
	}
	// Another item; then refreshes of two lines change one or both to a
	// quantity in [0, 9] other than theirs, 0 removing the line.
	second := first%fixtureItems + 1
	u.item = second
	b.do(txProductDetail, txShoppingCart)
	for range 5 {
		before := cartOf(t, c, u.cart)
		if len(before) < 2 {
			break
		}
		tx := b.do(txShoppingCart, txShoppingCart)
		after := cartOf(t, c, u.cart)
		changed := tx.OK[opCartLineUpdate] + tx.OK[opCartLineDelete]
		if changed < 1 || changed > 2 || tx.OK[opCartLines] != 1 {
			t.Fatalf("a refresh of 2 lines changed %d (%v to %v)", changed, before, after)
		}
		moved := 0
		for item, q := range before {
			a, ok := after[item] // gone: refreshed to 0
			if !ok || a != q {
				moved++
			}
			if ok && a != q && a > 9 {
				t.Fatalf("refresh: item %d from %d to %d (%v to %v)", item, q, a, before, after)
			}
		}
		if moved != changed {
			t.Fatalf("a refresh ran %d statements and changed %d lines (%v to %v)", changed, moved, before, after)
		}
	}
	// Make sure the cart holds both items for the order.
	u.item = first
	b.do(txProductDetail, txShoppingCart)
	u.item = second
	b.do(txProductDetail, txShoppingCart)

	cart := cartOf(t, c, u.cart)
	stock := map[int64]int64{}
	for item := range cart {
		stock[item] = scalar(t, c, "SELECT i_stock FROM item WHERE i_id = ?", item)
	}
	discount := scalarFloat(t, c, "SELECT c_discount FROM customer WHERE c_id = ?", u.customer)
	sub := 0.0
	items := int64(0)
	for item, q := range cart {
		sub += scalarFloat(t, c, "SELECT i_cost FROM item WHERE i_id = ?", item) * float64(q)
		items += q
	}
	b.do(txShoppingCart, txCustomerRegistration)
	b.do(txCustomerRegistration, txBuyRequest)
	b.do(txBuyRequest, txBuyConfirm)

	o := scalar(t, c, "SELECT MAX(o_id) FROM orders WHERE o_c_id = ?", u.customer)
	lines := map[int64]int64{}
	rows, err := c.QueryStrings(context.Background(), "SELECT ol_id, ol_i_id, ol_qty FROM order_line WHERE ol_o_id = ? ORDER BY ol_id", o)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		if r[0] != strconv.Itoa(i+1) {
			t.Errorf("order %d: line ids %v, want 1 to %d", o, rows, len(rows))
		}
		item, _ := strconv.ParseInt(r[1], 10, 64)
		q, _ := strconv.ParseInt(r[2], 10, 64)
		lines[item] = q
	}
	if !maps.Equal(lines, cart) {
		t.Errorf("order %d has lines %v, the cart held %v", o, lines, cart)
	}
	if got := cartOf(t, c, u.cart); len(got) != 0 {
		t.Errorf("after buy confirm the cart holds %v", got)
	}
	for item, q := range cart {
		if got, want := scalar(t, c, "SELECT i_stock FROM item WHERE i_id = ?", item), restock(stock[item], q); got != want {
			t.Errorf("item %d: stock %d after ordering %d of %d, want %d", item, got, q, stock[item], want)
		}
	}
	wantSub := math.Round(sub*(1-discount)*100) / 100
	wantTotal := wantSub + math.Round(wantSub*taxRate*100)/100 + shipCost(items)
	if got := scalarFloat(t, c, "SELECT o_sub_total FROM orders WHERE o_id = ?", o); math.Abs(got-wantSub) > 0.011 {
		t.Errorf("order %d: sub-total %.2f, want %.2f (%.2f at a %.2f discount)", o, got, wantSub, sub, discount)
	}
	if got := scalarFloat(t, c, "SELECT cx_xact_amt FROM cc_xacts WHERE cx_o_id = ?", o); math.Abs(got-wantTotal) > 0.011 {
		t.Errorf("order %d: card charged %.2f, want the total %.2f", o, got, wantTotal)
	}
	// Order Display shows that order: the latest is the highest id.
	b.do(txBuyConfirm, txOrderInquiry)
	b.do(txOrderInquiry, txOrderDisplay)
	if b.s.id != o {
		t.Errorf("order display showed order %d, want the one just made, %d", b.s.id, o)
	}
}

// testNewCustomer: an anonymous session registers at Buy Request, is
// greeted at Home from then on, and orders as the new customer.
func testNewCustomer(t *testing.T, tg target) {
	in := configureT(nil)
	b := newBrowser(t, tg, in, 0, 2)
	c, u := b.c, b.u
	u.customer = 0
	b.do(txHome, txShoppingCart)
	b.do(txShoppingCart, txCustomerRegistration)
	tx := b.do(txCustomerRegistration, txBuyRequest)
	if tx.OK[opCustomerInsert] != 1 || u.customer <= fixtureCustomers {
		t.Fatalf("a new customer got id %d (%d inserted), want one above the %d loaded", u.customer, tx.OK[opCustomerInsert], fixtureCustomers)
	}
	uname := digSyl(u.customer, 0)
	if got := scalarText(t, c, "SELECT c_uname FROM customer WHERE c_id = ?", u.customer); got != uname {
		t.Errorf("customer %d's user name %q, want DigSyl %q", u.customer, got, uname)
	}
	if n := scalar(t, c, "SELECT COUNT(*) FROM customer, address WHERE c_addr_id = addr_id AND c_id = ?", u.customer); n != 1 {
		t.Errorf("customer %d has %d addresses", u.customer, n)
	}
	if tx := b.do(txBuyRequest, txHome); tx.OK[opHomeCustomer] != 1 {
		t.Error("home does not greet the new customer")
	}
	b.do(txHome, txShoppingCart)
	b.do(txShoppingCart, txCustomerRegistration)
	b.do(txCustomerRegistration, txBuyRequest)
	b.do(txBuyRequest, txBuyConfirm)
	if n := scalar(t, c, "SELECT COUNT(*) FROM orders WHERE o_c_id = ?", u.customer); n != 1 {
		t.Errorf("the new customer has %d orders, want 1", n)
	}
}

// TestStockRule: stock less the quantity, 21 more below 10.
func TestStockRule(t *testing.T) {
	t.Parallel()
	for _, tc := range [][3]int64{{30, 5, 25}, {20, 10, 10}, {20, 11, 30}, {10, 1, 30}, {12, 300, -267}} {
		if got := restock(tc[0], tc[1]); got != tc[2] {
			t.Errorf("restock(%d, %d) = %d, want %d", tc[0], tc[1], got, tc[2])
		}
	}
}

// cartOf is a cart's lines: item to quantity.
func cartOf(t *testing.T, c sqldb.Conn, cart int64) map[int64]int64 {
	t.Helper()
	rows, err := c.QueryStrings(context.Background(), "SELECT scl_i_id, scl_qty FROM shopping_cart_line WHERE scl_sc_id = ?", cart)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]int64{}
	for _, r := range rows {
		item, _ := strconv.ParseInt(r[0], 10, 64)
		q, _ := strconv.ParseInt(r[1], 10, 64)
		out[item] = q
	}
	return out
}

func scalarFloat(t *testing.T, c sqldb.Conn, q string, args ...any) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(scalarText(t, c, q, args...), 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
