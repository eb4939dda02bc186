package tpcc

import (
	"regexp"
	"strings"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
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

// statement is one op's name, class and SQL.
type statement struct {
	name  string
	class workload.Class
	sql   string
}

const byNameFrom = " FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ?"

var statements = [numOps]statement{
	opBegin:    {"begin", workload.Other, "{begin}"},
	opCommit:   {"commit", workload.Other, "{commit}"},
	opRollback: {"rollback", workload.Other, "{rollback}"},

	opNOWarehouse:      {"no_warehouse", workload.Read, "SELECT w_tax FROM warehouse WHERE w_id = ?"},
	opNODistrict:       {"no_district", workload.Read, "SELECT d_tax, d_next_o_id FROM district" + lockHint + " WHERE d_w_id = ? AND d_id = ?" + forUpdate},
	opNODistrictUpdate: {"no_district_update", workload.Write, "UPDATE district SET d_next_o_id = ? WHERE d_w_id = ? AND d_id = ?"},
	opNOCustomer:       {"no_customer", workload.Read, "SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"},
	opNOOrderInsert:    {"no_order_insert", workload.Write, "INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local) VALUES (?, ?, ?, ?, ?, ?, ?)"},
	opNONewOrderInsert: {"no_new_order_insert", workload.Write, "INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)"},
	opNOItem:           {"no_items", workload.Read, "SELECT i_id, i_price, i_name, i_data FROM item WHERE i_id IN ({items})"},
	opNOStock: {"no_stocks", workload.Read, "SELECT s_i_id, s_w_id, s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, " +
		"s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM stock" + lockHint + " WHERE (s_w_id, s_i_id) IN ({stock}) ORDER BY s_w_id, s_i_id" + forUpdate},
	opNOStockUpdate:     {"no_stock_update", workload.Write, "UPDATE stock SET s_quantity = ?, s_ytd = s_ytd + ?, s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + ? WHERE s_i_id = ? AND s_w_id = ?"},
	opNOOrderLineInsert: {"no_order_lines_insert", workload.Write, "INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES {lines}"},

	opPayWarehouseUpdate: {"pay_warehouse_update", workload.Write, "UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?"},
	opPayWarehouse:       {"pay_warehouse", workload.Read, "SELECT w_name, w_street_1, w_street_2, w_city, w_state, w_zip FROM warehouse WHERE w_id = ?"},
	opPayDistrictUpdate:  {"pay_district_update", workload.Write, "UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?"},
	opPayDistrict:        {"pay_district", workload.Read, "SELECT d_name, d_street_1, d_street_2, d_city, d_state, d_zip FROM district WHERE d_w_id = ? AND d_id = ?"},
	opPayCustomerByName:  {"pay_customer_by_name", workload.Read, "SELECT c_id" + byNameFrom + " ORDER BY c_first"},
	opPayCustomer: {"pay_customer", workload.Read, "SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, " +
		"c_credit, c_credit_lim, c_discount, c_balance, c_since FROM customer" + lockHint + " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?" + forUpdate},
	opPayCustomerData:   {"pay_customer_data", workload.Read, "SELECT c_data FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"},
	opPayCustomerUpdate: {"pay_customer_update", workload.Write, "UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"},
	opPayCustomerUpdateBC: {"pay_customer_update_bc", workload.Write, "UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1, c_data = ? " +
		"WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"},
	opPayHistoryInsert: {"pay_history_insert", workload.Write, "INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"},

	opOSCustomerByName: {"os_customer_by_name", workload.Read, "SELECT c_id" + byNameFrom + " ORDER BY c_first"},
	opOSCustomer:       {"os_customer", workload.Read, "SELECT c_balance, c_first, c_middle, c_last FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"},
	opOSOrder:          {"os_order", workload.Read, "SELECT o_id, o_carrier_id, o_entry_d FROM orders WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? ORDER BY o_id DESC LIMIT 1"},
	opOSOrderLines:     {"os_order_lines", workload.Read, "SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?"},

	opDLNewOrder:        {"dl_new_order", workload.Read, "SELECT no_o_id FROM new_order" + lockHint + " WHERE no_w_id = ? AND no_d_id = ? ORDER BY no_o_id LIMIT 1" + forUpdate},
	opDLNewOrderDelete:  {"dl_new_orders_delete", workload.Write, "DELETE FROM new_order WHERE no_w_id = ? AND (no_d_id, no_o_id) IN ({orders})"},
	opDLOrder:           {"dl_orders", workload.Read, "SELECT o_d_id, o_c_id FROM orders WHERE o_w_id = ? AND (o_d_id, o_id) IN ({orders})"},
	opDLOrderUpdate:     {"dl_orders_update", workload.Write, "UPDATE orders SET o_carrier_id = ? WHERE o_w_id = ? AND (o_d_id, o_id) IN ({orders})"},
	opDLOrderLineUpdate: {"dl_order_lines_update", workload.Write, "UPDATE order_line SET ol_delivery_d = ? WHERE ol_w_id = ? AND (ol_d_id, ol_o_id) IN ({orders})"},
	opDLOrderLineSum:    {"dl_order_line_sums", workload.Read, "SELECT ol_d_id, SUM(ol_amount) FROM order_line WHERE ol_w_id = ? AND (ol_d_id, ol_o_id) IN ({orders}) GROUP BY ol_d_id"},
	opDLCustomerUpdate:  {"dl_customer_update", workload.Write, "UPDATE customer SET c_balance = c_balance + ?, c_delivery_cnt = c_delivery_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"},

	opSLDistrict: {"sl_district", workload.Read, "SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?"},
	opSLStockCount: {"sl_stock_count", workload.Read, "SELECT COUNT(DISTINCT s_i_id) FROM order_line, stock WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ? " +
		"AND s_w_id = ? AND s_i_id = ol_i_id AND s_quantity < ?"},
}

// maxLines is the most lines a New-Order has (clause 2.4.1.3): the IN lists
// of no_items and no_stocks have that many places, the unused ones filled
// with the last id again (a repeated value in IN changes nothing), so that
// one prepared statement serves every order.
const maxLines = 15

// sqlFor is op's SQL for dialect d (lines: the rows of a multi-row
// no_order_lines_insert). BEGIN, COMMIT and ROLLBACK are the session's
// (sqldb.PrepareTxn). IN lists of pairs, LIMIT 1 and the multi-row INSERT
// are written the dialect's way; so is dl_new_order where a SELECT cannot
// both limit and lock (Oracle): the oldest new order is found by MIN() in
// a subquery, with the same two parameters.
func sqlFor(op workload.OpID, d *sqldb.Dialect, lines int) string {
	s := statements[op].sql
	if op == opDLNewOrder && d.NoLimitLock {
		s = "SELECT no_o_id FROM new_order WHERE (no_w_id, no_d_id, no_o_id) IN (SELECT no_w_id, no_d_id, MIN(no_o_id) FROM new_order " +
			"WHERE no_w_id = ? AND no_d_id = ? GROUP BY no_w_id, no_d_id)" + forUpdate
	}
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
	if into, ok := strings.CutSuffix(s, " VALUES {lines}"); ok {
		s = d.InsertValues(into, "(?, ?, ?, ?, ?, ?, ?, ?, ?)", ", ", lines)
	}
	return s
}

// pairsIn matches "(a, b) IN ({list})": the pairs of a list of stock rows
// or of orders.
var pairsIn = regexp.MustCompile(`\((\w+), (\w+)\) IN \(\{(stock|orders)\}\)`)

// opList is Instance.Ops: each statement's verb is its SQL's, COMMIT and
// ROLLBACK (the dialect's) theirs, BEGIN none.
func opList() []workload.Op {
	ops := make([]workload.Op, numOps)
	for i, s := range statements {
		ops[i] = workload.Op{Name: s.name, Class: s.class, Verb: verbOf(s.sql)}
	}
	return ops
}

// verbOf is the verb of a statement's SQL, placeholders included.
func verbOf(sql string) workload.Verb {
	switch sql {
	case "{commit}":
		return workload.Commit
	case "{rollback}":
		return workload.Rollback
	}
	return workload.VerbOf(sql)
}
