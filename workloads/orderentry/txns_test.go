package orderentry

import (
	"context"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workload/wltest"
	"github.com/dbgauge/dbgauge/workloads/internal/fixture"
)

// TestDatabases runs each transaction, the growth of the key ranges and
// the path from New Order to Process Orders and Warehouse Activity on
// SQLite and, when their variables are set, on PostgreSQL and MariaDB.
// The databases run in parallel; on each, the subtests one after the
// other (they count the rows they add).
func TestDatabases(t *testing.T) {
	for name, get := range fx.Targets() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tg := get(t)
			t.Run("transactions", func(t *testing.T) { testTransactions(t, tg) })
			t.Run("ranges grow", func(t *testing.T) { testRangesGrow(t, tg) })
			t.Run("new orders are processed", func(t *testing.T) { testOrdersProcessed(t, tg) })
			t.Run("check", func(t *testing.T) { testCheck(t, tg) })
		})
	}
}

// clerk drives one user transaction by transaction on a connection of its
// own.
type clerk struct {
	t  *testing.T
	in *instance
	u  *user
	s  *session
	c  sqldb.Conn
}

func newClerk(t *testing.T, tg fixture.Target, in *instance, stream uint64) *clerk {
	t.Helper()
	ctx := context.Background()
	c := tg.Conn(t)
	s, err := in.Open(ctx, workload.SessionEnv{Conn: c, Driver: tg.Driver.Name()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(ctx) })
	wu, err := in.NewUser(ctx, workload.UserEnv{Rand: randgen.New(fixtureSeed, 9, stream), Users: 1, Session: s})
	if err != nil {
		t.Fatal(err)
	}
	return &clerk{t: t, in: in, u: wu.(*user), s: s.(*session), c: c}
}

// do runs one transaction of type cur and returns the statements it ran.
func (k *clerk) do(cur workload.TxnID) *wltest.Tx {
	k.t.Helper()
	tx := wltest.NewTx(k.s)
	k.u.cur = cur
	if err := k.u.Run(context.Background(), tx); err != nil {
		k.t.Fatalf("%s: %v", txnInfo[cur].name, err)
	}
	for op, n := range tx.Failed {
		k.t.Errorf("%s: %s failed %d times", txnInfo[cur].name, statements.Stmts[op].Name, n)
	}
	return tx
}

func (k *clerk) count(q string, args ...any) int64 { return fixture.Scalar(k.t, k.c, q, args...) }

