package bookstore

import (
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// table is one of the ten tables of TPC-W chapter 1 (TPCW_Populate's
// CREATE TABLEs): its columns, its primary key, its auto-increment id
// column if it has one (new customers, addresses, orders and carts take
// their ids from the database's sequence, never from MAX()+1), and the
// secondary indexes the reference builds after the load.
type table struct {
	name    string
	columns [][2]string
	key     []string
	serial  string
	indexes []string // one column each
}

// Type placeholders replaced by the dialect's.
const (
	tsType     = "{ts}"     // the dialect's timestamp: dates are timestamps too
	serialType = "{serial}" // the dialect's auto-increment integer
)

// tables are in load order; cleanup drops them in reverse.
var tables = []table{
	{name: "country", key: []string{"co_id"}, indexes: []string{"co_name"}, columns: [][2]string{
		{"co_id", "INTEGER NOT NULL"}, {"co_name", "VARCHAR(50)"}, {"co_exchange", "DOUBLE PRECISION"}, {"co_currency", "VARCHAR(18)"}}},
	{name: "author", key: []string{"a_id"}, indexes: []string{"a_lname"}, columns: [][2]string{
		{"a_id", "INTEGER NOT NULL"}, {"a_fname", "VARCHAR(20)"}, {"a_lname", "VARCHAR(20)"}, {"a_mname", "VARCHAR(20)"},
		{"a_dob", tsType}, {"a_bio", "VARCHAR(500)"}}},
	{name: "item", key: []string{"i_id"}, indexes: []string{"i_title", "i_subject", "i_a_id"}, columns: [][2]string{
		{"i_id", "INTEGER NOT NULL"}, {"i_title", "VARCHAR(60)"}, {"i_a_id", "INTEGER"}, {"i_pub_date", tsType},
		{"i_publisher", "VARCHAR(60)"}, {"i_subject", "VARCHAR(60)"}, {"i_desc", "VARCHAR(500)"},
		{"i_related1", "INTEGER"}, {"i_related2", "INTEGER"}, {"i_related3", "INTEGER"}, {"i_related4", "INTEGER"}, {"i_related5", "INTEGER"},
		{"i_thumbnail", "VARCHAR(40)"}, {"i_image", "VARCHAR(40)"}, {"i_srp", "DECIMAL(15,2)"}, {"i_cost", "DECIMAL(15,2)"},
		{"i_avail", tsType}, {"i_stock", "INTEGER"}, {"i_isbn", "CHAR(13)"}, {"i_page", "INTEGER"}, {"i_backing", "VARCHAR(15)"},
		{"i_dimensions", "VARCHAR(25)"}}},
	{name: "address", key: []string{"addr_id"}, serial: "addr_id", indexes: []string{"addr_co_id", "addr_zip"}, columns: [][2]string{
		{"addr_id", serialType}, {"addr_street1", "VARCHAR(40)"}, {"addr_street2", "VARCHAR(40)"}, {"addr_city", "VARCHAR(30)"},
		{"addr_state", "VARCHAR(20)"}, {"addr_zip", "VARCHAR(10)"}, {"addr_co_id", "INTEGER"}}},
	{name: "customer", key: []string{"c_id"}, serial: "c_id", indexes: []string{"c_addr_id", "c_uname"}, columns: [][2]string{
		{"c_id", serialType}, {"c_uname", "VARCHAR(20)"}, {"c_passwd", "VARCHAR(20)"}, {"c_fname", "VARCHAR(17)"}, {"c_lname", "VARCHAR(17)"},
		{"c_addr_id", "INTEGER"}, {"c_phone", "VARCHAR(18)"}, {"c_email", "VARCHAR(50)"}, {"c_since", tsType}, {"c_last_login", tsType},
		{"c_login", tsType}, {"c_expiration", tsType}, {"c_discount", "DECIMAL(5,2)"}, {"c_balance", "DECIMAL(15,2)"},
		{"c_ytd_pmt", "DECIMAL(15,2)"}, {"c_birthdate", tsType}, {"c_data", "VARCHAR(500)"}}},
	{name: "orders", key: []string{"o_id"}, serial: "o_id", indexes: []string{"o_c_id"}, columns: [][2]string{
		{"o_id", serialType}, {"o_c_id", "INTEGER"}, {"o_date", tsType}, {"o_sub_total", "DECIMAL(15,2)"}, {"o_tax", "DECIMAL(15,2)"},
		{"o_total", "DECIMAL(15,2)"}, {"o_ship_type", "VARCHAR(10)"}, {"o_ship_date", tsType}, {"o_bill_addr_id", "INTEGER"},
		{"o_ship_addr_id", "INTEGER"}, {"o_status", "VARCHAR(15)"}}},
	{name: "order_line", key: []string{"ol_id", "ol_o_id"}, indexes: []string{"ol_i_id", "ol_o_id"}, columns: [][2]string{
		{"ol_id", "INTEGER NOT NULL"}, {"ol_o_id", "INTEGER NOT NULL"}, {"ol_i_id", "INTEGER"}, {"ol_qty", "INTEGER"},
		{"ol_discount", "DECIMAL(5,2)"}, {"ol_comments", "VARCHAR(110)"}}},
	{name: "cc_xacts", key: []string{"cx_o_id"}, columns: [][2]string{
		{"cx_o_id", "INTEGER NOT NULL"}, {"cx_type", "VARCHAR(10)"}, {"cx_num", "VARCHAR(20)"}, {"cx_name", "VARCHAR(31)"},
		{"cx_expire", tsType}, {"cx_auth_id", "CHAR(15)"}, {"cx_xact_amt", "DECIMAL(15,2)"}, {"cx_xact_date", tsType}, {"cx_co_id", "INTEGER"}}},
	{name: "shopping_cart", key: []string{"sc_id"}, serial: "sc_id", columns: [][2]string{
		{"sc_id", serialType}, {"sc_time", tsType}}},
	{name: "shopping_cart_line", key: []string{"scl_sc_id", "scl_i_id"}, indexes: []string{"scl_i_id"}, columns: [][2]string{
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

// columnNames lists t's columns, in load order.
func (t *table) columnNames() []string {
	names := make([]string, len(t.columns))
	for i, c := range t.columns {
		names[i] = c[0]
	}
	return names
}

// create is t's CREATE TABLE for d. The primary key is inline where it is
// the row's storage order (InnoDB, SQLite, where it also makes an INTEGER
// column the rowid that assigns ids) and added after the load where that
// is faster (d.DeferPrimaryKey: PostgreSQL).
func (t *table) create(d *sqldb.Dialect) string {
	var b strings.Builder
	fmt.Fprintf(&b, "CREATE TABLE %s (\n", d.QuoteIdent(t.name))
	for i, c := range t.columns {
		if i > 0 {
			b.WriteString(",\n")
		}
		typ := c[1]
		switch typ {
		case tsType:
			typ = d.TimestampType()
		case serialType:
			typ = d.SerialInt
		}
		fmt.Fprintf(&b, "  %s %s", c[0], typ)
	}
	if !d.DeferPrimaryKey {
		fmt.Fprintf(&b, ",\n  PRIMARY KEY (%s)", strings.Join(t.key, ", "))
	}
	b.WriteString("\n) ")
	b.WriteString(d.TableOptions)
	return strings.TrimSpace(b.String())
}

// after is what follows t's load: the deferred primary key, the indexes
// of TPCW_Populate.addIndexes, and the sequence of an id column moved past
// the loaded ids.
func (t *table) after(d *sqldb.Dialect) []string {
	var q []string
	if d.DeferPrimaryKey {
		q = append(q, fmt.Sprintf("ALTER TABLE %s ADD PRIMARY KEY (%s)", d.QuoteIdent(t.name), strings.Join(t.key, ", ")))
	}
	for _, col := range t.indexes {
		ops := ""
		if col == "i_title" || col == "a_lname" {
			ops = d.LikeIndexOps // the title and author searches are LIKE 'prefix%'
		}
		q = append(q, fmt.Sprintf("CREATE INDEX %s_%s ON %s (%s%s)", t.name, col, d.QuoteIdent(t.name), col, ops))
	}
	if t.serial != "" {
		if r := d.ResetSerialOf(t.name, t.serial); r != "" {
			q = append(q, r)
		}
	}
	return q
}

// selectList is the columns of the named tables, qualified, in the order
// SELECT * over them gives: the reference's SELECT * with the columns
// spelt out, so that rows read into destinations in a known order.
func selectList(ts ...int) string {
	var cols []string
	for _, t := range ts {
		for _, c := range tables[t].columns {
			cols = append(cols, tables[t].name+"."+c[0])
		}
	}
	return strings.Join(cols, ", ")
}

// columnIndex is the position of column in selectList(ts...), false
// when none of the tables has it.
func columnIndex(column string, ts ...int) (int, bool) {
	i := 0
	for _, t := range ts {
		for _, c := range tables[t].columns {
			if c[0] == column {
				return i, true
			}
			i++
		}
	}
	return 0, false
}
