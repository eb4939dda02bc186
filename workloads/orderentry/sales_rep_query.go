package orderentry

import "context"

// salesRepQuery is SalesRepsOrdersQuery, a reporting query off by
// default: a sales rep's ten largest orders with their customers.
//
//	SELECT tt.ORDER_TOTAL, tt.SALES_REP_ID, tt.ORDER_DATE, customers.CUST_FIRST_NAME, customers.CUST_LAST_NAME
//	FROM (SELECT ..., rank() Over (Order By orders.ORDER_TOTAL DESC) sal_rank FROM orders
//	      WHERE orders.SALES_REP_ID = ?) tt, customers
//	WHERE tt.sal_rank <= 10 and customers.customer_id = tt.customer_id
func (u *user) salesRepQuery(ctx context.Context) error {
	_, err := u.t.Query(ctx, opSalesRepQuery, u.r.Uniform(1, 1000))
	return err
}
