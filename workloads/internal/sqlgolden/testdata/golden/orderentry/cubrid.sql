-- orderentry on cubrid: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp STRING NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (?, ?);
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
  customer_id INTEGER AUTO_INCREMENT NOT NULL,
  cust_first_name VARCHAR(40) NOT NULL,
  cust_last_name VARCHAR(40) NOT NULL,
  nls_language VARCHAR(3),
  nls_territory VARCHAR(30),
  credit_limit DECIMAL(9,2),
  cust_email VARCHAR(100),
  account_mgr_id INTEGER,
  customer_since DATETIME,
  customer_class VARCHAR(40),
  suggestions VARCHAR(40),
  dob DATETIME,
  mailshot VARCHAR(1),
  partner_mailshot VARCHAR(1),
  preferred_address BIGINT,
  preferred_card BIGINT,
  PRIMARY KEY (customer_id),
  CHECK (credit_limit <= 50000)
);
CREATE TABLE "addresses" (
  address_id INTEGER AUTO_INCREMENT NOT NULL,
  customer_id BIGINT NOT NULL,
  date_created DATETIME,
  house_no_or_name VARCHAR(60),
  street_name VARCHAR(60),
  town VARCHAR(60),
  county VARCHAR(60),
  country VARCHAR(60),
  post_code VARCHAR(12),
  zip_code VARCHAR(12),
  PRIMARY KEY (address_id)
);
CREATE TABLE "card_details" (
  card_id INTEGER AUTO_INCREMENT NOT NULL,
  customer_id BIGINT NOT NULL,
  card_type VARCHAR(30),
  card_number BIGINT,
  expiry_date DATETIME,
  is_valid VARCHAR(1),
  security_code INTEGER,
  PRIMARY KEY (card_id)
);
CREATE TABLE "warehouses" (
  warehouse_id INTEGER NOT NULL,
  warehouse_name VARCHAR(35),
  location_id INTEGER,
  PRIMARY KEY (warehouse_id)
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
  catalog_url VARCHAR(50),
  PRIMARY KEY (product_id)
);
CREATE TABLE "product_descriptions" (
  product_id INTEGER NOT NULL,
  language_id VARCHAR(3) NOT NULL,
  translated_name VARCHAR(50),
  translated_description VARCHAR(2000),
  PRIMARY KEY (product_id, language_id)
);
CREATE TABLE "inventories" (
  product_id INTEGER NOT NULL,
  warehouse_id INTEGER NOT NULL,
  quantity_on_hand INTEGER NOT NULL,
  PRIMARY KEY (product_id, warehouse_id)
);
CREATE TABLE "orders" (
  order_id INTEGER AUTO_INCREMENT NOT NULL,
  order_date DATETIME,
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
  PRIMARY KEY (order_id),
  CHECK (order_mode IN ('direct', 'online')),
  CHECK (order_total >= 0)
);
CREATE TABLE "order_items" (
  order_id BIGINT NOT NULL,
  line_item_id INTEGER NOT NULL,
  product_id INTEGER,
  unit_price DECIMAL(8,2),
  quantity INTEGER,
  dispatch_date DATETIME,
  return_date DATETIME,
  gift_wrap VARCHAR(20),
  item_condition VARCHAR(20),
  supplier_id INTEGER,
  estimated_delivery DATETIME,
  PRIMARY KEY (order_id, line_item_id)
);
CREATE TABLE "logon" (
  logon_id INTEGER AUTO_INCREMENT NOT NULL,
  customer_id BIGINT NOT NULL,
  logon_date DATETIME,
  PRIMARY KEY (logon_id)
);
CREATE TABLE "orderentry_metadata" (
  metadata_key VARCHAR(30) NOT NULL,
  metadata_value VARCHAR(30),
  PRIMARY KEY (metadata_key)
);
-- load customers (customer_id, cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot, preferred_address, preferred_card): the driver's bulk loader, else
INSERT INTO "customers" (customer_id, cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot, preferred_address, preferred_card) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?),(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?);
-- load addresses (address_id, customer_id, date_created, house_no_or_name, street_name, town, county, country, post_code, zip_code): the driver's bulk loader, else
INSERT INTO "addresses" (address_id, customer_id, date_created, house_no_or_name, street_name, town, county, country, post_code, zip_code) VALUES (?,?,?,?,?,?,?,?,?,?),(?,?,?,?,?,?,?,?,?,?);
-- load card_details (card_id, customer_id, card_type, card_number, expiry_date, is_valid, security_code): the driver's bulk loader, else
INSERT INTO "card_details" (card_id, customer_id, card_type, card_number, expiry_date, is_valid, security_code) VALUES (?,?,?,?,?,?,?),(?,?,?,?,?,?,?);
-- load warehouses (warehouse_id, warehouse_name, location_id): the driver's bulk loader, else
INSERT INTO "warehouses" (warehouse_id, warehouse_name, location_id) VALUES (?,?,?),(?,?,?);
-- load product_information (product_id, product_name, product_description, category_id, weight_class, warranty_period, supplier_id, product_status, list_price, min_price, catalog_url): the driver's bulk loader, else
INSERT INTO "product_information" (product_id, product_name, product_description, category_id, weight_class, warranty_period, supplier_id, product_status, list_price, min_price, catalog_url) VALUES (?,?,?,?,?,?,?,?,?,?,?),(?,?,?,?,?,?,?,?,?,?,?);
-- load product_descriptions (product_id, language_id, translated_name, translated_description): the driver's bulk loader, else
INSERT INTO "product_descriptions" (product_id, language_id, translated_name, translated_description) VALUES (?,?,?,?),(?,?,?,?);
-- load inventories (product_id, warehouse_id, quantity_on_hand): the driver's bulk loader, else
INSERT INTO "inventories" (product_id, warehouse_id, quantity_on_hand) VALUES (?,?,?),(?,?,?);
-- load orders (order_id, order_date, order_mode, customer_id, order_status, order_total, sales_rep_id, promotion_id, warehouse_id, delivery_type, cost_of_delivery, wait_till_all_available, delivery_address_id, customer_class, card_id, invoice_address_id): the driver's bulk loader, else
INSERT INTO "orders" (order_id, order_date, order_mode, customer_id, order_status, order_total, sales_rep_id, promotion_id, warehouse_id, delivery_type, cost_of_delivery, wait_till_all_available, delivery_address_id, customer_class, card_id, invoice_address_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?),(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?);
-- load order_items (order_id, line_item_id, product_id, unit_price, quantity, dispatch_date, return_date, gift_wrap, item_condition, supplier_id, estimated_delivery): the driver's bulk loader, else
INSERT INTO "order_items" (order_id, line_item_id, product_id, unit_price, quantity, dispatch_date, return_date, gift_wrap, item_condition, supplier_id, estimated_delivery) VALUES (?,?,?,?,?,?,?,?,?,?,?),(?,?,?,?,?,?,?,?,?,?,?);
-- load logon (logon_id, customer_id, logon_date): the driver's bulk loader, else
INSERT INTO "logon" (logon_id, customer_id, logon_date) VALUES (?,?,?),(?,?,?);
-- load orderentry_metadata (metadata_key, metadata_value): the driver's bulk loader, else
INSERT INTO "orderentry_metadata" (metadata_key, metadata_value) VALUES (?,?),(?,?);
CREATE INDEX customers_account_mgr_id ON "customers" (account_mgr_id);
CREATE INDEX customers_dob ON "customers" (dob);
CREATE INDEX customers_cust_email ON "customers" (cust_email);
CREATE INDEX customers_lower_names ON "customers" (cust_last_name, cust_first_name);
ALTER TABLE customers AUTO_INCREMENT = (SELECT COALESCE(MAX(customer_id), 0) + 1 FROM customers);
UPDATE STATISTICS ON "customers";
CREATE INDEX addresses_customer_id ON "addresses" (customer_id);
ALTER TABLE addresses AUTO_INCREMENT = (SELECT COALESCE(MAX(address_id), 0) + 1 FROM addresses);
UPDATE STATISTICS ON "addresses";
CREATE INDEX card_details_customer_id ON "card_details" (customer_id);
ALTER TABLE card_details AUTO_INCREMENT = (SELECT COALESCE(MAX(card_id), 0) + 1 FROM card_details);
UPDATE STATISTICS ON "card_details";
CREATE INDEX warehouses_location_id ON "warehouses" (location_id);
UPDATE STATISTICS ON "warehouses";
CREATE INDEX product_information_supplier_id ON "product_information" (supplier_id);
CREATE INDEX product_information_category_id ON "product_information" (category_id);
UPDATE STATISTICS ON "product_information";
CREATE INDEX product_descriptions_translated_name ON "product_descriptions" (translated_name);
UPDATE STATISTICS ON "product_descriptions";
CREATE INDEX inventories_warehouse_id ON "inventories" (warehouse_id);
UPDATE STATISTICS ON "inventories";
CREATE INDEX orders_sales_rep_id ON "orders" (sales_rep_id);
CREATE INDEX orders_customer_id ON "orders" (customer_id);
CREATE INDEX orders_order_date ON "orders" (order_date);
CREATE INDEX orders_warehouse_id_order_status ON "orders" (warehouse_id, order_status);
ALTER TABLE orders AUTO_INCREMENT = (SELECT COALESCE(MAX(order_id), 0) + 1 FROM orders);
UPDATE STATISTICS ON "orders";
CREATE INDEX order_items_product_id ON "order_items" (product_id);
UPDATE STATISTICS ON "order_items";
ALTER TABLE logon AUTO_INCREMENT = (SELECT COALESCE(MAX(logon_id), 0) + 1 FROM logon);
UPDATE STATISTICS ON "logon";
UPDATE STATISTICS ON "orderentry_metadata";

