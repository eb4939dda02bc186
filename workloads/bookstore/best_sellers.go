package bookstore

import "context"

// bestSellers is the Best Sellers web interaction (TPC-W clause 2.13;
// TPCW_best_sellers_servlet, getBestSellers): the promotion, then the 50
// items of a subject (drawn uniformly) sold in the largest quantities in
// the last 3,333 orders.
//
//	SELECT i_id, i_title, a_fname, a_lname FROM item, author, order_line
//	  WHERE item.i_id = order_line.ol_i_id AND item.i_a_id = author.a_id
//	    AND order_line.ol_o_id > (SELECT MAX(o_id)-3333 FROM orders) AND item.i_subject = ?
//	  GROUP BY i_id, i_title, a_fname, a_lname ORDER BY SUM(ol_qty) DESC FETCH FIRST 50 ROWS ONLY
//
// Order ids come from a sequence, so the window is the last 3,333 orders
// (less the few ids a rolled back order left unused).
func (u *user) bestSellers(ctx context.Context) error { return u.subjectListing(ctx, opBestSellers) }
