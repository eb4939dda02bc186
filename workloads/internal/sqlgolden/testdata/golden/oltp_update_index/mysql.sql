-- oltp_update_index on mysql: the SQL dbgauge sends (workloads/internal/sqlgolden).

-- prepare
SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp TEXT NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (?, ?);
DROP TABLE IF EXISTS `sbtest2`;
DROP TABLE IF EXISTS `sbtest1`;
CREATE TABLE sbtest1(
  id INTEGER NOT NULL AUTO_INCREMENT,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL,
  PRIMARY KEY (id)
)  /*! ENGINE = innodb */;
CREATE TABLE sbtest2(
  id INTEGER NOT NULL AUTO_INCREMENT,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL,
  PRIMARY KEY (id)
)  /*! ENGINE = innodb */;
-- load sbtest1 (id, k, c, pad): the driver's bulk loader, else
INSERT INTO `sbtest1` (id, k, c, pad) VALUES (?,?,?,?),(?,?,?,?);
-- load sbtest2 (id, k, c, pad): the driver's bulk loader, else
INSERT INTO `sbtest2` (id, k, c, pad) VALUES (?,?,?,?),(?,?,?,?);
CREATE INDEX k_1 ON sbtest1(k);
ANALYZE TABLE `sbtest1`;
CREATE INDEX k_2 ON sbtest2(k);
ANALYZE TABLE `sbtest2`;

-- session: the measured statements
UPDATE sbtest1 SET k=k+1 WHERE id=?;
UPDATE sbtest2 SET k=k+1 WHERE id=?;
BEGIN;
COMMIT;
ROLLBACK;

-- statements built while running: three transactions
UPDATE sbtest1 SET k=k+1 WHERE id=?;
UPDATE sbtest2 SET k=k+1 WHERE id=?;
BEGIN;
COMMIT;
ROLLBACK;

-- cleanup
DROP TABLE IF EXISTS `sbtest2`;
DROP TABLE IF EXISTS `sbtest1`;
SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?;
DELETE FROM dbgauge_datasets WHERE name = ?;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS `dbgauge_datasets`;
