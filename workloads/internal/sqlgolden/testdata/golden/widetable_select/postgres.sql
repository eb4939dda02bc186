-- widetable_select on postgres: the SQL dbgauge sends (workloads/internal/sqlgolden).

-- prepare
SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp TEXT NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES ($1, $2);
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
  col9 TIMESTAMP NOT NULL,
  col10 SMALLINT DEFAULT 0 NOT NULL,
  col11 TIMESTAMP NOT NULL,
  col12 VARCHAR(15) NOT NULL,
  col13 CHAR(1) NOT NULL,
  col14 CHAR(1) NOT NULL,
  col15 TIMESTAMP DEFAULT '2009-07-30 16:25:44' NOT NULL
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
  col9 TIMESTAMP NOT NULL,
  col10 SMALLINT DEFAULT 0 NOT NULL,
  col11 TIMESTAMP NOT NULL,
  col12 VARCHAR(15) NOT NULL,
  col13 CHAR(1) NOT NULL,
  col14 CHAR(1) NOT NULL,
  col15 TIMESTAMP DEFAULT '2009-07-30 16:25:44' NOT NULL
) ;
-- load tbl_200 (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14): the driver's bulk loader, else
INSERT INTO "tbl_200" (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14),($15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28);
-- load tbl_201 (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14): the driver's bulk loader, else
INSERT INTO "tbl_201" (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14),($15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28);
SET maintenance_work_mem = '256MB';
ALTER TABLE tbl_200 ADD PRIMARY KEY (id, seq);
CREATE UNIQUE INDEX tbl_200_uk ON tbl_200 (id, col3, col4, col5);
CREATE INDEX tbl_200_ix ON tbl_200 (id, col9 DESC, col14);
ANALYZE "tbl_200";
ALTER TABLE tbl_201 ADD PRIMARY KEY (id, seq);
CREATE UNIQUE INDEX tbl_201_uk ON tbl_201 (id, col3, col4, col5);
CREATE INDEX tbl_201_ix ON tbl_201 (id, col9 DESC, col14);
ANALYZE "tbl_201";

-- session: the measured statements
SELECT * FROM tbl_200 WHERE id = $1 AND seq = $2;
SELECT * FROM tbl_200 WHERE id = $1 AND col3 = $2 AND col4 = $3 AND col5 = $4;
SELECT id, seq, col9, col14 FROM tbl_200 WHERE id = $1 AND col9 = $2 AND col14 = $3;
SELECT * FROM tbl_201 WHERE id = $1 AND seq = $2;
SELECT * FROM tbl_201 WHERE id = $1 AND col3 = $2 AND col4 = $3 AND col5 = $4;
SELECT id, seq, col9, col14 FROM tbl_201 WHERE id = $1 AND col9 = $2 AND col14 = $3;

-- cleanup
DROP TABLE IF EXISTS "tbl_201";
DROP TABLE IF EXISTS "tbl_200";
SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1;
DELETE FROM dbgauge_datasets WHERE name = $1;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
