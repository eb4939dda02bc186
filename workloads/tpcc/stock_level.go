package tpcc

import "context"

// stockLevel is the Stock-Level transaction, clause 2.8: read-only.
//
// Input (2.8.1): W_ID and D_ID the terminal's (with --wait; otherwise the
// home warehouse and a district drawn uniformly), the threshold uniform in
// [10, 20].
//
// Profile (2.8.2.2), the spec's SQL:
//
//	SELECT d_next_o_id FROM district WHERE d_w_id = :w_id AND d_id = :d_id;
//	SELECT COUNT(DISTINCT (s_i_id)) FROM order_line, stock
//	  WHERE ol_w_id = :w_id AND ol_d_id = :d_id AND ol_o_id < :o_id AND ol_o_id >= :o_id - 20
//	    AND s_w_id = :w_id AND s_i_id = ol_i_id AND s_quantity < :threshold;
func (u *user) stockLevel(ctx context.Context) error {
	r := u.r
	w := u.warehouse()
	d := u.district
	if d == 0 {
		d = r.Uniform(1, districtsPerWH)
	}
	threshold := r.Uniform(10, 20)

	if err := u.t.BeginRead(ctx); err != nil {
		return err
	}
	if err := u.need(ctx, opSLDistrict, "district", w, d); err != nil {
		return err
	}
	next := u.rd.next
	if err := u.need(ctx, opSLStockCount, "stock count", w, d, next, next-20, w, threshold); err != nil {
		return err
	}
	return u.t.Commit(ctx)
}
