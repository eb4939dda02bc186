// Package cubrid is the CUBRID driver: dbgauge's own, in pure Go, speaking
// the broker and CAS protocol that CUBRID's JDBC and CCI drivers speak
// (protocol version 12, CUBRID 11.2 and later), written from CUBRID's
// sources (src/broker/cas_protocol.h, cas_function.c, cas_execute.c). No
// CUBRID driver is served on the Go module proxy, and the one on GitHub
// wraps the C library (cgo). URLs: cubrid://user:password@host:33000/db,
// the port being the broker's.
//
// A connection is a socket to the broker, which hands it to one of its
// application servers (CAS); the CAS logs in to the database and runs the
// requests: prepare, execute (the first rows in the same reply), fetch,
// prepare-and-execute for statements without arguments (one round trip)
// and batch execute (several statements in one request). Statements are
// prepared on the CAS; their handles are closed along with the next
// prepare, as CUBRID's drivers do. The bulk loader runs a prepared
// multi-row INSERT in one transaction.
//
// Transactions are the connection's (sqldb.Transactor): each request says
// whether the CAS commits after it, and Commit and Rollback are the
// protocol's end-transaction request. Between transactions a broker with
// KEEP_CONNECTION=AUTO may give the CAS to another client and drop this
// one's socket: the next request finds it closed, and the connection
// logs in again (resuming its session) and sends the request once more.
// A socket lost inside a transaction is a lost connection (the runner's
// reconnect), never retried.
//
// The generated id of an INSERT is the session's LAST_INSERT_ID, asked
// for in the same write as the INSERT. Server statistics are the page
// buffer's counters (SHOW PAGE BUFFER STATUS) and the log header's.
//
// sqldb's dialect for CUBRID is here too (Dialect).
package cubrid
