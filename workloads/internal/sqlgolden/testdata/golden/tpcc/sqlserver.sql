-- tpcc on sqlserver: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT 1 FROM sys.tables WHERE name = @p1 AND schema_id = SCHEMA_ID();
IF OBJECT_ID(N'dbgauge_datasets', N'U') IS NULL CREATE TABLE dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp VARCHAR(MAX) NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (@p1, @p2);
DROP TABLE IF EXISTS [stock];
DROP TABLE IF EXISTS [item];
DROP TABLE IF EXISTS [order_line];
DROP TABLE IF EXISTS [orders];
DROP TABLE IF EXISTS [new_order];
DROP TABLE IF EXISTS [history];
DROP TABLE IF EXISTS [customer];
DROP TABLE IF EXISTS [district];
DROP TABLE IF EXISTS [warehouse];
CREATE TABLE [warehouse] (
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
CREATE TABLE [district] (
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
CREATE TABLE [customer] (
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
  c_since DATETIME2,
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
CREATE TABLE [history] (
  h_c_id INTEGER,
  h_c_d_id INTEGER,
  h_c_w_id INTEGER,
  h_d_id INTEGER,
  h_w_id INTEGER,
  h_date DATETIME2,
  h_amount DECIMAL(6,2),
  h_data VARCHAR(24)
);
CREATE TABLE [new_order] (
  no_o_id INTEGER NOT NULL,
  no_d_id INTEGER NOT NULL,
  no_w_id INTEGER NOT NULL,
  PRIMARY KEY (no_w_id, no_d_id, no_o_id)
);
CREATE TABLE [orders] (
  o_id INTEGER NOT NULL,
  o_d_id INTEGER NOT NULL,
  o_w_id INTEGER NOT NULL,
  o_c_id INTEGER,
  o_entry_d DATETIME2,
  o_carrier_id INTEGER,
  o_ol_cnt INTEGER,
  o_all_local INTEGER,
  PRIMARY KEY (o_w_id, o_d_id, o_id)
);
CREATE TABLE [order_line] (
  ol_o_id INTEGER NOT NULL,
  ol_d_id INTEGER NOT NULL,
  ol_w_id INTEGER NOT NULL,
  ol_number INTEGER NOT NULL,
  ol_i_id INTEGER,
  ol_supply_w_id INTEGER,
  ol_delivery_d DATETIME2,
  ol_quantity INTEGER,
  ol_amount DECIMAL(6,2),
  ol_dist_info CHAR(24),
  PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number)
);
CREATE TABLE [item] (
  i_id INTEGER NOT NULL,
  i_im_id INTEGER,
  i_name VARCHAR(24),
  i_price DECIMAL(5,2),
  i_data VARCHAR(50),
  PRIMARY KEY (i_id)
);
CREATE TABLE [stock] (
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
INSERT INTO [warehouse] (w_id, w_name, w_street_1, w_street_2, w_city, w_state, w_zip, w_tax, w_ytd) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7,@p8,@p9),(@p10,@p11,@p12,@p13,@p14,@p15,@p16,@p17,@p18);
-- load district (d_id, d_w_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip, d_tax, d_ytd, d_next_o_id): the driver's bulk loader, else
INSERT INTO [district] (d_id, d_w_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip, d_tax, d_ytd, d_next_o_id) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7,@p8,@p9,@p10,@p11),(@p12,@p13,@p14,@p15,@p16,@p17,@p18,@p19,@p20,@p21,@p22);
-- load customer (c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data): the driver's bulk loader, else
INSERT INTO [customer] (c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7,@p8,@p9,@p10,@p11,@p12,@p13,@p14,@p15,@p16,@p17,@p18,@p19,@p20,@p21),(@p22,@p23,@p24,@p25,@p26,@p27,@p28,@p29,@p30,@p31,@p32,@p33,@p34,@p35,@p36,@p37,@p38,@p39,@p40,@p41,@p42);
-- load history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data): the driver's bulk loader, else
INSERT INTO [history] (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7,@p8),(@p9,@p10,@p11,@p12,@p13,@p14,@p15,@p16);
-- load new_order (no_o_id, no_d_id, no_w_id): the driver's bulk loader, else
INSERT INTO [new_order] (no_o_id, no_d_id, no_w_id) VALUES (@p1,@p2,@p3),(@p4,@p5,@p6);
-- load orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local): the driver's bulk loader, else
INSERT INTO [orders] (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7,@p8),(@p9,@p10,@p11,@p12,@p13,@p14,@p15,@p16);
-- load order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info): the driver's bulk loader, else
INSERT INTO [order_line] (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7,@p8,@p9,@p10),(@p11,@p12,@p13,@p14,@p15,@p16,@p17,@p18,@p19,@p20);
-- load item (i_id, i_im_id, i_name, i_price, i_data): the driver's bulk loader, else
INSERT INTO [item] (i_id, i_im_id, i_name, i_price, i_data) VALUES (@p1,@p2,@p3,@p4,@p5),(@p6,@p7,@p8,@p9,@p10);
-- load stock (s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd, s_order_cnt, s_remote_cnt, s_data): the driver's bulk loader, else
INSERT INTO [stock] (s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd, s_order_cnt, s_remote_cnt, s_data) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7,@p8,@p9,@p10,@p11,@p12,@p13,@p14,@p15,@p16,@p17),(@p18,@p19,@p20,@p21,@p22,@p23,@p24,@p25,@p26,@p27,@p28,@p29,@p30,@p31,@p32,@p33,@p34);
UPDATE STATISTICS [warehouse];
UPDATE STATISTICS [district];
CREATE INDEX idx_customer_1 ON [customer] (c_w_id, c_d_id, c_last, c_first);
UPDATE STATISTICS [customer];
UPDATE STATISTICS [history];
UPDATE STATISTICS [new_order];
CREATE INDEX idx_orders_1 ON [orders] (o_w_id, o_d_id, o_c_id, o_id);
UPDATE STATISTICS [orders];
UPDATE STATISTICS [order_line];
UPDATE STATISTICS [item];
UPDATE STATISTICS [stock];

