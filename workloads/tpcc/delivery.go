package tpcc

import (
	"context"
	"fmt"
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
// dbgauge locks each district's oldest new order with its own SELECT ...
// FOR UPDATE (the spec's cursor; PostgreSQL allows no FOR UPDATE with the
// GROUP BY that would find all ten at once), then does the rest for the
// ten districts at once, with IN lists of (district, order) pairs, as
// go-tpc does: 10 + 5 + 10 statements where the profile has 70. A
// district with no undelivered order is skipped (2.7.4.2). The rows the
// SELECTs locked are this Delivery's until it commits, so the DELETE
// removes every one of them; if it does not, the transaction fails rather
// than deliver an order twice (conditions 3.3.2.5 and 3.3.2.10).
func (u *user) delivery(ctx context.Context) error {
	r, dl := u.r, &u.dl
	w := u.warehouse()
	carrier := r.Uniform(1, 10)
	now := time.Now()

	if err := u.t.Begin(ctx); err != nil {
		return err
	}
	dl.found = dl.found[:0]
	rd := u.rd
	for d := int64(1); d <= districtsPerWH; d++ {
		n, err := u.t.Row(ctx, opDLNewOrder, rd.dest[opDLNewOrder], w, d)
		if err != nil {
			return err
		}
		if n > 0 {
			dl.found = append(dl.found, delivered{district: d, order: rd.order})
		}
	}
	if len(dl.found) == 0 {
		return u.t.Commit(ctx)
	}
	// The IN lists have ten places; a shorter list repeats its last pair.
	pairs := func(first ...any) []any {
		dl.args = append(dl.args[:0], first...)
		for i := range districtsPerWH {
			f := dl.found[min(i, len(dl.found)-1)]
			dl.args = append(dl.args, f.district, f.order)
		}
		return dl.args
	}
	gone, err := u.t.Exec(ctx, opDLNewOrderDelete, pairs(w)...)
	if err != nil {
		return err
	}
	if gone != int64(len(dl.found)) {
		return fmt.Errorf("tpcc: delivery deleted %d of the %d new orders it had locked", gone, len(dl.found))
	}
	if _, err := u.t.Rows(ctx, opDLOrder, rd.dest[opDLOrder], func(int) error {
		dl.at(rd.district).customer = rd.customer
		return nil
	}, pairs(w)...); err != nil {
		return err
	}
	if _, err := u.t.Exec(ctx, opDLOrderUpdate, pairs(carrier, w)...); err != nil {
		return err
	}
	if _, err := u.t.Exec(ctx, opDLOrderLineUpdate, pairs(now, w)...); err != nil {
		return err
	}
	if _, err := u.t.Rows(ctx, opDLOrderLineSum, rd.dest[opDLOrderLineSum], func(int) error {
		dl.at(rd.district).total = cents(rd.total.V)
		return nil
	}, pairs(w)...); err != nil {
		return err
	}
	for _, f := range dl.found {
		if f.customer == 0 {
			return &missingError{what: fmt.Sprintf("order %d of district %d", f.order, f.district)}
		}
		if _, err := u.t.Exec(ctx, opDLCustomerUpdate, f.total, w, f.district, f.customer); err != nil {
			return err
		}
	}
	return u.t.Commit(ctx)
}

// deliveryState is Delivery's scratch, kept in the user.
type deliveryState struct {
	found []delivered
	args  []any
}

// delivered is one district's order a Delivery delivers.
type delivered struct {
	district, order, customer int64
	total                     float64
}

// at is the found order of district d (a row of the district's own
// order, so it is there).
func (dl *deliveryState) at(d int64) *delivered {
	for i := range dl.found {
		if dl.found[i].district == d {
			return &dl.found[i]
		}
	}
	return &delivered{} // a district not asked for: ignored
}
