package bookstore

import (
	"strings"

	"github.com/dbgauge/dbgauge/dataset/sqlstore"
)

// tsType and serialType are the type placeholders of sqlstore.Def: the
// dialect's timestamp (dates are timestamps too) and its auto-increment
// integer (new customers, addresses, orders and carts take their ids from
// the database's sequence, never from MAX()+1).
const (
	tsType     = sqlstore.TimestampType
	serialType = sqlstore.SerialType
)

// tables are in load order; cleanup drops them in reverse. Each is one of
// the ten tables of TPC-W chapter 1 (TPCW_Populate's CREATE
// TABLEs) with the secondary indexes TPCW_Populate.addIndexes builds after
// the load; the title and author searches are LIKE 'prefix%'.
var tables = []sqlstore.Def{
	{Name: "country", Key: []string{"co_id"}, Indexes: []sqlstore.Index{{Columns: []string{"co_name"}}}, Columns: [][2]string{
		{"co_id", "INTEGER NOT NULL"}, {"co_name", "VARCHAR(50)"}, {"co_exchange", "DOUBLE PRECISION"}, {"co_currency", "VARCHAR(18)"}}},
	{Name: "author", Key: []string{"a_id"}, Indexes: []sqlstore.Index{{Columns: []string{"a_lname"}, Like: true}}, Columns: [][2]string{
		{"a_id", "INTEGER NOT NULL"}, {"a_fname", "VARCHAR(20)"}, {"a_lname", "VARCHAR(20)"}, {"a_mname", "VARCHAR(20)"},
		{"a_dob", tsType}, {"a_bio", "VARCHAR(500)"}}},
	{Name: "item", Key: []string{"i_id"}, Indexes: []sqlstore.Index{{Columns: []string{"i_title"}, Like: true}, {Columns: []string{"i_subject"}}, {Columns: []string{"i_a_id"}}}, Columns: [][2]string{
		{"i_id", "INTEGER NOT NULL"}, {"i_title", "VARCHAR(60)"}, {"i_a_id", "INTEGER"}, {"i_pub_date", tsType},
		{"i_publisher", "VARCHAR(60)"}, {"i_subject", "VARCHAR(60)"}, {"i_desc", "VARCHAR(500)"},
		{"i_related1", "INTEGER"}, {"i_related2", "INTEGER"}, {"i_related3", "INTEGER"}, {"i_related4", "INTEGER"}, {"i_related5", "INTEGER"},
		{"i_thumbnail", "VARCHAR(40)"}, {"i_image", "VARCHAR(40)"}, {"i_srp", "DECIMAL(15,2)"}, {"i_cost", "DECIMAL(15,2)"},
		{"i_avail", tsType}, {"i_stock", "INTEGER"}, {"i_isbn", "CHAR(13)"}, {"i_page", "INTEGER"}, {"i_backing", "VARCHAR(15)"},
		{"i_dimensions", "VARCHAR(25)"}}},
	{Name: "address", Key: []string{"addr_id"}, Serial: "addr_id", Indexes: []sqlstore.Index{{Columns: []string{"addr_co_id"}}, {Columns: []string{"addr_zip"}}}, Columns: [][2]string{
		{"addr_id", serialType}, {"addr_street1", "VARCHAR(40)"}, {"addr_street2", "VARCHAR(40)"}, {"addr_city", "VARCHAR(30)"},
		{"addr_state", "VARCHAR(20)"}, {"addr_zip", "VARCHAR(10)"}, {"addr_co_id", "INTEGER"}}},
	{Name: "customer", Key: []string{"c_id"}, Serial: "c_id", Indexes: []sqlstore.Index{{Columns: []string{"c_addr_id"}}, {Columns: []string{"c_uname"}}}, Columns: [][2]string{
		{"c_id", serialType}, {"c_uname", "VARCHAR(20)"}, {"c_passwd", "VARCHAR(20)"}, {"c_fname", "VARCHAR(17)"}, {"c_lname", "VARCHAR(17)"},
		{"c_addr_id", "INTEGER"}, {"c_phone", "VARCHAR(18)"}, {"c_email", "VARCHAR(50)"}, {"c_since", tsType}, {"c_last_login", tsType},
		{"c_login", tsType}, {"c_expiration", tsType}, {"c_discount", "DECIMAL(5,2)"}, {"c_balance", "DECIMAL(15,2)"},
		{"c_ytd_pmt", "DECIMAL(15,2)"}, {"c_birthdate", tsType}, {"c_data", "VARCHAR(500)"}}},
	{Name: "orders", Key: []string{"o_id"}, Serial: "o_id", Indexes: []sqlstore.Index{{Columns: []string{"o_c_id"}}}, Columns: [][2]string{
		{"o_id", serialType}, {"o_c_id", "INTEGER"}, {"o_date", tsType}, {"o_sub_total", "DECIMAL(15,2)"}, {"o_tax", "DECIMAL(15,2)"},
		{"o_total", "DECIMAL(15,2)"}, {"o_ship_type", "VARCHAR(10)"}, {"o_ship_date", tsType}, {"o_bill_addr_id", "INTEGER"},
		{"o_ship_addr_id", "INTEGER"}, {"o_status", "VARCHAR(15)"}}},
	{Name: "order_line", Key: []string{"ol_id", "ol_o_id"}, Indexes: []sqlstore.Index{{Columns: []string{"ol_i_id"}}, {Columns: []string{"ol_o_id"}}}, Columns: [][2]string{
		{"ol_id", "INTEGER NOT NULL"}, {"ol_o_id", "INTEGER NOT NULL"}, {"ol_i_id", "INTEGER"}, {"ol_qty", "INTEGER"},
		{"ol_discount", "DECIMAL(5,2)"}, {"ol_comments", "VARCHAR(110)"}}},
	{Name: "cc_xacts", Key: []string{"cx_o_id"}, Columns: [][2]string{
		{"cx_o_id", "INTEGER NOT NULL"}, {"cx_type", "VARCHAR(10)"}, {"cx_num", "VARCHAR(20)"}, {"cx_name", "VARCHAR(31)"},
		{"cx_expire", tsType}, {"cx_auth_id", "CHAR(15)"}, {"cx_xact_amt", "DECIMAL(15,2)"}, {"cx_xact_date", tsType}, {"cx_co_id", "INTEGER"}}},
	{Name: "shopping_cart", Key: []string{"sc_id"}, Serial: "sc_id", Columns: [][2]string{
		{"sc_id", serialType}, {"sc_time", tsType}}},
	{Name: "shopping_cart_line", Key: []string{"scl_sc_id", "scl_i_id"}, Indexes: []sqlstore.Index{{Columns: []string{"scl_i_id"}}}, Columns: [][2]string{
		{"scl_sc_id", "INTEGER NOT NULL"}, {"scl_qty", "INTEGER"}, {"scl_i_id", "INTEGER NOT NULL"}}},
}

// Indexes of tables, in its order.
const (
	tCountry = iota
	tAuthor
	tItem
	tAddress
	tCustomer
	tOrders
	tOrderLine
	tCCXacts
	tShoppingCart
	tShoppingCartLine
)

// selectList is the columns of the named tables, qualified, in the order
// SELECT * over them gives: the reference's SELECT * with the columns
// spelt out, so that rows read into destinations in a known order.
func selectList(ts ...int) string {
	var cols []string
	for _, t := range ts {
		for _, c := range tables[t].Columns {
			cols = append(cols, tables[t].Name+"."+c[0])
		}
	}
	return strings.Join(cols, ", ")
}

// columnIndex is the position of column in selectList(ts...), false
// when none of the tables has it.
func columnIndex(column string, ts ...int) (int, bool) {
	i := 0
	for _, t := range ts {
		for _, c := range tables[t].Columns {
			if c[0] == column {
				return i, true
			}
			i++
		}
	}
	return 0, false
}
