-- orderentry on postgres: the SQL dbgauge sends (workloads/internal/sqlgolden).

-- prepare
SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp TEXT NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES ($1, $2);
DROP TABLE IF EXISTS "orderentry_metadata";
DROP TABLE IF EXISTS "logon";
DROP TABLE IF EXISTS "order_items";
DROP TABLE IF EXISTS "orders";
DROP TABLE IF EXISTS "inventories";
DROP TABLE IF EXISTS "product_descriptions";
DROP TABLE IF EXISTS "product_information";
DROP TABLE IF EXISTS "warehouses";
DROP TABLE IF EXISTS "card_details";
DROP TABLE IF EXISTS "addresses";
DROP TABLE IF EXISTS "customers";
CREATE TABLE "customers" (
  customer_id SERIAL,
  cust_first_name VARCHAR(40) NOT NULL,
  cust_last_name VARCHAR(40) NOT NULL,
  nls_language VARCHAR(3),
  nls_territory VARCHAR(30),
  credit_limit DECIMAL(9,2),
  cust_email VARCHAR(100),
  account_mgr_id INTEGER,
  customer_since TIMESTAMP,
  customer_class VARCHAR(40),
  suggestions VARCHAR(40),
  dob TIMESTAMP,
  mailshot VARCHAR(1),
  partner_mailshot VARCHAR(1),
  preferred_address BIGINT,
  preferred_card BIGINT,
  CHECK (credit_limit <= 50000)
);
CREATE TABLE "addresses" (
  address_id SERIAL,
  customer_id BIGINT NOT NULL,
  date_created TIMESTAMP,
  house_no_or_name VARCHAR(60),
  street_name VARCHAR(60),
  town VARCHAR(60),
  county VARCHAR(60),
  country VARCHAR(60),
  post_code VARCHAR(12),
  zip_code VARCHAR(12)
);
CREATE TABLE "card_details" (
  card_id SERIAL,
  customer_id BIGINT NOT NULL,
  card_type VARCHAR(30),
  card_number BIGINT,
  expiry_date TIMESTAMP,
  is_valid VARCHAR(1),
  security_code INTEGER
);
CREATE TABLE "warehouses" (
  warehouse_id INTEGER NOT NULL,
  warehouse_name VARCHAR(35),
  location_id INTEGER
);
CREATE TABLE "product_information" (
  product_id INTEGER NOT NULL,
  product_name VARCHAR(50),
  product_description VARCHAR(2000),
  category_id INTEGER,
  weight_class INTEGER,
  warranty_period INTEGER,
  supplier_id INTEGER,
  product_status VARCHAR(20),
  list_price DECIMAL(8,2),
  min_price DECIMAL(8,2),
  catalog_url VARCHAR(50)
);
CREATE TABLE "product_descriptions" (
  product_id INTEGER NOT NULL,
  language_id VARCHAR(3) NOT NULL,
  translated_name VARCHAR(50),
  translated_description VARCHAR(2000)
);
CREATE TABLE "inventories" (
  product_id INTEGER NOT NULL,
  warehouse_id INTEGER NOT NULL,
  quantity_on_hand INTEGER NOT NULL
);
CREATE TABLE "orders" (
  order_id SERIAL,
  order_date TIMESTAMP,
  order_mode VARCHAR(8),
  customer_id BIGINT NOT NULL,
  order_status INTEGER,
  order_total DECIMAL(8,2),
  sales_rep_id INTEGER,
  promotion_id INTEGER,
  warehouse_id INTEGER,
  delivery_type VARCHAR(15),
  cost_of_delivery INTEGER,
  wait_till_all_available VARCHAR(15),
  delivery_address_id BIGINT,
  customer_class VARCHAR(30),
  card_id BIGINT,
  invoice_address_id BIGINT,
  CHECK (order_mode IN ('direct', 'online')),
  CHECK (order_total >= 0)
);
CREATE TABLE "order_items" (
  order_id BIGINT NOT NULL,
  line_item_id INTEGER NOT NULL,
  product_id INTEGER,
  unit_price DECIMAL(8,2),
  quantity INTEGER,
  dispatch_date TIMESTAMP,
  return_date TIMESTAMP,
  gift_wrap VARCHAR(20),
  item_condition VARCHAR(20),
  supplier_id INTEGER,
  estimated_delivery TIMESTAMP
);
CREATE TABLE "logon" (
  logon_id SERIAL,
  customer_id BIGINT NOT NULL,
  logon_date TIMESTAMP
);
CREATE TABLE "orderentry_metadata" (
  metadata_key VARCHAR(30) NOT NULL,
  metadata_value VARCHAR(30)
);
-- load customers (customer_id, cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot, preferred_address, preferred_card): the driver's bulk loader, else
INSERT INTO "customers" (customer_id, cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot, preferred_address, preferred_card) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16),($17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31,$32);
-- load addresses (address_id, customer_id, date_created, house_no_or_name, street_name, town, county, country, post_code, zip_code): the driver's bulk loader, else
INSERT INTO "addresses" (address_id, customer_id, date_created, house_no_or_name, street_name, town, county, country, post_code, zip_code) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10),($11,$12,$13,$14,$15,$16,$17,$18,$19,$20);
-- load card_details (card_id, customer_id, card_type, card_number, expiry_date, is_valid, security_code): the driver's bulk loader, else
INSERT INTO "card_details" (card_id, customer_id, card_type, card_number, expiry_date, is_valid, security_code) VALUES ($1,$2,$3,$4,$5,$6,$7),($8,$9,$10,$11,$12,$13,$14);
-- load warehouses (warehouse_id, warehouse_name, location_id): the driver's bulk loader, else
INSERT INTO "warehouses" (warehouse_id, warehouse_name, location_id) VALUES ($1,$2,$3),($4,$5,$6);
-- load product_information (product_id, product_name, product_description, category_id, weight_class, warranty_period, supplier_id, product_status, list_price, min_price, catalog_url): the driver's bulk loader, else
INSERT INTO "product_information" (product_id, product_name, product_description, category_id, weight_class, warranty_period, supplier_id, product_status, list_price, min_price, catalog_url) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11),($12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22);
-- load product_descriptions (product_id, language_id, translated_name, translated_description): the driver's bulk loader, else
INSERT INTO "product_descriptions" (product_id, language_id, translated_name, translated_description) VALUES ($1,$2,$3,$4),($5,$6,$7,$8);
-- load inventories (product_id, warehouse_id, quantity_on_hand): the driver's bulk loader, else
INSERT INTO "inventories" (product_id, warehouse_id, quantity_on_hand) VALUES ($1,$2,$3),($4,$5,$6);
-- load orders (order_id, order_date, order_mode, customer_id, order_status, order_total, sales_rep_id, promotion_id, warehouse_id, delivery_type, cost_of_delivery, wait_till_all_available, delivery_address_id, customer_class, card_id, invoice_address_id): the driver's bulk loader, else
INSERT INTO "orders" (order_id, order_date, order_mode, customer_id, order_status, order_total, sales_rep_id, promotion_id, warehouse_id, delivery_type, cost_of_delivery, wait_till_all_available, delivery_address_id, customer_class, card_id, invoice_address_id) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16),($17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31,$32);
-- load order_items (order_id, line_item_id, product_id, unit_price, quantity, dispatch_date, return_date, gift_wrap, item_condition, supplier_id, estimated_delivery): the driver's bulk loader, else
INSERT INTO "order_items" (order_id, line_item_id, product_id, unit_price, quantity, dispatch_date, return_date, gift_wrap, item_condition, supplier_id, estimated_delivery) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11),($12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22);
-- load logon (logon_id, customer_id, logon_date): the driver's bulk loader, else
INSERT INTO "logon" (logon_id, customer_id, logon_date) VALUES ($1,$2,$3),($4,$5,$6);
-- load orderentry_metadata (metadata_key, metadata_value): the driver's bulk loader, else
INSERT INTO "orderentry_metadata" (metadata_key, metadata_value) VALUES ($1,$2),($3,$4);
SET maintenance_work_mem = '256MB';
ALTER TABLE "customers" ADD PRIMARY KEY (customer_id);
CREATE INDEX customers_account_mgr_id ON "customers" (account_mgr_id);
CREATE INDEX customers_dob ON "customers" (dob);
CREATE INDEX customers_cust_email ON "customers" (cust_email);
CREATE INDEX customers_lower_names ON "customers" ((lower(cust_last_name)), (lower(cust_first_name)));
SELECT setval(pg_get_serial_sequence('customers', 'customer_id'), COALESCE((SELECT MAX(customer_id) FROM customers), 0) + 1, false);
ANALYZE "customers";
ALTER TABLE "addresses" ADD PRIMARY KEY (address_id);
CREATE INDEX addresses_customer_id ON "addresses" (customer_id);
SELECT setval(pg_get_serial_sequence('addresses', 'address_id'), COALESCE((SELECT MAX(address_id) FROM addresses), 0) + 1, false);
ANALYZE "addresses";
ALTER TABLE "card_details" ADD PRIMARY KEY (card_id);
CREATE INDEX card_details_customer_id ON "card_details" (customer_id);
SELECT setval(pg_get_serial_sequence('card_details', 'card_id'), COALESCE((SELECT MAX(card_id) FROM card_details), 0) + 1, false);
ANALYZE "card_details";
ALTER TABLE "warehouses" ADD PRIMARY KEY (warehouse_id);
CREATE INDEX warehouses_location_id ON "warehouses" (location_id);
ANALYZE "warehouses";
ALTER TABLE "product_information" ADD PRIMARY KEY (product_id);
CREATE INDEX product_information_supplier_id ON "product_information" (supplier_id);
CREATE INDEX product_information_category_id ON "product_information" (category_id);
ANALYZE "product_information";
ALTER TABLE "product_descriptions" ADD PRIMARY KEY (product_id, language_id);
CREATE INDEX product_descriptions_translated_name ON "product_descriptions" (translated_name);
ANALYZE "product_descriptions";
ALTER TABLE "inventories" ADD PRIMARY KEY (product_id, warehouse_id);
CREATE INDEX inventories_warehouse_id ON "inventories" (warehouse_id);
ANALYZE "inventories";
ALTER TABLE "orders" ADD PRIMARY KEY (order_id);
CREATE INDEX orders_sales_rep_id ON "orders" (sales_rep_id);
CREATE INDEX orders_customer_id ON "orders" (customer_id);
CREATE INDEX orders_order_date ON "orders" (order_date);
CREATE INDEX orders_warehouse_id_order_status ON "orders" (warehouse_id, order_status);
SELECT setval(pg_get_serial_sequence('orders', 'order_id'), COALESCE((SELECT MAX(order_id) FROM orders), 0) + 1, false);
ANALYZE "orders";
ALTER TABLE "order_items" ADD PRIMARY KEY (order_id, line_item_id);
CREATE INDEX order_items_product_id ON "order_items" (product_id);
ANALYZE "order_items";
ALTER TABLE "logon" ADD PRIMARY KEY (logon_id);
SELECT setval(pg_get_serial_sequence('logon', 'logon_id'), COALESCE((SELECT MAX(logon_id) FROM logon), 0) + 1, false);
ANALYZE "logon";
ALTER TABLE "orderentry_metadata" ADD PRIMARY KEY (metadata_key);
ANALYZE "orderentry_metadata";

