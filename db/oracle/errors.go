package oracle

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/sijms/go-ora/v2/network"

	"github.com/dbgauge/dbgauge/db"
)

// oraCodes maps ORA- error numbers to classes (Oracle Database Error
// Messages).
var oraCodes = map[int]db.Class{
	60:    db.Deadlock,       // deadlock detected while waiting for resource
	8177:  db.Serialization,  // can't serialize access for this transaction
	54:    db.LockTimeout,    // resource busy and acquire with NOWAIT specified or timeout expired
	30006: db.LockTimeout,    // resource busy; acquire with WAIT timeout expired
	4021:  db.LockTimeout,    // timeout occurred while waiting to lock object
	1:     db.DuplicateKey,   // unique constraint violated
	1013:  db.Timeout,        // user requested cancel of current operation (a call timeout too)
	3113:  db.ConnectionLost, // end-of-file on communication channel
	3114:  db.ConnectionLost, // not connected to ORACLE
	3135:  db.ConnectionLost, // connection lost contact
	28:    db.ConnectionLost, // your session has been killed
	1012:  db.ConnectionLost, // not logged on
	1033:  db.ConnectionLost, // ORACLE initialization or shutdown in progress
	1034:  db.ConnectionLost, // ORACLE not available
	1089:  db.ConnectionLost, // immediate shutdown or close in progress
	12537: db.ConnectionLost, // TNS:connection closed
	12547: db.ConnectionLost, // TNS:lost contact
}

// Code is an ORA- number as Oracle writes it: ORA-00001.
func Code(n int) string { return fmt.Sprintf("ORA-%05d", n) }

// classify wraps an Oracle error with its class.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var oe *network.OracleError
	if errors.As(err, &oe) {
		c, ok := oraCodes[oe.ErrCode]
		if !ok {
			c = db.Other
		}
		return &db.Error{Class: c, Code: Code(oe.ErrCode), Err: err}
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, network.ErrConnReset):
		// ErrConnReset is go-ora's "connection break due to context
		// timeout": the call was broken off, the session survives.
		return &db.Error{Class: db.Timeout, Err: err}
	case errors.Is(err, driver.ErrBadConn) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.ErrClosedPipe) ||
		errors.Is(err, net.ErrClosed) || errors.As(err, &ne) ||
		strings.Contains(err.Error(), "closed connection"):
		// go-ora says "attempt to write on closed connection" in words.
		return &db.Error{Class: db.ConnectionLost, Err: err}
	}
	return err
}

// connectReason is the listener's, the server's or the network's reason
// for a failed connect or login, without the password.
func connectReason(err error, password string) error {
	msg := err.Error()
	var oe *network.OracleError
	if errors.As(err, &oe) {
		// Error() appends "error occur at position: 0", meaningless here.
		msg = oe.ErrMsg
		if msg == "" {
			msg = strings.TrimSuffix(oe.Error(), fmt.Sprintf(" error occur at position: %d", oe.ErrPos()))
		}
	}
	return errors.New(hide(msg, password))
}

// hide replaces the password in s.
func hide(s, password string) string {
	if password == "" {
		return s
	}
	return strings.ReplaceAll(s, password, "xxxxx")
}
