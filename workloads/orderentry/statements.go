package orderentry

import (
	"strings"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/sqlrun"
)

// The measured statements, one op each, with Swingbench's SQL
// (orderentryjdbc/*.java) in portable form: ROWNUM < n is LIMIT n-1,
// SYSDATE and SYSTIMESTAMP are times bound from the client, the products
// view is its join written out, and sequences are the tables' own ids
// (an INSERT returns the id Swingbench read from customer_seq.nextval).
const (
	opBegin workload.OpID = iota
	opCommit
	opRollback
	opInsertLogon
	opSelectCustomer
	opSelectAddresses
	opSelectCards
	opInsertCustomer
	opInsertAddress
	opInsertCard
	opSetPreferred
	opCustomerByName
	opSetPreferredAddress
	opSelectProduct
	opProductsByCategory
	opInsertOrder
	opInsertOrderItem
	opUpdateOrder
	opUpdateInventory
	opOrdersToProcess
	opUpdateOrderStatus
	opOrdersByCustomer
	opSelectOrderItems
	opUpdateOrderItem
	opUpdateOrderTotal
	opSalesRepQuery
	opWarehouseQuery
	opWarehouseActivity
	numOps
)

const (
	customerCols = "customer_id, cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, " +
		"account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot, preferred_address, preferred_card"
	addressCols = "address_id, customer_id, date_created, house_no_or_name, street_name, town, county, country, post_code, zip_code"
	cardCols    = "card_id, customer_id, card_type, card_number, expiry_date, is_valid, security_code"
	orderCols   = "order_id, order_date, order_mode, customer_id, order_status, order_total, sales_rep_id, promotion_id, warehouse_id, " +
		"delivery_type, cost_of_delivery, wait_till_all_available, delivery_address_id, customer_class, card_id, invoice_address_id"
	// productCols are the products view's columns over product_information
	// p and product_descriptions d (the view prefers the translation).
	productCols = "p.product_id, COALESCE(d.translated_name, p.product_name), COALESCE(d.translated_description, p.product_description), " +
		"p.category_id, p.weight_class, p.warranty_period, p.supplier_id, p.product_status, p.list_price, p.min_price, p.catalog_url"
	productsJoin  = "product_information p LEFT JOIN product_descriptions d ON d.product_id = p.product_id AND d.language_id = 'US'"
	orderItemCols = "order_id, line_item_id, product_id, unit_price, quantity, dispatch_date, return_date, gift_wrap, item_condition, " +
		"supplier_id, estimated_delivery"
)

// Columns read into destinations, by position.
const (
	numCustomerCols  = 16
	numOrderCols     = 16
	numProductCols   = 12 // productCols and quantity_on_hand
	numPOCols        = 16
	numOrderItemCols = 11
)

