package tpcc

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
)

// One function per condition of clause 3.3.2 (see check.go): each returns
// a line per warehouse or district that breaks it, in warehouse and
// district order.

// 3.3.2.1: W_YTD = sum(D_YTD) for each warehouse.
func checkWarehouseYTD(ctx context.Context, r *checkRun) ([]string, error) {
	rows, err := query(ctx, r.c, 3, "SELECT w_id, w_ytd, (SELECT sum(d_ytd) FROM district WHERE d_w_id = warehouse.w_id) FROM warehouse ORDER BY w_id")
	if err != nil {
		return nil, err
	}
	var f []string
	for _, r := range rows {
		cl := cells{r: r}
		w, ytd, sum := cl.int(0), cl.money(1), cl.money(2)
		if cl.err != nil {
			return nil, cl.err
		}
		if cl.null(2) || !sameMoney(ytd, sum) {
			f = append(f, fmt.Sprintf("warehouse %d: w_ytd %.2f, sum(d_ytd) %s", w, ytd, orNone(cl, 2, "%.2f", sum)))
		}
	}
	return f, nil
}

// 3.3.2.2: D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID) for each district;
// NEW-ORDER is left out of a district that has no new order.
func checkNextOrderID(ctx context.Context, r *checkRun) ([]string, error) {
	rows, err := query(ctx, r.c, 5, "SELECT d_w_id, d_id, d_next_o_id, "+
		"(SELECT max(o_id) FROM orders WHERE o_w_id = district.d_w_id AND o_d_id = district.d_id), "+
		"(SELECT max(no_o_id) FROM new_order WHERE no_w_id = district.d_w_id AND no_d_id = district.d_id) "+
		"FROM district ORDER BY d_w_id, d_id")
	if err != nil {
		return nil, err
	}
	var f []string
	for _, r := range rows {
		cl := cells{r: r}
		k, next, maxO, maxNO := cl.key(2), cl.int(2), cl.int(3), cl.int(4)
		if cl.err != nil {
			return nil, cl.err
		}
		if cl.null(2) || cl.null(3) || maxO != next-1 || (!cl.null(4) && maxNO != next-1) {
			f = append(f, fmt.Sprintf("%s: d_next_o_id %s, max(o_id) %s, max(no_o_id) %s",
				k, orNone(cl, 2, "%d", next), orNone(cl, 3, "%d", maxO), orNone(cl, 4, "%d", maxNO)))
		}
	}
	return f, nil
}

// 3.3.2.3: max(NO_O_ID) - min(NO_O_ID) + 1 = count(NEW-ORDER) for each
// district with new orders.
func checkNewOrderRange(ctx context.Context, r *checkRun) ([]string, error) {
	rows, err := query(ctx, r.c, 5, "SELECT no_w_id, no_d_id, min(no_o_id), max(no_o_id), count(*) FROM new_order "+
		"GROUP BY no_w_id, no_d_id ORDER BY no_w_id, no_d_id")
	if err != nil {
		return nil, err
	}
	var f []string
	for _, r := range rows {
		cl := cells{r: r}
		k, lo, hi, n := cl.key(2), cl.int(2), cl.int(3), cl.int(4)
		if cl.err != nil {
			return nil, cl.err
		}
		if hi-lo+1 != n {
			f = append(f, fmt.Sprintf("%s: no_o_id %d to %d is %d ids, count(new_order) %d", k, lo, hi, hi-lo+1, n))
		}
	}
	return f, nil
}

// 3.3.2.4: sum(O_OL_CNT) = count(ORDER-LINE) for each district.
func checkLineCounts(ctx context.Context, r *checkRun) ([]string, error) {
	announced, _, err := sums(ctx, r.c, 2, "SELECT o_w_id, o_d_id, sum(o_ol_cnt) FROM orders GROUP BY o_w_id, o_d_id")
	if err != nil {
		return nil, err
	}
	lines, _, err := sums(ctx, r.c, 2, "SELECT ol_w_id, ol_d_id, count(*) FROM order_line GROUP BY ol_w_id, ol_d_id")
	if err != nil {
		return nil, err
	}
	return compare(announced, lines, func(k district, a, b string) string {
		return fmt.Sprintf("%s: sum(o_ol_cnt) %s, count(order_line) %s", k, a, b)
	}, "%.0f"), nil
}

