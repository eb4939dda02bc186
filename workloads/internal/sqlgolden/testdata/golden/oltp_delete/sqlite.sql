-- oltp_delete on sqlite: the SQL dbgauge sends (workloads/internal/sqlgolden).

-- prepare
SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp TEXT NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (?, ?);
DROP TABLE IF EXISTS "sbtest2";
DROP TABLE IF EXISTS "sbtest1";
CREATE TABLE sbtest1(
  id INTEGER,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL,
  PRIMARY KEY (id)
) ;
CREATE TABLE sbtest2(
  id INTEGER,
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
ANALYZE "sbtest1";
CREATE INDEX k_2 ON sbtest2(k);
ANALYZE "sbtest2";

-- session: the measured statements
DELETE FROM sbtest1 WHERE id=?;
DELETE FROM sbtest2 WHERE id=?;
BEGIN IMMEDIATE;
COMMIT;
ROLLBACK;

-- statements built while running: three transactions
DELETE FROM sbtest1 WHERE id=?;
DELETE FROM sbtest2 WHERE id=?;
BEGIN IMMEDIATE;
COMMIT;
ROLLBACK;

-- cleanup
DROP TABLE IF EXISTS "sbtest2";
DROP TABLE IF EXISTS "sbtest1";
SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?;
DELETE FROM dbgauge_datasets WHERE name = ?;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
