-- kv_get on postgres: the SQL dbgauge sends (workloads/internal/sqlgolden).

-- prepare
SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp TEXT NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES ($1, $2);
DROP TABLE IF EXISTS "usertable";
CREATE TABLE usertable (ycsb_key VARCHAR(64) NOT NULL PRIMARY KEY, field0 TEXT, field1 TEXT, field2 TEXT) ;
-- load usertable (ycsb_key, field0, field1, field2): the driver's bulk loader, else
INSERT INTO "usertable" (ycsb_key, field0, field1, field2) VALUES ($1,$2,$3,$4),($5,$6,$7,$8);
SET maintenance_work_mem = '256MB';
ANALYZE "usertable";

-- session: the measured statements
SELECT * FROM usertable WHERE ycsb_key = $1;
SELECT * FROM usertable WHERE ycsb_key >= $1 ORDER BY ycsb_key LIMIT $2;
INSERT INTO "usertable" (ycsb_key, field0, field1, field2) VALUES ($1,$2,$3,$4),($5,$6,$7,$8);
UPDATE usertable SET field0 = $1 WHERE ycsb_key = $2;
UPDATE usertable SET field1 = $1 WHERE ycsb_key = $2;
UPDATE usertable SET field2 = $1 WHERE ycsb_key = $2;

-- cleanup
DROP TABLE IF EXISTS "usertable";
SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1;
DELETE FROM dbgauge_datasets WHERE name = $1;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
