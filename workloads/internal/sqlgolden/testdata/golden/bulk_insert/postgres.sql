-- bulk_insert on postgres: the SQL dbgauge sends (workloads/internal/sqlgolden).

-- prepare
SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp TEXT NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES ($1, $2);
DROP TABLE IF EXISTS "sbtest1";
CREATE TABLE sbtest1 (
  id INTEGER NOT NULL,
  k INTEGER DEFAULT '0' NOT NULL,
  PRIMARY KEY (id)) ;
SET maintenance_work_mem = '256MB';
ANALYZE "sbtest1";

-- session: the measured statements

-- statements built while running: three transactions
SELECT COALESCE(MAX(id), 0) FROM sbtest1;
INSERT INTO sbtest1 VALUES(1,1),(2,2),(3,3);

-- cleanup
DROP TABLE IF EXISTS "sbtest1";
SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1;
DELETE FROM dbgauge_datasets WHERE name = $1;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
