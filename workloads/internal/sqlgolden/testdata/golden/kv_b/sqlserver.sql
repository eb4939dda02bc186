-- kv_b on sqlserver: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT 1 FROM sys.tables WHERE name = @p1 AND schema_id = SCHEMA_ID();
IF OBJECT_ID(N'dbgauge_datasets', N'U') IS NULL CREATE TABLE dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp VARCHAR(MAX) NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (@p1, @p2);
DROP TABLE IF EXISTS [usertable];
CREATE TABLE usertable (ycsb_key VARCHAR(64) NOT NULL PRIMARY KEY, field0 VARCHAR(MAX), field1 VARCHAR(MAX), field2 VARCHAR(MAX)) ;
-- load usertable (ycsb_key, field0, field1, field2): the driver's bulk loader, else
INSERT INTO [usertable] (ycsb_key, field0, field1, field2) VALUES (@p1,@p2,@p3,@p4),(@p5,@p6,@p7,@p8);
UPDATE STATISTICS [usertable];

-- session: the measured statements
SELECT * FROM usertable WHERE ycsb_key = @p1;
SELECT * FROM usertable WHERE ycsb_key >= @p1 ORDER BY ycsb_key OFFSET 0 ROWS FETCH NEXT @p2 ROWS ONLY;
INSERT INTO [usertable] (ycsb_key, field0, field1, field2) VALUES (@p1,@p2,@p3,@p4),(@p5,@p6,@p7,@p8);
UPDATE usertable SET field0 = @p1 WHERE ycsb_key = @p2;
UPDATE usertable SET field1 = @p1 WHERE ycsb_key = @p2;
UPDATE usertable SET field2 = @p1 WHERE ycsb_key = @p2;

-- cleanup
DROP TABLE IF EXISTS [usertable];
SELECT 1 FROM sys.tables WHERE name = @p1 AND schema_id = SCHEMA_ID();
DELETE FROM dbgauge_datasets WHERE name = @p1;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS [dbgauge_datasets];
