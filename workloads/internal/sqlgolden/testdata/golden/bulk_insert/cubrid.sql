-- bulk_insert on cubrid: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp STRING NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (?, ?);
DROP TABLE IF EXISTS "sbtest1";
CREATE TABLE sbtest1 (
  id INTEGER NOT NULL,
  k INTEGER DEFAULT '0' NOT NULL,
  PRIMARY KEY (id)) ;
UPDATE STATISTICS ON "sbtest1";

-- session: the measured statements

-- statements built while running: three transactions
SELECT COALESCE(MAX(id), 0) FROM sbtest1;
INSERT INTO sbtest1 VALUES(1,1),(2,2),(3,3);

-- cleanup
DROP TABLE IF EXISTS "sbtest1";
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
DELETE FROM dbgauge_datasets WHERE name = ?;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
