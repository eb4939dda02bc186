package orderentry

import (
	"context"
	"time"
)

// warehouseActivity is WarehouseActivityQuery, a reporting query off by
// default: the value and number of a warehouse's orders in each
// five-minute bucket of the last hour.
//
//	WITH stage1 AS (SELECT (rownum*(1/288)) offset FROM dual CONNECT BY rownum <= 12),
//	  stage2 AS (SELECT lag(offset, 1, 0) over (order by rownum) ostart, offset oend FROM stage1),
//	  stage3 AS (SELECT (systimestamp - ostart) date1, (systimestamp - oend) date2 FROM stage2)
//	SELECT warehouse_id, date1, date2, SUM(orders.order_total), Count(1)
//	FROM stage3, orders WHERE order_date BETWEEN date2 AND date1 and warehouse_id = ?
//	GROUP BY warehouse_id, date1, date2 ORDER BY date1, date2 DESC
//
// The buckets' edges are computed here and bound (statements.go): no
// CONNECT BY, no SYSTIMESTAMP arithmetic, the same rows summed.
func (u *user) warehouseActivity(ctx context.Context) error {
	wh := u.warehouse()
	t := now()
	edge := func(k int) time.Time { return t.Add(-time.Duration(k) * 5 * time.Minute) }
	args := u.s.args[:0]
	for k := range activityBuckets {
		args = append(args, edge(k+1), edge(k), edge(k+1), edge(k))
	}
	u.s.args = append(args, wh, edge(activityBuckets), edge(0))
	_, err := u.t.Query(ctx, opWarehouseActivity, u.s.args...)
	return err
}