-- session: the measured statements
BEGIN;
COMMIT;
ROLLBACK;
INSERT INTO logon (customer_id, logon_date) VALUES ($1, $2);
SELECT customer_id, cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot, preferred_address, preferred_card FROM customers WHERE customer_id = $1 LIMIT 4;
SELECT address_id, customer_id, date_created, house_no_or_name, street_name, town, county, country, post_code, zip_code FROM addresses WHERE customer_id = $1 LIMIT 4;
SELECT card_id, customer_id, card_type, card_number, expiry_date, is_valid, security_code FROM card_details WHERE customer_id = $1 LIMIT 4;
INSERT INTO customers (cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING customer_id;
INSERT INTO addresses (customer_id, date_created, house_no_or_name, street_name, town, county, country, post_code, zip_code) VALUES ($1, $2, $3, 'Street Name', $4, $5, $6, 'Postcode', NULL) RETURNING address_id;
INSERT INTO card_details (customer_id, card_type, card_number, expiry_date, is_valid, security_code) VALUES ($1, $2, $3, $4, $5, $6) RETURNING card_id;
UPDATE customers SET preferred_address = $1, preferred_card = $2 WHERE customer_id = $3;
SELECT customer_id, cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot, preferred_address, preferred_card FROM customers WHERE lower(cust_last_name) = lower($1) AND lower(cust_first_name) = lower($2) LIMIT 4;
UPDATE customers SET preferred_address = $1 WHERE customer_id = $2;
SELECT p.product_id, COALESCE(d.translated_name, p.product_name), COALESCE(d.translated_description, p.product_description), p.category_id, p.weight_class, p.warranty_period, p.supplier_id, p.product_status, p.list_price, p.min_price, p.catalog_url, i.quantity_on_hand FROM product_information p LEFT JOIN product_descriptions d ON d.product_id = p.product_id AND d.language_id = 'US' JOIN inventories i ON i.product_id = p.product_id WHERE p.product_id = $1 LIMIT 14;
SELECT p.product_id, COALESCE(d.translated_name, p.product_name), COALESCE(d.translated_description, p.product_description), p.category_id, p.weight_class, p.warranty_period, p.supplier_id, p.product_status, p.list_price, p.min_price, p.catalog_url, i.quantity_on_hand FROM product_information p LEFT JOIN product_descriptions d ON d.product_id = p.product_id AND d.language_id = 'US' JOIN inventories i ON i.product_id = p.product_id WHERE p.category_id = $1 AND i.warehouse_id = $2 LIMIT 3;
INSERT INTO orders (order_date, customer_id, warehouse_id, delivery_type, cost_of_delivery, wait_till_all_available) VALUES ($1, $2, $3, 'Standard', $4, 'ship_asap') RETURNING order_id;
INSERT INTO order_items (order_id, line_item_id, product_id, unit_price, quantity, gift_wrap, item_condition, estimated_delivery) VALUES ($1, $2, $3, $4, $5, 'None', 'New', $6);
UPDATE orders SET order_mode = 'online', order_status = $1, order_total = $2 WHERE order_id = $3;
UPDATE inventories SET quantity_on_hand = quantity_on_hand - $1 WHERE product_id = $2 AND warehouse_id = $3;
WITH need_to_process AS (SELECT order_id, order_mode, order_status, order_total, sales_rep_id, promotion_id, customer_id, order_date FROM orders WHERE order_status <= 4 AND warehouse_id = $1 LIMIT 9) SELECT o.order_id, oi.line_item_id, oi.product_id, oi.unit_price, oi.quantity, o.order_mode, o.order_status, o.order_total, o.sales_rep_id, o.promotion_id, c.customer_id, c.cust_first_name, c.cust_last_name, c.credit_limit, c.cust_email, o.order_date FROM need_to_process o JOIN customers c ON c.customer_id = o.customer_id LEFT JOIN order_items oi ON oi.order_id = o.order_id;
UPDATE orders SET order_status = $1 WHERE order_id = $2;
SELECT order_id, order_date, order_mode, customer_id, order_status, order_total, sales_rep_id, promotion_id, warehouse_id, delivery_type, cost_of_delivery, wait_till_all_available, delivery_address_id, customer_class, card_id, invoice_address_id FROM orders WHERE customer_id = $1 LIMIT 4;
SELECT order_id, line_item_id, product_id, unit_price, quantity, dispatch_date, return_date, gift_wrap, item_condition, supplier_id, estimated_delivery FROM order_items WHERE order_id = $1 LIMIT 4;
UPDATE order_items SET quantity = quantity + 1 WHERE order_id = $1 AND line_item_id = $2;
UPDATE orders SET order_total = order_total + $1 WHERE order_id = $2;
SELECT tt.order_total, tt.sales_rep_id, tt.order_date, c.cust_first_name, c.cust_last_name FROM (SELECT order_total, sales_rep_id, order_date, customer_id, RANK() OVER (ORDER BY order_total DESC) AS sal_rank FROM orders WHERE sales_rep_id = $1) tt JOIN customers c ON c.customer_id = tt.customer_id WHERE tt.sal_rank <= 10;
SELECT order_mode, orders.warehouse_id, SUM(order_total), COUNT(1) FROM orders JOIN warehouses w ON w.warehouse_id = orders.warehouse_id WHERE w.warehouse_id = $1 GROUP BY CUBE(order_mode, orders.warehouse_id);
SELECT warehouse_id, SUM(CASE WHEN order_date > $1 AND order_date <= $2 THEN order_total END), COUNT(CASE WHEN order_date > $3 AND order_date <= $4 THEN 1 END), SUM(CASE WHEN order_date > $5 AND order_date <= $6 THEN order_total END), COUNT(CASE WHEN order_date > $7 AND order_date <= $8 THEN 1 END), SUM(CASE WHEN order_date > $9 AND order_date <= $10 THEN order_total END), COUNT(CASE WHEN order_date > $11 AND order_date <= $12 THEN 1 END), SUM(CASE WHEN order_date > $13 AND order_date <= $14 THEN order_total END), COUNT(CASE WHEN order_date > $15 AND order_date <= $16 THEN 1 END), SUM(CASE WHEN order_date > $17 AND order_date <= $18 THEN order_total END), COUNT(CASE WHEN order_date > $19 AND order_date <= $20 THEN 1 END), SUM(CASE WHEN order_date > $21 AND order_date <= $22 THEN order_total END), COUNT(CASE WHEN order_date > $23 AND order_date <= $24 THEN 1 END), SUM(CASE WHEN order_date > $25 AND order_date <= $26 THEN order_total END), COUNT(CASE WHEN order_date > $27 AND order_date <= $28 THEN 1 END), SUM(CASE WHEN order_date > $29 AND order_date <= $30 THEN order_total END), COUNT(CASE WHEN order_date > $31 AND order_date <= $32 THEN 1 END), SUM(CASE WHEN order_date > $33 AND order_date <= $34 THEN order_total END), COUNT(CASE WHEN order_date > $35 AND order_date <= $36 THEN 1 END), SUM(CASE WHEN order_date > $37 AND order_date <= $38 THEN order_total END), COUNT(CASE WHEN order_date > $39 AND order_date <= $40 THEN 1 END), SUM(CASE WHEN order_date > $41 AND order_date <= $42 THEN order_total END), COUNT(CASE WHEN order_date > $43 AND order_date <= $44 THEN 1 END), SUM(CASE WHEN order_date > $45 AND order_date <= $46 THEN order_total END), COUNT(CASE WHEN order_date > $47 AND order_date <= $48 THEN 1 END) FROM orders WHERE warehouse_id = $49 AND order_date > $50 AND order_date <= $51 GROUP BY warehouse_id;

-- cleanup
DROP TABLE IF EXISTS "orderentry_metadata";
DROP TABLE IF EXISTS "logon";
DROP TABLE IF EXISTS "order_items";
DROP TABLE IF EXISTS "orders";
DROP TABLE IF EXISTS "inventories";
DROP TABLE IF EXISTS "product_descriptions";
DROP TABLE IF EXISTS "product_information";
DROP TABLE IF EXISTS "warehouses";
DROP TABLE IF EXISTS "card_details";
DROP TABLE IF EXISTS "addresses";
DROP TABLE IF EXISTS "customers";
SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1;
DELETE FROM dbgauge_datasets WHERE name = $1;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
