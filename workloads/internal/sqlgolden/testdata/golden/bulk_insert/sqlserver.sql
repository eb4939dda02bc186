-- bulk_insert on sqlserver: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT 1 FROM sys.tables WHERE name = @p1 AND schema_id = SCHEMA_ID();
IF OBJECT_ID(N'dbgauge_datasets', N'U') IS NULL CREATE TABLE dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp VARCHAR(MAX) NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (@p1, @p2);
DROP TABLE IF EXISTS [sbtest1];
CREATE TABLE sbtest1 (
  id INTEGER NOT NULL,
  k INTEGER DEFAULT '0' NOT NULL,
  PRIMARY KEY (id)) ;
UPDATE STATISTICS [sbtest1];

-- session: the measured statements

-- statements built while running: three transactions
SELECT COALESCE(MAX(id), 0) FROM sbtest1;
INSERT INTO sbtest1 VALUES(1,1),(2,2),(3,3);

-- cleanup
DROP TABLE IF EXISTS [sbtest1];
SELECT 1 FROM sys.tables WHERE name = @p1 AND schema_id = SCHEMA_ID();
DELETE FROM dbgauge_datasets WHERE name = @p1;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS [dbgauge_datasets];
