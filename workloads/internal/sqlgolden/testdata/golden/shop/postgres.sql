-- shop on postgres: the SQL dbgauge sends (workloads/internal/sqlgolden).

-- prepare
SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp TEXT NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES ($1, $2);
DROP TABLE IF EXISTS "shop_order_line";
DROP TABLE IF EXISTS "shop_order";
DROP TABLE IF EXISTS "shop_product";
DROP TABLE IF EXISTS "shop_customer";
CREATE TABLE "shop_customer" (
  c_id SERIAL,
  c_name VARCHAR(40),
  c_email VARCHAR(64),
  c_balance DECIMAL(12,2),
  c_since TIMESTAMP
);
CREATE TABLE "shop_product" (
  p_id INTEGER,
  p_name VARCHAR(60),
  p_price DECIMAL(10,2),
  p_stock INTEGER,
  p_category VARCHAR(16)
);
CREATE TABLE "shop_order" (
  o_id SERIAL,
  o_c_id INTEGER,
  o_total DECIMAL(12,2),
  o_status VARCHAR(10),
  o_created TIMESTAMP
);
CREATE TABLE "shop_order_line" (
  l_o_id INTEGER,
  l_n INTEGER,
  l_p_id INTEGER,
  l_qty INTEGER,
  l_price DECIMAL(10,2)
);
-- load shop_customer (c_id, c_name, c_email, c_balance, c_since): the driver's bulk loader, else
INSERT INTO "shop_customer" (c_id, c_name, c_email, c_balance, c_since) VALUES ($1,$2,$3,$4,$5),($6,$7,$8,$9,$10);
-- load shop_product (p_id, p_name, p_price, p_stock, p_category): the driver's bulk loader, else
INSERT INTO "shop_product" (p_id, p_name, p_price, p_stock, p_category) VALUES ($1,$2,$3,$4,$5),($6,$7,$8,$9,$10);
SET maintenance_work_mem = '256MB';
ALTER TABLE "shop_customer" ADD PRIMARY KEY (c_id);
CREATE INDEX shop_customer_c_email ON "shop_customer" (c_email);
SELECT setval(pg_get_serial_sequence('shop_customer', 'c_id'), COALESCE((SELECT MAX(c_id) FROM shop_customer), 0) + 1, false);
ANALYZE "shop_customer";
ALTER TABLE "shop_product" ADD PRIMARY KEY (p_id);
CREATE INDEX shop_product_category ON "shop_product" (p_category);
ANALYZE "shop_product";
ALTER TABLE "shop_order" ADD PRIMARY KEY (o_id);
CREATE INDEX shop_order_o_c_id ON "shop_order" (o_c_id);
SELECT setval(pg_get_serial_sequence('shop_order', 'o_id'), COALESCE((SELECT MAX(o_id) FROM shop_order), 0) + 1, false);
ANALYZE "shop_order";
ALTER TABLE "shop_order_line" ADD PRIMARY KEY (l_o_id, l_n);
ANALYZE "shop_order_line";

-- session: the measured statements
BEGIN;
COMMIT;
ROLLBACK;
SELECT c_name, c_balance FROM shop_customer WHERE c_id = $1;
INSERT INTO shop_order (o_c_id, o_total, o_status, o_created) VALUES ($1, 0, 'new', $2) RETURNING o_id;
SELECT p_id, p_price FROM shop_product WHERE p_id = $1;
INSERT INTO shop_order_line (l_o_id, l_n, l_p_id, l_qty, l_price) VALUES ($1, 1, $2, $3, $4);
UPDATE shop_order SET o_total = (SELECT SUM(l_qty * l_price) FROM shop_order_line WHERE l_o_id = $1) WHERE o_id = $2;
UPDATE shop_product SET p_stock = p_stock - $1 WHERE p_id = $2 AND p_stock >= $3;
SELECT o_id, o_total FROM shop_order WHERE o_c_id = $1 ORDER BY o_id DESC LIMIT 1;
SELECT l_n, l_p_id, l_qty, l_price FROM shop_order_line WHERE l_o_id = $1;
SELECT p_id, p_name, p_price FROM shop_product WHERE p_category = $1 ORDER BY p_price LIMIT 20;
SELECT p_id, p_name, p_price, p_stock FROM shop_product WHERE p_id = $1;

-- cleanup
DROP TABLE IF EXISTS "shop_order_line";
DROP TABLE IF EXISTS "shop_order";
DROP TABLE IF EXISTS "shop_product";
DROP TABLE IF EXISTS "shop_customer";
SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1;
DELETE FROM dbgauge_datasets WHERE name = $1;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
