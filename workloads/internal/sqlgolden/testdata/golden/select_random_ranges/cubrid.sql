-- select_random_ranges on cubrid: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp STRING NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (?, ?);
DROP TABLE IF EXISTS "sbtest1";
CREATE TABLE sbtest1(
  id INTEGER AUTO_INCREMENT NOT NULL,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL,
  PRIMARY KEY (id)
) ;
-- load sbtest1 (id, k, c, pad): the driver's bulk loader, else
INSERT INTO "sbtest1" (id, k, c, pad) VALUES (?,?,?,?),(?,?,?,?);
CREATE INDEX k_1 ON sbtest1(k);
ALTER TABLE sbtest1 AUTO_INCREMENT = (SELECT COALESCE(MAX(id), 0) + 1 FROM sbtest1);
UPDATE STATISTICS ON "sbtest1";

-- session: the measured statements
SELECT count(k) FROM sbtest1 WHERE k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ?;

-- statements built while running: three transactions
SELECT count(k) FROM sbtest1 WHERE k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ? OR k BETWEEN ? AND ?;

-- cleanup
DROP TABLE IF EXISTS "sbtest1";
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
DELETE FROM dbgauge_datasets WHERE name = ?;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
