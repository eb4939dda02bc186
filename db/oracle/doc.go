// Package oracle is the Oracle Database driver: github.com/sijms/go-ora/v2
// (pure Go, TNS) used through its database/sql/driver interface directly
// (sqldb.DriverConn), over dbgauge's blocking sockets. URLs:
// oracle://user:password@host:1521/service?option=value, the options being
// go-ora's URL options (TIMEOUT, SSL, PREFETCH_ROWS, ...).
//
// Transactions are the connection's (sqldb.Transactor): Oracle has no BEGIN
// statement. Bulk load binds arrays (one round trip per batch of rows).
// Server statistics are v$sysstat and v$system_event, the figures an AWR
// report starts from.
//
// No Oracle server can run on the project's machines: the tests are URL
// parsing, error classes and SQL text, a scripted TNS conversation with a
// fake server through the connector's dialer hook (wire_test.go), and a live
// suite run only when DBGAUGE_TEST_ORACLE names a server.
package oracle
