-- oltp_point_select on sqlserver: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT 1 FROM sys.tables WHERE name = @p1 AND schema_id = SCHEMA_ID();
IF OBJECT_ID(N'dbgauge_datasets', N'U') IS NULL CREATE TABLE dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp VARCHAR(MAX) NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (@p1, @p2);
DROP TABLE IF EXISTS [sbtest2];
DROP TABLE IF EXISTS [sbtest1];
CREATE TABLE sbtest1(
  id INT IDENTITY(1,1),
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL,
  PRIMARY KEY (id)
) ;
CREATE TABLE sbtest2(
  id INT IDENTITY(1,1),
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL,
  PRIMARY KEY (id)
) ;
-- load sbtest1 (id, k, c, pad): the driver's bulk loader, else
INSERT INTO [sbtest1] (id, k, c, pad) VALUES (@p1,@p2,@p3,@p4),(@p5,@p6,@p7,@p8);
-- load sbtest2 (id, k, c, pad): the driver's bulk loader, else
INSERT INTO [sbtest2] (id, k, c, pad) VALUES (@p1,@p2,@p3,@p4),(@p5,@p6,@p7,@p8);
CREATE INDEX k_1 ON sbtest1(k);
DBCC CHECKIDENT ('sbtest1', RESEED);
UPDATE STATISTICS [sbtest1];
CREATE INDEX k_2 ON sbtest2(k);
DBCC CHECKIDENT ('sbtest2', RESEED);
UPDATE STATISTICS [sbtest2];

-- session: the measured statements
SELECT c FROM sbtest1 WHERE id=@p1;
SELECT c FROM sbtest2 WHERE id=@p1;

-- statements built while running: three transactions
SELECT c FROM sbtest1 WHERE id=@p1;
SELECT c FROM sbtest2 WHERE id=@p1;

-- cleanup
DROP TABLE IF EXISTS [sbtest2];
DROP TABLE IF EXISTS [sbtest1];
SELECT 1 FROM sys.tables WHERE name = @p1 AND schema_id = SCHEMA_ID();
DELETE FROM dbgauge_datasets WHERE name = @p1;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS [dbgauge_datasets];
