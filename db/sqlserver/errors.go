package sqlserver

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strconv"
	"strings"

	mssql "github.com/microsoft/go-mssqldb"

	"github.com/dbgauge/dbgauge/db"
)

// errnos maps SQL Server error numbers to classes (Database Engine events
// and errors).
var errnos = map[int32]db.Class{
	1205: db.Deadlock,      // chosen as the deadlock victim
	3960: db.Serialization, // snapshot isolation transaction aborted due to update conflict
	3961: db.Serialization, // snapshot isolation: the object was modified by DDL in another transaction
	1222: db.LockTimeout,   // lock request time out period exceeded (SET LOCK_TIMEOUT)
	2627: db.DuplicateKey,  // violation of PRIMARY KEY or UNIQUE constraint
	2601: db.DuplicateKey,  // cannot insert duplicate key row in object with unique index
	// The client libraries' numbers for a broken connection (SqlClient
	// reports the socket error), and the server's own.
	10054: db.ConnectionLost, // connection reset by peer
	10053: db.ConnectionLost, // connection aborted by the host
	233:   db.ConnectionLost, // no process is on the other end of the pipe
	64:    db.ConnectionLost, // the specified network name is no longer available
	596:   db.ConnectionLost, // the session is in the kill state
	6005:  db.ConnectionLost, // SHUTDOWN is in progress
}

// babelfishUnmapped is the number Babelfish gives a PostgreSQL error it
// maps to no SQL Server error ("canceling statement due to lock timeout").
const babelfishUnmapped = 33557097

// fatalSeverity: errors of severity 20 and above end the connection.
const fatalSeverity = 20

// classify wraps a SQL Server error with its class. A server that reports
// several errors for one request (2627, then 3621 "The statement has been
// terminated") is classified by the first one that has a class.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var se mssql.ServerError
	if errors.As(err, &se) {
		// The server aborted the process and closed the connection.
		return &db.Error{Class: db.ConnectionLost, Code: code(err), Err: err}
	}
	var me mssql.Error
	if errors.As(err, &me) {
		all := me.All
		if len(all) == 0 {
			all = []mssql.Error{me}
		}
		for _, e := range all {
			if c, ok := errnos[e.Number]; ok {
				return &db.Error{Class: c, Code: strconv.Itoa(int(e.Number)), Err: err}
			}
		}
		c := db.Other
		if me.Number == babelfishUnmapped {
			// Babelfish passes some PostgreSQL errors on unmapped: its
			// lock_timeout (SQL Server: 1222) and a SNAPSHOT transaction's
			// update conflict (SQL Server: 3960).
			switch {
			case strings.Contains(me.Message, "due to lock timeout"):
				c = db.LockTimeout
			case strings.Contains(me.Message, "could not serialize access"):
				c = db.Serialization
			}
		}
		if me.Class >= fatalSeverity {
			c = db.ConnectionLost
		}
		return &db.Error{Class: c, Code: strconv.Itoa(int(me.Number)), Err: err}
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return &db.Error{Class: db.Timeout, Err: err}
	case errors.Is(err, driver.ErrBadConn) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, net.ErrClosed) || errors.As(err, &ne) || errors.As(err, new(mssql.StreamError)):
		return &db.Error{Class: db.ConnectionLost, Err: err}
	}
	return err
}

// code is the number of the SQL Server error in err, or "".
func code(err error) string {
	var me mssql.Error
	if errors.As(err, &me) {
		return strconv.Itoa(int(me.Number))
	}
	return ""
}
