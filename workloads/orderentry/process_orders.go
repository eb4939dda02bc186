package orderentry

import "context"

// processOrders is ProcessOrders: read up to nine orders of a warehouse
// awaiting processing (status 4 or below) with their customers and items,
// and move the first to a processed status, 5 to 9.
//
//	WITH need_to_process AS (SELECT order_id, ... FROM orders WHERE order_status <= 4
//	  AND warehouse_id = ? AND rownum < 10)
//	SELECT o.order_id, oi.line_item_id, ... FROM need_to_process o
//	  JOIN customers c ON c.customer_id = o.customer_id LEFT JOIN order_items oi ON oi.order_id = o.order_id
//	  (think)
//	update orders set order_status = ? where order_id = ?
//	commit
//
// New Order's orders (status 0 to 3) are what it processes once the
// loaded ones run out. A warehouse with nothing to process commits; the
// reference fails (it reads a row that is not there).
func (u *user) processOrders(ctx context.Context) error {
	wh := u.warehouse()
	status := u.r.Uniform(5, 9)
	if err := u.t.Begin(ctx); err != nil {
		return err
	}
	n, err := u.t.Row(ctx, opOrdersToProcess, u.s.dest.toProcess, wh)
	if err != nil {
		return err
	}
	if n > 0 {
		order := u.s.id
		if !u.think() {
			return errCut
		}
		if _, err := u.t.Exec(ctx, opUpdateOrderStatus, status, order); err != nil {
			return err
		}
	}
	return u.t.Commit(ctx)
}
