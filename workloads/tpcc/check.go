package tpcc

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// The consistency conditions of clause 3.3.2, checked on a quiet database
// (after a load or a run, never during one). Each condition reads whole
// tables with GROUP BY and gets one row per warehouse or district at most,
// so memory does not grow with the data, and a check of W warehouses
// costs a few scans, not a few per warehouse (HISTORY has no index: a
// query per warehouse would scan it W times). Where a condition holds per
// district the comparison is done in Go; where it holds per order or per
// customer it is done in SQL, which returns how many rows break it in each
// district and the first of them. The two per-order conditions (6 and 7)
// share one pass over ORDER-LINE, and so do the two per-customer ones (10
// and 12): checkRun keeps what a pass read for the second condition.
//
// Money is DECIMAL on PostgreSQL and MariaDB, where sums are exact, and
// REAL on SQLite, where every addition rounds in binary. Every amount is
// a whole number of cents, so two amounts that differ at all differ by a
// cent or more: each comparison of two money values allows half a cent
// (moneyTolerance), far above the rounding of a REAL sum and below any
// real difference.

var _ workload.Checker = (*instance)(nil)

// moneyTolerance is how far apart two money values may be and still be
// equal: half a cent (see above).
const moneyTolerance = 0.005

// condition is one condition of clause 3.3.2 and the function that lists
// what breaks it.
type condition struct {
	clause, name, description string
	// afterLoad marks a condition that holds only right after a load
	// (3.3.2.11), checked with CheckOptions.All.
	afterLoad bool
	check     func(ctx context.Context, r *checkRun) ([]string, error)
}

// checkRun is one Check: its connection, and what a pass shared by two
// conditions read (nil until the first of them runs).
type checkRun struct {
	c         sqldb.Conn
	orders    []passRow // conditions 6 and 7
	customers []passRow // conditions 10 and 12
}

var conditions = []condition{
	{"3.3.2.1", "W_YTD = sum(D_YTD)", "each warehouse's year-to-date balance is the sum of its districts'", false, checkWarehouseYTD},
	{"3.3.2.2", "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)", "each district's next order id follows its last order and its last new order", false, checkNextOrderID},
	{"3.3.2.3", "max(NO_O_ID) - min(NO_O_ID) + 1 = count(NEW-ORDER)", "each district's undelivered orders are contiguous", false, checkNewOrderRange},
	{"3.3.2.4", "sum(O_OL_CNT) = count(ORDER-LINE)", "each district's orders announce as many lines as it has", false, checkLineCounts},
	{"3.3.2.5", "O_CARRIER_ID null <=> a NEW-ORDER row", "an order has a carrier if and only if it is no longer a new order", false, checkCarrierNewOrder},
	{"3.3.2.6", "O_OL_CNT = count(ORDER-LINE) per order", "each order has as many lines as it announces", false, checkOrderLines},
	{"3.3.2.7", "OL_DELIVERY_D null <=> O_CARRIER_ID null", "an order line has a delivery date if and only if its order has a carrier", false, checkDeliveryDates},
	{"3.3.2.8", "W_YTD = sum(H_AMOUNT)", "each warehouse's year-to-date balance is the sum of its payments", false, checkWarehouseHistory},
	{"3.3.2.9", "D_YTD = sum(H_AMOUNT)", "each district's year-to-date balance is the sum of its payments", false, checkDistrictHistory},
	{"3.3.2.10", "C_BALANCE = sum(OL_AMOUNT) - sum(H_AMOUNT)", "each customer's balance is its delivered order lines less its payments", false, checkBalance},
	{"3.3.2.11", "count(ORDER) - count(NEW-ORDER) = 2100", "each district has 2,100 delivered orders (true right after a load only)", true, checkDelivered},
	{"3.3.2.12", "C_BALANCE + C_YTD_PAYMENT = sum(OL_AMOUNT)", "each customer's balance and payments add up to its delivered order lines", false, checkBalancePayments},
}

// Check implements workload.Checker: the twelve conditions of clause
// 3.3.2, 3.3.2.11 only with opt.All (a run's New-Orders and Deliveries
// change the count it compares; go-tpc leaves it to --check-all too).
func (i *instance) Check(ctx context.Context, conn db.Conn, opt workload.CheckOptions) ([]workload.Condition, error) {
	c, err := sqldb.Open(conn, "this database")
	if err != nil {
		return nil, err
	}
	r := &checkRun{c: c}
	out := make([]workload.Condition, len(conditions))
	for k, cd := range conditions {
		out[k] = workload.Condition{Clause: cd.clause, Name: cd.name, Description: cd.description}
		if cd.afterLoad && !opt.All {
			out[k].Skipped = "holds only right after a load (--all checks it)"
			continue
		}
		failures, err := cd.check(ctx, r)
		if err != nil {
			return nil, fmt.Errorf("check %s (%s): %w", cd.clause, cd.name, err)
		}
		out[k].Conclude(failures)
	}
	return out, nil
}

// district identifies a district (d 0: the warehouse itself).
type district struct{ w, d int64 }

func (k district) String() string {
	if k.d == 0 {
		return fmt.Sprintf("warehouse %d", k.w)
	}
	return fmt.Sprintf("warehouse %d, district %d", k.w, k.d)
}

// sameMoney is true when a and b are the same amount (see moneyTolerance).
func sameMoney(a, b float64) bool { return math.Abs(a-b) < moneyTolerance }

// query runs q and checks that every row has n values.
func query(ctx context.Context, c sqldb.Conn, n int, q string, args ...any) ([][]string, error) {
	rows, err := c.QueryStrings(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if len(r) != n {
			return nil, fmt.Errorf("%d values in a row, want %d", len(r), n)
		}
	}
	return rows, nil
}

// cells reads the values of one row; the first bad one is kept in err.
type cells struct {
	r   []string
	err error
}

// null is true when value i is NULL.
func (c *cells) null(i int) bool { return c.r[i] == "" }

// int is value i as an integer (0 for NULL).
func (c *cells) int(i int) int64 {
	if c.null(i) {
		return 0
	}
	v, err := strconv.ParseInt(c.r[i], 10, 64)
	if err != nil && c.err == nil {
		c.err = fmt.Errorf("value %q: %w", c.r[i], err)
	}
	return v
}

// money is value i as a number (0 for NULL).
func (c *cells) money(i int) float64 {
	if c.null(i) {
		return 0
	}
	v, err := strconv.ParseFloat(c.r[i], 64)
	if err != nil && c.err == nil {
		c.err = fmt.Errorf("value %q: %w", c.r[i], err)
	}
	return v
}

// key is the district (or warehouse, with one key column) in the first
// values of the row.
func (c *cells) key(cols int) district {
	if cols == 1 {
		return district{w: c.int(0)}
	}
	return district{w: c.int(0), d: c.int(1)}
}

// sums reads rows of (key..., value) into a map by district; keyCols is 1
// (warehouse) or 2 (warehouse, district).
func sums(ctx context.Context, c sqldb.Conn, keyCols int, q string) (map[district]float64, []district, error) {
	rows, err := query(ctx, c, keyCols+1, q)
	if err != nil {
		return nil, nil, err
	}
	m := make(map[district]float64, len(rows))
	order := make([]district, 0, len(rows))
	for _, r := range rows {
		cl := cells{r: r}
		k := cl.key(keyCols)
		m[k] = cl.money(keyCols)
		if cl.err != nil {
			return nil, nil, cl.err
		}
		order = append(order, k)
	}
	return m, order, nil
}