// statements are the table of every op's statement (sqlrun). A ROLLBACK
// after a failed statement is measured, as charbench counts rollbacks.
var statements = sqlrun.Table{Name: "orderentry", Reads: sqlrun.ReadsRows, MeasuredAbort: true, Stmts: []sqlrun.Statement{
	opBegin: sqlrun.Begin(), opCommit: sqlrun.Commit(), opRollback: sqlrun.Rollback(),
	// OrderEntryProcess.logon.
	opInsertLogon: sqlrun.Write("insert_logon", "INSERT INTO logon (customer_id, logon_date) VALUES (?, ?)"),
	// getCustomerDetails, getAddressDetails, getCardDetails.
	opSelectCustomer:  sqlrun.Read("select_customer", "SELECT "+customerCols+" FROM customers WHERE customer_id = ? LIMIT 4"),
	opSelectAddresses: sqlrun.Read("select_addresses", "SELECT "+addressCols+" FROM addresses WHERE customer_id = ? LIMIT 4"),
	opSelectCards:     sqlrun.Read("select_cards", "SELECT "+cardCols+" FROM card_details WHERE customer_id = ? LIMIT 4"),
	// NewCustomerProcess.
	opInsertCustomer: sqlrun.Write("insert_customer", "INSERT INTO customers (cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, "+
		"customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").Returning("customer_id"),
	opInsertAddress: sqlrun.Write("insert_address", "INSERT INTO addresses (customer_id, date_created, house_no_or_name, street_name, town, county, country, post_code, zip_code) "+
		"VALUES (?, ?, ?, 'Street Name', ?, ?, ?, 'Postcode', NULL)").Returning("address_id"),
	opInsertCard:   sqlrun.Write("insert_card", "INSERT INTO card_details (customer_id, card_type, card_number, expiry_date, is_valid, security_code) VALUES (?, ?, ?, ?, ?, ?)").Returning("card_id"),
	opSetPreferred: sqlrun.Write("update_customer_preferred", "UPDATE customers SET preferred_address = ?, preferred_card = ? WHERE customer_id = ?"),
	// UpdateCustomerDetails (customerByName: lower() where there is an index on it).
	opCustomerByName:      sqlrun.Read("select_customer_by_name", "").Counted(workload.Select).WrittenBy(customerByName),
	opSetPreferredAddress: sqlrun.Write("update_preferred_address", "UPDATE customers SET preferred_address = ? WHERE customer_id = ?"),
	// getProductDetailsByID, getProductDetailsByCategory.
	opSelectProduct: sqlrun.Read("select_product", "SELECT "+productCols+", i.quantity_on_hand FROM "+productsJoin+" JOIN inventories i ON i.product_id = p.product_id "+
		"WHERE p.product_id = ? LIMIT 14"),
	opProductsByCategory: sqlrun.Read("select_products_by_category", "SELECT "+productCols+", i.quantity_on_hand FROM "+productsJoin+" JOIN inventories i ON i.product_id = p.product_id "+
		"WHERE p.category_id = ? AND i.warehouse_id = ? LIMIT 3"),
	// NewOrderProcess.
	opInsertOrder: sqlrun.Write("insert_order", "INSERT INTO orders (order_date, customer_id, warehouse_id, delivery_type, cost_of_delivery, wait_till_all_available) "+
		"VALUES (?, ?, ?, 'Standard', ?, 'ship_asap')").Returning("order_id"),
	opInsertOrderItem: sqlrun.Write("insert_order_item", "INSERT INTO order_items (order_id, line_item_id, product_id, unit_price, quantity, gift_wrap, item_condition, estimated_delivery) "+
		"VALUES (?, ?, ?, ?, ?, 'None', 'New', ?)"),
	opUpdateOrder:     sqlrun.Write("update_order", "UPDATE orders SET order_mode = 'online', order_status = ?, order_total = ? WHERE order_id = ?"),
	opUpdateInventory: sqlrun.Write("update_inventory", "UPDATE inventories SET quantity_on_hand = quantity_on_hand - ? WHERE product_id = ? AND warehouse_id = ?"),
	// ProcessOrders.
	opOrdersToProcess: sqlrun.Read("select_orders_to_process", "WITH need_to_process AS (SELECT order_id, order_mode, order_status, order_total, sales_rep_id, promotion_id, customer_id, order_date "+
		"FROM orders WHERE order_status <= 4 AND warehouse_id = ? LIMIT 9) "+
		"SELECT o.order_id, oi.line_item_id, oi.product_id, oi.unit_price, oi.quantity, o.order_mode, o.order_status, o.order_total, "+
		"o.sales_rep_id, o.promotion_id, c.customer_id, c.cust_first_name, c.cust_last_name, c.credit_limit, c.cust_email, o.order_date "+
		"FROM need_to_process o JOIN customers c ON c.customer_id = o.customer_id LEFT JOIN order_items oi ON oi.order_id = o.order_id").Counted(workload.Select),
	opUpdateOrderStatus: sqlrun.Write("update_order_status", "UPDATE orders SET order_status = ? WHERE order_id = ?"),
	// BrowseAndUpdateOrders.
	opOrdersByCustomer: sqlrun.Read("select_orders_by_customer", "SELECT "+orderCols+" FROM orders WHERE customer_id = ? LIMIT 4"),
	opSelectOrderItems: sqlrun.Read("select_order_items", "SELECT "+orderItemCols+" FROM order_items WHERE order_id = ? LIMIT 4"),
	opUpdateOrderItem:  sqlrun.Write("update_order_item", "UPDATE order_items SET quantity = quantity + 1 WHERE order_id = ? AND line_item_id = ?"),
	opUpdateOrderTotal: sqlrun.Write("update_order_total", "UPDATE orders SET order_total = order_total + ? WHERE order_id = ?"),
	// SalesRepsOrdersQuery.
	opSalesRepQuery: sqlrun.Read("sales_rep_query", "SELECT tt.order_total, tt.sales_rep_id, tt.order_date, c.cust_first_name, c.cust_last_name "+
		"FROM (SELECT order_total, sales_rep_id, order_date, customer_id, RANK() OVER (ORDER BY order_total DESC) AS sal_rank "+
		"FROM orders WHERE sales_rep_id = ?) tt JOIN customers c ON c.customer_id = tt.customer_id WHERE tt.sal_rank <= 10"),
	// WarehouseOrdersQuery and WarehouseActivityQuery, written per dialect.
	opWarehouseQuery:    sqlrun.Read("warehouse_query", "").Counted(workload.Select).WrittenBy(warehouseQuery),
	opWarehouseActivity: sqlrun.Read("warehouse_activity", "").Counted(workload.Select).WrittenBy(warehouseActivity),
}}

