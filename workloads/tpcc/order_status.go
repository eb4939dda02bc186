package tpcc

import "context"

// orderStatus is the Order-Status transaction, clause 2.6: read-only.
//
// Input (2.6.1): W_ID the home warehouse, D_ID uniform in [1, 10]; 60% of
// customers by last name (NURand(255, 0, 999)), 40% by C_ID
// (NURand(1023, 1, 3000)).
//
// Profile (2.6.2.2), the spec's SQL:
//
//	SELECT c_balance, c_first, c_middle, c_last FROM customer WHERE c_id = :c_id AND c_d_id = :d_id AND c_w_id = :w_id;
//	  -- or by name: the customers of that name by c_first, the row at n/2 rounded up
//	SELECT o_id, o_carrier_id, o_entry_d FROM orders ORDER BY o_id DESC; -- the customer's most recent order
//	SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line
//	  WHERE ol_o_id = :o_id AND ol_d_id = :d_id AND ol_w_id = :w_id;
func (u *user) orderStatus(ctx context.Context) error {
	c, r := u.c, u.r
	w := u.warehouse()
	d := r.Uniform(1, districtsPerWH)
	var cid int64
	byName := r.Uniform(1, 100) <= 60
	var last string
	if byName {
		last = lastName(c.nurandLast().Next(r))
	} else {
		cid = c.nurandCID().Next(r)
	}

	if err := u.t.BeginRead(ctx); err != nil {
		return err
	}
	if byName {
		var err error
		if cid, err = u.customerByName(ctx, opOSCustomerByName, w, d, last); err != nil {
			return err
		}
	}
	if err := u.need(ctx, opOSCustomer, "customer", w, d, cid); err != nil {
		return err
	}
	n, err := u.t.Row(ctx, opOSOrder, u.rd.dest[opOSOrder], w, d, cid)
	if err != nil {
		return err
	}
	if n > 0 { // a customer may have no order yet
		if _, err := u.t.Query(ctx, opOSOrderLines, w, d, u.rd.order); err != nil {
			return err
		}
	}
	return u.t.Commit(ctx)
}
