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

const lines50 = " ORDER BY item.i_title LIMIT 50"

// statements are the table of every op's statement (sqlrun), written for
// each dialect by rewrite, and a read-only BEGIN for the interactions that
// only read.
var statements = sqlrun.Table{Name: "bookstore", Rewrite: rewrite, ReadBegin: true, Reads: sqlrun.ReadsRows, Stmts: []sqlrun.Statement{
	opBegin: sqlrun.Begin(), opCommit: sqlrun.Commit(), opRollback: sqlrun.Rollback(),

	opPromo: sqlrun.Read("promo_related", "SELECT J.i_id, J.i_thumbnail FROM item I, item J WHERE (I.i_related1 = J.i_id OR I.i_related2 = J.i_id "+
		"OR I.i_related3 = J.i_id OR I.i_related4 = J.i_id OR I.i_related5 = J.i_id) AND I.i_id = ?"),
	opHomeCustomer: sqlrun.Read("home_customer", "SELECT c_fname, c_lname FROM customer WHERE c_id = ?"),
	opNewProducts: sqlrun.Read("new_products", "SELECT i_id, i_title, a_fname, a_lname FROM item, author WHERE item.i_a_id = author.a_id "+
		"AND item.i_subject = ? ORDER BY item.i_pub_date DESC, item.i_title LIMIT 50"),
	opBestSellers: sqlrun.Read("best_sellers", "SELECT i_id, i_title, a_fname, a_lname FROM item, author, order_line WHERE item.i_id = order_line.ol_i_id "+
		"AND item.i_a_id = author.a_id AND order_line.ol_o_id > (SELECT MAX(o_id) - 3333 FROM orders) AND item.i_subject = ? "+
		"GROUP BY i_id, i_title, a_fname, a_lname ORDER BY SUM(ol_qty) DESC LIMIT 50"),
	opBook:          sqlrun.Read("book", "SELECT * FROM item, author WHERE item.i_a_id = author.a_id AND i_id = ?"),
	opSearchSubject: sqlrun.Read("search_subject", "SELECT "+itemAuthor+" FROM item, author WHERE item.i_a_id = author.a_id AND item.i_subject = ?"+lines50),
	opSearchTitle:   sqlrun.Read("search_title", "SELECT "+itemAuthor+" FROM item, author WHERE item.i_a_id = author.a_id AND item.i_title LIKE ?"+lines50),
	opSearchAuthor:  sqlrun.Read("search_author", "SELECT "+authorItem+" FROM author, item WHERE author.a_lname LIKE ? AND item.i_a_id = author.a_id"+lines50),

	opCartCreate:     sqlrun.Write("cart_create", "INSERT INTO shopping_cart (sc_time) VALUES (?)").Returning("sc_id"),
	opCartLineQty:    sqlrun.Read("cart_line_qty", "SELECT scl_qty FROM shopping_cart_line WHERE scl_sc_id = ? AND scl_i_id = ?"),
	opCartLineUpdate: sqlrun.Write("cart_line_update", "UPDATE shopping_cart_line SET scl_qty = ? WHERE scl_sc_id = ? AND scl_i_id = ?"),
	opCartLineInsert: sqlrun.Write("cart_line_insert", "INSERT INTO shopping_cart_line (scl_sc_id, scl_qty, scl_i_id) VALUES (?, ?, ?)"),
	opCartLines:      sqlrun.Read("cart_lines", "SELECT scl_i_id, scl_qty FROM shopping_cart_line WHERE scl_sc_id = ? ORDER BY scl_i_id"),
	opCartLineDelete: sqlrun.Write("cart_line_delete", "DELETE FROM shopping_cart_line WHERE scl_sc_id = ? AND scl_i_id = ?"),
	opCartCount:      sqlrun.Read("cart_count", "SELECT COUNT(*) FROM shopping_cart_line WHERE scl_sc_id = ?"),
	opRelated1:       sqlrun.Read("item_related1", "SELECT i_related1 FROM item WHERE i_id = ?"),
	opCartTouch:      sqlrun.Write("cart_time_update", "UPDATE shopping_cart SET sc_time = ? WHERE sc_id = ?"),
	opCart:           sqlrun.Read("cart", "SELECT "+cartItem+" FROM shopping_cart_line, item WHERE scl_i_id = item.i_id AND scl_sc_id = ?"),

	opCustomerUname: sqlrun.Read("customer_uname", "SELECT c_uname FROM customer WHERE c_id = ?"),
	opCustomerByUname: sqlrun.Read("customer_by_uname", "SELECT * FROM customer, address, country WHERE customer.c_addr_id = address.addr_id "+
		"AND address.addr_co_id = country.co_id AND customer.c_uname = ?"),
	opCustomerLogin: sqlrun.Write("customer_login", "UPDATE customer SET c_login = ?, c_expiration = ? WHERE c_id = ?"),
	opCountryID:     sqlrun.Read("country_id", "SELECT co_id FROM country WHERE co_name = ?"),
	opAddressMatch: sqlrun.Read("address_match", "SELECT addr_id FROM address WHERE addr_street1 = ? AND addr_street2 = ? AND addr_city = ? "+
		"AND addr_state = ? AND addr_zip = ? AND addr_co_id = ?"),
	opAddressInsert: sqlrun.Write("address_insert", "INSERT INTO address (addr_street1, addr_street2, addr_city, addr_state, addr_zip, addr_co_id) "+
		"VALUES (?, ?, ?, ?, ?, ?)").Returning("addr_id"),
	opCustomerInsert: sqlrun.Write("customer_insert", "INSERT INTO customer (c_uname, c_passwd, c_fname, c_lname, c_addr_id, c_phone, c_email, "+
		"c_since, c_last_login, c_login, c_expiration, c_discount, c_balance, c_ytd_pmt, c_birthdate, c_data) "+
		"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").Returning("c_id"),
	opCustomerNames: sqlrun.Write("customer_names_update", "UPDATE customer SET c_uname = ?, c_passwd = ? WHERE c_id = ?"),

	opDiscount:        sqlrun.Read("customer_discount", "SELECT c_discount FROM customer WHERE customer.c_id = ?"),
	opCustomerAddress: sqlrun.Read("customer_address", "SELECT c_addr_id FROM customer WHERE customer.c_id = ?"),
	opOrderInsert: sqlrun.Write("order_insert", "INSERT INTO orders (o_c_id, o_date, o_sub_total, o_tax, o_total, o_ship_type, o_ship_date, "+
		"o_bill_addr_id, o_ship_addr_id, o_status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").Returning("o_id"),
	opOrderLineInsert: sqlrun.Write("order_line_insert", "INSERT INTO order_line (ol_id, ol_o_id, ol_i_id, ol_qty, ol_discount, ol_comments) "+
		"VALUES (?, ?, ?, ?, ?, ?)"),
	opStock:       sqlrun.Read("item_stock", "SELECT i_stock FROM item"+lockHint+" WHERE i_id = ?"+forUpdate),
	opStockUpdate: sqlrun.Write("item_stock_update", "UPDATE item SET i_stock = ? WHERE i_id = ?"),
	opCCXactInsert: sqlrun.Write("cc_xact_insert", "INSERT INTO cc_xacts (cx_o_id, cx_type, cx_num, cx_name, cx_expire, cx_xact_amt, cx_xact_date, cx_co_id) "+
		"VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT co_id FROM address, country WHERE addr_id = ? AND addr_co_id = co_id))"),
	opCartClear: sqlrun.Write("cart_clear", "DELETE FROM shopping_cart_line WHERE scl_sc_id = ?"),

	opPassword: sqlrun.Read("customer_password", "SELECT c_passwd FROM customer WHERE c_uname = ?"),
	opLastOrder: sqlrun.Read("last_order", "SELECT o_id FROM customer, orders WHERE customer.c_id = orders.o_c_id AND c_uname = ? "+
		"ORDER BY o_id DESC LIMIT 1"),
	opOrder: sqlrun.Read("order", "SELECT orders.*, customer.*, cc_xacts.cx_type, ship.addr_street1 AS ship_addr_street1, "+
		"ship.addr_street2 AS ship_addr_street2, ship.addr_state AS ship_addr_state, ship.addr_zip AS ship_addr_zip, ship_co.co_name AS ship_co_name, "+
		"bill.addr_street1 AS bill_addr_street1, bill.addr_street2 AS bill_addr_street2, bill.addr_state AS bill_addr_state, "+
		"bill.addr_zip AS bill_addr_zip, bill_co.co_name AS bill_co_name "+
		"FROM customer, orders, cc_xacts, address ship, country ship_co, address bill, country bill_co "+
		"WHERE orders.o_id = ? AND cx_o_id = orders.o_id AND customer.c_id = orders.o_c_id AND orders.o_bill_addr_id = bill.addr_id "+
		"AND bill.addr_co_id = bill_co.co_id AND orders.o_ship_addr_id = ship.addr_id AND ship.addr_co_id = ship_co.co_id "+
		"AND orders.o_c_id = customer.c_id"),
	opOrderLines: sqlrun.Read("order_lines", "SELECT * FROM order_line, item WHERE ol_o_id = ? AND ol_i_id = i_id"),

	opAdminUpdate: sqlrun.Write("admin_item_update", "UPDATE item SET i_cost = ?, i_image = ?, i_thumbnail = ?, i_pub_date = ? WHERE i_id = ?"),
	opAdminRelated: sqlrun.Read("admin_related", "SELECT ol_i_id FROM orders, order_line WHERE orders.o_id = order_line.ol_o_id "+
		"AND NOT (order_line.ol_i_id = ?) AND orders.o_c_id IN (SELECT o_c_id FROM orders, order_line WHERE orders.o_id = order_line.ol_o_id "+
		"AND orders.o_id > (SELECT MAX(o_id) - 10000 FROM orders) AND order_line.ol_i_id = ?) GROUP BY ol_i_id ORDER BY SUM(ol_qty) DESC LIMIT 5"),
	opAdminRelatedUpdate: sqlrun.Write("admin_related_update", "UPDATE item SET i_related1 = ?, i_related2 = ?, i_related3 = ?, i_related4 = ?, "+
		"i_related5 = ? WHERE i_id = ?"),
}}

// rewrite writes a statement for dialect d: its markers and its LIMITs.
func rewrite(d *sqldb.Dialect, s string) string {
	return d.RewriteLimits(strings.NewReplacer(forUpdate, d.ForUpdate, lockHint, d.LockHint, itemAuthor, selectList(tItem, tAuthor),
		authorItem, selectList(tAuthor, tItem), cartItem, selectList(tShoppingCartLine, tItem)).Replace(s))
}
