package bookstore

import (
	"context"
	"fmt"
	"slices"
)

// buyConfirm is the Buy Confirm web interaction (TPC-W clause 2.7;
// TPCW_buy_confirm_servlet, doBuyConfirm), one transaction: the cart
// becomes an order, each line takes its quantity from the item's stock,
// the card is charged, the cart is emptied.
//
//	SELECT c_discount FROM customer WHERE customer.c_id = ?                       -- getCDiscount
//	SELECT * FROM shopping_cart_line, item WHERE scl_i_id = item.i_id AND scl_sc_id = ?  -- getCart
//	SELECT c_addr_id FROM customer WHERE customer.c_id = ?                        -- getCAddr: ship to the customer
//	-- 5% of buyers ship elsewhere: enterAddress (see buyRequest)
//	INSERT INTO orders (o_id, o_c_id, o_date, o_sub_total, o_tax, o_total, o_ship_type, o_ship_date,
//	  o_bill_addr_id, o_ship_addr_id, o_status) VALUES (?, ?, CURRENT DATE, ?, 8.25, ?, ?, CURRENT DATE + ? DAYS, ?, ?, 'Pending')
//	-- per line:
//	INSERT INTO order_line (ol_id, ol_o_id, ol_i_id, ol_qty, ol_discount, ol_comments) VALUES (?, ?, ?, ?, ?, ?)
//	SELECT i_stock FROM item WHERE i_id = ?
//	UPDATE item SET i_stock = ? WHERE i_id = ?    -- stock - qty, or stock - qty + 21 when that is below 10
//	INSERT INTO cc_xacts (cx_o_id, cx_type, cx_num, cx_name, cx_expire, cx_xact_amt, cx_xact_date, cx_co_id)
//	  VALUES (?, ?, ?, ?, ?, ?, CURRENT DATE, (SELECT co_id FROM address, country WHERE addr_id = ? AND addr_co_id = co_id))
//	DELETE FROM shopping_cart_line WHERE scl_sc_id = ?
//
// The order's id comes from the database's sequence (the reference's
// COUNT(*)+1 under a JVM lock collides across clients). The order's
// sub-total is the cart's at the customer's discount, its tax 8.25% of
// that (the reference stores the rate, 8.25, as the tax), its total with
// $3 plus $1 per item of shipping (Cart); the bill-to address is the
// customer's, read once (the reference reads it twice, getCAddr and
// getCAddrID); the stock rows are locked (the dialect's FOR UPDATE) in
// item order, so that two orders never wait on each other's items in
// opposite orders. There is no payment gateway: CX_AUTH_ID stays NULL,
// as in the reference. An empty cart (only after a failed Shopping Cart)
// makes no order.
func (u *user) buyConfirm(ctx context.Context) error {
	r := u.r
	now := u.in.now()
	cardType, cardNum, cardName := pick(r, cardTypes), nString(r, 16, 16), aString(r, 14, 30)
	expiry := now.Add(days(r.Uniform(1, 730)))
	var shipTo address
	elsewhere := r.IntN(100) < 5
	if elsewhere {
		shipTo = u.drawAddress(4)
	}
	shipping, shipDays := pick(r, shipTypes), r.Uniform(1, 7)

	if err := u.t.Begin(ctx); err != nil {
		return err
	}
	n, err := u.t.Row(ctx, opDiscount, u.s.dest.amount, u.customer)
	if err == nil && n == 0 {
		err = &missingError{what: fmt.Sprintf("customer %d", u.customer)}
	}
	if err != nil {
		return err
	}
	discount := u.s.amount
	lines := u.s.lines[:0]
	_, err = u.t.Rows(ctx, opCart, u.s.dest.cart, func(int) error {
		lines = append(lines, cartLine{item: u.s.id, qty: u.s.qty, cost: u.s.amount})
		return nil
	}, u.cart)
	u.s.lines = lines
	if err != nil {
		return err
	}
	if len(lines) == 0 {
		return u.t.Commit(ctx)
	}
	n, err = u.t.Row(ctx, opCustomerAddress, u.s.dest.id, u.customer)
	if err == nil && n == 0 {
		err = &missingError{what: fmt.Sprintf("customer %d", u.customer)}
	}
	if err != nil {
		return err
	}
	bill := u.s.id
	ship := bill
	if elsewhere {
		if ship, err = u.enterAddress(ctx, shipTo); err != nil {
			return err
		}
	}
	sub, items := 0.0, int64(0)
	for _, l := range lines {
		sub += l.cost * float64(l.qty)
		items += l.qty
	}
	sub = cents(sub * (1 - discount))
	tax := cents(sub * taxRate)
	total := cents(sub + tax + shipCost(items))
	o, err := u.t.Insert(ctx, opOrderInsert, u.customer, now, sub, tax, total, shipping, now.Add(days(shipDays)), bill, ship, "PENDING")
	if err != nil {
		return err
	}
	slices.SortFunc(lines, func(a, b cartLine) int { return int(a.item - b.item) })
	for i, l := range lines {
		if err := u.orderLine(ctx, o, int64(i+1), l, discount); err != nil {
			return err
		}
	}
	if _, err := u.t.Exec(ctx, opCCXactInsert, o, cardType, cardNum, cardName, expiry, total, now, ship); err != nil {
		return err
	}
	if _, err := u.t.Exec(ctx, opCartClear, u.cart); err != nil {
		return err
	}
	return u.t.Commit(ctx)
}

// orderLine writes line n of order o and takes its quantity from the
// item's stock: stock - qty, and 21 more when that leaves fewer than 10
// (TPCW_Database.enterOrder).
func (u *user) orderLine(ctx context.Context, o, n int64, l cartLine, discount float64) error {
	if _, err := u.t.Exec(ctx, opOrderLineInsert, n, o, l.item, l.qty, discount, aString(u.r, 20, 100)); err != nil {
		return err
	}
	rows, err := u.t.Row(ctx, opStock, u.s.dest.n, l.item)
	if err == nil && rows == 0 {
		err = &missingError{what: fmt.Sprintf("item %d", l.item)}
	}
	if err != nil {
		return err
	}
	_, err = u.t.Exec(ctx, opStockUpdate, restock(u.s.n, l.qty), l.item)
	return err
}

// restock is TPC-W's stock rule (TPCW_Database.enterOrder): the stock
// less the quantity, plus 21 when fewer than 10 would be left.
func restock(stock, qty int64) int64 {
	if stock-qty < 10 {
		return stock - qty + 21
	}
	return stock - qty
}
