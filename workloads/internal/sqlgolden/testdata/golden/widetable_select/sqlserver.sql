-- widetable_select on sqlserver: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT 1 FROM sys.tables WHERE name = @p1 AND schema_id = SCHEMA_ID();
IF OBJECT_ID(N'dbgauge_datasets', N'U') IS NULL CREATE TABLE dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp VARCHAR(MAX) NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (@p1, @p2);
DROP TABLE IF EXISTS [tbl_201];
DROP TABLE IF EXISTS [tbl_200];
CREATE TABLE tbl_200 (
  id VARCHAR(20) NOT NULL,
  seq INTEGER NOT NULL,
  col3 VARCHAR(16) NOT NULL,
  col4 VARCHAR(5) NOT NULL,
  col5 VARCHAR(50) NOT NULL,
  col6 VARCHAR(1000),
  col7 VARCHAR(300) NOT NULL,
  col8 VARCHAR(150),
  col9 DATETIME2 NOT NULL,
  col10 SMALLINT DEFAULT 0 NOT NULL,
  col11 DATETIME2 NOT NULL,
  col12 VARCHAR(15) NOT NULL,
  col13 CHAR(1) NOT NULL,
  col14 CHAR(1) NOT NULL,
  col15 DATETIME2 DEFAULT '2009-07-30 16:25:44' NOT NULL,
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
  col9 DATETIME2 NOT NULL,
  col10 SMALLINT DEFAULT 0 NOT NULL,
  col11 DATETIME2 NOT NULL,
  col12 VARCHAR(15) NOT NULL,
  col13 CHAR(1) NOT NULL,
  col14 CHAR(1) NOT NULL,
  col15 DATETIME2 DEFAULT '2009-07-30 16:25:44' NOT NULL,
  PRIMARY KEY (id, seq)
) ;
-- load tbl_200 (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14): the driver's bulk loader, else
INSERT INTO [tbl_200] (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7,@p8,@p9,@p10,@p11,@p12,@p13,@p14),(@p15,@p16,@p17,@p18,@p19,@p20,@p21,@p22,@p23,@p24,@p25,@p26,@p27,@p28);
-- load tbl_201 (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14): the driver's bulk loader, else
INSERT INTO [tbl_201] (id, seq, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12, col13, col14) VALUES (@p1,@p2,@p3,@p4,@p5,@p6,@p7,@p8,@p9,@p10,@p11,@p12,@p13,@p14),(@p15,@p16,@p17,@p18,@p19,@p20,@p21,@p22,@p23,@p24,@p25,@p26,@p27,@p28);
CREATE UNIQUE INDEX tbl_200_uk ON tbl_200 (id, col3, col4, col5);
CREATE INDEX tbl_200_ix ON tbl_200 (id, col9 DESC, col14);
UPDATE STATISTICS [tbl_200];
CREATE UNIQUE INDEX tbl_201_uk ON tbl_201 (id, col3, col4, col5);
CREATE INDEX tbl_201_ix ON tbl_201 (id, col9 DESC, col14);
UPDATE STATISTICS [tbl_201];

-- session: the measured statements
SELECT * FROM tbl_200 WHERE id = @p1 AND seq = @p2;
SELECT * FROM tbl_200 WHERE id = @p1 AND col3 = @p2 AND col4 = @p3 AND col5 = @p4;
SELECT id, seq, col9, col14 FROM tbl_200 WHERE id = @p1 AND col9 = @p2 AND col14 = @p3;
SELECT * FROM tbl_201 WHERE id = @p1 AND seq = @p2;
SELECT * FROM tbl_201 WHERE id = @p1 AND col3 = @p2 AND col4 = @p3 AND col5 = @p4;
SELECT id, seq, col9, col14 FROM tbl_201 WHERE id = @p1 AND col9 = @p2 AND col14 = @p3;

-- cleanup
DROP TABLE IF EXISTS [tbl_201];
DROP TABLE IF EXISTS [tbl_200];
SELECT 1 FROM sys.tables WHERE name = @p1 AND schema_id = SCHEMA_ID();
DELETE FROM dbgauge_datasets WHERE name = @p1;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS [dbgauge_datasets];
