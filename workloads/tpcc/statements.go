package tpcc

import (
	"regexp"
	"strings"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/sqlrun"
)

// The measured statements, one per SQL text of clause 2.4–2.8 (the
// transaction profiles), plus BEGIN, COMMIT and the ROLLBACK of the 1% of
// New-Orders that roll back. The spec's SQL is quoted above each
// transaction's Go code; here is what dbgauge sends.
const (
	opBegin workload.OpID = iota
	opCommit
	opRollback

	opNOWarehouse
	opNODistrict
	opNODistrictUpdate
	opNOCustomer
	opNOOrderInsert
	opNONewOrderInsert
	opNOItem
	opNOStock
	opNOStockUpdate
	opNOOrderLineInsert

	opPayWarehouseUpdate
	opPayWarehouse
	opPayDistrictUpdate
	opPayDistrict
	opPayCustomerByName
	opPayCustomer
	opPayCustomerData
	opPayCustomerUpdate
	opPayCustomerUpdateBC
	opPayHistoryInsert

	opOSCustomerByName
	opOSCustomer
	opOSOrder
	opOSOrderLines

	opDLNewOrder
	opDLNewOrderDelete
	opDLOrder
	opDLOrderUpdate
	opDLOrderLineUpdate
	opDLOrderLineSum
	opDLCustomerUpdate

	opSLDistrict
	opSLStockCount

	numOps
)

// forUpdate stands for the dialect's locking clause (" FOR UPDATE", or
// nothing where BEGIN already took the write lock) and lockHint for its
// table hint (SQL Server's WITH (UPDLOCK, ROWLOCK)) after the table name.
const (
	forUpdate = "{for_update}"
	lockHint  = "{lock_hint}"
)

const byNameFrom = " FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ?"

