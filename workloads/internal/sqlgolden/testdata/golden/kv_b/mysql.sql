-- kv_b on mysql: the SQL dbgauge sends (workloads/internal/sqlgolden).

-- prepare
SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp TEXT NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (?, ?);
DROP TABLE IF EXISTS `usertable`;
CREATE TABLE usertable (ycsb_key VARCHAR(64) NOT NULL PRIMARY KEY, field0 TEXT, field1 TEXT, field2 TEXT) ;
-- load usertable (ycsb_key, field0, field1, field2): the driver's bulk loader, else
INSERT INTO `usertable` (ycsb_key, field0, field1, field2) VALUES (?,?,?,?),(?,?,?,?);
ANALYZE TABLE `usertable`;

-- session: the measured statements
SELECT * FROM usertable WHERE ycsb_key = ?;
SELECT * FROM usertable WHERE ycsb_key >= ? ORDER BY ycsb_key LIMIT ?;
INSERT INTO `usertable` (ycsb_key, field0, field1, field2) VALUES (?,?,?,?),(?,?,?,?);
UPDATE usertable SET field0 = ? WHERE ycsb_key = ?;
UPDATE usertable SET field1 = ? WHERE ycsb_key = ?;
UPDATE usertable SET field2 = ? WHERE ycsb_key = ?;

-- cleanup
DROP TABLE IF EXISTS `usertable`;
SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?;
DELETE FROM dbgauge_datasets WHERE name = ?;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS `dbgauge_datasets`;
