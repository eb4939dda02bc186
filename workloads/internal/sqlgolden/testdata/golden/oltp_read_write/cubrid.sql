-- oltp_read_write on cubrid: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp STRING NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (?, ?);
DROP TABLE IF EXISTS "sbtest2";
DROP TABLE IF EXISTS "sbtest1";
CREATE TABLE sbtest1(
  id INTEGER AUTO_INCREMENT NOT NULL,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL,
  PRIMARY KEY (id)
) ;
CREATE TABLE sbtest2(
  id INTEGER AUTO_INCREMENT NOT NULL,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL,
  PRIMARY KEY (id)
) ;
-- load sbtest1 (id, k, c, pad): the driver's bulk loader, else
INSERT INTO "sbtest1" (id, k, c, pad) VALUES (?,?,?,?),(?,?,?,?);
-- load sbtest2 (id, k, c, pad): the driver's bulk loader, else
INSERT INTO "sbtest2" (id, k, c, pad) VALUES (?,?,?,?),(?,?,?,?);
CREATE INDEX k_1 ON sbtest1(k);
ALTER TABLE sbtest1 AUTO_INCREMENT = (SELECT COALESCE(MAX(id), 0) + 1 FROM sbtest1);
UPDATE STATISTICS ON "sbtest1";
CREATE INDEX k_2 ON sbtest2(k);
ALTER TABLE sbtest2 AUTO_INCREMENT = (SELECT COALESCE(MAX(id), 0) + 1 FROM sbtest2);
UPDATE STATISTICS ON "sbtest2";

-- session: the measured statements
SELECT c FROM sbtest1 WHERE id=?;
SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?;
SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?;
SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c;
SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c;
UPDATE sbtest1 SET k=k+1 WHERE id=?;
UPDATE sbtest1 SET c=? WHERE id=?;
DELETE FROM sbtest1 WHERE id=?;
INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?);
SELECT c FROM sbtest2 WHERE id=?;
SELECT c FROM sbtest2 WHERE id BETWEEN ? AND ?;
SELECT SUM(k) FROM sbtest2 WHERE id BETWEEN ? AND ?;
SELECT c FROM sbtest2 WHERE id BETWEEN ? AND ? ORDER BY c;
SELECT DISTINCT c FROM sbtest2 WHERE id BETWEEN ? AND ? ORDER BY c;
UPDATE sbtest2 SET k=k+1 WHERE id=?;
UPDATE sbtest2 SET c=? WHERE id=?;
DELETE FROM sbtest2 WHERE id=?;
INSERT INTO sbtest2 (id, k, c, pad) VALUES (?, ?, ?, ?);

-- statements built while running: three transactions
SELECT c FROM sbtest1 WHERE id=?;
SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?;
SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?;
SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c;
SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c;
UPDATE sbtest1 SET k=k+1 WHERE id=?;
UPDATE sbtest1 SET c=? WHERE id=?;
DELETE FROM sbtest1 WHERE id=?;
INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?);
SELECT c FROM sbtest2 WHERE id=?;
SELECT c FROM sbtest2 WHERE id BETWEEN ? AND ?;
SELECT SUM(k) FROM sbtest2 WHERE id BETWEEN ? AND ?;
SELECT c FROM sbtest2 WHERE id BETWEEN ? AND ? ORDER BY c;
SELECT DISTINCT c FROM sbtest2 WHERE id BETWEEN ? AND ? ORDER BY c;
UPDATE sbtest2 SET k=k+1 WHERE id=?;
UPDATE sbtest2 SET c=? WHERE id=?;
DELETE FROM sbtest2 WHERE id=?;
INSERT INTO sbtest2 (id, k, c, pad) VALUES (?, ?, ?, ?);
-- begin a transaction (protocol)
-- commit (protocol)

-- cleanup
DROP TABLE IF EXISTS "sbtest2";
DROP TABLE IF EXISTS "sbtest1";
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
DELETE FROM dbgauge_datasets WHERE name = ?;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
