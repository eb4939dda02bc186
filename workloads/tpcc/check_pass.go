package tpcc

import (
	"context"
	"fmt"
	"strconv"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// The per-order and per-customer conditions of clause 3.3.2 (6 and 7; 10
// and 12), two by two: each pair is one query, one pass over ORDER-LINE
// (grouped by order, or joined to ORDERS and grouped by customer), run
// for the first condition of the pair and kept in checkRun for the
// second. Each returns, per district where a condition breaks, how many
// rows break it and the first of them.

// passRow is one district of a pass: the values after (w, d), NULL read
// as 0.
type passRow struct {
	k district
	v []int64
}

// readPass runs q, whose rows are (w, d) and n integers.
func readPass(ctx context.Context, c sqldb.Conn, n int, q string) ([]passRow, error) {
	rows, err := query(ctx, c, n+2, q)
	if err != nil {
		return nil, err
	}
	out := make([]passRow, 0, len(rows))
	for _, r := range rows {
		cl := cells{r: r}
		p := passRow{k: cl.key(2), v: make([]int64, n)}
		for i := range p.v {
			p.v[i] = cl.int(i + 2)
		}
		if cl.err != nil {
			return nil, cl.err
		}
		out = append(out, p)
	}
	return out, nil
}

// The orders pass: per order, its lines and its delivered lines; per
// district, (6) the orders whose O_OL_CNT is not their lines and the
// first, (7) the delivered lines of orders without a carrier, the
// undelivered lines of orders with one, and the first such order.
const (
	badLineCount = "coalesce(n, 0) <> coalesce(o_ol_cnt, -1)"
	badDelivery  = "((o_carrier_id IS NULL AND nd > 0) OR (o_carrier_id IS NOT NULL AND nd < n))"
	ordersPass   = "SELECT o_w_id, o_d_id, " +
		"sum(CASE WHEN " + badLineCount + " THEN 1 ELSE 0 END), min(CASE WHEN " + badLineCount + " THEN o_id END), " +
		"sum(CASE WHEN o_carrier_id IS NULL THEN coalesce(nd, 0) ELSE 0 END), " +
		"sum(CASE WHEN o_carrier_id IS NULL THEN 0 ELSE coalesce(n - nd, 0) END), " +
		"min(CASE WHEN " + badDelivery + " THEN o_id END) " +
		"FROM orders LEFT JOIN (SELECT ol_w_id, ol_d_id, ol_o_id, count(*) AS n, count(ol_delivery_d) AS nd " +
		"FROM order_line GROUP BY ol_w_id, ol_d_id, ol_o_id) l ON ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id " +
		"WHERE " + badLineCount + " OR " + badDelivery + " GROUP BY o_w_id, o_d_id ORDER BY o_w_id, o_d_id"
)

func (r *checkRun) ordersPass(ctx context.Context) ([]passRow, error) {
	if r.orders == nil {
		rows, err := readPass(ctx, r.c, 5, ordersPass)
		if err != nil {
			return nil, err
		}
		r.orders = rows
	}
	return r.orders, nil
}

// 3.3.2.6: O_OL_CNT is the number of the order's lines, for each order.
func checkOrderLines(ctx context.Context, r *checkRun) ([]string, error) {
	rows, err := r.ordersPass(ctx)
	var f []string
	for _, p := range rows {
		if p.v[0] > 0 {
			f = append(f, fmt.Sprintf("%s: %d %s whose o_ol_cnt is not their count of order lines (first o_id %d)", p.k, p.v[0], plural(p.v[0], "order"), p.v[1]))
		}
	}
	return f, err
}

// 3.3.2.7: OL_DELIVERY_D is null if and only if the order's O_CARRIER_ID
// is, for each order line.
func checkDeliveryDates(ctx context.Context, r *checkRun) ([]string, error) {
	rows, err := r.ordersPass(ctx)
	var f []string
	for _, p := range rows {
		if p.v[2]+p.v[3] > 0 {
			f = append(f, fmt.Sprintf("%s: %d delivered order lines of orders without a carrier, %d undelivered ones of orders with a carrier (first o_id %d)",
				p.k, p.v[2], p.v[3], p.v[4]))
		}
	}
	return f, err
}

// The customers pass: per customer, the amount of its delivered order
// lines (of the orders with its O_C_ID) and of its payments (H_C_W_ID,
// H_C_D_ID, H_C_ID: the customer who paid, whichever district took the
// payment); per district, the customers that break 10 and the first, and
// those that break 12 and the first.
func customersPass() string {
	tol := strconv.FormatFloat(moneyTolerance, 'f', -1, 64)
	bad10 := "abs(c_balance - (coalesce(ds, 0) - coalesce(hs, 0))) >= " + tol
	bad12 := "abs(c_balance + c_ytd_payment - coalesce(ds, 0)) >= " + tol
	return "SELECT c_w_id, c_d_id, " +
		"sum(CASE WHEN " + bad10 + " THEN 1 ELSE 0 END), min(CASE WHEN " + bad10 + " THEN c_id END), " +
		"sum(CASE WHEN " + bad12 + " THEN 1 ELSE 0 END), min(CASE WHEN " + bad12 + " THEN c_id END) " +
		"FROM customer LEFT JOIN (SELECT o_w_id AS dw, o_d_id AS dd, o_c_id AS dc, sum(ol_amount) AS ds " +
		"FROM orders JOIN order_line ON ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id " +
		"WHERE ol_delivery_d IS NOT NULL GROUP BY o_w_id, o_d_id, o_c_id) dl ON dw = c_w_id AND dd = c_d_id AND dc = c_id " +
		"LEFT JOIN (SELECT h_c_w_id AS hw, h_c_d_id AS hd, h_c_id AS hc, sum(h_amount) AS hs " +
		"FROM history GROUP BY h_c_w_id, h_c_d_id, h_c_id) p ON hw = c_w_id AND hd = c_d_id AND hc = c_id " +
		"WHERE " + bad10 + " OR " + bad12 + " GROUP BY c_w_id, c_d_id ORDER BY c_w_id, c_d_id"
}

func (r *checkRun) customersPass(ctx context.Context) ([]passRow, error) {
	if r.customers == nil {
		rows, err := readPass(ctx, r.c, 4, customersPass())
		if err != nil {
			return nil, err
		}
		r.customers = rows
	}
	return r.customers, nil
}

// 3.3.2.10: C_BALANCE = sum(OL_AMOUNT) - sum(H_AMOUNT) for each customer.
func checkBalance(ctx context.Context, r *checkRun) ([]string, error) {
	return r.customerLines(ctx, 0, func(v customerValues) string {
		return fmt.Sprintf("c_balance %.2f, delivered sum(ol_amount) %.2f, sum(h_amount) %.2f", v.balance, v.delivered, v.paid)
	})
}

// 3.3.2.12: C_BALANCE + C_YTD_PAYMENT = sum(OL_AMOUNT) for each customer.
func checkBalancePayments(ctx context.Context, r *checkRun) ([]string, error) {
	return r.customerLines(ctx, 2, func(v customerValues) string {
		return fmt.Sprintf("c_balance + c_ytd_payment %.2f, delivered sum(ol_amount) %.2f", v.balance+v.ytd, v.delivered)
	})
}

// customerLines lists the districts whose customers break the condition
// counted at column i of the customers pass (its first customer at i+1);
// the first MaxFailures show that customer's values.
func (r *checkRun) customerLines(ctx context.Context, i int, show func(customerValues) string) ([]string, error) {
	rows, err := r.customersPass(ctx)
	if err != nil {
		return nil, err
	}
	var f []string
	for _, p := range rows {
		n, first := p.v[i], p.v[i+1]
		if n == 0 {
			continue
		}
		line := fmt.Sprintf("%s: %d %s, first c_id %d", p.k, n, plural(n, "customer"), first)
		if len(f) < workload.MaxFailures {
			v, err := readCustomer(ctx, r.c, p.k, first)
			if err != nil {
				return nil, err
			}
			line += ": " + show(v)
		}
		f = append(f, line)
	}
	return f, nil
}

// customerValues are what conditions 10 and 12 compare for one customer.
type customerValues struct {
	balance, ytd, delivered, paid float64
}

// readCustomer reads one customer's values, through the indexes on
// CUSTOMER, ORDERS (o_w_id, o_d_id, o_c_id, o_id) and ORDER-LINE, and a
// scan of HISTORY.
func readCustomer(ctx context.Context, c sqldb.Conn, k district, id int64) (customerValues, error) {
	rows, err := query(ctx, c, 4, "SELECT c_balance, c_ytd_payment, "+
		"(SELECT sum(ol_amount) FROM orders JOIN order_line ON ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id "+
		"WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? AND ol_delivery_d IS NOT NULL), "+
		"(SELECT sum(h_amount) FROM history WHERE h_c_w_id = ? AND h_c_d_id = ? AND h_c_id = ?) "+
		"FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?", k.w, k.d, id, k.w, k.d, id, k.w, k.d, id)
	if err != nil {
		return customerValues{}, err
	}
	if len(rows) != 1 {
		return customerValues{}, fmt.Errorf("customer %d of %s: %d rows", id, k, len(rows))
	}
	cl := cells{r: rows[0]}
	v := customerValues{balance: cl.money(0), ytd: cl.money(1), delivered: cl.money(2), paid: cl.money(3)}
	return v, cl.err
}

// plural is noun for one, nouns otherwise.
func plural(n int64, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}