// testTransactions runs each of the nine and checks what it did to the
// data and the statements it ran.
func testTransactions(t *testing.T, tg fixture.Target) {
	in := configureT(t, map[string]string{"min-delay": "3ms", "max-delay": "3ms"})
	k := newClerk(t, tg, in, 1)

	customers := k.count("SELECT COUNT(*) FROM customers")
	tx := k.do(txNewCustomer)
	if n := k.count("SELECT COUNT(*) FROM customers"); n != customers+1 {
		t.Errorf("new_customer: %d customers, want %d", n, customers+1)
	}
	id := k.count("SELECT MAX(customer_id) FROM customers")
	if a := k.count("SELECT COUNT(*) FROM customers c JOIN addresses a ON a.address_id = c.preferred_address AND a.customer_id = c.customer_id "+
		"JOIN card_details d ON d.card_id = c.preferred_card AND d.customer_id = c.customer_id WHERE c.customer_id = ?", id); a != 1 {
		t.Errorf("new_customer: customer %d's preferred address and card are not its new ones", id)
	}
	wantOps(t, "new_customer", tx, map[workload.OpID]int{opBegin: 2, opInsertCustomer: 1, opInsertAddress: 1, opInsertCard: 1,
		opSetPreferred: 1, opCommit: 2, opInsertLogon: 1, opSelectCustomer: 1})
	if tx.Paused != 6*time.Millisecond {
		t.Errorf("new_customer paused %v, want its two pauses of 3ms", tx.Paused)
	}

	// Update Customer Details finds the customer by name at least once
	// in a few tries (the names are drawn as the load drew them).
	found := false
	for range 200 {
		tx = k.do(txUpdateCustomer)
		if tx.OK[opInsertAddress] == 1 {
			wantOps(t, "update_customer", tx, map[workload.OpID]int{opBegin: 1, opCustomerByName: 1, opInsertAddress: 1, opSetPreferredAddress: 1, opCommit: 1})
			found = true
			break
		}
		wantOps(t, "update_customer (none found)", tx, map[workload.OpID]int{opBegin: 1, opCustomerByName: 1, opCommit: 1})
	}
	if !found {
		t.Errorf("update_customer found no customer by name in 200 tries")
	}
	if bad := k.count("SELECT COUNT(*) FROM customers c LEFT JOIN addresses a ON a.address_id = c.preferred_address " +
		"WHERE a.customer_id IS NULL OR a.customer_id <> c.customer_id"); bad != 0 {
		t.Errorf("%d customers prefer an address that is not theirs", bad)
	}

	tx = k.do(txBrowseProducts)
	if n := tx.OK[opSelectProduct]; n < 1 || n > maxBrowse || tx.OK[opSelectCustomer] != 1 || tx.OK[opBegin] != 0 || tx.OK[opCommit] != 0 {
		t.Errorf("browse_products ran %v", tx.OK)
	}
	if want := time.Duration(1+tx.OK[opSelectProduct]) * 3 * time.Millisecond; tx.Paused != want {
		t.Errorf("browse_products paused %v, want %v (one pause after each read)", tx.Paused, want)
	}

	k.u.pinned = 3
	orders := k.count("SELECT COUNT(*) FROM orders")
	stock := k.count("SELECT SUM(quantity_on_hand) FROM inventories WHERE warehouse_id = 3")
	tx = k.do(txNewOrder)
	if tx.OK[opInsertOrder] != 1 {
		t.Fatalf("new_order at warehouse 3 ordered nothing: %v", tx.OK)
	}
	order := k.count("SELECT MAX(order_id) FROM orders")
	lines := k.count("SELECT COUNT(*) FROM order_items WHERE order_id = ?", order)
	if k.count("SELECT COUNT(*) FROM orders") != orders+1 || lines < 1 || lines > 2 || int(lines) != tx.OK[opInsertOrderItem] {
		t.Errorf("new_order: order %d has %d items, %d inserted", order, lines, tx.OK[opInsertOrderItem])
	}
	if got := k.count("SELECT SUM(quantity_on_hand) FROM inventories WHERE warehouse_id = 3"); got != stock-lines {
		t.Errorf("new_order took %d units from warehouse 3, want %d (one per item, at the order's warehouse)", stock-got, lines)
	}
	// Each item costs its product's list price, and the total is theirs.
	if bad := k.count("SELECT COUNT(*) FROM order_items oi JOIN product_information p ON p.product_id = oi.product_id "+
		"WHERE oi.order_id = ? AND oi.unit_price <> p.list_price", order); bad != 0 {
		t.Errorf("new_order: %d items not at their list price", bad)
	}
	if d := k.count("SELECT ABS(o.order_total - (SELECT SUM(unit_price) FROM order_items WHERE order_id = o.order_id)) * 100 "+
		"FROM orders o WHERE o.order_id = ?", order); d != 0 {
		t.Errorf("new_order: order %d's total is off its items' by %d cents", order, d)
	}
	if s := k.count("SELECT order_status FROM orders WHERE order_id = ?", order); s < 0 || s > 3 || k.count("SELECT warehouse_id FROM orders WHERE order_id = ?", order) != 3 {
		t.Errorf("new_order: order %d has status %d (want 0..3) or another warehouse", order, s)
	}

	tx = k.do(txProcessOrders)
	wantOps(t, "process_orders", tx, map[workload.OpID]int{opBegin: 1, opOrdersToProcess: 1, opUpdateOrderStatus: 1, opCommit: 1})

	tx = k.do(txBrowseUpdateOrders)
	if tx.OK[opInsertLogon] != 1 || tx.OK[opOrdersByCustomer] != 1 || tx.OK[opCommit] != 2 {
		t.Errorf("browse_update_orders ran %v", tx.OK)
	}

	for _, q := range []workload.TxnID{txSalesRepQuery, txWarehouseQuery, txWarehouseActivity} {
		tx = k.do(q)
		if len(tx.OK) != 1 {
			t.Errorf("%s ran %v, want its one query", txnInfo[q].name, tx.OK)
		}
	}
	// Warehouse Activity sees the order just made at warehouse 3 in its
	// latest bucket.
	t0 := now()
	args := []any{}
	for b := range activityBuckets {
		args = append(args, t0.Add(-time.Duration(b+1)*5*time.Minute), t0.Add(-time.Duration(b)*5*time.Minute))
		args = append(args, args[len(args)-2], args[len(args)-1])
	}
	args = append(args, int64(3), t0.Add(-time.Hour), t0)
	var wh, count int64
	var sum sqldb.Null[float64]
	dest := []any{&wh, &sum, &count}
	for range activityBuckets - 1 {
		dest = append(dest, new(sqldb.Null[float64]), new(int64))
	}
	n, err := k.s.Stmt(opWarehouseActivity).(sqldb.RowReader).QueryRow(context.Background(), dest, args...)
	if err != nil || n != 1 || wh != 3 || count < 1 || !sum.Valid {
		t.Errorf("warehouse_activity at warehouse 3: %d rows, warehouse %d, %d orders in the last five minutes (%v)", n, wh, count, err)
	}
}

