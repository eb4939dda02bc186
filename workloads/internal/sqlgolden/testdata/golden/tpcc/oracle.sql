-- tpcc on oracle: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT 1 FROM user_tables WHERE table_name = UPPER(:1);
BEGIN EXECUTE IMMEDIATE 'CREATE TABLE dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp CLOB NOT NULL)'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -955 THEN RAISE; END IF; END;
INSERT INTO dbgauge_datasets (name, stamp) VALUES (:1, :2);
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "STOCK" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "ITEM" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "ORDER_LINE" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "ORDERS" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "NEW_ORDER" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "HISTORY" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "CUSTOMER" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "DISTRICT" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "WAREHOUSE" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
CREATE TABLE "WAREHOUSE" (
  w_id INTEGER NOT NULL,
  w_name VARCHAR(10),
  w_street_1 VARCHAR(20),
  w_street_2 VARCHAR(20),
  w_city VARCHAR(20),
  w_state CHAR(2),
  w_zip CHAR(9),
  w_tax DECIMAL(4,4),
  w_ytd DECIMAL(12,2),
  PRIMARY KEY (w_id)
);
CREATE TABLE "DISTRICT" (
  d_id INTEGER NOT NULL,
  d_w_id INTEGER NOT NULL,
  d_name VARCHAR(10),
  d_street_1 VARCHAR(20),
  d_street_2 VARCHAR(20),
  d_city VARCHAR(20),
  d_state CHAR(2),
  d_zip CHAR(9),
  d_tax DECIMAL(4,4),
  d_ytd DECIMAL(12,2),
  d_next_o_id INTEGER,
  PRIMARY KEY (d_w_id, d_id)
);
CREATE TABLE "CUSTOMER" (
  c_id INTEGER NOT NULL,
  c_d_id INTEGER NOT NULL,
  c_w_id INTEGER NOT NULL,
  c_first VARCHAR(16),
  c_middle CHAR(2),
  c_last VARCHAR(16),
  c_street_1 VARCHAR(20),
  c_street_2 VARCHAR(20),
  c_city VARCHAR(20),
  c_state CHAR(2),
  c_zip CHAR(9),
  c_phone CHAR(16),
  c_since TIMESTAMP,
  c_credit CHAR(2),
  c_credit_lim DECIMAL(12,2),
  c_discount DECIMAL(4,4),
  c_balance DECIMAL(12,2),
  c_ytd_payment DECIMAL(12,2),
  c_payment_cnt INTEGER,
  c_delivery_cnt INTEGER,
  c_data VARCHAR(500),
  PRIMARY KEY (c_w_id, c_d_id, c_id)
);
CREATE TABLE "HISTORY" (
  h_c_id INTEGER,
  h_c_d_id INTEGER,
  h_c_w_id INTEGER,
  h_d_id INTEGER,
  h_w_id INTEGER,
  h_date TIMESTAMP,
  h_amount DECIMAL(6,2),
  h_data VARCHAR(24)
);
CREATE TABLE "NEW_ORDER" (
  no_o_id INTEGER NOT NULL,
  no_d_id INTEGER NOT NULL,
  no_w_id INTEGER NOT NULL,
  PRIMARY KEY (no_w_id, no_d_id, no_o_id)
);
CREATE TABLE "ORDERS" (
  o_id INTEGER NOT NULL,
  o_d_id INTEGER NOT NULL,
  o_w_id INTEGER NOT NULL,
  o_c_id INTEGER,
  o_entry_d TIMESTAMP,
  o_carrier_id INTEGER,
  o_ol_cnt INTEGER,
  o_all_local INTEGER,
  PRIMARY KEY (o_w_id, o_d_id, o_id)
);
CREATE TABLE "ORDER_LINE" (
  ol_o_id INTEGER NOT NULL,
  ol_d_id INTEGER NOT NULL,
  ol_w_id INTEGER NOT NULL,
  ol_number INTEGER NOT NULL,
  ol_i_id INTEGER,
  ol_supply_w_id INTEGER,
  ol_delivery_d TIMESTAMP,
  ol_quantity INTEGER,
  ol_amount DECIMAL(6,2),
  ol_dist_info CHAR(24),
  PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number)
);
CREATE TABLE "ITEM" (
  i_id INTEGER NOT NULL,
  i_im_id INTEGER,
  i_name VARCHAR(24),
  i_price DECIMAL(5,2),
  i_data VARCHAR(50),
  PRIMARY KEY (i_id)
);
CREATE TABLE "STOCK" (
  s_i_id INTEGER NOT NULL,
  s_w_id INTEGER NOT NULL,
  s_quantity INTEGER,
  s_dist_01 CHAR(24),
  s_dist_02 CHAR(24),
  s_dist_03 CHAR(24),
  s_dist_04 CHAR(24),
  s_dist_05 CHAR(24),
  s_dist_06 CHAR(24),
  s_dist_07 CHAR(24),
  s_dist_08 CHAR(24),
  s_dist_09 CHAR(24),
  s_dist_10 CHAR(24),
  s_ytd INTEGER,
  s_order_cnt INTEGER,
  s_remote_cnt INTEGER,
  s_data VARCHAR(50),
  PRIMARY KEY (s_w_id, s_i_id)
);
-- load warehouse (w_id, w_name, w_street_1, w_street_2, w_city, w_state, w_zip, w_tax, w_ytd): the driver's bulk loader, else
INSERT ALL INTO "WAREHOUSE" (w_id, w_name, w_street_1, w_street_2, w_city, w_state, w_zip, w_tax, w_ytd) VALUES (:1,:2,:3,:4,:5,:6,:7,:8,:9) INTO "WAREHOUSE" (w_id, w_name, w_street_1, w_street_2, w_city, w_state, w_zip, w_tax, w_ytd) VALUES (:10,:11,:12,:13,:14,:15,:16,:17,:18) SELECT 1 FROM dual;
-- load district (d_id, d_w_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip, d_tax, d_ytd, d_next_o_id): the driver's bulk loader, else
INSERT ALL INTO "DISTRICT" (d_id, d_w_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip, d_tax, d_ytd, d_next_o_id) VALUES (:1,:2,:3,:4,:5,:6,:7,:8,:9,:10,:11) INTO "DISTRICT" (d_id, d_w_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip, d_tax, d_ytd, d_next_o_id) VALUES (:12,:13,:14,:15,:16,:17,:18,:19,:20,:21,:22) SELECT 1 FROM dual;
-- load customer (c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data): the driver's bulk loader, else
INSERT ALL INTO "CUSTOMER" (c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data) VALUES (:1,:2,:3,:4,:5,:6,:7,:8,:9,:10,:11,:12,:13,:14,:15,:16,:17,:18,:19,:20,:21) INTO "CUSTOMER" (c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data) VALUES (:22,:23,:24,:25,:26,:27,:28,:29,:30,:31,:32,:33,:34,:35,:36,:37,:38,:39,:40,:41,:42) SELECT 1 FROM dual;
-- load history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data): the driver's bulk loader, else
INSERT ALL INTO "HISTORY" (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) VALUES (:1,:2,:3,:4,:5,:6,:7,:8) INTO "HISTORY" (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) VALUES (:9,:10,:11,:12,:13,:14,:15,:16) SELECT 1 FROM dual;
-- load new_order (no_o_id, no_d_id, no_w_id): the driver's bulk loader, else
INSERT ALL INTO "NEW_ORDER" (no_o_id, no_d_id, no_w_id) VALUES (:1,:2,:3) INTO "NEW_ORDER" (no_o_id, no_d_id, no_w_id) VALUES (:4,:5,:6) SELECT 1 FROM dual;
-- load orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local): the driver's bulk loader, else
INSERT ALL INTO "ORDERS" (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local) VALUES (:1,:2,:3,:4,:5,:6,:7,:8) INTO "ORDERS" (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local) VALUES (:9,:10,:11,:12,:13,:14,:15,:16) SELECT 1 FROM dual;
-- load order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info): the driver's bulk loader, else
INSERT ALL INTO "ORDER_LINE" (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) VALUES (:1,:2,:3,:4,:5,:6,:7,:8,:9,:10) INTO "ORDER_LINE" (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) VALUES (:11,:12,:13,:14,:15,:16,:17,:18,:19,:20) SELECT 1 FROM dual;
-- load item (i_id, i_im_id, i_name, i_price, i_data): the driver's bulk loader, else
INSERT ALL INTO "ITEM" (i_id, i_im_id, i_name, i_price, i_data) VALUES (:1,:2,:3,:4,:5) INTO "ITEM" (i_id, i_im_id, i_name, i_price, i_data) VALUES (:6,:7,:8,:9,:10) SELECT 1 FROM dual;
-- load stock (s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd, s_order_cnt, s_remote_cnt, s_data): the driver's bulk loader, else
INSERT ALL INTO "STOCK" (s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd, s_order_cnt, s_remote_cnt, s_data) VALUES (:1,:2,:3,:4,:5,:6,:7,:8,:9,:10,:11,:12,:13,:14,:15,:16,:17) INTO "STOCK" (s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd, s_order_cnt, s_remote_cnt, s_data) VALUES (:18,:19,:20,:21,:22,:23,:24,:25,:26,:27,:28,:29,:30,:31,:32,:33,:34) SELECT 1 FROM dual;
BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => USER, tabname => '"WAREHOUSE"'); END;
BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => USER, tabname => '"DISTRICT"'); END;
CREATE INDEX idx_customer_1 ON "CUSTOMER" (c_w_id, c_d_id, c_last, c_first);
BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => USER, tabname => '"CUSTOMER"'); END;
BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => USER, tabname => '"HISTORY"'); END;
BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => USER, tabname => '"NEW_ORDER"'); END;
CREATE INDEX idx_orders_1 ON "ORDERS" (o_w_id, o_d_id, o_c_id, o_id);
BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => USER, tabname => '"ORDERS"'); END;
BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => USER, tabname => '"ORDER_LINE"'); END;
BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => USER, tabname => '"ITEM"'); END;
BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => USER, tabname => '"STOCK"'); END;

