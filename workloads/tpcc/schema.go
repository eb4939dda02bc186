package tpcc

import (
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// table is one of the nine tables of clause 1.3: its columns (name and
// type; the types are the spec's, with the dialect's timestamp), its
// primary key (none for HISTORY, which has none in the spec) and the
// secondary indexes the transactions need, built after the load.
type table struct {
	name    string
	columns [][2]string
	key     []string
	indexes [][]string
}

const tsType = "{ts}" // replaced by the dialect's timestamp type

// tables are in load order; cleanup drops them in reverse.
var tables = []table{
	{name: "warehouse", key: []string{"w_id"}, columns: [][2]string{
		{"w_id", "INTEGER NOT NULL"}, {"w_name", "VARCHAR(10)"}, {"w_street_1", "VARCHAR(20)"}, {"w_street_2", "VARCHAR(20)"},
		{"w_city", "VARCHAR(20)"}, {"w_state", "CHAR(2)"}, {"w_zip", "CHAR(9)"}, {"w_tax", "DECIMAL(4,4)"}, {"w_ytd", "DECIMAL(12,2)"}}},
	{name: "district", key: []string{"d_w_id", "d_id"}, columns: [][2]string{
		{"d_id", "INTEGER NOT NULL"}, {"d_w_id", "INTEGER NOT NULL"}, {"d_name", "VARCHAR(10)"}, {"d_street_1", "VARCHAR(20)"},
		{"d_street_2", "VARCHAR(20)"}, {"d_city", "VARCHAR(20)"}, {"d_state", "CHAR(2)"}, {"d_zip", "CHAR(9)"},
		{"d_tax", "DECIMAL(4,4)"}, {"d_ytd", "DECIMAL(12,2)"}, {"d_next_o_id", "INTEGER"}}},
	{name: "customer", key: []string{"c_w_id", "c_d_id", "c_id"}, indexes: [][]string{{"c_w_id", "c_d_id", "c_last", "c_first"}},
		columns: [][2]string{
			{"c_id", "INTEGER NOT NULL"}, {"c_d_id", "INTEGER NOT NULL"}, {"c_w_id", "INTEGER NOT NULL"}, {"c_first", "VARCHAR(16)"},
			{"c_middle", "CHAR(2)"}, {"c_last", "VARCHAR(16)"}, {"c_street_1", "VARCHAR(20)"}, {"c_street_2", "VARCHAR(20)"},
			{"c_city", "VARCHAR(20)"}, {"c_state", "CHAR(2)"}, {"c_zip", "CHAR(9)"}, {"c_phone", "CHAR(16)"}, {"c_since", tsType},
			{"c_credit", "CHAR(2)"}, {"c_credit_lim", "DECIMAL(12,2)"}, {"c_discount", "DECIMAL(4,4)"}, {"c_balance", "DECIMAL(12,2)"},
			{"c_ytd_payment", "DECIMAL(12,2)"}, {"c_payment_cnt", "INTEGER"}, {"c_delivery_cnt", "INTEGER"}, {"c_data", "VARCHAR(500)"}}},
	{name: "history", columns: [][2]string{
		{"h_c_id", "INTEGER"}, {"h_c_d_id", "INTEGER"}, {"h_c_w_id", "INTEGER"}, {"h_d_id", "INTEGER"}, {"h_w_id", "INTEGER"},
		{"h_date", tsType}, {"h_amount", "DECIMAL(6,2)"}, {"h_data", "VARCHAR(24)"}}},
	{name: "new_order", key: []string{"no_w_id", "no_d_id", "no_o_id"}, columns: [][2]string{
		{"no_o_id", "INTEGER NOT NULL"}, {"no_d_id", "INTEGER NOT NULL"}, {"no_w_id", "INTEGER NOT NULL"}}},
	{name: "orders", key: []string{"o_w_id", "o_d_id", "o_id"}, indexes: [][]string{{"o_w_id", "o_d_id", "o_c_id", "o_id"}},
		columns: [][2]string{
			{"o_id", "INTEGER NOT NULL"}, {"o_d_id", "INTEGER NOT NULL"}, {"o_w_id", "INTEGER NOT NULL"}, {"o_c_id", "INTEGER"},
			{"o_entry_d", tsType}, {"o_carrier_id", "INTEGER"}, {"o_ol_cnt", "INTEGER"}, {"o_all_local", "INTEGER"}}},
	{name: "order_line", key: []string{"ol_w_id", "ol_d_id", "ol_o_id", "ol_number"}, columns: [][2]string{
		{"ol_o_id", "INTEGER NOT NULL"}, {"ol_d_id", "INTEGER NOT NULL"}, {"ol_w_id", "INTEGER NOT NULL"}, {"ol_number", "INTEGER NOT NULL"},
		{"ol_i_id", "INTEGER"}, {"ol_supply_w_id", "INTEGER"}, {"ol_delivery_d", tsType}, {"ol_quantity", "INTEGER"},
		{"ol_amount", "DECIMAL(6,2)"}, {"ol_dist_info", "CHAR(24)"}}},
	{name: "item", key: []string{"i_id"}, columns: [][2]string{
		{"i_id", "INTEGER NOT NULL"}, {"i_im_id", "INTEGER"}, {"i_name", "VARCHAR(24)"}, {"i_price", "DECIMAL(5,2)"}, {"i_data", "VARCHAR(50)"}}},
	{name: "stock", key: []string{"s_w_id", "s_i_id"}, columns: [][2]string{
		{"s_i_id", "INTEGER NOT NULL"}, {"s_w_id", "INTEGER NOT NULL"}, {"s_quantity", "INTEGER"},
		{"s_dist_01", "CHAR(24)"}, {"s_dist_02", "CHAR(24)"}, {"s_dist_03", "CHAR(24)"}, {"s_dist_04", "CHAR(24)"}, {"s_dist_05", "CHAR(24)"},
		{"s_dist_06", "CHAR(24)"}, {"s_dist_07", "CHAR(24)"}, {"s_dist_08", "CHAR(24)"}, {"s_dist_09", "CHAR(24)"}, {"s_dist_10", "CHAR(24)"},
		{"s_ytd", "INTEGER"}, {"s_order_cnt", "INTEGER"}, {"s_remote_cnt", "INTEGER"}, {"s_data", "VARCHAR(50)"}}},
}

// columnNames lists t's columns, in load order.
func (t *table) columnNames() []string {
	names := make([]string, len(t.columns))
	for i, c := range t.columns {
		names[i] = c[0]
	}
	return names
}

// create is t's CREATE TABLE for d. The primary key is inline where it is
// the row's storage order (InnoDB, SQLite) and added after the load where
// that is faster (d.DeferPrimaryKey: PostgreSQL, as pgbench -i does).
func (t *table) create(d *sqldb.Dialect) string {
	var b strings.Builder
	fmt.Fprintf(&b, "CREATE TABLE %s (\n", d.QuoteIdent(t.name))
	for i, c := range t.columns {
		if i > 0 {
			b.WriteString(",\n")
		}
		typ := c[1]
		if typ == tsType {
			typ = d.TimestampType()
		}
		fmt.Fprintf(&b, "  %s %s", c[0], typ)
	}
	if len(t.key) > 0 && !d.DeferPrimaryKey {
		fmt.Fprintf(&b, ",\n  PRIMARY KEY (%s)", strings.Join(t.key, ", "))
	}
	b.WriteString("\n) ")
	b.WriteString(d.TableOptions)
	return strings.TrimSpace(b.String())
}

// after is what follows t's load: the deferred primary key and the
// secondary indexes.
func (t *table) after(d *sqldb.Dialect) []string {
	var q []string
	if len(t.key) > 0 && d.DeferPrimaryKey {
		q = append(q, fmt.Sprintf("ALTER TABLE %s ADD PRIMARY KEY (%s)", d.QuoteIdent(t.name), strings.Join(t.key, ", ")))
	}
	for i, cols := range t.indexes {
		q = append(q, fmt.Sprintf("CREATE INDEX idx_%s_%d ON %s (%s)", t.name, i+1, d.QuoteIdent(t.name), strings.Join(cols, ", ")))
	}
	return q
}