// 3.3.2.5: O_CARRIER_ID is null if and only if the order has a NEW-ORDER
// row.
func checkCarrierNewOrder(ctx context.Context, r *checkRun) ([]string, error) {
	rows, err := readPass(ctx, r.c, 3, "SELECT o_w_id, o_d_id, "+
		"sum(CASE WHEN o_carrier_id IS NULL THEN 1 ELSE 0 END), sum(CASE WHEN o_carrier_id IS NULL THEN 0 ELSE 1 END), min(o_id) "+
		"FROM orders LEFT JOIN new_order ON no_w_id = o_w_id AND no_d_id = o_d_id AND no_o_id = o_id "+
		"WHERE (o_carrier_id IS NULL AND no_o_id IS NULL) OR (o_carrier_id IS NOT NULL AND no_o_id IS NOT NULL) "+
		"GROUP BY o_w_id, o_d_id ORDER BY o_w_id, o_d_id")
	var f []string
	for _, p := range rows {
		f = append(f, fmt.Sprintf("%s: %d orders without a carrier or a new_order row, %d with both (first o_id %d)", p.k, p.v[0], p.v[1], p.v[2]))
	}
	return f, err
}

// 3.3.2.8: W_YTD = sum(H_AMOUNT) for each warehouse (H_W_ID, the warehouse
// that took the payment).
func checkWarehouseHistory(ctx context.Context, r *checkRun) ([]string, error) {
	return ytdIsHistory(ctx, r, 1, "SELECT w_id, w_ytd FROM warehouse", "SELECT h_w_id, sum(h_amount) FROM history GROUP BY h_w_id", "w_ytd")
}

// 3.3.2.9: D_YTD = sum(H_AMOUNT) for each district (H_W_ID, H_D_ID).
func checkDistrictHistory(ctx context.Context, r *checkRun) ([]string, error) {
	return ytdIsHistory(ctx, r, 2, "SELECT d_w_id, d_id, d_ytd FROM district",
		"SELECT h_w_id, h_d_id, sum(h_amount) FROM history GROUP BY h_w_id, h_d_id", "d_ytd")
}

// ytdIsHistory compares a year-to-date column (ytd's rows, keyed by their
// first keys columns) with the payments history holds (history's rows,
// keyed alike), to the cent.
func ytdIsHistory(ctx context.Context, r *checkRun, keys int, ytd, history, column string) ([]string, error) {
	want, _, err := sums(ctx, r.c, keys, ytd)
	if err != nil {
		return nil, err
	}
	paid, _, err := sums(ctx, r.c, keys, history)
	if err != nil {
		return nil, err
	}
	return compare(want, paid, func(k district, a, b string) string {
		return fmt.Sprintf("%s: %s %s, sum(h_amount) %s", k, column, a, b)
	}, "%.2f"), nil
}

// 3.3.2.11: count(ORDER) - count(NEW-ORDER) = 2100 for each district with
// new orders: the orders delivered at load time.
func checkDelivered(ctx context.Context, r *checkRun) ([]string, error) {
	orders, _, err := sums(ctx, r.c, 2, "SELECT o_w_id, o_d_id, count(*) FROM orders GROUP BY o_w_id, o_d_id")
	if err != nil {
		return nil, err
	}
	news, keys, err := sums(ctx, r.c, 2, "SELECT no_w_id, no_d_id, count(*) FROM new_order GROUP BY no_w_id, no_d_id ORDER BY no_w_id, no_d_id")
	if err != nil {
		return nil, err
	}
	var f []string
	for _, k := range keys {
		if o := orders[k]; o-news[k] != firstNewOrder-1 {
			f = append(f, fmt.Sprintf("%s: count(orders) %.0f, count(new_order) %.0f, difference %.0f", k, o, news[k], o-news[k]))
		}
	}
	return f, nil
}

// compare lists the districts whose values in a and b differ by half a
// cent or more, or are in one of them only ("none" in the other), in
// district order; format prints a value.
func compare(a, b map[district]float64, line func(k district, a, b string) string, format string) []string {
	keys := slices.Collect(maps.Keys(a))
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(x, y district) int { return cmp.Or(cmp.Compare(x.w, y.w), cmp.Compare(x.d, y.d)) })
	var f []string
	for _, k := range keys {
		va, inA := a[k]
		vb, inB := b[k]
		if inA && inB && sameMoney(va, vb) {
			continue
		}
		sa, sb := "none", "none"
		if inA {
			sa = fmt.Sprintf(format, va)
		}
		if inB {
			sb = fmt.Sprintf(format, vb)
		}
		f = append(f, line(k, sa, sb))
	}
	return f
}

// orNone prints value i with format, or "none" when it is NULL.
func orNone(cl cells, i int, format string, v any) string {
	if cl.null(i) {
		return "none"
	}
	return fmt.Sprintf(format, v)
}
