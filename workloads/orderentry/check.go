package orderentry

import (
	"context"
	"fmt"
	"strconv"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// The schema validator Swingbench's `sbutil -val` is: what must hold of
// the SOE data after a load and however long the nine transactions run.
// Each condition is one query that counts the rows breaking it and shows
// the first few; the row counts of the load hold only right after it
// (a run adds customers, addresses, orders and logons).

var _ workload.Checker = (*instance)(nil)

// condition is one consistency condition: the query that lists what
// breaks it, one row a failure (at most workload.MaxFailures+1 rows are
// read: the ones shown, and whether there are more).
type condition struct {
	id, name, description string
	afterLoad             bool
	check                 func(ctx context.Context, c sqldb.Conn, cfg *config) ([]string, error)
}

var conditions = []condition{
	{"OE.1", "preferred address and card are the customer's", "every customer's preferred address and card exist and belong to it", false,
		breaking("SELECT c.customer_id FROM customers c LEFT JOIN addresses a ON a.address_id = c.preferred_address "+
			"LEFT JOIN card_details d ON d.card_id = c.preferred_card "+
			"WHERE a.customer_id IS NULL OR a.customer_id <> c.customer_id OR d.customer_id IS NULL OR d.customer_id <> c.customer_id", "customer %s")},
	{"OE.2", "addresses and cards have customers", "no address or card belongs to a customer that does not exist", false,
		breaking("SELECT 'address', a.address_id FROM addresses a LEFT JOIN customers c ON c.customer_id = a.customer_id WHERE c.customer_id IS NULL "+
			"UNION ALL SELECT 'card', d.card_id FROM card_details d LEFT JOIN customers c ON c.customer_id = d.customer_id WHERE c.customer_id IS NULL", "%s %s")},
	{"OE.3", "orders have customers, items have orders", "every order's customer and every item's order exist", false,
		breaking("SELECT 'order', o.order_id FROM orders o LEFT JOIN customers c ON c.customer_id = o.customer_id WHERE c.customer_id IS NULL "+
			"UNION ALL SELECT 'item of order', i.order_id FROM order_items i LEFT JOIN orders o ON o.order_id = i.order_id WHERE o.order_id IS NULL", "%s %s")},
	{"OE.4", "order total = sum(unit_price x quantity)", "every order a run made (New Order's: no promotion) totals its items, as Browse and Update Orders keeps it when it adds a unit (the load's totals are drawn on their own)", false,
		breaking("SELECT o.order_id, o.order_total, COALESCE(SUM(i.unit_price * i.quantity), 0) FROM orders o "+
			"LEFT JOIN order_items i ON i.order_id = o.order_id WHERE o.promotion_id IS NULL GROUP BY o.order_id, o.order_total "+
			"HAVING ABS(o.order_total - COALESCE(SUM(i.unit_price * i.quantity), 0)) > 0.005", "order %s: total %s, items %s")},
	{"OE.5", "products stocked at 80-100% of the warehouses", "every product has an inventory row at 80 to 100% of the warehouses, and none elsewhere", false, checkStocked},
	{"OE.6", "metadata ranges lie within the data", "orderentry_metadata's customer and order ranges start and end at ids the tables hold", false, checkMetadata},
	{"OE.7", "row counts of the scale", "each table holds the rows --scale and --warehouses give (only right after a load)", true, checkCounts},
}

// Check implements workload.Checker.
func (i *instance) Check(ctx context.Context, conn db.Conn, opt workload.CheckOptions) ([]workload.Condition, error) {
	c, err := sqldb.Open(conn, "this database")
	if err != nil {
		return nil, err
	}
	out := make([]workload.Condition, 0, len(conditions))
	for _, cd := range conditions {
		cond := workload.Condition{Clause: cd.id, Name: cd.name, Description: cd.description}
		if cd.afterLoad && !opt.All {
			cond.Skipped = "holds only right after a load; a run adds rows (give --all to check it anyway)"
			out = append(out, cond)
			continue
		}
		failures, err := cd.check(ctx, c, i.c)
		if err != nil {
			return out, fmt.Errorf("%s %s: %w", cd.id, cd.name, err)
		}
		cond.Conclude(failures)
		out = append(out, cond)
	}
	return out, nil
}

// breaking is a condition whose query returns the rows that break it,
// each described by format over its columns. It reads one row more than
// it shows, to say there are more.
func breaking(query, format string) func(context.Context, sqldb.Conn, *config) ([]string, error) {
	return func(ctx context.Context, c sqldb.Conn, _ *config) ([]string, error) {
		rows, err := c.QueryStrings(ctx, c.Dialect().Limit(query, strconv.Itoa(workload.MaxFailures+1)))
		if err != nil {
			return nil, err
		}
		out := make([]string, len(rows))
		for i, r := range rows {
			args := make([]any, len(r))
			for j, v := range r {
				args[j] = v
			}
			out[i] = fmt.Sprintf(format, args...)
		}
		return out, nil
	}
}

func checkStocked(ctx context.Context, c sqldb.Conn, cfg *config) ([]string, error) {
	rows, err := c.QueryStrings(ctx, "SELECT p.product_id, COUNT(i.warehouse_id), COALESCE(MIN(i.warehouse_id), 0), COALESCE(MAX(i.warehouse_id), 0) "+
		"FROM product_information p LEFT JOIN inventories i ON i.product_id = p.product_id GROUP BY p.product_id")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, r := range rows {
		n, _ := strconv.ParseInt(r[1], 10, 64)
		lo, _ := strconv.ParseInt(r[2], 10, 64)
		hi, _ := strconv.ParseInt(r[3], 10, 64)
		if n < cfg.warehouses*8/10 || n > cfg.warehouses || (n > 0 && (lo < 1 || hi > cfg.warehouses)) {
			out = append(out, fmt.Sprintf("product %s: stocked at %d warehouses (ids %d..%d) of %d", r[0], n, lo, hi, cfg.warehouses))
		}
	}
	if len(rows) != products {
		out = append(out, fmt.Sprintf("%d products, want %d", len(rows), products))
	}
	return out, nil
}

func checkMetadata(ctx context.Context, c sqldb.Conn, _ *config) ([]string, error) {
	meta, err := c.QueryStrings(ctx, "SELECT metadata_key, metadata_value FROM orderentry_metadata")
	if err != nil {
		return nil, err
	}
	m := map[string]string{}
	for _, r := range meta {
		m[r[0]] = r[1]
	}
	var out []string
	for _, k := range []struct{ key, table, column string }{
		{metaMinCustomer, "customers", "customer_id"}, {metaMaxCustomer, "customers", "customer_id"},
		{metaMinOrder, "orders", "order_id"}, {metaMaxOrder, "orders", "order_id"},
	} {
		v, ok := m[k.key]
		if !ok {
			out = append(out, k.key+": missing")
			continue
		}
		n, err := c.QueryStrings(ctx, "SELECT COUNT(*) FROM "+k.table+" WHERE "+k.column+" = ?", v)
		if err != nil {
			return nil, err
		}
		if len(n) != 1 || n[0][0] != "1" {
			out = append(out, fmt.Sprintf("%s = %s: no such row in %s", k.key, v, k.table))
		}
	}
	return out, nil
}

func checkCounts(ctx context.Context, c sqldb.Conn, cfg *config) ([]string, error) {
	want := []struct {
		table string
		n     int64
	}{
		{"customers", cfg.customers}, {"addresses", cfg.addresses}, {"card_details", cfg.cards}, {"orders", cfg.orders},
		{"logon", cfg.logons}, {"warehouses", cfg.warehouses}, {"product_information", products}, {"product_descriptions", products},
	}
	var out []string
	for _, w := range want {
		rows, err := c.QueryStrings(ctx, "SELECT COUNT(*) FROM "+w.table)
		if err != nil {
			return nil, err
		}
		if got := rows[0][0]; got != strconv.FormatInt(w.n, 10) {
			out = append(out, fmt.Sprintf("%s: %s rows, want %d", w.table, got, w.n))
		}
	}
	return out, nil
}
