package orderentry

import "context"

// browseUpdateOrders is BrowseAndUpdateOrders: a customer logs on, is read
// with its addresses and up to four of its orders; one of those orders'
// first item gets one more unit, and the order's total its price.
//
//	logon
//	getCustomerDetails; getAddressDetails; getOrdersByCustomer (rownum < 5)
//	select order_id, line_item_id, ... from order_items where order_id = ? and rownum < 5
//	update order_items set quantity = quantity + 1 where order_items.order_id = ? and order_items.line_item_id = ?
//	update orders set order_total = order_total + ? where order_Id = ?
//	commit
func (u *user) browseUpdateOrders(ctx context.Context) error {
	customer := u.customer()
	if err := u.logon(ctx, customer); err != nil {
		return err
	}
	if err := u.t.Begin(ctx); err != nil {
		return err
	}
	if _, err := u.t.Query(ctx, opSelectCustomer, customer); err != nil {
		return err
	}
	if _, err := u.t.Query(ctx, opSelectAddresses, customer); err != nil {
		return err
	}
	u.s.orders = u.s.orders[:0]
	if _, err := u.t.Rows(ctx, opOrdersByCustomer, u.s.dest.order, func(int) error {
		u.s.orders = append(u.s.orders, u.s.id)
		return nil
	}, customer); err != nil {
		return err
	}
	if len(u.s.orders) > 0 {
		order := u.s.orders[u.r.IntN(len(u.s.orders))]
		n, err := u.t.Row(ctx, opSelectOrderItems, u.s.dest.orderItem, order)
		if err != nil {
			return err
		}
		if n > 0 {
			line, price := u.s.line, u.s.price
			if _, err := u.t.Exec(ctx, opUpdateOrderItem, order, line); err != nil {
				return err
			}
			if _, err := u.t.Exec(ctx, opUpdateOrderTotal, price, order); err != nil {
				return err
			}
		}
	}
	return u.t.Commit(ctx)
}
