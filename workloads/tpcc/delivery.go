package tpcc

import (
	"context"
	"time"
)

// delivery is the Delivery transaction, clause 2.7, run in-line (not
// deferred, which clause 2.7.2 allows): one database transaction that
// delivers the oldest undelivered order of each of the warehouse's ten
// districts, as go-tpc does. Its response time is the whole delivery's.
//
// Input (2.7.1): W_ID the home warehouse, O_CARRIER_ID uniform in [1, 10].
//
// Profile (2.7.4.2), for each district, the spec's SQL:
//
//	SELECT no_o_id FROM new_order WHERE no_d_id = :d_id AND no_w_id = :w_id ORDER BY no_o_id ASC; -- the first row
//	DELETE FROM new_order WHERE CURRENT OF c_no;
//	SELECT o_c_id FROM orders WHERE o_id = :no_o_id AND o_d_id = :d_id AND o_w_id = :w_id;
//	UPDATE orders SET o_carrier_id = :o_carrier_id WHERE o_id = :no_o_id AND o_d_id = :d_id AND o_w_id = :w_id;
//	UPDATE order_line SET ol_delivery_d = :datetime WHERE ol_o_id = :no_o_id AND ol_d_id = :d_id AND ol_w_id = :w_id;
//	SELECT SUM(ol_amount) FROM order_line WHERE ol_o_id = :no_o_id AND ol_d_id = :d_id AND ol_w_id = :w_id;
//	UPDATE customer SET c_balance = c_balance + :ol_total, c_delivery_cnt = c_delivery_cnt + 1 WHERE ...;
//
// A district with no undelivered order is skipped (2.7.4.2). So is one
// whose oldest order another Delivery removed first (the DELETE affects no
// row): delivering it twice would break conditions 3.3.2.5 and 3.3.2.10.
func (u *user) delivery(ctx context.Context) error {
	s, r := u.s, u.r
	w := u.warehouse()
	carrier := r.Uniform(1, 10)
	now := time.Now()

	if err := u.begin(ctx, true); err != nil {
		return err
	}
	for d := int64(1); d <= districtsPerWH; d++ {
		var oid, cid int64
		n, err := u.row(ctx, opDLNewOrder, s.stmts[opDLNewOrder], []any{&oid}, w, d)
		if err != nil {
			return u.abort(err)
		}
		if n == 0 {
			continue
		}
		gone, err := u.exec(ctx, opDLNewOrderDelete, s.stmts[opDLNewOrderDelete], w, d, oid)
		if err != nil {
			return u.abort(err)
		}
		if gone == 0 {
			continue
		}
		if err := u.need(ctx, opDLOrder, []any{&cid}, "order", w, d, oid); err != nil {
			return u.abort(err)
		}
		if _, err := u.exec(ctx, opDLOrderUpdate, s.stmts[opDLOrderUpdate], carrier, w, d, oid); err != nil {
			return u.abort(err)
		}
		if _, err := u.exec(ctx, opDLOrderLineUpdate, s.stmts[opDLOrderLineUpdate], now, w, d, oid); err != nil {
			return u.abort(err)
		}
		var total nullFloat
		if err := u.need(ctx, opDLOrderLineSum, []any{&total}, "order line sum", w, d, oid); err != nil {
			return u.abort(err)
		}
		if _, err := u.exec(ctx, opDLCustomerUpdate, s.stmts[opDLCustomerUpdate], cents(total.V), w, d, cid); err != nil {
			return u.abort(err)
		}
	}
	return u.commit(ctx)
}
