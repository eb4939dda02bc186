package bookstore

import (
	"strings"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/sqlrun"
)

// The measured statements: the reference's SQL (jopereira/java-tpcw
// sql.properties, called from TPCW_Database), with LIMIT for FETCH FIRST,
// times as parameters instead of CURRENT TIMESTAMP arithmetic (which
// every dialect spells differently), ids from the database's sequences
// instead of MAX()+1 or COUNT(*), and SELECT * spelt out where the rows
// are read into destinations. Each interaction's file quotes what it runs.
const (
	opBegin workload.OpID = iota
	opCommit
	opRollback

	opPromo
	opHomeCustomer
	opNewProducts
	opBestSellers
	opBook
	opSearchSubject
	opSearchTitle
	opSearchAuthor

	opCartCreate
	opCartLineQty
	opCartLineUpdate
	opCartLineInsert
	opCartLines
	opCartLineDelete
	opCartCount
	opRelated1
	opCartTouch
	opCart

	opCustomerUname
	opCustomerByUname
	opCustomerLogin
	opCountryID
	opAddressMatch
	opAddressInsert
	opCustomerInsert
	opCustomerNames

	opDiscount
	opCustomerAddress
	opOrderInsert
	opOrderLineInsert
	opStock
	opStockUpdate
	opCCXactInsert
	opCartClear

	opPassword
	opLastOrder
	opOrder
	opOrderLines

	opAdminUpdate
	opAdminRelated
	opAdminRelatedUpdate

	numOps
)

// Placeholders of the SQL below.
const (
	forUpdate  = "{for_update}"  // the dialect's locking clause
	lockHint   = "{lock_hint}"   // its table hint, after the table name
	itemAuthor = "{item_author}" // item.*, author.*
	authorItem = "{author_item}" // author.*, item.*
	cartItem   = "{cart_item}"   // shopping_cart_line.*, item.*
)

// statement is one op's name, class and SQL; id names the column an
// INSERT's generated id comes from.
type statement struct {
	name  string
	class workload.Class
	sql   string
	id    string
}

const lines50 = " ORDER BY item.i_title LIMIT 50"

