package orderentry

import "context"

// warehouseQuery is WarehouseOrdersQuery, a reporting query off by
// default: a warehouse's order value and count by order mode, with
// subtotals and the total.
//
//	SELECT order_mode, orders.warehouse_id, SUM(order_total), COUNT(1)
//	FROM orders, warehouses WHERE orders.warehouse_id = warehouses.warehouse_id
//	AND warehouses.warehouse_id = ? GROUP BY cube(orders.order_mode, orders.warehouse_id)
//
// Where the database has no CUBE, statements.go writes its four grouping
// sets out as a UNION ALL: the warehouse is bound once per set.
func (u *user) warehouseQuery(ctx context.Context) error {
	wh := u.warehouse()
	args := u.s.args[:0]
	for range u.cubeSets() {
		args = append(args, wh)
	}
	u.s.args = args
	_, err := u.t.Query(ctx, opWarehouseQuery, args...)
	return err
}

// cubeSets is how many times the warehouse query binds its warehouse.
func (u *user) cubeSets() int {
	if u.s.Conn().Dialect().GroupByCube {
		return 1
	}
	return 4
}
