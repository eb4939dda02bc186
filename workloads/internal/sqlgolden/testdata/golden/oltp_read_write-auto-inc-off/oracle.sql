-- oltp_read_write on oracle: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT 1 FROM user_tables WHERE table_name = UPPER(:1);
BEGIN EXECUTE IMMEDIATE 'CREATE TABLE dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp CLOB NOT NULL)'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -955 THEN RAISE; END IF; END;
INSERT INTO dbgauge_datasets (name, stamp) VALUES (:1, :2);
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "SBTEST1" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
CREATE TABLE sbtest1(
  id INTEGER NOT NULL,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL,
  PRIMARY KEY (id)
) ;
-- load sbtest1 (id, k, c, pad): the driver's bulk loader, else
INSERT ALL INTO "SBTEST1" (id, k, c, pad) VALUES (:1,:2,:3,:4) INTO "SBTEST1" (id, k, c, pad) VALUES (:5,:6,:7,:8) SELECT 1 FROM dual;
CREATE INDEX k_1 ON sbtest1(k);
BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => USER, tabname => '"SBTEST1"'); END;

-- session: the measured statements
SELECT c FROM sbtest1 WHERE id=:1;
SELECT c FROM sbtest1 WHERE id BETWEEN :1 AND :2;
SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN :1 AND :2;
SELECT c FROM sbtest1 WHERE id BETWEEN :1 AND :2 ORDER BY c;
SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN :1 AND :2 ORDER BY c;
UPDATE sbtest1 SET k=k+1 WHERE id=:1;
UPDATE sbtest1 SET c=:1 WHERE id=:2;
DELETE FROM sbtest1 WHERE id=:1;
INSERT INTO sbtest1 (id, k, c, pad) VALUES (:1, :2, :3, :4);

-- statements built while running: three transactions
SELECT c FROM sbtest1 WHERE id=:1;
SELECT c FROM sbtest1 WHERE id BETWEEN :1 AND :2;
SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN :1 AND :2;
SELECT c FROM sbtest1 WHERE id BETWEEN :1 AND :2 ORDER BY c;
SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN :1 AND :2 ORDER BY c;
UPDATE sbtest1 SET k=k+1 WHERE id=:1;
UPDATE sbtest1 SET c=:1 WHERE id=:2;
DELETE FROM sbtest1 WHERE id=:1;
INSERT INTO sbtest1 (id, k, c, pad) VALUES (:1, :2, :3, :4);
-- begin a transaction (protocol)
-- commit (protocol)

-- cleanup
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "SBTEST1" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
SELECT 1 FROM user_tables WHERE table_name = UPPER(:1);
DELETE FROM dbgauge_datasets WHERE name = :1;
SELECT name FROM dbgauge_datasets;
BEGIN EXECUTE IMMEDIATE 'DROP TABLE "DBGAUGE_DATASETS" PURGE'; EXCEPTION WHEN OTHERS THEN IF SQLCODE != -942 THEN RAISE; END IF; END;
