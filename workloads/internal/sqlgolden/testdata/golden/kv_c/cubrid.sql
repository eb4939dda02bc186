-- kv_c on cubrid: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp STRING NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (?, ?);
DROP TABLE IF EXISTS "usertable";
CREATE TABLE usertable (ycsb_key VARCHAR(64) NOT NULL PRIMARY KEY, field0 STRING, field1 STRING, field2 STRING) ;
-- load usertable (ycsb_key, field0, field1, field2): the driver's bulk loader, else
INSERT INTO "usertable" (ycsb_key, field0, field1, field2) VALUES (?,?,?,?),(?,?,?,?);
UPDATE STATISTICS ON "usertable";

-- session: the measured statements
SELECT * FROM usertable WHERE ycsb_key = ?;
SELECT * FROM usertable WHERE ycsb_key >= ? ORDER BY ycsb_key LIMIT ?;
INSERT INTO "usertable" (ycsb_key, field0, field1, field2) VALUES (?,?,?,?),(?,?,?,?);
UPDATE usertable SET field0 = ? WHERE ycsb_key = ?;
UPDATE usertable SET field1 = ? WHERE ycsb_key = ?;
UPDATE usertable SET field2 = ? WHERE ycsb_key = ?;

-- cleanup
DROP TABLE IF EXISTS "usertable";
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
DELETE FROM dbgauge_datasets WHERE name = ?;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