-- session: the measured statements
INSERT INTO logon (customer_id, logon_date) VALUES (?, ?);
SELECT customer_id, cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot, preferred_address, preferred_card FROM customers WHERE customer_id = ? LIMIT 4;
SELECT address_id, customer_id, date_created, house_no_or_name, street_name, town, county, country, post_code, zip_code FROM addresses WHERE customer_id = ? LIMIT 4;
SELECT card_id, customer_id, card_type, card_number, expiry_date, is_valid, security_code FROM card_details WHERE customer_id = ? LIMIT 4;
INSERT INTO customers (cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
INSERT INTO addresses (customer_id, date_created, house_no_or_name, street_name, town, county, country, post_code, zip_code) VALUES (?, ?, ?, 'Street Name', ?, ?, ?, 'Postcode', NULL);
INSERT INTO card_details (customer_id, card_type, card_number, expiry_date, is_valid, security_code) VALUES (?, ?, ?, ?, ?, ?);
UPDATE customers SET preferred_address = ?, preferred_card = ? WHERE customer_id = ?;
SELECT customer_id, cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot, preferred_address, preferred_card FROM customers WHERE cust_last_name = ? AND cust_first_name = ? LIMIT 4;
UPDATE customers SET preferred_address = ? WHERE customer_id = ?;
SELECT p.product_id, COALESCE(d.translated_name, p.product_name), COALESCE(d.translated_description, p.product_description), p.category_id, p.weight_class, p.warranty_period, p.supplier_id, p.product_status, p.list_price, p.min_price, p.catalog_url, i.quantity_on_hand FROM product_information p LEFT JOIN product_descriptions d ON d.product_id = p.product_id AND d.language_id = 'US' JOIN inventories i ON i.product_id = p.product_id WHERE p.product_id = ? LIMIT 14;
SELECT p.product_id, COALESCE(d.translated_name, p.product_name), COALESCE(d.translated_description, p.product_description), p.category_id, p.weight_class, p.warranty_period, p.supplier_id, p.product_status, p.list_price, p.min_price, p.catalog_url, i.quantity_on_hand FROM product_information p LEFT JOIN product_descriptions d ON d.product_id = p.product_id AND d.language_id = 'US' JOIN inventories i ON i.product_id = p.product_id WHERE p.category_id = ? AND i.warehouse_id = ? LIMIT 3;
INSERT INTO orders (order_date, customer_id, warehouse_id, delivery_type, cost_of_delivery, wait_till_all_available) VALUES (?, ?, ?, 'Standard', ?, 'ship_asap');
INSERT INTO order_items (order_id, line_item_id, product_id, unit_price, quantity, gift_wrap, item_condition, estimated_delivery) VALUES (?, ?, ?, ?, ?, 'None', 'New', ?);
UPDATE orders SET order_mode = 'online', order_status = ?, order_total = ? WHERE order_id = ?;
UPDATE inventories SET quantity_on_hand = quantity_on_hand - ? WHERE product_id = ? AND warehouse_id = ?;
WITH need_to_process AS (SELECT order_id, order_mode, order_status, order_total, sales_rep_id, promotion_id, customer_id, order_date FROM orders WHERE order_status <= 4 AND warehouse_id = ? LIMIT 9) SELECT o.order_id, oi.line_item_id, oi.product_id, oi.unit_price, oi.quantity, o.order_mode, o.order_status, o.order_total, o.sales_rep_id, o.promotion_id, c.customer_id, c.cust_first_name, c.cust_last_name, c.credit_limit, c.cust_email, o.order_date FROM need_to_process o JOIN customers c ON c.customer_id = o.customer_id LEFT JOIN order_items oi ON oi.order_id = o.order_id;
UPDATE orders SET order_status = ? WHERE order_id = ?;
SELECT order_id, order_date, order_mode, customer_id, order_status, order_total, sales_rep_id, promotion_id, warehouse_id, delivery_type, cost_of_delivery, wait_till_all_available, delivery_address_id, customer_class, card_id, invoice_address_id FROM orders WHERE customer_id = ? LIMIT 4;
SELECT order_id, line_item_id, product_id, unit_price, quantity, dispatch_date, return_date, gift_wrap, item_condition, supplier_id, estimated_delivery FROM order_items WHERE order_id = ? LIMIT 4;
UPDATE order_items SET quantity = quantity + 1 WHERE order_id = ? AND line_item_id = ?;
UPDATE orders SET order_total = order_total + ? WHERE order_id = ?;
SELECT tt.order_total, tt.sales_rep_id, tt.order_date, c.cust_first_name, c.cust_last_name FROM (SELECT order_total, sales_rep_id, order_date, customer_id, RANK() OVER (ORDER BY order_total DESC) AS sal_rank FROM orders WHERE sales_rep_id = ?) tt JOIN customers c ON c.customer_id = tt.customer_id WHERE tt.sal_rank <= 10;
SELECT order_mode, orders.warehouse_id, SUM(order_total), COUNT(1) FROM orders JOIN warehouses w ON w.warehouse_id = orders.warehouse_id WHERE w.warehouse_id = ? GROUP BY order_mode, orders.warehouse_id UNION ALL SELECT order_mode, NULL, SUM(order_total), COUNT(1) FROM orders JOIN warehouses w ON w.warehouse_id = orders.warehouse_id WHERE w.warehouse_id = ? GROUP BY order_mode UNION ALL SELECT NULL, orders.warehouse_id, SUM(order_total), COUNT(1) FROM orders JOIN warehouses w ON w.warehouse_id = orders.warehouse_id WHERE w.warehouse_id = ? GROUP BY orders.warehouse_id UNION ALL SELECT NULL, NULL, SUM(order_total), COUNT(1) FROM orders JOIN warehouses w ON w.warehouse_id = orders.warehouse_id WHERE w.warehouse_id = ?;
SELECT warehouse_id, SUM(CASE WHEN order_date > ? AND order_date <= ? THEN order_total END), COUNT(CASE WHEN order_date > ? AND order_date <= ? THEN 1 END), SUM(CASE WHEN order_date > ? AND order_date <= ? THEN order_total END), COUNT(CASE WHEN order_date > ? AND order_date <= ? THEN 1 END), SUM(CASE WHEN order_date > ? AND order_date <= ? THEN order_total END), COUNT(CASE WHEN order_date > ? AND order_date <= ? THEN 1 END), SUM(CASE WHEN order_date > ? AND order_date <= ? THEN order_total END), COUNT(CASE WHEN order_date > ? AND order_date <= ? THEN 1 END), SUM(CASE WHEN order_date > ? AND order_date <= ? THEN order_total END), COUNT(CASE WHEN order_date > ? AND order_date <= ? THEN 1 END), SUM(CASE WHEN order_date > ? AND order_date <= ? THEN order_total END), COUNT(CASE WHEN order_date > ? AND order_date <= ? THEN 1 END), SUM(CASE WHEN order_date > ? AND order_date <= ? THEN order_total END), COUNT(CASE WHEN order_date > ? AND order_date <= ? THEN 1 END), SUM(CASE WHEN order_date > ? AND order_date <= ? THEN order_total END), COUNT(CASE WHEN order_date > ? AND order_date <= ? THEN 1 END), SUM(CASE WHEN order_date > ? AND order_date <= ? THEN order_total END), COUNT(CASE WHEN order_date > ? AND order_date <= ? THEN 1 END), SUM(CASE WHEN order_date > ? AND order_date <= ? THEN order_total END), COUNT(CASE WHEN order_date > ? AND order_date <= ? THEN 1 END), SUM(CASE WHEN order_date > ? AND order_date <= ? THEN order_total END), COUNT(CASE WHEN order_date > ? AND order_date <= ? THEN 1 END), SUM(CASE WHEN order_date > ? AND order_date <= ? THEN order_total END), COUNT(CASE WHEN order_date > ? AND order_date <= ? THEN 1 END) FROM orders WHERE warehouse_id = ? AND order_date > ? AND order_date <= ? GROUP BY warehouse_id;

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
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
DELETE FROM dbgauge_datasets WHERE name = ?;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
