-- orderentry on sqlserver: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT 1 FROM sys.tables WHERE name = @p1 AND schema_id = SCHEMA_ID();
IF OBJECT_ID(N'dbgauge_datasets', N'U') IS NULL CREATE TABLE dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp VARCHAR(MAX) NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (@p1, @p2);
DROP TABLE IF EXISTS [orderentry_metadata];
DROP TABLE IF EXISTS [logon];
DROP TABLE IF EXISTS [order_items];
DROP TABLE IF EXISTS [orders];
DROP TABLE IF EXISTS [inventories];
DROP TABLE IF EXISTS [product_descriptions];
DROP TABLE IF EXISTS [product_information];
DROP TABLE IF EXISTS [warehouses];
DROP TABLE IF EXISTS [card_details];
DROP TABLE IF EXISTS [addresses];
DROP TABLE IF EXISTS [customers];
CREATE TABLE [customers] (
  customer_id INT IDENTITY(1,1),
  cust_first_name VARCHAR(40) NOT NULL,
  cust_last_name VARCHAR(40) NOT NULL,
  nls_language VARCHAR(3),
  nls_territory VARCHAR(30),
  credit_limit DECIMAL(9,2),
  cust_email VARCHAR(100),
  account_mgr_id INTEGER,
  customer_since DATETIME2,
  customer_class VARCHAR(40),
  suggestions VARCHAR(40),
  dob DATETIME2,
  mailshot VARCHAR(1),
  partner_mailshot VARCHAR(1),
  preferred_address BIGINT,
  preferred_card BIGINT,
  PRIMARY KEY (customer_id),
  CHECK (credit_limit <= 50000)
);
CREATE TABLE [addresses] (
  address_id INT IDENTITY(1,1),
  customer_id BIGINT NOT NULL,
  date_created DATETIME2,
  house_no_or_name VARCHAR(60),
  street_name VARCHAR(60),
  town VARCHAR(60),
  county VARCHAR(60),
  country VARCHAR(60),
  post_code VARCHAR(12),
  zip_code VARCHAR(12),
  PRIMARY KEY (address_id)
);
CREATE TABLE [card_details] (
  card_id INT IDENTITY(1,1),
  customer_id BIGINT NOT NULL,
  card_type VARCHAR(30),
  card_number BIGINT,
  expiry_date DATETIME2,
  is_valid VARCHAR(1),
  security_code INTEGER,
  PRIMARY KEY (card_id)
);
CREATE TABLE [warehouses] (
  warehouse_id INTEGER NOT NULL,
  warehouse_name VARCHAR(35),
  location_id INTEGER,
  PRIMARY KEY (warehouse_id)
);
CREATE TABLE [product_information] (
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
CREATE TABLE [product_descriptions] (
  product_id INTEGER NOT NULL,
  language_id VARCHAR(3) NOT NULL,
  translated_name VARCHAR(50),
  translated_description VARCHAR(2000),
  PRIMARY KEY (product_id, language_id)
);
CREATE TABLE [inventories] (
  product_id INTEGER NOT NULL,
  warehouse_id INTEGER NOT NULL,
  quantity_on_hand INTEGER NOT NULL,
  PRIMARY KEY (product_id, warehouse_id)
);
CREATE TABLE [orders] (
  order_id INT IDENTITY(1,1),
  order_date DATETIME2,
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
CREATE TABLE [order_items] (
  order_id BIGINT NOT NULL,
  line_item_id INTEGER NOT NULL,
  product_id INTEGER,
  unit_price DECIMAL(8,2),
  quantity INTEGER,
  dispatch_date DATETIME2,
  return_date DATETIME2,
  gift_wrap VARCHAR(20),
  item_condition VARCHAR(20),
  supplier_id INTEGER,
  estimated_delivery DATETIME2,
  PRIMARY KEY (order_id, line_item_id)
);
CREATE TABLE [logon] (
  logon_id INT IDENTITY(1,1),
  customer_id BIGINT NOT NULL,
  logon_date DATETIME2,
  PRIMARY KEY (logon_id)
);
CREATE TABLE [orderentry_metadata] (
  metadata_key VARCHAR(30) NOT NULL,
  metadata_value VARCHAR(30),
  PRIMARY KEY (metadata_key)
);
-- load customers (customer_id, cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot, preferred_address, preferred_card): the driver's bulk loader, else
INSERT INTO [customers] (customer_id, cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot, preferred_address, preferred_card) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7,@p8,@p9,@p10,@p11,@p12,@p13,@p14,@p15,@p16),(@p17,@p18,@p19,@p20,@p21,@p22,@p23,@p24,@p25,@p26,@p27,@p28,@p29,@p30,@p31,@p32);
-- load addresses (address_id, customer_id, date_created, house_no_or_name, street_name, town, county, country, post_code, zip_code): the driver's bulk loader, else
INSERT INTO [addresses] (address_id, customer_id, date_created, house_no_or_name, street_name, town, county, country, post_code, zip_code) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7,@p8,@p9,@p10),(@p11,@p12,@p13,@p14,@p15,@p16,@p17,@p18,@p19,@p20);
-- load card_details (card_id, customer_id, card_type, card_number, expiry_date, is_valid, security_code): the driver's bulk loader, else
INSERT INTO [card_details] (card_id, customer_id, card_type, card_number, expiry_date, is_valid, security_code) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7),(@p8,@p9,@p10,@p11,@p12,@p13,@p14);
-- load warehouses (warehouse_id, warehouse_name, location_id): the driver's bulk loader, else
INSERT INTO [warehouses] (warehouse_id, warehouse_name, location_id) VALUES (@p1,@p2,@p3),(@p4,@p5,@p6);
-- load product_information (product_id, product_name, product_description, category_id, weight_class, warranty_period, supplier_id, product_status, list_price, min_price, catalog_url): the driver's bulk loader, else
INSERT INTO [product_information] (product_id, product_name, product_description, category_id, weight_class, warranty_period, supplier_id, product_status, list_price, min_price, catalog_url) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7,@p8,@p9,@p10,@p11),(@p12,@p13,@p14,@p15,@p16,@p17,@p18,@p19,@p20,@p21,@p22);
-- load product_descriptions (product_id, language_id, translated_name, translated_description): the driver's bulk loader, else
INSERT INTO [product_descriptions] (product_id, language_id, translated_name, translated_description) VALUES (@p1,@p2,@p3,@p4),(@p5,@p6,@p7,@p8);
-- load inventories (product_id, warehouse_id, quantity_on_hand): the driver's bulk loader, else
INSERT INTO [inventories] (product_id, warehouse_id, quantity_on_hand) VALUES (@p1,@p2,@p3),(@p4,@p5,@p6);
-- load orders (order_id, order_date, order_mode, customer_id, order_status, order_total, sales_rep_id, promotion_id, warehouse_id, delivery_type, cost_of_delivery, wait_till_all_available, delivery_address_id, customer_class, card_id, invoice_address_id): the driver's bulk loader, else
INSERT INTO [orders] (order_id, order_date, order_mode, customer_id, order_status, order_total, sales_rep_id, promotion_id, warehouse_id, delivery_type, cost_of_delivery, wait_till_all_available, delivery_address_id, customer_class, card_id, invoice_address_id) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7,@p8,@p9,@p10,@p11,@p12,@p13,@p14,@p15,@p16),(@p17,@p18,@p19,@p20,@p21,@p22,@p23,@p24,@p25,@p26,@p27,@p28,@p29,@p30,@p31,@p32);
-- load order_items (order_id, line_item_id, product_id, unit_price, quantity, dispatch_date, return_date, gift_wrap, item_condition, supplier_id, estimated_delivery): the driver's bulk loader, else
INSERT INTO [order_items] (order_id, line_item_id, product_id, unit_price, quantity, dispatch_date, return_date, gift_wrap, item_condition, supplier_id, estimated_delivery) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7,@p8,@p9,@p10,@p11),(@p12,@p13,@p14,@p15,@p16,@p17,@p18,@p19,@p20,@p21,@p22);
-- load logon (logon_id, customer_id, logon_date): the driver's bulk loader, else
INSERT INTO [logon] (logon_id, customer_id, logon_date) VALUES (@p1,@p2,@p3),(@p4,@p5,@p6);
-- load orderentry_metadata (metadata_key, metadata_value): the driver's bulk loader, else
INSERT INTO [orderentry_metadata] (metadata_key, metadata_value) VALUES (@p1,@p2),(@p3,@p4);
CREATE INDEX customers_account_mgr_id ON [customers] (account_mgr_id);
CREATE INDEX customers_dob ON [customers] (dob);
CREATE INDEX customers_cust_email ON [customers] (cust_email);
CREATE INDEX customers_lower_names ON [customers] (cust_last_name, cust_first_name);
DBCC CHECKIDENT ('customers', RESEED);
UPDATE STATISTICS [customers];
CREATE INDEX addresses_customer_id ON [addresses] (customer_id);
DBCC CHECKIDENT ('addresses', RESEED);
UPDATE STATISTICS [addresses];
CREATE INDEX card_details_customer_id ON [card_details] (customer_id);
DBCC CHECKIDENT ('card_details', RESEED);
UPDATE STATISTICS [card_details];
CREATE INDEX warehouses_location_id ON [warehouses] (location_id);
UPDATE STATISTICS [warehouses];
CREATE INDEX product_information_supplier_id ON [product_information] (supplier_id);
CREATE INDEX product_information_category_id ON [product_information] (category_id);
UPDATE STATISTICS [product_information];
CREATE INDEX product_descriptions_translated_name ON [product_descriptions] (translated_name);
UPDATE STATISTICS [product_descriptions];
CREATE INDEX inventories_warehouse_id ON [inventories] (warehouse_id);
UPDATE STATISTICS [inventories];
CREATE INDEX orders_sales_rep_id ON [orders] (sales_rep_id);
CREATE INDEX orders_customer_id ON [orders] (customer_id);
CREATE INDEX orders_order_date ON [orders] (order_date);
CREATE INDEX orders_warehouse_id_order_status ON [orders] (warehouse_id, order_status);
DBCC CHECKIDENT ('orders', RESEED);
UPDATE STATISTICS [orders];
CREATE INDEX order_items_product_id ON [order_items] (product_id);
UPDATE STATISTICS [order_items];
DBCC CHECKIDENT ('logon', RESEED);
UPDATE STATISTICS [logon];
UPDATE STATISTICS [orderentry_metadata];

