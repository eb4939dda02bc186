package orderentry

import "github.com/dbgauge/dbgauge/dataset/sqlstore"

// The SOE schema (Swingbench's soedgcreatetables2.sql, soedgconstraints2.sql
// and soedgindexes2.sql) in portable types: NUMBER becomes INTEGER,
// BIGINT or DECIMAL, VARCHAR2 and NVARCHAR2 VARCHAR, DATE and TIMESTAMP the
// dialect's timestamp, warranty_period (an INTERVAL) whole months. Ids the
// run creates (customers, addresses, cards, orders, logons) are the
// dialect's auto-increment column instead of Oracle sequences. Left out:
// the products view (its join is written in the statements), reverse-key
// indexes (plain ones), NOVALIDATE foreign keys (none) and the hints.
// order_items' CONDITION, a reserved word in MySQL, is item_condition.

const (
	ts     = sqlstore.TimestampType
	serial = sqlstore.SerialType
)

// Indexes of tables, in load order.
const (
	tCustomers = iota
	tAddresses
	tCardDetails
	tWarehouses
	tProductInformation
	tProductDescriptions
	tInventories
	tOrders
	tOrderItems
	tLogon
	tMetadata
	numTables
)

var tables = [numTables]sqlstore.Def{
	tCustomers: {Name: "customers", Key: []string{"customer_id"}, Serial: "customer_id",
		Columns: [][2]string{
			{"customer_id", serial}, {"cust_first_name", "VARCHAR(40) NOT NULL"}, {"cust_last_name", "VARCHAR(40) NOT NULL"},
			{"nls_language", "VARCHAR(3)"}, {"nls_territory", "VARCHAR(30)"}, {"credit_limit", "DECIMAL(9,2)"},
			{"cust_email", "VARCHAR(100)"}, {"account_mgr_id", "INTEGER"}, {"customer_since", ts},
			{"customer_class", "VARCHAR(40)"}, {"suggestions", "VARCHAR(40)"}, {"dob", ts}, {"mailshot", "VARCHAR(1)"},
			{"partner_mailshot", "VARCHAR(1)"}, {"preferred_address", "BIGINT"}, {"preferred_card", "BIGINT"}},
		Checks: []string{"credit_limit <= 50000"},
		Indexes: []sqlstore.Index{{Columns: []string{"account_mgr_id"}}, {Columns: []string{"dob"}}, {Columns: []string{"cust_email"}},
			{Name: "customers_lower_names", Columns: []string{"cust_last_name", "cust_first_name"}, Lower: true}}},
	tAddresses: {Name: "addresses", Key: []string{"address_id"}, Serial: "address_id",
		Columns: [][2]string{
			{"address_id", serial}, {"customer_id", "BIGINT NOT NULL"}, {"date_created", ts}, {"house_no_or_name", "VARCHAR(60)"},
			{"street_name", "VARCHAR(60)"}, {"town", "VARCHAR(60)"}, {"county", "VARCHAR(60)"}, {"country", "VARCHAR(60)"},
			{"post_code", "VARCHAR(12)"}, {"zip_code", "VARCHAR(12)"}},
		Indexes: []sqlstore.Index{{Columns: []string{"customer_id"}}}},
	tCardDetails: {Name: "card_details", Key: []string{"card_id"}, Serial: "card_id",
		Columns: [][2]string{
			{"card_id", serial}, {"customer_id", "BIGINT NOT NULL"}, {"card_type", "VARCHAR(30)"}, {"card_number", "BIGINT"},
			{"expiry_date", ts}, {"is_valid", "VARCHAR(1)"}, {"security_code", "INTEGER"}},
		Indexes: []sqlstore.Index{{Columns: []string{"customer_id"}}}},
	tWarehouses: {Name: "warehouses", Key: []string{"warehouse_id"},
		Columns: [][2]string{{"warehouse_id", "INTEGER NOT NULL"}, {"warehouse_name", "VARCHAR(35)"}, {"location_id", "INTEGER"}},
		Indexes: []sqlstore.Index{{Columns: []string{"location_id"}}}},
	tProductInformation: {Name: "product_information", Key: []string{"product_id"},
		Columns: [][2]string{
			{"product_id", "INTEGER NOT NULL"}, {"product_name", "VARCHAR(50)"}, {"product_description", "VARCHAR(2000)"},
			{"category_id", "INTEGER"}, {"weight_class", "INTEGER"}, {"warranty_period", "INTEGER"}, {"supplier_id", "INTEGER"},
			{"product_status", "VARCHAR(20)"}, {"list_price", "DECIMAL(8,2)"}, {"min_price", "DECIMAL(8,2)"}, {"catalog_url", "VARCHAR(50)"}},
		Indexes: []sqlstore.Index{{Columns: []string{"supplier_id"}}, {Columns: []string{"category_id"}}}},
	tProductDescriptions: {Name: "product_descriptions", Key: []string{"product_id", "language_id"},
		Columns: [][2]string{
			{"product_id", "INTEGER NOT NULL"}, {"language_id", "VARCHAR(3) NOT NULL"}, {"translated_name", "VARCHAR(50)"},
			{"translated_description", "VARCHAR(2000)"}},
		Indexes: []sqlstore.Index{{Columns: []string{"translated_name"}}}},
	tInventories: {Name: "inventories", Key: []string{"product_id", "warehouse_id"},
		Columns: [][2]string{{"product_id", "INTEGER NOT NULL"}, {"warehouse_id", "INTEGER NOT NULL"}, {"quantity_on_hand", "INTEGER NOT NULL"}},
		Indexes: []sqlstore.Index{{Columns: []string{"warehouse_id"}}}},
	tOrders: {Name: "orders", Key: []string{"order_id"}, Serial: "order_id",
		Columns: [][2]string{
			{"order_id", serial}, {"order_date", ts}, {"order_mode", "VARCHAR(8)"}, {"customer_id", "BIGINT NOT NULL"},
			{"order_status", "INTEGER"}, {"order_total", "DECIMAL(8,2)"}, {"sales_rep_id", "INTEGER"}, {"promotion_id", "INTEGER"},
			{"warehouse_id", "INTEGER"}, {"delivery_type", "VARCHAR(15)"}, {"cost_of_delivery", "INTEGER"},
			{"wait_till_all_available", "VARCHAR(15)"}, {"delivery_address_id", "BIGINT"}, {"customer_class", "VARCHAR(30)"},
			{"card_id", "BIGINT"}, {"invoice_address_id", "BIGINT"}},
		Checks: []string{"order_mode IN ('direct', 'online')", "order_total >= 0"},
		Indexes: []sqlstore.Index{{Columns: []string{"sales_rep_id"}}, {Columns: []string{"customer_id"}}, {Columns: []string{"order_date"}},
			{Columns: []string{"warehouse_id", "order_status"}}}},
	tOrderItems: {Name: "order_items", Key: []string{"order_id", "line_item_id"},
		Columns: [][2]string{
			{"order_id", "BIGINT NOT NULL"}, {"line_item_id", "INTEGER NOT NULL"}, {"product_id", "INTEGER"}, {"unit_price", "DECIMAL(8,2)"},
			{"quantity", "INTEGER"}, {"dispatch_date", ts}, {"return_date", ts}, {"gift_wrap", "VARCHAR(20)"},
			{"item_condition", "VARCHAR(20)"}, {"supplier_id", "INTEGER"}, {"estimated_delivery", ts}},
		Indexes: []sqlstore.Index{{Columns: []string{"product_id"}}}},
	tLogon: {Name: "logon", Key: []string{"logon_id"}, Serial: "logon_id",
		Columns: [][2]string{{"logon_id", serial}, {"customer_id", "BIGINT NOT NULL"}, {"logon_date", ts}}},
	tMetadata: {Name: "orderentry_metadata", Key: []string{"metadata_key"},
		Columns: [][2]string{{"metadata_key", "VARCHAR(30) NOT NULL"}, {"metadata_value", "VARCHAR(30)"}}},
}