// wantOps checks exactly the ops listed ran, as often as listed.
func wantOps(t *testing.T, what string, tx *wltest.Tx, want map[workload.OpID]int) {
	t.Helper()
	for op := range numOps {
		if got := tx.OK[op]; got != want[op] {
			t.Errorf("%s: %d %s, want %d", what, got, statements.Stmts[op].Name, want[op])
		}
	}
}

// testRangesGrow: a new customer is in the range the next draws use, and
// the next run starts from it, with the metadata grown.
func testRangesGrow(t *testing.T, tg fixture.Target) {
	in := configureT(t, nil)
	k := newClerk(t, tg, in, 2)
	before := in.ranges.maxCustomer.Load()
	k.do(txNewCustomer)
	id := k.count("SELECT MAX(customer_id) FROM customers")
	if got := in.ranges.maxCustomer.Load(); got != id || got <= before {
		t.Fatalf("after a new customer %d the range ends at %d (was %d)", id, got, before)
	}
	// Later draws reach it: customers are uniform over the grown range.
	seen := false
	for range 20000 {
		if k.u.customer() == id {
			seen = true
			break
		}
	}
	if !seen {
		t.Errorf("20000 draws never picked the new customer %d of %d", id, id)
	}
	next := configureT(t, nil)
	newClerk(t, tg, next, 3)
	if got := next.ranges.maxCustomer.Load(); got != id {
		t.Errorf("the next run's customers end at %d, want %d", got, id)
	}
	if got := k.count("SELECT metadata_value FROM orderentry_metadata WHERE metadata_key = ?", metaMaxCustomer); got != id {
		t.Errorf("orderentry_metadata's %s is %d, want %d", metaMaxCustomer, got, id)
	}
}

// testOrdersProcessed: New Order's orders await processing (status 0 to
// 3) and Process Orders at their warehouse gets to them.
func testOrdersProcessed(t *testing.T, tg fixture.Target) {
	in := configureT(t, nil)
	k := newClerk(t, tg, in, 4)
	k.u.pinned = 5
	tx := k.do(txNewOrder)
	if tx.OK[opInsertOrder] != 1 {
		t.Fatalf("new_order at warehouse 5 ordered nothing: %v", tx.OK)
	}
	order := k.count("SELECT MAX(order_id) FROM orders")
	if got := in.ranges.maxOrder.Load(); got != order {
		t.Errorf("after order %d the order range ends at %d", order, got)
	}
	waiting := k.count("SELECT COUNT(*) FROM orders WHERE warehouse_id = 5 AND order_status <= 4")
	for i := int64(0); i < waiting; i++ {
		k.do(txProcessOrders)
	}
	if s := k.count("SELECT order_status FROM orders WHERE order_id = ?", order); s < 5 || s > 9 {
		t.Errorf("after %d process_orders at warehouse 5, order %d has status %d, want 5..9", waiting, order, s)
	}
	if left := k.count("SELECT COUNT(*) FROM orders WHERE warehouse_id = 5 AND order_status <= 4"); left != 0 {
		t.Errorf("%d orders of warehouse 5 still await processing", left)
	}
	tx = k.do(txProcessOrders)
	wantOps(t, "process_orders with nothing to process", tx, map[workload.OpID]int{opBegin: 1, opOrdersToProcess: 1, opCommit: 1})
}

// testCheck: after the transactions above every condition holds but the
// load's row counts; a customer made to prefer another's address breaks
// OE.1, and an order total changed breaks OE.4.
func testCheck(t *testing.T, tg fixture.Target) {
	ctx := context.Background()
	in := configureT(t, nil)
	c := tg.Conn(t)
	conds, err := in.Check(ctx, c, workload.CheckOptions{All: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, cd := range conds {
		if cd.Failed() != (cd.Clause == "OE.7") {
			t.Errorf("%s %s: passed %v, failures %v", cd.Clause, cd.Name, cd.Passed, cd.Failures)
		}
	}
	if _, err := c.Exec(ctx, "UPDATE customers SET preferred_address = (SELECT MAX(address_id) FROM addresses) WHERE customer_id = 1"); err != nil {
		t.Fatal(err)
	}
	order := fixture.Scalar(t, c, "SELECT MAX(order_id) FROM orders WHERE promotion_id IS NULL")
	if _, err := c.Exec(ctx, "UPDATE orders SET order_total = order_total + 1 WHERE order_id = ?", order); err != nil {
		t.Fatal(err)
	}
	conds, err = in.Check(ctx, c, workload.CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, cd := range conds {
		want := cd.Clause == "OE.1" || cd.Clause == "OE.4"
		if cd.Failed() != want || (want && len(cd.Failures) != 1) {
			t.Errorf("after the damage, %s %s: passed %v, skipped %q, failures %v", cd.Clause, cd.Name, cd.Passed, cd.Skipped, cd.Failures)
		}
	}
}