-- session: the measured statements
SELECT w_tax FROM warehouse WHERE w_id = @p1;
SELECT d_tax, d_next_o_id FROM district WITH (UPDLOCK, ROWLOCK) WHERE d_w_id = @p1 AND d_id = @p2;
UPDATE district SET d_next_o_id = @p1 WHERE d_w_id = @p2 AND d_id = @p3;
SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = @p1 AND c_d_id = @p2 AND c_id = @p3;
INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local) VALUES (@p1, @p2, @p3, @p4, @p5, @p6, @p7);
INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (@p1, @p2, @p3);
SELECT i_id, i_price, i_name, i_data FROM item WHERE i_id IN (@p1, @p2, @p3, @p4, @p5, @p6, @p7, @p8, @p9, @p10, @p11, @p12, @p13, @p14, @p15);
SELECT s_i_id, s_w_id, s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM stock WITH (UPDLOCK, ROWLOCK) WHERE ((s_w_id = @p1 AND s_i_id = @p2) OR (s_w_id = @p3 AND s_i_id = @p4) OR (s_w_id = @p5 AND s_i_id = @p6) OR (s_w_id = @p7 AND s_i_id = @p8) OR (s_w_id = @p9 AND s_i_id = @p10) OR (s_w_id = @p11 AND s_i_id = @p12) OR (s_w_id = @p13 AND s_i_id = @p14) OR (s_w_id = @p15 AND s_i_id = @p16) OR (s_w_id = @p17 AND s_i_id = @p18) OR (s_w_id = @p19 AND s_i_id = @p20) OR (s_w_id = @p21 AND s_i_id = @p22) OR (s_w_id = @p23 AND s_i_id = @p24) OR (s_w_id = @p25 AND s_i_id = @p26) OR (s_w_id = @p27 AND s_i_id = @p28) OR (s_w_id = @p29 AND s_i_id = @p30)) ORDER BY s_w_id, s_i_id;
UPDATE stock SET s_quantity = @p1, s_ytd = s_ytd + @p2, s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + @p3 WHERE s_i_id = @p4 AND s_w_id = @p5;
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (@p1, @p2, @p3, @p4, @p5, @p6, @p7, @p8, @p9), (@p10, @p11, @p12, @p13, @p14, @p15, @p16, @p17, @p18), (@p19, @p20, @p21, @p22, @p23, @p24, @p25, @p26, @p27), (@p28, @p29, @p30, @p31, @p32, @p33, @p34, @p35, @p36), (@p37, @p38, @p39, @p40, @p41, @p42, @p43, @p44, @p45);
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (@p1, @p2, @p3, @p4, @p5, @p6, @p7, @p8, @p9), (@p10, @p11, @p12, @p13, @p14, @p15, @p16, @p17, @p18), (@p19, @p20, @p21, @p22, @p23, @p24, @p25, @p26, @p27), (@p28, @p29, @p30, @p31, @p32, @p33, @p34, @p35, @p36), (@p37, @p38, @p39, @p40, @p41, @p42, @p43, @p44, @p45), (@p46, @p47, @p48, @p49, @p50, @p51, @p52, @p53, @p54);
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (@p1, @p2, @p3, @p4, @p5, @p6, @p7, @p8, @p9), (@p10, @p11, @p12, @p13, @p14, @p15, @p16, @p17, @p18), (@p19, @p20, @p21, @p22, @p23, @p24, @p25, @p26, @p27), (@p28, @p29, @p30, @p31, @p32, @p33, @p34, @p35, @p36), (@p37, @p38, @p39, @p40, @p41, @p42, @p43, @p44, @p45), (@p46, @p47, @p48, @p49, @p50, @p51, @p52, @p53, @p54), (@p55, @p56, @p57, @p58, @p59, @p60, @p61, @p62, @p63);
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (@p1, @p2, @p3, @p4, @p5, @p6, @p7, @p8, @p9), (@p10, @p11, @p12, @p13, @p14, @p15, @p16, @p17, @p18), (@p19, @p20, @p21, @p22, @p23, @p24, @p25, @p26, @p27), (@p28, @p29, @p30, @p31, @p32, @p33, @p34, @p35, @p36), (@p37, @p38, @p39, @p40, @p41, @p42, @p43, @p44, @p45), (@p46, @p47, @p48, @p49, @p50, @p51, @p52, @p53, @p54), (@p55, @p56, @p57, @p58, @p59, @p60, @p61, @p62, @p63), (@p64, @p65, @p66, @p67, @p68, @p69, @p70, @p71, @p72);
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (@p1, @p2, @p3, @p4, @p5, @p6, @p7, @p8, @p9), (@p10, @p11, @p12, @p13, @p14, @p15, @p16, @p17, @p18), (@p19, @p20, @p21, @p22, @p23, @p24, @p25, @p26, @p27), (@p28, @p29, @p30, @p31, @p32, @p33, @p34, @p35, @p36), (@p37, @p38, @p39, @p40, @p41, @p42, @p43, @p44, @p45), (@p46, @p47, @p48, @p49, @p50, @p51, @p52, @p53, @p54), (@p55, @p56, @p57, @p58, @p59, @p60, @p61, @p62, @p63), (@p64, @p65, @p66, @p67, @p68, @p69, @p70, @p71, @p72), (@p73, @p74, @p75, @p76, @p77, @p78, @p79, @p80, @p81);
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (@p1, @p2, @p3, @p4, @p5, @p6, @p7, @p8, @p9), (@p10, @p11, @p12, @p13, @p14, @p15, @p16, @p17, @p18), (@p19, @p20, @p21, @p22, @p23, @p24, @p25, @p26, @p27), (@p28, @p29, @p30, @p31, @p32, @p33, @p34, @p35, @p36), (@p37, @p38, @p39, @p40, @p41, @p42, @p43, @p44, @p45), (@p46, @p47, @p48, @p49, @p50, @p51, @p52, @p53, @p54), (@p55, @p56, @p57, @p58, @p59, @p60, @p61, @p62, @p63), (@p64, @p65, @p66, @p67, @p68, @p69, @p70, @p71, @p72), (@p73, @p74, @p75, @p76, @p77, @p78, @p79, @p80, @p81), (@p82, @p83, @p84, @p85, @p86, @p87, @p88, @p89, @p90);
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (@p1, @p2, @p3, @p4, @p5, @p6, @p7, @p8, @p9), (@p10, @p11, @p12, @p13, @p14, @p15, @p16, @p17, @p18), (@p19, @p20, @p21, @p22, @p23, @p24, @p25, @p26, @p27), (@p28, @p29, @p30, @p31, @p32, @p33, @p34, @p35, @p36), (@p37, @p38, @p39, @p40, @p41, @p42, @p43, @p44, @p45), (@p46, @p47, @p48, @p49, @p50, @p51, @p52, @p53, @p54), (@p55, @p56, @p57, @p58, @p59, @p60, @p61, @p62, @p63), (@p64, @p65, @p66, @p67, @p68, @p69, @p70, @p71, @p72), (@p73, @p74, @p75, @p76, @p77, @p78, @p79, @p80, @p81), (@p82, @p83, @p84, @p85, @p86, @p87, @p88, @p89, @p90), (@p91, @p92, @p93, @p94, @p95, @p96, @p97, @p98, @p99);
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (@p1, @p2, @p3, @p4, @p5, @p6, @p7, @p8, @p9), (@p10, @p11, @p12, @p13, @p14, @p15, @p16, @p17, @p18), (@p19, @p20, @p21, @p22, @p23, @p24, @p25, @p26, @p27), (@p28, @p29, @p30, @p31, @p32, @p33, @p34, @p35, @p36), (@p37, @p38, @p39, @p40, @p41, @p42, @p43, @p44, @p45), (@p46, @p47, @p48, @p49, @p50, @p51, @p52, @p53, @p54), (@p55, @p56, @p57, @p58, @p59, @p60, @p61, @p62, @p63), (@p64, @p65, @p66, @p67, @p68, @p69, @p70, @p71, @p72), (@p73, @p74, @p75, @p76, @p77, @p78, @p79, @p80, @p81), (@p82, @p83, @p84, @p85, @p86, @p87, @p88, @p89, @p90), (@p91, @p92, @p93, @p94, @p95, @p96, @p97, @p98, @p99), (@p100, @p101, @p102, @p103, @p104, @p105, @p106, @p107, @p108);
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (@p1, @p2, @p3, @p4, @p5, @p6, @p7, @p8, @p9), (@p10, @p11, @p12, @p13, @p14, @p15, @p16, @p17, @p18), (@p19, @p20, @p21, @p22, @p23, @p24, @p25, @p26, @p27), (@p28, @p29, @p30, @p31, @p32, @p33, @p34, @p35, @p36), (@p37, @p38, @p39, @p40, @p41, @p42, @p43, @p44, @p45), (@p46, @p47, @p48, @p49, @p50, @p51, @p52, @p53, @p54), (@p55, @p56, @p57, @p58, @p59, @p60, @p61, @p62, @p63), (@p64, @p65, @p66, @p67, @p68, @p69, @p70, @p71, @p72), (@p73, @p74, @p75, @p76, @p77, @p78, @p79, @p80, @p81), (@p82, @p83, @p84, @p85, @p86, @p87, @p88, @p89, @p90), (@p91, @p92, @p93, @p94, @p95, @p96, @p97, @p98, @p99), (@p100, @p101, @p102, @p103, @p104, @p105, @p106, @p107, @p108), (@p109, @p110, @p111, @p112, @p113, @p114, @p115, @p116, @p117);
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (@p1, @p2, @p3, @p4, @p5, @p6, @p7, @p8, @p9), (@p10, @p11, @p12, @p13, @p14, @p15, @p16, @p17, @p18), (@p19, @p20, @p21, @p22, @p23, @p24, @p25, @p26, @p27), (@p28, @p29, @p30, @p31, @p32, @p33, @p34, @p35, @p36), (@p37, @p38, @p39, @p40, @p41, @p42, @p43, @p44, @p45), (@p46, @p47, @p48, @p49, @p50, @p51, @p52, @p53, @p54), (@p55, @p56, @p57, @p58, @p59, @p60, @p61, @p62, @p63), (@p64, @p65, @p66, @p67, @p68, @p69, @p70, @p71, @p72), (@p73, @p74, @p75, @p76, @p77, @p78, @p79, @p80, @p81), (@p82, @p83, @p84, @p85, @p86, @p87, @p88, @p89, @p90), (@p91, @p92, @p93, @p94, @p95, @p96, @p97, @p98, @p99), (@p100, @p101, @p102, @p103, @p104, @p105, @p106, @p107, @p108), (@p109, @p110, @p111, @p112, @p113, @p114, @p115, @p116, @p117), (@p118, @p119, @p120, @p121, @p122, @p123, @p124, @p125, @p126);
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (@p1, @p2, @p3, @p4, @p5, @p6, @p7, @p8, @p9), (@p10, @p11, @p12, @p13, @p14, @p15, @p16, @p17, @p18), (@p19, @p20, @p21, @p22, @p23, @p24, @p25, @p26, @p27), (@p28, @p29, @p30, @p31, @p32, @p33, @p34, @p35, @p36), (@p37, @p38, @p39, @p40, @p41, @p42, @p43, @p44, @p45), (@p46, @p47, @p48, @p49, @p50, @p51, @p52, @p53, @p54), (@p55, @p56, @p57, @p58, @p59, @p60, @p61, @p62, @p63), (@p64, @p65, @p66, @p67, @p68, @p69, @p70, @p71, @p72), (@p73, @p74, @p75, @p76, @p77, @p78, @p79, @p80, @p81), (@p82, @p83, @p84, @p85, @p86, @p87, @p88, @p89, @p90), (@p91, @p92, @p93, @p94, @p95, @p96, @p97, @p98, @p99), (@p100, @p101, @p102, @p103, @p104, @p105, @p106, @p107, @p108), (@p109, @p110, @p111, @p112, @p113, @p114, @p115, @p116, @p117), (@p118, @p119, @p120, @p121, @p122, @p123, @p124, @p125, @p126), (@p127, @p128, @p129, @p130, @p131, @p132, @p133, @p134, @p135);
UPDATE warehouse SET w_ytd = w_ytd + @p1 WHERE w_id = @p2;
SELECT w_name, w_street_1, w_street_2, w_city, w_state, w_zip FROM warehouse WHERE w_id = @p1;
UPDATE district SET d_ytd = d_ytd + @p1 WHERE d_w_id = @p2 AND d_id = @p3;
SELECT d_name, d_street_1, d_street_2, d_city, d_state, d_zip FROM district WHERE d_w_id = @p1 AND d_id = @p2;
SELECT c_id FROM customer WHERE c_w_id = @p1 AND c_d_id = @p2 AND c_last = @p3 ORDER BY c_first;
SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_credit, c_credit_lim, c_discount, c_balance, c_since FROM customer WITH (UPDLOCK, ROWLOCK) WHERE c_w_id = @p1 AND c_d_id = @p2 AND c_id = @p3;
SELECT c_data FROM customer WHERE c_w_id = @p1 AND c_d_id = @p2 AND c_id = @p3;
UPDATE customer SET c_balance = c_balance - @p1, c_ytd_payment = c_ytd_payment + @p2, c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = @p3 AND c_d_id = @p4 AND c_id = @p5;
UPDATE customer SET c_balance = c_balance - @p1, c_ytd_payment = c_ytd_payment + @p2, c_payment_cnt = c_payment_cnt + 1, c_data = @p3 WHERE c_w_id = @p4 AND c_d_id = @p5 AND c_id = @p6;
INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data) VALUES (@p1, @p2, @p3, @p4, @p5, @p6, @p7, @p8);
SELECT c_balance, c_first, c_middle, c_last FROM customer WHERE c_w_id = @p1 AND c_d_id = @p2 AND c_id = @p3;
SELECT TOP (1) o_id, o_carrier_id, o_entry_d FROM orders WHERE o_w_id = @p1 AND o_d_id = @p2 AND o_c_id = @p3 ORDER BY o_id DESC;
SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line WHERE ol_w_id = @p1 AND ol_d_id = @p2 AND ol_o_id = @p3;
SELECT TOP (1) no_o_id FROM new_order WITH (UPDLOCK, ROWLOCK) WHERE no_w_id = @p1 AND no_d_id = @p2 ORDER BY no_o_id;
DELETE FROM new_order WHERE no_w_id = @p1 AND ((no_d_id = @p2 AND no_o_id = @p3) OR (no_d_id = @p4 AND no_o_id = @p5) OR (no_d_id = @p6 AND no_o_id = @p7) OR (no_d_id = @p8 AND no_o_id = @p9) OR (no_d_id = @p10 AND no_o_id = @p11) OR (no_d_id = @p12 AND no_o_id = @p13) OR (no_d_id = @p14 AND no_o_id = @p15) OR (no_d_id = @p16 AND no_o_id = @p17) OR (no_d_id = @p18 AND no_o_id = @p19) OR (no_d_id = @p20 AND no_o_id = @p21));
SELECT o_d_id, o_c_id FROM orders WHERE o_w_id = @p1 AND ((o_d_id = @p2 AND o_id = @p3) OR (o_d_id = @p4 AND o_id = @p5) OR (o_d_id = @p6 AND o_id = @p7) OR (o_d_id = @p8 AND o_id = @p9) OR (o_d_id = @p10 AND o_id = @p11) OR (o_d_id = @p12 AND o_id = @p13) OR (o_d_id = @p14 AND o_id = @p15) OR (o_d_id = @p16 AND o_id = @p17) OR (o_d_id = @p18 AND o_id = @p19) OR (o_d_id = @p20 AND o_id = @p21));
UPDATE orders SET o_carrier_id = @p1 WHERE o_w_id = @p2 AND ((o_d_id = @p3 AND o_id = @p4) OR (o_d_id = @p5 AND o_id = @p6) OR (o_d_id = @p7 AND o_id = @p8) OR (o_d_id = @p9 AND o_id = @p10) OR (o_d_id = @p11 AND o_id = @p12) OR (o_d_id = @p13 AND o_id = @p14) OR (o_d_id = @p15 AND o_id = @p16) OR (o_d_id = @p17 AND o_id = @p18) OR (o_d_id = @p19 AND o_id = @p20) OR (o_d_id = @p21 AND o_id = @p22));
UPDATE order_line SET ol_delivery_d = @p1 WHERE ol_w_id = @p2 AND ((ol_d_id = @p3 AND ol_o_id = @p4) OR (ol_d_id = @p5 AND ol_o_id = @p6) OR (ol_d_id = @p7 AND ol_o_id = @p8) OR (ol_d_id = @p9 AND ol_o_id = @p10) OR (ol_d_id = @p11 AND ol_o_id = @p12) OR (ol_d_id = @p13 AND ol_o_id = @p14) OR (ol_d_id = @p15 AND ol_o_id = @p16) OR (ol_d_id = @p17 AND ol_o_id = @p18) OR (ol_d_id = @p19 AND ol_o_id = @p20) OR (ol_d_id = @p21 AND ol_o_id = @p22));
SELECT ol_d_id, SUM(ol_amount) FROM order_line WHERE ol_w_id = @p1 AND ((ol_d_id = @p2 AND ol_o_id = @p3) OR (ol_d_id = @p4 AND ol_o_id = @p5) OR (ol_d_id = @p6 AND ol_o_id = @p7) OR (ol_d_id = @p8 AND ol_o_id = @p9) OR (ol_d_id = @p10 AND ol_o_id = @p11) OR (ol_d_id = @p12 AND ol_o_id = @p13) OR (ol_d_id = @p14 AND ol_o_id = @p15) OR (ol_d_id = @p16 AND ol_o_id = @p17) OR (ol_d_id = @p18 AND ol_o_id = @p19) OR (ol_d_id = @p20 AND ol_o_id = @p21)) GROUP BY ol_d_id;
UPDATE customer SET c_balance = c_balance + @p1, c_delivery_cnt = c_delivery_cnt + 1 WHERE c_w_id = @p2 AND c_d_id = @p3 AND c_id = @p4;
SELECT d_next_o_id FROM district WHERE d_w_id = @p1 AND d_id = @p2;
SELECT COUNT(DISTINCT s_i_id) FROM order_line, stock WHERE ol_w_id = @p1 AND ol_d_id = @p2 AND ol_o_id < @p3 AND ol_o_id >= @p4 AND s_w_id = @p5 AND s_i_id = ol_i_id AND s_quantity < @p6;

-- cleanup
DROP TABLE IF EXISTS [stock];
DROP TABLE IF EXISTS [item];
DROP TABLE IF EXISTS [order_line];
DROP TABLE IF EXISTS [orders];
DROP TABLE IF EXISTS [new_order];
DROP TABLE IF EXISTS [history];
DROP TABLE IF EXISTS [customer];
DROP TABLE IF EXISTS [district];
DROP TABLE IF EXISTS [warehouse];
SELECT 1 FROM sys.tables WHERE name = @p1 AND schema_id = SCHEMA_ID();
DELETE FROM dbgauge_datasets WHERE name = @p1;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS [dbgauge_datasets];
