-- widetable_select on oracle: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT 1 FROM user_tables WHERE table_name = UPPER(:1);
BEGIN EXECUTE IMMEDIATE 'CREATE TABLE dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp CLOB NOT NULL)'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -955 THEN RAISE; END IF; END;
INSERT INTO dbgauge_datasets (name, stamp) VALUES (:1, :2);
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "TBL_201" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "TBL_200" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
CREATE TABLE tbl_200 (
  id VARCHAR(20) NOT NULL,
  seq INTEGER NOT NULL,
  col3 VARCHAR(16) NOT NULL,
  col4 VARCHAR(5) NOT NULL,
  col5 VARCHAR(50) NOT NULL,
  col6 VARCHAR(1000),
  col7 VARCHAR(300) NOT NULL,
  col8 VARCHAR(150),
  col9 TIMESTAMP NOT NULL,
  col10 SMALLINT DEFAULT 0 NOT NULL,
  col11 TIMESTAMP NOT NULL,
  col12 VARCHAR(15) NOT NULL,
  col13 CHAR(1) NOT NULL,
  col14 CHAR(1) NOT NULL,
  col15 TIMESTAMP DEFAULT TIMESTAMP '2009-07-30 16:25:44' NOT NULL,
  PRIMARY KEY (id, seq)
) ;
CREATE TABLE tbl_201 (
  id VARCHAR(20) NOT NULL,
  seq INTEGER NOT NULL,
  col3 VARCHAR(16) NOT NULL,
  col4 VARCHAR(5) NOT NULL,
  col5 VARCHAR(50) NOT NULL,
  col6 VARCHAR(1000),
  col7 VARCHAR(300) NOT NULL,
  col8 VARCHAR(150),
  col9 TIMESTAMP NOT NULL,
  col10 SMALLINT DEFAULT 0 NOT NULL,
  col11 TIMESTAMP NOT NULL,
  col12 VARCHAR(15) NOT NULL,
  col13 CHAR(1) NOT NULL,
  col14 CHAR(1) NOT NULL,
  col15 TIMESTAMP DEFAULT TIMESTAMP '2009-07-30 16:25:44' NOT NULL,
  PRIMARY KEY (id, seq)
) ;
-- load tbl_200 (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14): the driver's bulk loader, else
INSERT ALL INTO "TBL_200" (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14) VALUES (:1,:2,:3,:4,:5,:6,:7,:8,:9,:10,:11,:12,:13,:14) INTO "TBL_200" (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14) VALUES (:15,:16,:17,:18,:19,:20,:21,:22,:23,:24,:25,:26,:27,:28) SELECT 1 FROM dual;
-- load tbl_201 (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14): the driver's bulk loader, else
INSERT ALL INTO "TBL_201" (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14) VALUES (:1,:2,:3,:4,:5,:6,:7,:8,:9,:10,:11,:12,:13,:14) INTO "TBL_201" (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14) VALUES (:15,:16,:17,:18,:19,:20,:21,:22,:23,:24,:25,:26,:27,:28) SELECT 1 FROM dual;
CREATE UNIQUE INDEX tbl_200_uk ON tbl_200 (id, col3, col4, col5);
CREATE INDEX tbl_200_ix ON tbl_200 (id, col9 DESC, col14);
BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => USER, tabname => '"TBL_200"'); END;
CREATE UNIQUE INDEX tbl_201_uk ON tbl_201 (id, col3, col4, col5);
CREATE INDEX tbl_201_ix ON tbl_201 (id, col9 DESC, col14);
BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => USER, tabname => '"TBL_201"'); END;

-- session: the measured statements
SELECT * FROM tbl_200 WHERE id = :1 AND seq = :2;
SELECT * FROM tbl_200 WHERE id = :1 AND col3 = :2 AND col4 = :3 AND col5 = :4;
SELECT id, seq, col9, col14 FROM tbl_200 WHERE id = :1 AND col9 = :2 AND col14 = :3;
SELECT * FROM tbl_201 WHERE id = :1 AND seq = :2;
SELECT * FROM tbl_201 WHERE id = :1 AND col3 = :2 AND col4 = :3 AND col5 = :4;
SELECT id, seq, col9, col14 FROM tbl_201 WHERE id = :1 AND col9 = :2 AND col14 = :3;

-- cleanup
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "TBL_201" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "TBL_200" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
SELECT 1 FROM user_tables WHERE table_name = UPPER(:1);
DELETE FROM dbgauge_datasets WHERE name = :1;
SELECT name FROM dbgauge_datasets;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "DBGAUGE_DATASETS" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
