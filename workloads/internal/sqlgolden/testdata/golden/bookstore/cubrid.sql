-- bookstore on cubrid: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp STRING NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (?, ?);
DROP TABLE IF EXISTS "shopping_cart_line";
DROP TABLE IF EXISTS "shopping_cart";
DROP TABLE IF EXISTS "cc_xacts";
DROP TABLE IF EXISTS "order_line";
DROP TABLE IF EXISTS "orders";
DROP TABLE IF EXISTS "customer";
DROP TABLE IF EXISTS "address";
DROP TABLE IF EXISTS "item";
DROP TABLE IF EXISTS "author";
DROP TABLE IF EXISTS "country";
CREATE TABLE "country" (
  co_id INTEGER NOT NULL,
  co_name VARCHAR(50),
  co_exchange DOUBLE PRECISION,
  co_currency VARCHAR(18),
  PRIMARY KEY (co_id)
);
CREATE TABLE "author" (
  a_id INTEGER NOT NULL,
  a_fname VARCHAR(20),
  a_lname VARCHAR(20),
  a_mname VARCHAR(20),
  a_dob DATETIME,
  a_bio VARCHAR(500),
  PRIMARY KEY (a_id)
);
CREATE TABLE "item" (
  i_id INTEGER NOT NULL,
  i_title VARCHAR(60),
  i_a_id INTEGER,
  i_pub_date DATETIME,
  i_publisher VARCHAR(60),
  i_subject VARCHAR(60),
  i_desc VARCHAR(500),
  i_related1 INTEGER,
  i_related2 INTEGER,
  i_related3 INTEGER,
  i_related4 INTEGER,
  i_related5 INTEGER,
  i_thumbnail VARCHAR(40),
  i_image VARCHAR(40),
  i_srp DECIMAL(15,2),
  i_cost DECIMAL(15,2),
  i_avail DATETIME,
  i_stock INTEGER,
  i_isbn CHAR(13),
  i_page INTEGER,
  i_backing VARCHAR(15),
  i_dimensions VARCHAR(25),
  PRIMARY KEY (i_id)
);
CREATE TABLE "address" (
  addr_id INTEGER AUTO_INCREMENT NOT NULL,
  addr_street1 VARCHAR(40),
  addr_street2 VARCHAR(40),
  addr_city VARCHAR(30),
  addr_state VARCHAR(20),
  addr_zip VARCHAR(10),
  addr_co_id INTEGER,
  PRIMARY KEY (addr_id)
);
CREATE TABLE "customer" (
  c_id INTEGER AUTO_INCREMENT NOT NULL,
  c_uname VARCHAR(20),
  c_passwd VARCHAR(20),
  c_fname VARCHAR(17),
  c_lname VARCHAR(17),
  c_addr_id INTEGER,
  c_phone VARCHAR(18),
  c_email VARCHAR(50),
  c_since DATETIME,
  c_last_login DATETIME,
  c_login DATETIME,
  c_expiration DATETIME,
  c_discount DECIMAL(5,2),
  c_balance DECIMAL(15,2),
  c_ytd_pmt DECIMAL(15,2),
  c_birthdate DATETIME,
  c_data VARCHAR(500),
  PRIMARY KEY (c_id)
);
CREATE TABLE "orders" (
  o_id INTEGER AUTO_INCREMENT NOT NULL,
  o_c_id INTEGER,
  o_date DATETIME,
  o_sub_total DECIMAL(15,2),
  o_tax DECIMAL(15,2),
  o_total DECIMAL(15,2),
  o_ship_type VARCHAR(10),
  o_ship_date DATETIME,
  o_bill_addr_id INTEGER,
  o_ship_addr_id INTEGER,
  o_status VARCHAR(15),
  PRIMARY KEY (o_id)
);
CREATE TABLE "order_line" (
  ol_id INTEGER NOT NULL,
  ol_o_id INTEGER NOT NULL,
  ol_i_id INTEGER,
  ol_qty INTEGER,
  ol_discount DECIMAL(5,2),
  ol_comments VARCHAR(110),
  PRIMARY KEY (ol_id, ol_o_id)
);
CREATE TABLE "cc_xacts" (
  cx_o_id INTEGER NOT NULL,
  cx_type VARCHAR(10),
  cx_num VARCHAR(20),
  cx_name VARCHAR(31),
  cx_expire DATETIME,
  cx_auth_id CHAR(15),
  cx_xact_amt DECIMAL(15,2),
  cx_xact_date DATETIME,
  cx_co_id INTEGER,
  PRIMARY KEY (cx_o_id)
);
CREATE TABLE "shopping_cart" (
  sc_id INTEGER AUTO_INCREMENT NOT NULL,
  sc_time DATETIME,
  PRIMARY KEY (sc_id)
);
CREATE TABLE "shopping_cart_line" (
  scl_sc_id INTEGER NOT NULL,
  scl_qty INTEGER,
  scl_i_id INTEGER NOT NULL,
  PRIMARY KEY (scl_sc_id, scl_i_id)
);
-- load country (co_id, co_name, co_exchange, co_currency): the driver's bulk loader, else
INSERT INTO "country" (co_id, co_name, co_exchange, co_currency) VALUES (?,?,?,?),(?,?,?,?);
-- load author (a_id, a_fname, a_lname, a_mname, a_dob, a_bio): the driver's bulk loader, else
INSERT INTO "author" (a_id, a_fname, a_lname, a_mname, a_dob, a_bio) VALUES (?,?,?,?,?,?),(?,?,?,?,?,?);
-- load item (i_id, i_title, i_a_id, i_pub_date, i_publisher, i_subject, i_desc, i_related1, i_related2, i_related3, i_related4, i_related5, i_thumbnail, i_image, i_srp, i_cost, i_avail, i_stock, i_isbn, i_page, i_backing, i_dimensions): the driver's bulk loader, else
INSERT INTO "item" (i_id, i_title, i_a_id, i_pub_date, i_publisher, i_subject, i_desc, i_related1, i_related2, i_related3, i_related4, i_related5, i_thumbnail, i_image, i_srp, i_cost, i_avail, i_stock, i_isbn, i_page, i_backing, i_dimensions) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?),(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?);
-- load address (addr_id, addr_street1, addr_street2, addr_city, addr_state, addr_zip, addr_co_id): the driver's bulk loader, else
INSERT INTO "address" (addr_id, addr_street1, addr_street2, addr_city, addr_state, addr_zip, addr_co_id) VALUES (?,?,?,?,?,?,?),(?,?,?,?,?,?,?);
-- load customer (c_id, c_uname, c_passwd, c_fname, c_lname, c_addr_id, c_phone, c_email, c_since, c_last_login, c_login, c_expiration, c_discount, c_balance, c_ytd_pmt, c_birthdate, c_data): the driver's bulk loader, else
INSERT INTO "customer" (c_id, c_uname, c_passwd, c_fname, c_lname, c_addr_id, c_phone, c_email, c_since, c_last_login, c_login, c_expiration, c_discount, c_balance, c_ytd_pmt, c_birthdate, c_data) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?),(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?);
-- load orders (o_id, o_c_id, o_date, o_sub_total, o_tax, o_total, o_ship_type, o_ship_date, o_bill_addr_id, o_ship_addr_id, o_status): the driver's bulk loader, else
INSERT INTO "orders" (o_id, o_c_id, o_date, o_sub_total, o_tax, o_total, o_ship_type, o_ship_date, o_bill_addr_id, o_ship_addr_id, o_status) VALUES (?,?,?,?,?,?,?,?,?,?,?),(?,?,?,?,?,?,?,?,?,?,?);
-- load order_line (ol_id, ol_o_id, ol_i_id, ol_qty, ol_discount, ol_comments): the driver's bulk loader, else
INSERT INTO "order_line" (ol_id, ol_o_id, ol_i_id, ol_qty, ol_discount, ol_comments) VALUES (?,?,?,?,?,?),(?,?,?,?,?,?);
-- load cc_xacts (cx_o_id, cx_type, cx_num, cx_name, cx_expire, cx_auth_id, cx_xact_amt, cx_xact_date, cx_co_id): the driver's bulk loader, else
INSERT INTO "cc_xacts" (cx_o_id, cx_type, cx_num, cx_name, cx_expire, cx_auth_id, cx_xact_amt, cx_xact_date, cx_co_id) VALUES (?,?,?,?,?,?,?,?,?),(?,?,?,?,?,?,?,?,?);
CREATE INDEX country_co_name ON "country" (co_name);
UPDATE STATISTICS ON "country";
CREATE INDEX author_a_lname ON "author" (a_lname);
UPDATE STATISTICS ON "author";
CREATE INDEX item_i_title ON "item" (i_title);
CREATE INDEX item_i_subject ON "item" (i_subject);
CREATE INDEX item_i_a_id ON "item" (i_a_id);
UPDATE STATISTICS ON "item";
CREATE INDEX address_addr_co_id ON "address" (addr_co_id);
CREATE INDEX address_addr_zip ON "address" (addr_zip);
ALTER TABLE address AUTO_INCREMENT = (SELECT COALESCE(MAX(addr_id), 0) + 1 FROM address);
UPDATE STATISTICS ON "address";
CREATE INDEX customer_c_addr_id ON "customer" (c_addr_id);
CREATE INDEX customer_c_uname ON "customer" (c_uname);
ALTER TABLE customer AUTO_INCREMENT = (SELECT COALESCE(MAX(c_id), 0) + 1 FROM customer);
UPDATE STATISTICS ON "customer";
CREATE INDEX orders_o_c_id ON "orders" (o_c_id);
ALTER TABLE orders AUTO_INCREMENT = (SELECT COALESCE(MAX(o_id), 0) + 1 FROM orders);
UPDATE STATISTICS ON "orders";
CREATE INDEX order_line_ol_i_id ON "order_line" (ol_i_id);
CREATE INDEX order_line_ol_o_id ON "order_line" (ol_o_id);
UPDATE STATISTICS ON "order_line";
UPDATE STATISTICS ON "cc_xacts";
ALTER TABLE shopping_cart AUTO_INCREMENT = (SELECT COALESCE(MAX(sc_id), 0) + 1 FROM shopping_cart);
UPDATE STATISTICS ON "shopping_cart";
CREATE INDEX shopping_cart_line_scl_i_id ON "shopping_cart_line" (scl_i_id);
UPDATE STATISTICS ON "shopping_cart_line";

