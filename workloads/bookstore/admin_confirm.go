package bookstore

import (
	"context"
	"fmt"
)

// adminConfirm is the Admin Confirm web interaction (TPC-W clause 2.16;
// TPCW_admin_response_servlet, getBook and adminUpdate), one transaction:
// the item gets a new cost, image and thumbnail (EBWAdminConfTrans draws
// them) and is published today, and its related items become the five
// items most bought by the customers who bought it in the last 10,000
// orders.
//
//	SELECT * FROM item, author WHERE item.i_a_id = author.a_id AND i_id = ?
//	UPDATE item SET i_cost = ?, i_image = ?, i_thumbnail = ?, i_pub_date = CURRENT_DATE WHERE i_id = ?
//	SELECT ol_i_id FROM orders, order_line WHERE orders.o_id = order_line.ol_o_id AND NOT (order_line.ol_i_id = ?)
//	  AND orders.o_c_id IN (SELECT o_c_id FROM orders, order_line WHERE orders.o_id = order_line.ol_o_id
//	    AND orders.o_id > (SELECT MAX(o_id)-10000 FROM orders) AND order_line.ol_i_id = ?)
//	  GROUP BY ol_i_id ORDER BY SUM(ol_qty) DESC FETCH FIRST 5 ROWS ONLY
//	UPDATE item SET i_related1 = ?, i_related2 = ?, i_related3 = ?, i_related4 = ?, i_related5 = ? WHERE i_id = ?
//
// With fewer than five, the rest follow the last one found (the
// reference's rule), wrapping past the last item to the first.
func (u *user) adminConfirm(ctx context.Context) error {
	item := u.item
	if item == 0 {
		item = u.randomItem() // not reached: Admin Confirm follows Admin Request
	}
	r := u.r
	image, thumb := u.randomItem(), u.randomItem()
	cost := float64(r.Uniform(1, 9999)) + float64(r.Uniform(0, 99))/100
	now := u.in.now()
	if err := u.t.Begin(ctx); err != nil {
		return err
	}
	n, err := u.t.Query(ctx, opBook, item)
	if err == nil && n == 0 {
		err = &missingError{what: fmt.Sprintf("item %d", item)}
	}
	if err != nil {
		return err
	}
	if _, err := u.t.Exec(ctx, opAdminUpdate, cost, fmt.Sprintf("img%d/image_%d.gif", image%100, image),
		fmt.Sprintf("img%d/thumb_%d.gif", thumb%100, thumb), now, item); err != nil {
		return err
	}
	var related [5]int64
	found := 0
	if _, err := u.t.Rows(ctx, opAdminRelated, u.s.dest.id, func(int) error {
		if found < len(related) {
			related[found] = u.s.id
			found++
		}
		return nil
	}, item, item); err != nil {
		return err
	}
	last := int64(0)
	if found > 0 {
		last = related[found-1]
	}
	for k := found; k < len(related); k++ {
		last = last%u.c.items + 1
		related[k] = last
	}
	if _, err := u.t.Exec(ctx, opAdminRelatedUpdate, related[0], related[1], related[2], related[3], related[4], item); err != nil {
		return err
	}
	if err := u.t.Commit(ctx); err != nil {
		return err
	}
	u.item = item
	return nil
}
