-- oltp_update_index on postgres: the SQL dbgauge sends (workloads/internal/sqlgolden).

-- prepare
SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp TEXT NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES ($1, $2);
DROP TABLE IF EXISTS "sbtest2";
DROP TABLE IF EXISTS "sbtest1";
CREATE TABLE sbtest1(
  id SERIAL,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL
) ;
CREATE TABLE sbtest2(
  id SERIAL,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL
) ;
-- load sbtest1 (id, k, c, pad): the driver's bulk loader, else
INSERT INTO "sbtest1" (id, k, c, pad) VALUES ($1,$2,$3,$4),($5,$6,$7,$8);
-- load sbtest2 (id, k, c, pad): the driver's bulk loader, else
INSERT INTO "sbtest2" (id, k, c, pad) VALUES ($1,$2,$3,$4),($5,$6,$7,$8);
SET maintenance_work_mem = '256MB';
ALTER TABLE sbtest1 ADD PRIMARY KEY (id);
CREATE INDEX k_1 ON sbtest1(k);
SELECT setval(pg_get_serial_sequence('sbtest1', 'id'), COALESCE((SELECT MAX(id) FROM sbtest1), 0) + 1, false);
ANALYZE "sbtest1";
ALTER TABLE sbtest2 ADD PRIMARY KEY (id);
CREATE INDEX k_2 ON sbtest2(k);
SELECT setval(pg_get_serial_sequence('sbtest2', 'id'), COALESCE((SELECT MAX(id) FROM sbtest2), 0) + 1, false);
ANALYZE "sbtest2";

-- session: the measured statements
UPDATE sbtest1 SET k=k+1 WHERE id=$1;
UPDATE sbtest2 SET k=k+1 WHERE id=$1;
BEGIN;
COMMIT;
ROLLBACK;

-- statements built while running: three transactions
UPDATE sbtest1 SET k=k+1 WHERE id=$1;
UPDATE sbtest2 SET k=k+1 WHERE id=$1;
BEGIN;
COMMIT;
ROLLBACK;

-- cleanup
DROP TABLE IF EXISTS "sbtest2";
DROP TABLE IF EXISTS "sbtest1";
SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1;
DELETE FROM dbgauge_datasets WHERE name = $1;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
