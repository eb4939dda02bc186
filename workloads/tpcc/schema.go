package tpcc

import "github.com/dbgauge/dbgauge/dataset/sqlstore"

// tsType is the dialect's timestamp type, a placeholder of sqlstore.Def.
const tsType = sqlstore.TimestampType

// tables are in load order; cleanup drops them in reverse.
// Each is one of the nine tables of clause 1.3: the spec's columns and
// types (with the dialect's timestamp), its primary key (none for
// HISTORY, which has none in the spec) and the secondary indexes the
// transactions need, built after the load.
var tables = []sqlstore.Def{
	{Name: "warehouse", Key: []string{"w_id"}, Columns: [][2]string{
		{"w_id", "INTEGER NOT NULL"}, {"w_name", "VARCHAR(10)"}, {"w_street_1", "VARCHAR(20)"}, {"w_street_2", "VARCHAR(20)"},
		{"w_city", "VARCHAR(20)"}, {"w_state", "CHAR(2)"}, {"w_zip", "CHAR(9)"}, {"w_tax", "DECIMAL(4,4)"}, {"w_ytd", "DECIMAL(12,2)"}}},
	{Name: "district", Key: []string{"d_w_id", "d_id"}, Columns: [][2]string{
		{"d_id", "INTEGER NOT NULL"}, {"d_w_id", "INTEGER NOT NULL"}, {"d_name", "VARCHAR(10)"}, {"d_street_1", "VARCHAR(20)"},
		{"d_street_2", "VARCHAR(20)"}, {"d_city", "VARCHAR(20)"}, {"d_state", "CHAR(2)"}, {"d_zip", "CHAR(9)"},
		{"d_tax", "DECIMAL(4,4)"}, {"d_ytd", "DECIMAL(12,2)"}, {"d_next_o_id", "INTEGER"}}},
	{Name: "customer", Key: []string{"c_w_id", "c_d_id", "c_id"}, Indexes: []sqlstore.Index{{Name: "idx_customer_1", Columns: []string{"c_w_id", "c_d_id", "c_last", "c_first"}}},
		Columns: [][2]string{
			{"c_id", "INTEGER NOT NULL"}, {"c_d_id", "INTEGER NOT NULL"}, {"c_w_id", "INTEGER NOT NULL"}, {"c_first", "VARCHAR(16)"},
			{"c_middle", "CHAR(2)"}, {"c_last", "VARCHAR(16)"}, {"c_street_1", "VARCHAR(20)"}, {"c_street_2", "VARCHAR(20)"},
			{"c_city", "VARCHAR(20)"}, {"c_state", "CHAR(2)"}, {"c_zip", "CHAR(9)"}, {"c_phone", "CHAR(16)"}, {"c_since", tsType},
			{"c_credit", "CHAR(2)"}, {"c_credit_lim", "DECIMAL(12,2)"}, {"c_discount", "DECIMAL(4,4)"}, {"c_balance", "DECIMAL(12,2)"},
			{"c_ytd_payment", "DECIMAL(12,2)"}, {"c_payment_cnt", "INTEGER"}, {"c_delivery_cnt", "INTEGER"}, {"c_data", "VARCHAR(500)"}}},
	{Name: "history", Columns: [][2]string{
		{"h_c_id", "INTEGER"}, {"h_c_d_id", "INTEGER"}, {"h_c_w_id", "INTEGER"}, {"h_d_id", "INTEGER"}, {"h_w_id", "INTEGER"},
		{"h_date", tsType}, {"h_amount", "DECIMAL(6,2)"}, {"h_data", "VARCHAR(24)"}}},
	{Name: "new_order", Key: []string{"no_w_id", "no_d_id", "no_o_id"}, Columns: [][2]string{
		{"no_o_id", "INTEGER NOT NULL"}, {"no_d_id", "INTEGER NOT NULL"}, {"no_w_id", "INTEGER NOT NULL"}}},
	{Name: "orders", Key: []string{"o_w_id", "o_d_id", "o_id"}, Indexes: []sqlstore.Index{{Name: "idx_orders_1", Columns: []string{"o_w_id", "o_d_id", "o_c_id", "o_id"}}},
		Columns: [][2]string{
			{"o_id", "INTEGER NOT NULL"}, {"o_d_id", "INTEGER NOT NULL"}, {"o_w_id", "INTEGER NOT NULL"}, {"o_c_id", "INTEGER"},
			{"o_entry_d", tsType}, {"o_carrier_id", "INTEGER"}, {"o_ol_cnt", "INTEGER"}, {"o_all_local", "INTEGER"}}},
	{Name: "order_line", Key: []string{"ol_w_id", "ol_d_id", "ol_o_id", "ol_number"}, Columns: [][2]string{
		{"ol_o_id", "INTEGER NOT NULL"}, {"ol_d_id", "INTEGER NOT NULL"}, {"ol_w_id", "INTEGER NOT NULL"}, {"ol_number", "INTEGER NOT NULL"},
		{"ol_i_id", "INTEGER"}, {"ol_supply_w_id", "INTEGER"}, {"ol_delivery_d", tsType}, {"ol_quantity", "INTEGER"},
		{"ol_amount", "DECIMAL(6,2)"}, {"ol_dist_info", "CHAR(24)"}}},
	{Name: "item", Key: []string{"i_id"}, Columns: [][2]string{
		{"i_id", "INTEGER NOT NULL"}, {"i_im_id", "INTEGER"}, {"i_name", "VARCHAR(24)"}, {"i_price", "DECIMAL(5,2)"}, {"i_data", "VARCHAR(50)"}}},
	{Name: "stock", Key: []string{"s_w_id", "s_i_id"}, Columns: [][2]string{
		{"s_i_id", "INTEGER NOT NULL"}, {"s_w_id", "INTEGER NOT NULL"}, {"s_quantity", "INTEGER"},
		{"s_dist_01", "CHAR(24)"}, {"s_dist_02", "CHAR(24)"}, {"s_dist_03", "CHAR(24)"}, {"s_dist_04", "CHAR(24)"}, {"s_dist_05", "CHAR(24)"},
		{"s_dist_06", "CHAR(24)"}, {"s_dist_07", "CHAR(24)"}, {"s_dist_08", "CHAR(24)"}, {"s_dist_09", "CHAR(24)"}, {"s_dist_10", "CHAR(24)"},
		{"s_ytd", "INTEGER"}, {"s_order_cnt", "INTEGER"}, {"s_remote_cnt", "INTEGER"}, {"s_data", "VARCHAR(50)"}}},
}