var statements = [numOps]statement{
	opBegin:    {"begin", workload.Other, sqlrun.BeginWrite, ""},
	opCommit:   {"commit", workload.Other, sqlrun.Commit, ""},
	opRollback: {"rollback", workload.Other, sqlrun.Rollback, ""},

	opPromo: {"promo_related", workload.Read, "SELECT J.i_id, J.i_thumbnail FROM item I, item J WHERE (I.i_related1 = J.i_id OR I.i_related2 = J.i_id " +
		"OR I.i_related3 = J.i_id OR I.i_related4 = J.i_id OR I.i_related5 = J.i_id) AND I.i_id = ?", ""},
	opHomeCustomer: {"home_customer", workload.Read, "SELECT c_fname, c_lname FROM customer WHERE c_id = ?", ""},
	opNewProducts: {"new_products", workload.Read, "SELECT i_id, i_title, a_fname, a_lname FROM item, author WHERE item.i_a_id = author.a_id " +
		"AND item.i_subject = ? ORDER BY item.i_pub_date DESC, item.i_title LIMIT 50", ""},
	opBestSellers: {"best_sellers", workload.Read, "SELECT i_id, i_title, a_fname, a_lname FROM item, author, order_line WHERE item.i_id = order_line.ol_i_id " +
		"AND item.i_a_id = author.a_id AND order_line.ol_o_id > (SELECT MAX(o_id) - 3333 FROM orders) AND item.i_subject = ? " +
		"GROUP BY i_id, i_title, a_fname, a_lname ORDER BY SUM(ol_qty) DESC LIMIT 50", ""},
	opBook:          {"book", workload.Read, "SELECT * FROM item, author WHERE item.i_a_id = author.a_id AND i_id = ?", ""},
	opSearchSubject: {"search_subject", workload.Read, "SELECT " + itemAuthor + " FROM item, author WHERE item.i_a_id = author.a_id AND item.i_subject = ?" + lines50, ""},
	opSearchTitle:   {"search_title", workload.Read, "SELECT " + itemAuthor + " FROM item, author WHERE item.i_a_id = author.a_id AND item.i_title LIKE ?" + lines50, ""},
	opSearchAuthor:  {"search_author", workload.Read, "SELECT " + authorItem + " FROM author, item WHERE author.a_lname LIKE ? AND item.i_a_id = author.a_id" + lines50, ""},

	opCartCreate:     {"cart_create", workload.Write, "INSERT INTO shopping_cart (sc_time) VALUES (?)", "sc_id"},
	opCartLineQty:    {"cart_line_qty", workload.Read, "SELECT scl_qty FROM shopping_cart_line WHERE scl_sc_id = ? AND scl_i_id = ?", ""},
	opCartLineUpdate: {"cart_line_update", workload.Write, "UPDATE shopping_cart_line SET scl_qty = ? WHERE scl_sc_id = ? AND scl_i_id = ?", ""},
	opCartLineInsert: {"cart_line_insert", workload.Write, "INSERT INTO shopping_cart_line (scl_sc_id, scl_qty, scl_i_id) VALUES (?, ?, ?)", ""},
	opCartLines:      {"cart_lines", workload.Read, "SELECT scl_i_id, scl_qty FROM shopping_cart_line WHERE scl_sc_id = ? ORDER BY scl_i_id", ""},
	opCartLineDelete: {"cart_line_delete", workload.Write, "DELETE FROM shopping_cart_line WHERE scl_sc_id = ? AND scl_i_id = ?", ""},
	opCartCount:      {"cart_count", workload.Read, "SELECT COUNT(*) FROM shopping_cart_line WHERE scl_sc_id = ?", ""},
	opRelated1:       {"item_related1", workload.Read, "SELECT i_related1 FROM item WHERE i_id = ?", ""},
	opCartTouch:      {"cart_time_update", workload.Write, "UPDATE shopping_cart SET sc_time = ? WHERE sc_id = ?", ""},
	opCart:           {"cart", workload.Read, "SELECT " + cartItem + " FROM shopping_cart_line, item WHERE scl_i_id = item.i_id AND scl_sc_id = ?", ""},

	opCustomerUname: {"customer_uname", workload.Read, "SELECT c_uname FROM customer WHERE c_id = ?", ""},
	opCustomerByUname: {"customer_by_uname", workload.Read, "SELECT * FROM customer, address, country WHERE customer.c_addr_id = address.addr_id " +
		"AND address.addr_co_id = country.co_id AND customer.c_uname = ?", ""},
	opCustomerLogin: {"customer_login", workload.Write, "UPDATE customer SET c_login = ?, c_expiration = ? WHERE c_id = ?", ""},
	opCountryID:     {"country_id", workload.Read, "SELECT co_id FROM country WHERE co_name = ?", ""},
	opAddressMatch: {"address_match", workload.Read, "SELECT addr_id FROM address WHERE addr_street1 = ? AND addr_street2 = ? AND addr_city = ? " +
		"AND addr_state = ? AND addr_zip = ? AND addr_co_id = ?", ""},
	opAddressInsert: {"address_insert", workload.Write, "INSERT INTO address (addr_street1, addr_street2, addr_city, addr_state, addr_zip, addr_co_id) " +
		"VALUES (?, ?, ?, ?, ?, ?)", "addr_id"},
	opCustomerInsert: {"customer_insert", workload.Write, "INSERT INTO customer (c_uname, c_passwd, c_fname, c_lname, c_addr_id, c_phone, c_email, " +
		"c_since, c_last_login, c_login, c_expiration, c_discount, c_balance, c_ytd_pmt, c_birthdate, c_data) " +
		"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", "c_id"},
	opCustomerNames: {"customer_names_update", workload.Write, "UPDATE customer SET c_uname = ?, c_passwd = ? WHERE c_id = ?", ""},

	opDiscount:        {"customer_discount", workload.Read, "SELECT c_discount FROM customer WHERE customer.c_id = ?", ""},
	opCustomerAddress: {"customer_address", workload.Read, "SELECT c_addr_id FROM customer WHERE customer.c_id = ?", ""},
	opOrderInsert: {"order_insert", workload.Write, "INSERT INTO orders (o_c_id, o_date, o_sub_total, o_tax, o_total, o_ship_type, o_ship_date, " +
		"o_bill_addr_id, o_ship_addr_id, o_status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", "o_id"},
	opOrderLineInsert: {"order_line_insert", workload.Write, "INSERT INTO order_line (ol_id, ol_o_id, ol_i_id, ol_qty, ol_discount, ol_comments) " +
		"VALUES (?, ?, ?, ?, ?, ?)", ""},
	opStock:       {"item_stock", workload.Read, "SELECT i_stock FROM item" + lockHint + " WHERE i_id = ?" + forUpdate, ""},
	opStockUpdate: {"item_stock_update", workload.Write, "UPDATE item SET i_stock = ? WHERE i_id = ?", ""},
	opCCXactInsert: {"cc_xact_insert", workload.Write, "INSERT INTO cc_xacts (cx_o_id, cx_type, cx_num, cx_name, cx_expire, cx_xact_amt, cx_xact_date, cx_co_id) " +
		"VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT co_id FROM address, country WHERE addr_id = ? AND addr_co_id = co_id))", ""},
	opCartClear: {"cart_clear", workload.Write, "DELETE FROM shopping_cart_line WHERE scl_sc_id = ?", ""},

	opPassword: {"customer_password", workload.Read, "SELECT c_passwd FROM customer WHERE c_uname = ?", ""},
	opLastOrder: {"last_order", workload.Read, "SELECT o_id FROM customer, orders WHERE customer.c_id = orders.o_c_id AND c_uname = ? " +
		"ORDER BY o_id DESC LIMIT 1", ""},
	opOrder: {"order", workload.Read, "SELECT orders.*, customer.*, cc_xacts.cx_type, ship.addr_street1 AS ship_addr_street1, " +
		"ship.addr_street2 AS ship_addr_street2, ship.addr_state AS ship_addr_state, ship.addr_zip AS ship_addr_zip, ship_co.co_name AS ship_co_name, " +
		"bill.addr_street1 AS bill_addr_street1, bill.addr_street2 AS bill_addr_street2, bill.addr_state AS bill_addr_state, " +
		"bill.addr_zip AS bill_addr_zip, bill_co.co_name AS bill_co_name " +
		"FROM customer, orders, cc_xacts, address ship, country ship_co, address bill, country bill_co " +
		"WHERE orders.o_id = ? AND cx_o_id = orders.o_id AND customer.c_id = orders.o_c_id AND orders.o_bill_addr_id = bill.addr_id " +
		"AND bill.addr_co_id = bill_co.co_id AND orders.o_ship_addr_id = ship.addr_id AND ship.addr_co_id = ship_co.co_id " +
		"AND orders.o_c_id = customer.c_id", ""},
	opOrderLines: {"order_lines", workload.Read, "SELECT * FROM order_line, item WHERE ol_o_id = ? AND ol_i_id = i_id", ""},

	opAdminUpdate: {"admin_item_update", workload.Write, "UPDATE item SET i_cost = ?, i_image = ?, i_thumbnail = ?, i_pub_date = ? WHERE i_id = ?", ""},
	opAdminRelated: {"admin_related", workload.Read, "SELECT ol_i_id FROM orders, order_line WHERE orders.o_id = order_line.ol_o_id " +
		"AND NOT (order_line.ol_i_id = ?) AND orders.o_c_id IN (SELECT o_c_id FROM orders, order_line WHERE orders.o_id = order_line.ol_o_id " +
		"AND orders.o_id > (SELECT MAX(o_id) - 10000 FROM orders) AND order_line.ol_i_id = ?) GROUP BY ol_i_id ORDER BY SUM(ol_qty) DESC LIMIT 5", ""},
	opAdminRelatedUpdate: {"admin_related_update", workload.Write, "UPDATE item SET i_related1 = ?, i_related2 = ?, i_related3 = ?, i_related4 = ?, " +
		"i_related5 = ? WHERE i_id = ?", ""},
}

// sqlFor is op's SQL for dialect d.
func sqlFor(op workload.OpID, d *sqldb.Dialect) string {
	s := statements[op].sql
	switch s {
	case sqlrun.BeginWrite, sqlrun.Commit, sqlrun.Rollback:
		return s
	}
	return d.RewriteLimits(strings.NewReplacer(forUpdate, d.ForUpdate, lockHint, d.LockHint, itemAuthor, selectList(tItem, tAuthor),
		authorItem, selectList(tAuthor, tItem), cartItem, selectList(tShoppingCartLine, tItem)).Replace(s))
}

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
	case sqlrun.BeginWrite:
		return workload.NoVerb
	case sqlrun.Commit:
		return workload.Commit
	case sqlrun.Rollback:
		return workload.Rollback
	}
	return workload.VerbOf(sql)
}
