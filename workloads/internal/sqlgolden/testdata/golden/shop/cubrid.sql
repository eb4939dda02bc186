-- shop on cubrid: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp STRING NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (?, ?);
DROP TABLE IF EXISTS "shop_order_line";
DROP TABLE IF EXISTS "shop_order";
DROP TABLE IF EXISTS "shop_product";
DROP TABLE IF EXISTS "shop_customer";
CREATE TABLE "shop_customer" (
  c_id INTEGER AUTO_INCREMENT NOT NULL,
  c_name VARCHAR(40),
  c_email VARCHAR(64),
  c_balance DECIMAL(12,2),
  c_since DATETIME,
  PRIMARY KEY (c_id)
);
CREATE TABLE "shop_product" (
  p_id INTEGER,
  p_name VARCHAR(60),
  p_price DECIMAL(10,2),
  p_stock INTEGER,
  p_category VARCHAR(16),
  PRIMARY KEY (p_id)
);
CREATE TABLE "shop_order" (
  o_id INTEGER AUTO_INCREMENT NOT NULL,
  o_c_id INTEGER,
  o_total DECIMAL(12,2),
  o_status VARCHAR(10),
  o_created DATETIME,
  PRIMARY KEY (o_id)
);
CREATE TABLE "shop_order_line" (
  l_o_id INTEGER,
  l_n INTEGER,
  l_p_id INTEGER,
  l_qty INTEGER,
  l_price DECIMAL(10,2),
  PRIMARY KEY (l_o_id, l_n)
);
-- load shop_customer (c_id, c_name, c_email, c_balance, c_since): the driver's bulk loader, else
INSERT INTO "shop_customer" (c_id, c_name, c_email, c_balance, c_since) VALUES (?,?,?,?,?),(?,?,?,?,?);
-- load shop_product (p_id, p_name, p_price, p_stock, p_category): the driver's bulk loader, else
INSERT INTO "shop_product" (p_id, p_name, p_price, p_stock, p_category) VALUES (?,?,?,?,?),(?,?,?,?,?);
CREATE INDEX shop_customer_c_email ON "shop_customer" (c_email);
ALTER TABLE shop_customer AUTO_INCREMENT = (SELECT COALESCE(MAX(c_id), 0) + 1 FROM shop_customer);
UPDATE STATISTICS ON "shop_customer";
CREATE INDEX shop_product_category ON "shop_product" (p_category);
UPDATE STATISTICS ON "shop_product";
CREATE INDEX shop_order_o_c_id ON "shop_order" (o_c_id);
ALTER TABLE shop_order AUTO_INCREMENT = (SELECT COALESCE(MAX(o_id), 0) + 1 FROM shop_order);
UPDATE STATISTICS ON "shop_order";
UPDATE STATISTICS ON "shop_order_line";

-- session: the measured statements
SELECT c_name, c_balance FROM shop_customer WHERE c_id = ?;
INSERT INTO shop_order (o_c_id, o_total, o_status, o_created) VALUES (?, 0, 'new', ?);
SELECT p_id, p_price FROM shop_product WHERE p_id = ?;
INSERT INTO shop_order_line (l_o_id, l_n, l_p_id, l_qty, l_price) VALUES (?, 1, ?, ?, ?);
UPDATE shop_order SET o_total = (SELECT SUM(l_qty * l_price) FROM shop_order_line WHERE l_o_id = ?) WHERE o_id = ?;
UPDATE shop_product SET p_stock = p_stock - ? WHERE p_id = ? AND p_stock >= ?;
SELECT o_id, o_total FROM shop_order WHERE o_c_id = ? ORDER BY o_id DESC LIMIT 1;
SELECT l_n, l_p_id, l_qty, l_price FROM shop_order_line WHERE l_o_id = ?;
SELECT p_id, p_name, p_price FROM shop_product WHERE p_category = ? ORDER BY p_price LIMIT 20;
SELECT p_id, p_name, p_price, p_stock FROM shop_product WHERE p_id = ?;

-- cleanup
DROP TABLE IF EXISTS "shop_order_line";
DROP TABLE IF EXISTS "shop_order";
DROP TABLE IF EXISTS "shop_product";
DROP TABLE IF EXISTS "shop_customer";
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
DELETE FROM dbgauge_datasets WHERE name = ?;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
