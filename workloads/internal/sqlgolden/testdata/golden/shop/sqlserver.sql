-- shop on sqlserver: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT 1 FROM sys.tables WHERE name = @p1 AND schema_id = SCHEMA_ID();
IF OBJECT_ID(N'dbgauge_datasets', N'U') IS NULL CREATE TABLE dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp VARCHAR(MAX) NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (@p1, @p2);
DROP TABLE IF EXISTS [shop_order_line];
DROP TABLE IF EXISTS [shop_order];
DROP TABLE IF EXISTS [shop_product];
DROP TABLE IF EXISTS [shop_customer];
CREATE TABLE [shop_customer] (
  c_id INT IDENTITY(1,1),
  c_name VARCHAR(40),
  c_email VARCHAR(64),
  c_balance DECIMAL(12,2),
  c_since DATETIME2,
  PRIMARY KEY (c_id)
);
CREATE TABLE [shop_product] (
  p_id INTEGER,
  p_name VARCHAR(60),
  p_price DECIMAL(10,2),
  p_stock INTEGER,
  p_category VARCHAR(16),
  PRIMARY KEY (p_id)
);
CREATE TABLE [shop_order] (
  o_id INT IDENTITY(1,1),
  o_c_id INTEGER,
  o_total DECIMAL(12,2),
  o_status VARCHAR(10),
  o_created DATETIME2,
  PRIMARY KEY (o_id)
);
CREATE TABLE [shop_order_line] (
  l_o_id INTEGER,
  l_n INTEGER,
  l_p_id INTEGER,
  l_qty INTEGER,
  l_price DECIMAL(10,2),
  PRIMARY KEY (l_o_id, l_n)
);
-- load shop_customer (c_id, c_name, c_email, c_balance, c_since): the driver's bulk loader, else
INSERT INTO [shop_customer] (c_id, c_name, c_email, c_balance, c_since) VALUES (@p1,@p2,@p3,@p4,@p5),(@p6,@p7,@p8,@p9,@p10);
-- load shop_product (p_id, p_name, p_price, p_stock, p_category): the driver's bulk loader, else
INSERT INTO [shop_product] (p_id, p_name, p_price, p_stock, p_category) VALUES (@p1,@p2,@p3,@p4,@p5),(@p6,@p7,@p8,@p9,@p10);
CREATE INDEX shop_customer_c_email ON [shop_customer] (c_email);
DBCC CHECKIDENT ('shop_customer', RESEED);
UPDATE STATISTICS [shop_customer];
CREATE INDEX shop_product_category ON [shop_product] (p_category);
UPDATE STATISTICS [shop_product];
CREATE INDEX shop_order_o_c_id ON [shop_order] (o_c_id);
DBCC CHECKIDENT ('shop_order', RESEED);
UPDATE STATISTICS [shop_order];
UPDATE STATISTICS [shop_order_line];

-- session: the measured statements
SELECT c_name, c_balance FROM shop_customer WHERE c_id = @p1;
INSERT INTO shop_order (o_c_id, o_total, o_status, o_created) OUTPUT INSERTED.o_id VALUES (@p1, 0, 'new', @p2);
SELECT p_id, p_price FROM shop_product WHERE p_id = @p1;
INSERT INTO shop_order_line (l_o_id, l_n, l_p_id, l_qty, l_price) VALUES (@p1, 1, @p2, @p3, @p4);
UPDATE shop_order SET o_total = (SELECT SUM(l_qty * l_price) FROM shop_order_line WHERE l_o_id = @p1) WHERE o_id = @p2;
UPDATE shop_product SET p_stock = p_stock - @p1 WHERE p_id = @p2 AND p_stock >= @p3;
SELECT TOP (1) o_id, o_total FROM shop_order WHERE o_c_id = @p1 ORDER BY o_id DESC;
SELECT l_n, l_p_id, l_qty, l_price FROM shop_order_line WHERE l_o_id = @p1;
SELECT TOP (20) p_id, p_name, p_price FROM shop_product WHERE p_category = @p1 ORDER BY p_price;
SELECT p_id, p_name, p_price, p_stock FROM shop_product WHERE p_id = @p1;

-- cleanup
DROP TABLE IF EXISTS [shop_order_line];
DROP TABLE IF EXISTS [shop_order];
DROP TABLE IF EXISTS [shop_product];
DROP TABLE IF EXISTS [shop_customer];
SELECT 1 FROM sys.tables WHERE name = @p1 AND schema_id = SCHEMA_ID();
DELETE FROM dbgauge_datasets WHERE name = @p1;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS [dbgauge_datasets];