// statements are the table of every op's statement (sqlrun): written for
// each dialect by rewrite, the order lines' multi-row INSERT for each
// number of lines (5 to 15), and a read-only BEGIN for Order-Status and
// Stock-Level.
var statements = sqlrun.Table{Name: "tpcc", Rewrite: rewrite, ReadBegin: true, Reads: sqlrun.ReadsRows, Stmts: []sqlrun.Statement{
	opBegin: sqlrun.Begin(), opCommit: sqlrun.Commit(), opRollback: sqlrun.Rollback(),

	opNOWarehouse:      sqlrun.Read("no_warehouse", "SELECT w_tax FROM warehouse WHERE w_id = ?"),
	opNODistrict:       sqlrun.Read("no_district", "SELECT d_tax, d_next_o_id FROM district"+lockHint+" WHERE d_w_id = ? AND d_id = ?"+forUpdate),
	opNODistrictUpdate: sqlrun.Write("no_district_update", "UPDATE district SET d_next_o_id = ? WHERE d_w_id = ? AND d_id = ?"),
	opNOCustomer:       sqlrun.Read("no_customer", "SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
	opNOOrderInsert:    sqlrun.Write("no_order_insert", "INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local) VALUES (?, ?, ?, ?, ?, ?, ?)"),
	opNONewOrderInsert: sqlrun.Write("no_new_order_insert", "INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)"),
	opNOItem:           sqlrun.Read("no_items", "SELECT i_id, i_price, i_name, i_data FROM item WHERE i_id IN ({items})"),
	opNOStock: sqlrun.Read("no_stocks", "SELECT s_i_id, s_w_id, s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, "+
		"s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM stock"+lockHint+" WHERE (s_w_id, s_i_id) IN ({stock}) ORDER BY s_w_id, s_i_id"+forUpdate),
	opNOStockUpdate: sqlrun.Write("no_stock_update", "UPDATE stock SET s_quantity = ?, s_ytd = s_ytd + ?, s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + ? WHERE s_i_id = ? AND s_w_id = ?"),
	opNOOrderLineInsert: sqlrun.Write("no_order_lines_insert", "INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info)").
		WrittenBy(orderLines).SizedFrom(minLines, maxLines),

	opPayWarehouseUpdate: sqlrun.Write("pay_warehouse_update", "UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?"),
	opPayWarehouse:       sqlrun.Read("pay_warehouse", "SELECT w_name, w_street_1, w_street_2, w_city, w_state, w_zip FROM warehouse WHERE w_id = ?"),
	opPayDistrictUpdate:  sqlrun.Write("pay_district_update", "UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?"),
	opPayDistrict:        sqlrun.Read("pay_district", "SELECT d_name, d_street_1, d_street_2, d_city, d_state, d_zip FROM district WHERE d_w_id = ? AND d_id = ?"),
	opPayCustomerByName:  sqlrun.Read("pay_customer_by_name", "SELECT c_id"+byNameFrom+" ORDER BY c_first"),
	opPayCustomer: sqlrun.Read("pay_customer", "SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, "+
		"c_credit, c_credit_lim, c_discount, c_balance, c_since FROM customer"+lockHint+" WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"+forUpdate),
	opPayCustomerData:   sqlrun.Read("pay_customer_data", "SELECT c_data FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
	opPayCustomerUpdate: sqlrun.Write("pay_customer_update", "UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
	opPayCustomerUpdateBC: sqlrun.Write("pay_customer_update_bc", "UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1, c_data = ? "+
		"WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
	opPayHistoryInsert: sqlrun.Write("pay_history_insert", "INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),

	opOSCustomerByName: sqlrun.Read("os_customer_by_name", "SELECT c_id"+byNameFrom+" ORDER BY c_first"),
	opOSCustomer:       sqlrun.Read("os_customer", "SELECT c_balance, c_first, c_middle, c_last FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
	opOSOrder:          sqlrun.Read("os_order", "SELECT o_id, o_carrier_id, o_entry_d FROM orders WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? ORDER BY o_id DESC LIMIT 1"),
	opOSOrderLines:     sqlrun.Read("os_order_lines", "SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?"),

	opDLNewOrder: sqlrun.Read("dl_new_order", "SELECT no_o_id FROM new_order"+lockHint+" WHERE no_w_id = ? AND no_d_id = ? ORDER BY no_o_id LIMIT 1"+forUpdate).
		WrittenBy(oldestNewOrder),
	opDLNewOrderDelete:  sqlrun.Write("dl_new_orders_delete", "DELETE FROM new_order WHERE no_w_id = ? AND (no_d_id, no_o_id) IN ({orders})"),
	opDLOrder:           sqlrun.Read("dl_orders", "SELECT o_d_id, o_c_id FROM orders WHERE o_w_id = ? AND (o_d_id, o_id) IN ({orders})"),
	opDLOrderUpdate:     sqlrun.Write("dl_orders_update", "UPDATE orders SET o_carrier_id = ? WHERE o_w_id = ? AND (o_d_id, o_id) IN ({orders})"),
	opDLOrderLineUpdate: sqlrun.Write("dl_order_lines_update", "UPDATE order_line SET ol_delivery_d = ? WHERE ol_w_id = ? AND (ol_d_id, ol_o_id) IN ({orders})"),
	opDLOrderLineSum:    sqlrun.Read("dl_order_line_sums", "SELECT ol_d_id, SUM(ol_amount) FROM order_line WHERE ol_w_id = ? AND (ol_d_id, ol_o_id) IN ({orders}) GROUP BY ol_d_id"),
	opDLCustomerUpdate:  sqlrun.Write("dl_customer_update", "UPDATE customer SET c_balance = c_balance + ?, c_delivery_cnt = c_delivery_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),

	opSLDistrict: sqlrun.Read("sl_district", "SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?"),
	opSLStockCount: sqlrun.Read("sl_stock_count", "SELECT COUNT(DISTINCT s_i_id) FROM order_line, stock WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ? "+
		"AND s_w_id = ? AND s_i_id = ol_i_id AND s_quantity < ?"),
}}

// maxLines is the most lines a New-Order has (clause 2.4.1.3): the IN lists
// of no_items and no_stocks have that many places, the unused ones filled
// with the last id again (a repeated value in IN changes nothing), so that
// one prepared statement serves every order.
const maxLines = 15

// rewrite writes a statement for dialect d: its locking clause and table
// hint, its IN lists of items and of pairs, and LIMIT 1, the dialect's way.
func rewrite(d *sqldb.Dialect, s string) string {
	s = strings.ReplaceAll(s, lockHint, d.LockHint)
	s = strings.ReplaceAll(s, forUpdate, d.ForUpdate)
	s = strings.ReplaceAll(s, "{items}", strings.TrimSuffix(strings.Repeat("?, ", maxLines), ", "))
	s = pairsIn.ReplaceAllStringFunc(s, func(m string) string {
		p := pairsIn.FindStringSubmatch(m)
		n := maxLines
		if p[3] == "orders" {
			n = districtsPerWH
		}
		return d.PairsIn(p[1], p[2], n)
	})
	if query, rest, ok := strings.Cut(s, " LIMIT 1"); ok {
		s = d.Limit(query, "1") + rest
	}
	return s
}

// oldestNewOrder is dl_new_order for dialect d. Where a SELECT cannot both
// limit and lock (Oracle), the oldest new order is found by MIN() in a
// subquery, with the same two parameters.
func oldestNewOrder(d *sqldb.Dialect, s string, _ int) string {
	if d.NoLimitLock {
		s = "SELECT no_o_id FROM new_order WHERE (no_w_id, no_d_id, no_o_id) IN (SELECT no_w_id, no_d_id, MIN(no_o_id) FROM new_order " +
			"WHERE no_w_id = ? AND no_d_id = ? GROUP BY no_w_id, no_d_id)" + forUpdate
	}
	return rewrite(d, s)
}

// orderLines is no_order_lines_insert for dialect d: one INSERT of n
// lines, the dialect's way.
func orderLines(d *sqldb.Dialect, into string, n int) string {
	return d.InsertValues(into, "(?, ?, ?, ?, ?, ?, ?, ?, ?)", ", ", n)
}

// pairsIn matches "(a, b) IN ({list})": the pairs of a list of stock rows
// or of orders.
var pairsIn = regexp.MustCompile(`\((\w+), (\w+)\) IN \(\{(stock|orders)\}\)`)