-- session: the measured statements
INSERT INTO logon (customer_id, logon_date) VALUES (@p1, @p2);
SELECT TOP (4) customer_id, cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot, preferred_address, preferred_card FROM customers WHERE customer_id = @p1;
SELECT TOP (4) address_id, customer_id, date_created, house_no_or_name, street_name, town, county, country, post_code, zip_code FROM addresses WHERE customer_id = @p1;
SELECT TOP (4) card_id, customer_id, card_type, card_number, expiry_date, is_valid, security_code FROM card_details WHERE customer_id = @p1;
INSERT INTO customers (cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot) OUTPUT INSERTED.customer_id VALUES (@p1, @p2, @p3, @p4, @p5, @p6, @p7, @p8, @p9, @p10, @p11, @p12, @p13);
INSERT INTO addresses (customer_id, date_created, house_no_or_name, street_name, town, county, country, post_code, zip_code) OUTPUT INSERTED.address_id VALUES (@p1, @p2, @p3, 'Street Name', @p4, @p5, @p6, 'Postcode', NULL);
INSERT INTO card_details (customer_id, card_type, card_number, expiry_date, is_valid, security_code) OUTPUT INSERTED.card_id VALUES (@p1, @p2, @p3, @p4, @p5, @p6);
UPDATE customers SET preferred_address = @p1, preferred_card = @p2 WHERE customer_id = @p3;
SELECT TOP (4) customer_id, cust_first_name, cust_last_name, nls_language, nls_territory, credit_limit, cust_email, account_mgr_id, customer_since, customer_class, suggestions, dob, mailshot, partner_mailshot, preferred_address, preferred_card FROM customers WHERE cust_last_name = @p1 AND cust_first_name = @p2;
UPDATE customers SET preferred_address = @p1 WHERE customer_id = @p2;
SELECT TOP (14) p.product_id, COALESCE(d.translated_name, p.product_name), COALESCE(d.translated_description, p.product_description), p.category_id, p.weight_class, p.warranty_period, p.supplier_id, p.product_status, p.list_price, p.min_price, p.catalog_url, i.quantity_on_hand FROM product_information p LEFT JOIN product_descriptions d ON d.product_id = p.product_id AND d.language_id = 'US' JOIN inventories i ON i.product_id = p.product_id WHERE p.product_id = @p1;
SELECT TOP (3) p.product_id, COALESCE(d.translated_name, p.product_name), COALESCE(d.translated_description, p.product_description), p.category_id, p.weight_class, p.warranty_period, p.supplier_id, p.product_status, p.list_price, p.min_price, p.catalog_url, i.quantity_on_hand FROM product_information p LEFT JOIN product_descriptions d ON d.product_id = p.product_id AND d.language_id = 'US' JOIN inventories i ON i.product_id = p.product_id WHERE p.category_id = @p1 AND i.warehouse_id = @p2;
INSERT INTO orders (order_date, customer_id, warehouse_id, delivery_type, cost_of_delivery, wait_till_all_available) OUTPUT INSERTED.order_id VALUES (@p1, @p2, @p3, 'Standard', @p4, 'ship_asap');
INSERT INTO order_items (order_id, line_item_id, product_id, unit_price, quantity, gift_wrap, item_condition, estimated_delivery) VALUES (@p1, @p2, @p3, @p4, @p5, 'None', 'New', @p6);
UPDATE orders SET order_mode = 'online', order_status = @p1, order_total = @p2 WHERE order_id = @p3;
UPDATE inventories SET quantity_on_hand = quantity_on_hand - @p1 WHERE product_id = @p2 AND warehouse_id = @p3;
WITH need_to_process AS (SELECT TOP (9) order_id, order_mode, order_status, order_total, sales_rep_id, promotion_id, customer_id, order_date FROM orders WHERE order_status <= 4 AND warehouse_id = @p1) SELECT o.order_id, oi.line_item_id, oi.product_id, oi.unit_price, oi.quantity, o.order_mode, o.order_status, o.order_total, o.sales_rep_id, o.promotion_id, c.customer_id, c.cust_first_name, c.cust_last_name, c.credit_limit, c.cust_email, o.order_date FROM need_to_process o JOIN customers c ON c.customer_id = o.customer_id LEFT JOIN order_items oi ON oi.order_id = o.order_id;
UPDATE orders SET order_status = @p1 WHERE order_id = @p2;
SELECT TOP (4) order_id, order_date, order_mode, customer_id, order_status, order_total, sales_rep_id, promotion_id, warehouse_id, delivery_type, cost_of_delivery, wait_till_all_available, delivery_address_id, customer_class, card_id, invoice_address_id FROM orders WHERE customer_id = @p1;
SELECT TOP (4) order_id, line_item_id, product_id, unit_price, quantity, dispatch_date, return_date, gift_wrap, item_condition, supplier_id, estimated_delivery FROM order_items WHERE order_id = @p1;
UPDATE order_items SET quantity = quantity + 1 WHERE order_id = @p1 AND line_item_id = @p2;
UPDATE orders SET order_total = order_total + @p1 WHERE order_id = @p2;
SELECT tt.order_total, tt.sales_rep_id, tt.order_date, c.cust_first_name, c.cust_last_name FROM (SELECT order_total, sales_rep_id, order_date, customer_id, RANK() OVER (ORDER BY order_total DESC) AS sal_rank FROM orders WHERE sales_rep_id = @p1) tt JOIN customers c ON c.customer_id = tt.customer_id WHERE tt.sal_rank <= 10;
SELECT order_mode, orders.warehouse_id, SUM(order_total), COUNT(1) FROM orders JOIN warehouses w ON w.warehouse_id = orders.warehouse_id WHERE w.warehouse_id = @p1 GROUP BY CUBE(order_mode, orders.warehouse_id);
SELECT warehouse_id, SUM(CASE WHEN order_date > @p1 AND order_date <= @p2 THEN order_total END), COUNT(CASE WHEN order_date > @p3 AND order_date <= @p4 THEN 1 END), SUM(CASE WHEN order_date > @p5 AND order_date <= @p6 THEN order_total END), COUNT(CASE WHEN order_date > @p7 AND order_date <= @p8 THEN 1 END), SUM(CASE WHEN order_date > @p9 AND order_date <= @p10 THEN order_total END), COUNT(CASE WHEN order_date > @p11 AND order_date <= @p12 THEN 1 END), SUM(CASE WHEN order_date > @p13 AND order_date <= @p14 THEN order_total END), COUNT(CASE WHEN order_date > @p15 AND order_date <= @p16 THEN 1 END), SUM(CASE WHEN order_date > @p17 AND order_date <= @p18 THEN order_total END), COUNT(CASE WHEN order_date > @p19 AND order_date <= @p20 THEN 1 END), SUM(CASE WHEN order_date > @p21 AND order_date <= @p22 THEN order_total END), COUNT(CASE WHEN order_date > @p23 AND order_date <= @p24 THEN 1 END), SUM(CASE WHEN order_date > @p25 AND order_date <= @p26 THEN order_total END), COUNT(CASE WHEN order_date > @p27 AND order_date <= @p28 THEN 1 END), SUM(CASE WHEN order_date > @p29 AND order_date <= @p30 THEN order_total END), COUNT(CASE WHEN order_date > @p31 AND order_date <= @p32 THEN 1 END), SUM(CASE WHEN order_date > @p33 AND order_date <= @p34 THEN order_total END), COUNT(CASE WHEN order_date > @p35 AND order_date <= @p36 THEN 1 END), SUM(CASE WHEN order_date > @p37 AND order_date <= @p38 THEN order_total END), COUNT(CASE WHEN order_date > @p39 AND order_date <= @p40 THEN 1 END), SUM(CASE WHEN order_date > @p41 AND order_date <= @p42 THEN order_total END), COUNT(CASE WHEN order_date > @p43 AND order_date <= @p44 THEN 1 END), SUM(CASE WHEN order_date > @p45 AND order_date <= @p46 THEN order_total END), COUNT(CASE WHEN order_date > @p47 AND order_date <= @p48 THEN 1 END) FROM orders WHERE warehouse_id = @p49 AND order_date > @p50 AND order_date <= @p51 GROUP BY warehouse_id;

-- cleanup
DROP TABLE IF EXISTS [orderentry_metadata];
DROP TABLE IF EXISTS [logon];
DROP TABLE IF EXISTS [order_items];
DROP TABLE IF EXISTS [orders];
DROP TABLE IF EXISTS [inventories];
DROP TABLE IF EXISTS [product_descriptions];
DROP TABLE IF EXISTS [product_information];
DROP TABLE IF EXISTS [warehouses];
DROP TABLE IF EXISTS [card_details];
DROP TABLE IF EXISTS [addresses];
DROP TABLE IF EXISTS [customers];
SELECT 1 FROM sys.tables WHERE name = @p1 AND schema_id = SCHEMA_ID();
DELETE FROM dbgauge_datasets WHERE name = @p1;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS [dbgauge_datasets];