-- session: the measured statements
SELECT J.i_id, J.i_thumbnail FROM item I, item J WHERE (I.i_related1 = J.i_id OR I.i_related2 = J.i_id OR I.i_related3 = J.i_id OR I.i_related4 = J.i_id OR I.i_related5 = J.i_id) AND I.i_id = ?;
SELECT c_fname, c_lname FROM customer WHERE c_id = ?;
SELECT i_id, i_title, a_fname, a_lname FROM item, author WHERE item.i_a_id = author.a_id AND item.i_subject = ? ORDER BY item.i_pub_date DESC, item.i_title LIMIT 50;
SELECT i_id, i_title, a_fname, a_lname FROM item, author, order_line WHERE item.i_id = order_line.ol_i_id AND item.i_a_id = author.a_id AND order_line.ol_o_id > (SELECT MAX(o_id) - 3333 FROM orders) AND item.i_subject = ? GROUP BY i_id, i_title, a_fname, a_lname ORDER BY SUM(ol_qty) DESC LIMIT 50;
SELECT * FROM item, author WHERE item.i_a_id = author.a_id AND i_id = ?;
SELECT item.i_id, item.i_title, item.i_a_id, item.i_pub_date, item.i_publisher, item.i_subject, item.i_desc, item.i_related1, item.i_related2, item.i_related3, item.i_related4, item.i_related5, item.i_thumbnail, item.i_image, item.i_srp, item.i_cost, item.i_avail, item.i_stock, item.i_isbn, item.i_page, item.i_backing, item.i_dimensions, author.a_id, author.a_fname, author.a_lname, author.a_mname, author.a_dob, author.a_bio FROM item, author WHERE item.i_a_id = author.a_id AND item.i_subject = ? ORDER BY item.i_title LIMIT 50;
SELECT item.i_id, item.i_title, item.i_a_id, item.i_pub_date, item.i_publisher, item.i_subject, item.i_desc, item.i_related1, item.i_related2, item.i_related3, item.i_related4, item.i_related5, item.i_thumbnail, item.i_image, item.i_srp, item.i_cost, item.i_avail, item.i_stock, item.i_isbn, item.i_page, item.i_backing, item.i_dimensions, author.a_id, author.a_fname, author.a_lname, author.a_mname, author.a_dob, author.a_bio FROM item, author WHERE item.i_a_id = author.a_id AND item.i_title LIKE ? ORDER BY item.i_title LIMIT 50;
SELECT author.a_id, author.a_fname, author.a_lname, author.a_mname, author.a_dob, author.a_bio, item.i_id, item.i_title, item.i_a_id, item.i_pub_date, item.i_publisher, item.i_subject, item.i_desc, item.i_related1, item.i_related2, item.i_related3, item.i_related4, item.i_related5, item.i_thumbnail, item.i_image, item.i_srp, item.i_cost, item.i_avail, item.i_stock, item.i_isbn, item.i_page, item.i_backing, item.i_dimensions FROM author, item WHERE author.a_lname LIKE ? AND item.i_a_id = author.a_id ORDER BY item.i_title LIMIT 50;
INSERT INTO shopping_cart (sc_time) VALUES (?);
SELECT scl_qty FROM shopping_cart_line WHERE scl_sc_id = ? AND scl_i_id = ?;
UPDATE shopping_cart_line SET scl_qty = ? WHERE scl_sc_id = ? AND scl_i_id = ?;
INSERT INTO shopping_cart_line (scl_sc_id, scl_qty, scl_i_id) VALUES (?, ?, ?);
SELECT scl_i_id, scl_qty FROM shopping_cart_line WHERE scl_sc_id = ? ORDER BY scl_i_id;
DELETE FROM shopping_cart_line WHERE scl_sc_id = ? AND scl_i_id = ?;
SELECT COUNT(*) FROM shopping_cart_line WHERE scl_sc_id = ?;
SELECT i_related1 FROM item WHERE i_id = ?;
UPDATE shopping_cart SET sc_time = ? WHERE sc_id = ?;
SELECT shopping_cart_line.scl_sc_id, shopping_cart_line.scl_qty, shopping_cart_line.scl_i_id, item.i_id, item.i_title, item.i_a_id, item.i_pub_date, item.i_publisher, item.i_subject, item.i_desc, item.i_related1, item.i_related2, item.i_related3, item.i_related4, item.i_related5, item.i_thumbnail, item.i_image, item.i_srp, item.i_cost, item.i_avail, item.i_stock, item.i_isbn, item.i_page, item.i_backing, item.i_dimensions FROM shopping_cart_line, item WHERE scl_i_id = item.i_id AND scl_sc_id = ?;
SELECT c_uname FROM customer WHERE c_id = ?;
SELECT * FROM customer, address, country WHERE customer.c_addr_id = address.addr_id AND address.addr_co_id = country.co_id AND customer.c_uname = ?;
UPDATE customer SET c_login = ?, c_expiration = ? WHERE c_id = ?;
SELECT co_id FROM country WHERE co_name = ?;
SELECT addr_id FROM address WHERE addr_street1 = ? AND addr_street2 = ? AND addr_city = ? AND addr_state = ? AND addr_zip = ? AND addr_co_id = ?;
INSERT INTO address (addr_street1, addr_street2, addr_city, addr_state, addr_zip, addr_co_id) VALUES (?, ?, ?, ?, ?, ?);
INSERT INTO customer (c_uname, c_passwd, c_fname, c_lname, c_addr_id, c_phone, c_email, c_since, c_last_login, c_login, c_expiration, c_discount, c_balance, c_ytd_pmt, c_birthdate, c_data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
UPDATE customer SET c_uname = ?, c_passwd = ? WHERE c_id = ?;
SELECT c_discount FROM customer WHERE customer.c_id = ?;
SELECT c_addr_id FROM customer WHERE customer.c_id = ?;
INSERT INTO orders (o_c_id, o_date, o_sub_total, o_tax, o_total, o_ship_type, o_ship_date, o_bill_addr_id, o_ship_addr_id, o_status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
INSERT INTO order_line (ol_id, ol_o_id, ol_i_id, ol_qty, ol_discount, ol_comments) VALUES (?, ?, ?, ?, ?, ?);
SELECT i_stock FROM item WHERE i_id = ? FOR UPDATE;
UPDATE item SET i_stock = ? WHERE i_id = ?;
INSERT INTO cc_xacts (cx_o_id, cx_type, cx_num, cx_name, cx_expire, cx_xact_amt, cx_xact_date, cx_co_id) VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT co_id FROM address, country WHERE addr_id = ? AND addr_co_id = co_id));
DELETE FROM shopping_cart_line WHERE scl_sc_id = ?;
SELECT c_passwd FROM customer WHERE c_uname = ?;
SELECT o_id FROM customer, orders WHERE customer.c_id = orders.o_c_id AND c_uname = ? ORDER BY o_id DESC LIMIT 1;
SELECT orders.*, customer.*, cc_xacts.cx_type, ship.addr_street1 AS ship_addr_street1, ship.addr_street2 AS ship_addr_street2, ship.addr_state AS ship_addr_state, ship.addr_zip AS ship_addr_zip, ship_co.co_name AS ship_co_name, bill.addr_street1 AS bill_addr_street1, bill.addr_street2 AS bill_addr_street2, bill.addr_state AS bill_addr_state, bill.addr_zip AS bill_addr_zip, bill_co.co_name AS bill_co_name FROM customer, orders, cc_xacts, address ship, country ship_co, address bill, country bill_co WHERE orders.o_id = ? AND cx_o_id = orders.o_id AND customer.c_id = orders.o_c_id AND orders.o_bill_addr_id = bill.addr_id AND bill.addr_co_id = bill_co.co_id AND orders.o_ship_addr_id = ship.addr_id AND ship.addr_co_id = ship_co.co_id AND orders.o_c_id = customer.c_id;
SELECT * FROM order_line, item WHERE ol_o_id = ? AND ol_i_id = i_id;
UPDATE item SET i_cost = ?, i_image = ?, i_thumbnail = ?, i_pub_date = ? WHERE i_id = ?;
SELECT ol_i_id FROM orders, order_line WHERE orders.o_id = order_line.ol_o_id AND NOT (order_line.ol_i_id = ?) AND orders.o_c_id IN (SELECT o_c_id FROM orders, order_line WHERE orders.o_id = order_line.ol_o_id AND orders.o_id > (SELECT MAX(o_id) - 10000 FROM orders) AND order_line.ol_i_id = ?) GROUP BY ol_i_id ORDER BY SUM(ol_qty) DESC LIMIT 5;
UPDATE item SET i_related1 = ?, i_related2 = ?, i_related3 = ?, i_related4 = ?, i_related5 = ? WHERE i_id = ?;

-- cleanup
DROP TABLE IF EXISTS "shopping_cart_line";
DROP TABLE IF EXISTS "shopping_cart";
DROP TABLE IF EXISTS "cc_xacts";
DROP TABLE IF EXISTS "order_line";
DROP TABLE IF EXISTS "orders";
DROP TABLE IF EXISTS "customer";
DROP TABLE IF EXISTS "address";
DROP TABLE IF EXISTS "item";
DROP TABLE IF EXISTS "author";
DROP TABLE IF EXISTS "country";
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
DELETE FROM dbgauge_datasets WHERE name = ?;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
