-- kv_e on oracle: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT 1 FROM user_tables WHERE table_name = UPPER(:1);
BEGIN EXECUTE IMMEDIATE 'CREATE TABLE dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp CLOB NOT NULL)'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -955 THEN RAISE; END IF; END;
INSERT INTO dbgauge_datasets (name, stamp) VALUES (:1, :2);
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "USERTABLE" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
CREATE TABLE usertable (ycsb_key VARCHAR(64) NOT NULL PRIMARY KEY, field0 VARCHAR(100), field1 VARCHAR(100), field2 VARCHAR(100)) ;
-- load usertable (ycsb_key, field0, field1, field2): the driver's bulk loader, else
INSERT ALL INTO "USERTABLE" (ycsb_key, field0, field1, field2) VALUES (:1,:2,:3,:4) INTO "USERTABLE" (ycsb_key, field0, field1, field2) VALUES (:5,:6,:7,:8) SELECT 1 FROM dual;
BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => USER, tabname => '"USERTABLE"'); END;

-- session: the measured statements
SELECT * FROM usertable WHERE ycsb_key = :1;
SELECT * FROM usertable WHERE ycsb_key >= :1 ORDER BY ycsb_key FETCH FIRST :2 ROWS ONLY;
INSERT ALL INTO "USERTABLE" (ycsb_key, field0, field1, field2) VALUES (:1,:2,:3,:4) INTO "USERTABLE" (ycsb_key, field0, field1, field2) VALUES (:5,:6,:7,:8) SELECT 1 FROM dual;
UPDATE usertable SET field0 = :1 WHERE ycsb_key = :2;
UPDATE usertable SET field1 = :1 WHERE ycsb_key = :2;
UPDATE usertable SET field2 = :1 WHERE ycsb_key = :2;

-- cleanup
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "USERTABLE" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
SELECT 1 FROM user_tables WHERE table_name = UPPER(:1);
DELETE FROM dbgauge_datasets WHERE name = :1;
SELECT name FROM dbgauge_datasets;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "DBGAUGE_DATASETS" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