// activityBuckets are WarehouseActivityQuery's twelve five-minute buckets
// of the last hour (its CONNECT BY over DUAL), bound as 13 bucket edges.
const activityBuckets = 12

// customerByName is UpdateCustomerDetails' search for dialect d: with
// lower() indexed, Swingbench's case-insensitive search; without
// (MariaDB), the plain columns, whose index serves it under MariaDB's
// case-insensitive default collation.
func customerByName(d *sqldb.Dialect, _ string, _ int) string {
	where := "lower(cust_last_name) = lower(?) AND lower(cust_first_name) = lower(?)"
	if !d.ExpressionIndex {
		where = "cust_last_name = ? AND cust_first_name = ?"
	}
	return d.Limit("SELECT "+customerCols+" FROM customers WHERE "+where, "4")
}

// warehouseQuery is WarehouseOrdersQuery: order totals and counts by mode
// and warehouse for one warehouse, GROUP BY CUBE(mode, warehouse); where
// the database has no CUBE, its four grouping sets as a UNION ALL.
func warehouseQuery(d *sqldb.Dialect, _ string, _ int) string {
	const from = " FROM orders JOIN warehouses w ON w.warehouse_id = orders.warehouse_id WHERE w.warehouse_id = ?"
	if d.GroupByCube {
		return "SELECT order_mode, orders.warehouse_id, SUM(order_total), COUNT(1)" + from +
			" GROUP BY CUBE(order_mode, orders.warehouse_id)"
	}
	sets := []struct{ cols, group string }{
		{"order_mode, orders.warehouse_id", " GROUP BY order_mode, orders.warehouse_id"},
		{"order_mode, NULL", " GROUP BY order_mode"},
		{"NULL, orders.warehouse_id", " GROUP BY orders.warehouse_id"},
		{"NULL, NULL", ""},
	}
	parts := make([]string, len(sets))
	for i, s := range sets {
		parts[i] = "SELECT " + s.cols + ", SUM(order_total), COUNT(1)" + from + s.group
	}
	return strings.Join(parts, " UNION ALL ")
}

// warehouseActivity is WarehouseActivityQuery: the value and number of
// one warehouse's orders in each five-minute bucket of the last hour. The
// buckets' edges are bound (edge 0 is now, edge 12 an hour ago) and each
// bucket is a column pair of one row: the same index range scan and sums
// as the reference's join with twelve generated rows.
func warehouseActivity(*sqldb.Dialect, string, int) string {
	var b strings.Builder
	b.WriteString("SELECT warehouse_id")
	// Bucket k is (edge k+1, edge k], bound twice: for its sum and count.
	const cond = "order_date > ? AND order_date <= ?"
	for range activityBuckets {
		b.WriteString(", SUM(CASE WHEN " + cond + " THEN order_total END), COUNT(CASE WHEN " + cond + " THEN 1 END)")
	}
	b.WriteString(" FROM orders WHERE warehouse_id = ? AND order_date > ? AND order_date <= ? GROUP BY warehouse_id")
	return b.String()
}
