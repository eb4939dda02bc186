// Package sqlserver is the Microsoft SQL Server driver:
// github.com/microsoft/go-mssqldb (pure Go, TDS) used through its
// database/sql/driver interface directly (sqldb.DriverConn), over dbgauge's
// blocking sockets. URLs: sqlserver://user:password@host:1433?database=db
// (also mssql://); the database is required, and the other query parameters
// are go-mssqldb's (encrypt, TrustServerCertificate, app name, ...).
//
// Statements go to the server as sp_executesql with @p1, @p2 ... parameters:
// go-mssqldb prepares nothing on the server, and SQL Server caches the plan
// of each parameterized text. Transactions are the connection's
// (sqldb.Transactor), TDS transaction manager requests: a BEGIN TRAN sent
// inside sp_executesql would end with the transaction count check (error
// 266). SQL Server has no read-only transaction: a read-only one is an
// ordinary transaction. Bulk load is the TDS bulk copy (INSERT BULK).
// Server statistics are sys.dm_os_performance_counters and
// sys.dm_os_wait_stats.
//
// No SQL Server can run on the project's machines. The tests are URL
// parsing, error classes and SQL text, a scripted TDS conversation with a
// fake server through the connector's dialer hook (wire_test.go), and the
// live suite against DBGAUGE_TEST_SQLSERVER, which scripts/services points
// at Babelfish for PostgreSQL 4.3: a real TDS and T-SQL server over
// PostgreSQL 16, required under CI. SQL Server stays the target; where
// Babelfish has no equivalent, detected from @@VERSION when a connection
// opens (babelfish.go), the driver sends typed NULLs, loads in multi-row
// INSERTs (its bulk copy stores CHAR(n) values a byte short), refreshes statistics
// with sp_updatestats, runs its sessions under SNAPSHOT (it ignores
// UPDLOCK) and reads PostgreSQL's statistics views, and the
// server's version names Babelfish, never SQL Server.
package sqlserver