-- session: the measured statements
SELECT w_tax FROM warehouse WHERE w_id = :1;
SELECT d_tax, d_next_o_id FROM district WHERE d_w_id = :1 AND d_id = :2 FOR UPDATE;
UPDATE district SET d_next_o_id = :1 WHERE d_w_id = :2 AND d_id = :3;
SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = :1 AND c_d_id = :2 AND c_id = :3;
INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local) VALUES (:1, :2, :3, :4, :5, :6, :7);
INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (:1, :2, :3);
SELECT i_id, i_price, i_name, i_data FROM item WHERE i_id IN (:1, :2, :3, :4, :5, :6, :7, :8, :9, :10, :11, :12, :13, :14, :15);
SELECT s_i_id, s_w_id, s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM stock WHERE (s_w_id, s_i_id) IN ((:1, :2), (:3, :4), (:5, :6), (:7, :8), (:9, :10), (:11, :12), (:13, :14), (:15, :16), (:17, :18), (:19, :20), (:21, :22), (:23, :24), (:25, :26), (:27, :28), (:29, :30)) ORDER BY s_w_id, s_i_id FOR UPDATE;
UPDATE stock SET s_quantity = :1, s_ytd = s_ytd + :2, s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + :3 WHERE s_i_id = :4 AND s_w_id = :5;
INSERT ALL INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:1, :2, :3, :4, :5, :6, :7, :8, :9) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:10, :11, :12, :13, :14, :15, :16, :17, :18) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:19, :20, :21, :22, :23, :24, :25, :26, :27) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:28, :29, :30, :31, :32, :33, :34, :35, :36) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:37, :38, :39, :40, :41, :42, :43, :44, :45) SELECT 1 FROM dual;
INSERT ALL INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:1, :2, :3, :4, :5, :6, :7, :8, :9) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:10, :11, :12, :13, :14, :15, :16, :17, :18) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:19, :20, :21, :22, :23, :24, :25, :26, :27) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:28, :29, :30, :31, :32, :33, :34, :35, :36) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:37, :38, :39, :40, :41, :42, :43, :44, :45) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:46, :47, :48, :49, :50, :51, :52, :53, :54) SELECT 1 FROM dual;
INSERT ALL INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:1, :2, :3, :4, :5, :6, :7, :8, :9) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:10, :11, :12, :13, :14, :15, :16, :17, :18) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:19, :20, :21, :22, :23, :24, :25, :26, :27) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:28, :29, :30, :31, :32, :33, :34, :35, :36) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:37, :38, :39, :40, :41, :42, :43, :44, :45) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:46, :47, :48, :49, :50, :51, :52, :53, :54) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:55, :56, :57, :58, :59, :60, :61, :62, :63) SELECT 1 FROM dual;
INSERT ALL INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:1, :2, :3, :4, :5, :6, :7, :8, :9) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:10, :11, :12, :13, :14, :15, :16, :17, :18) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:19, :20, :21, :22, :23, :24, :25, :26, :27) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:28, :29, :30, :31, :32, :33, :34, :35, :36) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:37, :38, :39, :40, :41, :42, :43, :44, :45) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:46, :47, :48, :49, :50, :51, :52, :53, :54) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:55, :56, :57, :58, :59, :60, :61, :62, :63) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:64, :65, :66, :67, :68, :69, :70, :71, :72) SELECT 1 FROM dual;
INSERT ALL INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:1, :2, :3, :4, :5, :6, :7, :8, :9) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:10, :11, :12, :13, :14, :15, :16, :17, :18) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:19, :20, :21, :22, :23, :24, :25, :26, :27) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:28, :29, :30, :31, :32, :33, :34, :35, :36) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:37, :38, :39, :40, :41, :42, :43, :44, :45) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:46, :47, :48, :49, :50, :51, :52, :53, :54) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:55, :56, :57, :58, :59, :60, :61, :62, :63) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:64, :65, :66, :67, :68, :69, :70, :71, :72) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:73, :74, :75, :76, :77, :78, :79, :80, :81) SELECT 1 FROM dual;
INSERT ALL INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:1, :2, :3, :4, :5, :6, :7, :8, :9) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:10, :11, :12, :13, :14, :15, :16, :17, :18) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:19, :20, :21, :22, :23, :24, :25, :26, :27) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:28, :29, :30, :31, :32, :33, :34, :35, :36) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:37, :38, :39, :40, :41, :42, :43, :44, :45) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:46, :47, :48, :49, :50, :51, :52, :53, :54) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:55, :56, :57, :58, :59, :60, :61, :62, :63) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:64, :65, :66, :67, :68, :69, :70, :71, :72) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:73, :74, :75, :76, :77, :78, :79, :80, :81) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:82, :83, :84, :85, :86, :87, :88, :89, :90) SELECT 1 FROM dual;
INSERT ALL INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:1, :2, :3, :4, :5, :6, :7, :8, :9) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:10, :11, :12, :13, :14, :15, :16, :17, :18) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:19, :20, :21, :22, :23, :24, :25, :26, :27) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:28, :29, :30, :31, :32, :33, :34, :35, :36) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:37, :38, :39, :40, :41, :42, :43, :44, :45) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:46, :47, :48, :49, :50, :51, :52, :53, :54) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:55, :56, :57, :58, :59, :60, :61, :62, :63) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:64, :65, :66, :67, :68, :69, :70, :71, :72) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:73, :74, :75, :76, :77, :78, :79, :80, :81) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:82, :83, :84, :85, :86, :87, :88, :89, :90) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:91, :92, :93, :94, :95, :96, :97, :98, :99) SELECT 1 FROM dual;
INSERT ALL INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:1, :2, :3, :4, :5, :6, :7, :8, :9) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:10, :11, :12, :13, :14, :15, :16, :17, :18) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:19, :20, :21, :22, :23, :24, :25, :26, :27) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:28, :29, :30, :31, :32, :33, :34, :35, :36) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:37, :38, :39, :40, :41, :42, :43, :44, :45) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:46, :47, :48, :49, :50, :51, :52, :53, :54) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:55, :56, :57, :58, :59, :60, :61, :62, :63) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:64, :65, :66, :67, :68, :69, :70, :71, :72) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:73, :74, :75, :76, :77, :78, :79, :80, :81) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:82, :83, :84, :85, :86, :87, :88, :89, :90) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:91, :92, :93, :94, :95, :96, :97, :98, :99) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:100, :101, :102, :103, :104, :105, :106, :107, :108) SELECT 1 FROM dual;
INSERT ALL INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:1, :2, :3, :4, :5, :6, :7, :8, :9) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:10, :11, :12, :13, :14, :15, :16, :17, :18) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:19, :20, :21, :22, :23, :24, :25, :26, :27) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:28, :29, :30, :31, :32, :33, :34, :35, :36) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:37, :38, :39, :40, :41, :42, :43, :44, :45) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:46, :47, :48, :49, :50, :51, :52, :53, :54) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:55, :56, :57, :58, :59, :60, :61, :62, :63) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:64, :65, :66, :67, :68, :69, :70, :71, :72) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:73, :74, :75, :76, :77, :78, :79, :80, :81) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:82, :83, :84, :85, :86, :87, :88, :89, :90) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:91, :92, :93, :94, :95, :96, :97, :98, :99) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:100, :101, :102, :103, :104, :105, :106, :107, :108) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:109, :110, :111, :112, :113, :114, :115, :116, :117) SELECT 1 FROM dual;
INSERT ALL INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:1, :2, :3, :4, :5, :6, :7, :8, :9) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:10, :11, :12, :13, :14, :15, :16, :17, :18) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:19, :20, :21, :22, :23, :24, :25, :26, :27) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:28, :29, :30, :31, :32, :33, :34, :35, :36) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:37, :38, :39, :40, :41, :42, :43, :44, :45) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:46, :47, :48, :49, :50, :51, :52, :53, :54) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:55, :56, :57, :58, :59, :60, :61, :62, :63) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:64, :65, :66, :67, :68, :69, :70, :71, :72) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:73, :74, :75, :76, :77, :78, :79, :80, :81) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:82, :83, :84, :85, :86, :87, :88, :89, :90) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:91, :92, :93, :94, :95, :96, :97, :98, :99) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:100, :101, :102, :103, :104, :105, :106, :107, :108) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:109, :110, :111, :112, :113, :114, :115, :116, :117) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:118, :119, :120, :121, :122, :123, :124, :125, :126) SELECT 1 FROM dual;
INSERT ALL INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:1, :2, :3, :4, :5, :6, :7, :8, :9) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:10, :11, :12, :13, :14, :15, :16, :17, :18) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:19, :20, :21, :22, :23, :24, :25, :26, :27) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:28, :29, :30, :31, :32, :33, :34, :35, :36) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:37, :38, :39, :40, :41, :42, :43, :44, :45) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:46, :47, :48, :49, :50, :51, :52, :53, :54) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:55, :56, :57, :58, :59, :60, :61, :62, :63) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:64, :65, :66, :67, :68, :69, :70, :71, :72) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:73, :74, :75, :76, :77, :78, :79, :80, :81) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:82, :83, :84, :85, :86, :87, :88, :89, :90) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:91, :92, :93, :94, :95, :96, :97, :98, :99) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:100, :101, :102, :103, :104, :105, :106, :107, :108) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:109, :110, :111, :112, :113, :114, :115, :116, :117) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:118, :119, :120, :121, :122, :123, :124, :125, :126) INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (:127, :128, :129, :130, :131, :132, :133, :134, :135) SELECT 1 FROM dual;
UPDATE warehouse SET w_ytd = w_ytd + :1 WHERE w_id = :2;
SELECT w_name, w_street_1, w_street_2, w_city, w_state, w_zip FROM warehouse WHERE w_id = :1;
UPDATE district SET d_ytd = d_ytd + :1 WHERE d_w_id = :2 AND d_id = :3;
SELECT d_name, d_street_1, d_street_2, d_city, d_state, d_zip FROM district WHERE d_w_id = :1 AND d_id = :2;
SELECT c_id FROM customer WHERE c_w_id = :1 AND c_d_id = :2 AND c_last = :3 ORDER BY c_first;
SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_credit, c_credit_lim, c_discount, c_balance, c_since FROM customer WHERE c_w_id = :1 AND c_d_id = :2 AND c_id = :3 FOR UPDATE;
SELECT c_data FROM customer WHERE c_w_id = :1 AND c_d_id = :2 AND c_id = :3;
UPDATE customer SET c_balance = c_balance - :1, c_ytd_payment = c_ytd_payment + :2, c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = :3 AND c_d_id = :4 AND c_id = :5;
UPDATE customer SET c_balance = c_balance - :1, c_ytd_payment = c_ytd_payment + :2, c_payment_cnt = c_payment_cnt + 1, c_data = :3 WHERE c_w_id = :4 AND c_d_id = :5 AND c_id = :6;
INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data) VALUES (:1, :2, :3, :4, :5, :6, :7, :8);
SELECT c_balance, c_first, c_middle, c_last FROM customer WHERE c_w_id = :1 AND c_d_id = :2 AND c_id = :3;
SELECT o_id, o_carrier_id, o_entry_d FROM orders WHERE o_w_id = :1 AND o_d_id = :2 AND o_c_id = :3 ORDER BY o_id DESC FETCH FIRST 1 ROWS ONLY;
SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line WHERE ol_w_id = :1 AND ol_d_id = :2 AND ol_o_id = :3;
SELECT no_o_id FROM new_order WHERE (no_w_id, no_d_id, no_o_id) IN (SELECT no_w_id, no_d_id, MIN(no_o_id) FROM new_order WHERE no_w_id = :1 AND no_d_id = :2 GROUP BY no_w_id, no_d_id) FOR UPDATE;
DELETE FROM new_order WHERE no_w_id = :1 AND (no_d_id, no_o_id) IN ((:2, :3), (:4, :5), (:6, :7), (:8, :9), (:10, :11), (:12, :13), (:14, :15), (:16, :17), (:18, :19), (:20, :21));
SELECT o_d_id, o_c_id FROM orders WHERE o_w_id = :1 AND (o_d_id, o_id) IN ((:2, :3), (:4, :5), (:6, :7), (:8, :9), (:10, :11), (:12, :13), (:14, :15), (:16, :17), (:18, :19), (:20, :21));
UPDATE orders SET o_carrier_id = :1 WHERE o_w_id = :2 AND (o_d_id, o_id) IN ((:3, :4), (:5, :6), (:7, :8), (:9, :10), (:11, :12), (:13, :14), (:15, :16), (:17, :18), (:19, :20), (:21, :22));
UPDATE order_line SET ol_delivery_d = :1 WHERE ol_w_id = :2 AND (ol_d_id, ol_o_id) IN ((:3, :4), (:5, :6), (:7, :8), (:9, :10), (:11, :12), (:13, :14), (:15, :16), (:17, :18), (:19, :20), (:21, :22));
SELECT ol_d_id, SUM(ol_amount) FROM order_line WHERE ol_w_id = :1 AND (ol_d_id, ol_o_id) IN ((:2, :3), (:4, :5), (:6, :7), (:8, :9), (:10, :11), (:12, :13), (:14, :15), (:16, :17), (:18, :19), (:20, :21)) GROUP BY ol_d_id;
UPDATE customer SET c_balance = c_balance + :1, c_delivery_cnt = c_delivery_cnt + 1 WHERE c_w_id = :2 AND c_d_id = :3 AND c_id = :4;
SELECT d_next_o_id FROM district WHERE d_w_id = :1 AND d_id = :2;
SELECT COUNT(DISTINCT s_i_id) FROM order_line, stock WHERE ol_w_id = :1 AND ol_d_id = :2 AND ol_o_id < :3 AND ol_o_id >= :4 AND s_w_id = :5 AND s_i_id = ol_i_id AND s_quantity < :6;

-- cleanup
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "STOCK" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "ITEM" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "ORDER_LINE" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "ORDERS" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "NEW_ORDER" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "HISTORY" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "CUSTOMER" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "DISTRICT" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "WAREHOUSE" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
SELECT 1 FROM user_tables WHERE table_name = UPPER(:1);
DELETE FROM dbgauge_datasets WHERE name = :1;
SELECT name FROM dbgauge_datasets;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "DBGAUGE_DATASETS" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
