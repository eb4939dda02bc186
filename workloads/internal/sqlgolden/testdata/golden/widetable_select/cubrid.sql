-- widetable_select on cubrid: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp STRING NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (?, ?);
DROP TABLE IF EXISTS "tbl_201";
DROP TABLE IF EXISTS "tbl_200";
CREATE TABLE tbl_200 (
  id VARCHAR(20) NOT NULL,
  seq INTEGER NOT NULL,
  col3 VARCHAR(16) NOT NULL,
  col4 VARCHAR(5) NOT NULL,
  col5 VARCHAR(50) NOT NULL,
  col6 VARCHAR(1000),
  col7 VARCHAR(300) NOT NULL,
  col8 VARCHAR(150),
  col9 DATETIME NOT NULL,
  col10 SMALLINT DEFAULT 0 NOT NULL,
  col11 DATETIME NOT NULL,
  col12 VARCHAR(15) NOT NULL,
  col13 CHAR(1) NOT NULL,
  col14 CHAR(1) NOT NULL,
  col15 DATETIME DEFAULT '2009-07-30 16:25:44' NOT NULL,
  PRIMARY KEY (id, seq)
) ;
CREATE TABLE tbl_201 (
  id VARCHAR(20) NOT NULL,
  seq INTEGER NOT NULL,
  col3 VARCHAR(16) NOT NULL,
  col4 VARCHAR(5) NOT NULL,
  col5 VARCHAR(50) NOT NULL,
  col6 VARCHAR(1000),
  col7 VARCHAR(300) NOT NULL,
  col8 VARCHAR(150),
  col9 DATETIME NOT NULL,
  col10 SMALLINT DEFAULT 0 NOT NULL,
  col11 DATETIME NOT NULL,
  col12 VARCHAR(15) NOT NULL,
  col13 CHAR(1) NOT NULL,
  col14 CHAR(1) NOT NULL,
  col15 DATETIME DEFAULT '2009-07-30 16:25:44' NOT NULL,
  PRIMARY KEY (id, seq)
) ;
-- load tbl_200 (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14): the driver's bulk loader, else
INSERT INTO "tbl_200" (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?),(?,?,?,?,?,?,?,?,?,?,?,?,?,?);
-- load tbl_201 (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14): the driver's bulk loader, else
INSERT INTO "tbl_201" (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?),(?,?,?,?,?,?,?,?,?,?,?,?,?,?);
CREATE UNIQUE INDEX tbl_200_uk ON tbl_200 (id, col3, col4, col5);
CREATE INDEX tbl_200_ix ON tbl_200 (id, col9 DESC, col14);
UPDATE STATISTICS ON "tbl_200";
CREATE UNIQUE INDEX tbl_201_uk ON tbl_201 (id, col3, col4, col5);
CREATE INDEX tbl_201_ix ON tbl_201 (id, col9 DESC, col14);
UPDATE STATISTICS ON "tbl_201";

-- session: the measured statements
SELECT * FROM tbl_200 WHERE id = ? AND seq = ?;
SELECT * FROM tbl_200 WHERE id = ? AND col3 = ? AND col4 = ? AND col5 = ?;
SELECT id, seq, col9, col14 FROM tbl_200 WHERE id = ? AND col9 = ? AND col14 = ?;
SELECT * FROM tbl_201 WHERE id = ? AND seq = ?;
SELECT * FROM tbl_201 WHERE id = ? AND col3 = ? AND col4 = ? AND col5 = ?;
SELECT id, seq, col9, col14 FROM tbl_201 WHERE id = ? AND col9 = ? AND col14 = ?;

-- cleanup
DROP TABLE IF EXISTS "tbl_201";
DROP TABLE IF EXISTS "tbl_200";
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
DELETE FROM dbgauge_datasets WHERE name = ?;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
