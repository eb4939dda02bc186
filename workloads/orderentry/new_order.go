package orderentry

import (
	"context"
	"time"

	"github.com/dbgauge/dbgauge/workload"
)

// newOrder is NewOrderProcess: a customer logs on and is read with its
// addresses and cards; it browses 1 to 23 categories at a warehouse; from
// the last browse's products it orders two (one if only one was found) of
// those in stock, one of each; the order is completed and the stock taken.
//
//	logon; getCustomerDetails; getAddressDetails; getCardDetails  (think)
//	1..23 x: select ... from products, inventories where products.category_id = ?
//	         and inventories.product_id = products.product_id
//	         and inventories.warehouse_id = ? and rownum < 4   (think)
//	select orders_seq.nextval from dual  (think)
//	insert into orders(ORDER_ID, ORDER_DATE, CUSTOMER_ID, WAREHOUSE_ID, ...) values (...)  (think)
//	per item in stock: insert into order_items(...) values (..., (SYSDATE+ 3))  (think)
//	update orders set order_mode = ?, order_status = ?, order_total = ? where order_id = ?  (think) (think)
//	per item: update inventories set quantity_on_hand = quantity_on_hand - ? where product_id = ? and warehouse_id = ?
//	commit
//
// Two bugs of the reference are not copied: it charges each item its
// product id (price = getProductID()), and it browses each category at a
// new random warehouse, orders from another and takes the stock there.
// Here the order's warehouse is drawn first: the browses, the order and
// the stock taken are all at it, and an item costs its list price. Items
// out of stock are neither charged nor taken (the reference charges and
// takes them). The order id comes back from the INSERT; the transaction
// opens at that INSERT, the reads before it standing alone.
func (u *user) newOrder(ctx context.Context) error {
	customer := u.customer()
	if err := u.logon(ctx, customer); err != nil {
		return err
	}
	for _, op := range [...]workload.OpID{opSelectCustomer, opSelectAddresses, opSelectCards} {
		if _, err := u.t.Query(ctx, op, customer); err != nil {
			return err
		}
	}
	if !u.think() {
		return errCut
	}
	wh := u.warehouse()
	for range u.r.Uniform(1, maxBrowse) {
		u.s.products = u.s.products[:0]
		if _, err := u.t.Rows(ctx, opProductsByCategory, u.s.dest.product, func(int) error {
			u.s.products = append(u.s.products, product{id: u.s.id, qty: u.s.qty, price: u.s.price})
			return nil
		}, u.r.Uniform(1, categories), wh); err != nil {
			return err
		}
		if !u.think() {
			return errCut
		}
	}
	found := u.s.products
	if len(found) == 0 {
		return nil
	}
	t := now()
	if err := u.t.Begin(ctx); err != nil {
		return err
	}
	order, err := u.t.Insert(ctx, opInsertOrder, t, customer, wh, u.r.Uniform(1, 5))
	if err != nil {
		return err
	}
	if !u.think() {
		return errCut
	}
	// min(size, randomInteger(2, size)), its upper bound exclusive.
	lines := min(len(found), int(u.r.Uniform(2, max(2, int64(len(found))-1))))
	var total float64
	ordered := 0
	for _, p := range found[:lines] {
		if p.qty > 0 {
			ordered++
			if _, err := u.t.Exec(ctx, opInsertOrderItem, order, ordered, p.id, p.price, 1, t.Add(3*24*time.Hour)); err != nil {
				return err
			}
			total += p.price
		}
		if !u.think() {
			return errCut
		}
	}
	if _, err := u.t.Exec(ctx, opUpdateOrder, u.r.Uniform(0, 3), total, order); err != nil {
		return err
	}
	if !u.think() || !u.think() {
		return errCut
	}
	for _, p := range found[:lines] {
		if p.qty <= 0 {
			continue
		}
		if _, err := u.t.Exec(ctx, opUpdateInventory, 1, p.id, wh); err != nil {
			return err
		}
	}
	if err := u.t.Commit(ctx); err != nil {
		return err
	}
	grow(&u.in.ranges.maxOrder, order)
	return nil
}
