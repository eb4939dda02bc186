package handlersocket

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"

	"github.com/dbgauge/dbgauge/db"
)

// Error is a request the server refused: the reply's code and message, as
// the plugin's sources (hstcpsvr_worker.cpp, database.cpp) write them.
type Error struct {
	// Code is the reply's code: 1 storage engine or locking, 2 request, 3
	// authentication.
	Code int
	// Message is the plugin's word for it ("open_table", "kpnum") or, for
	// a write the storage engine refused, the handler's error number
	// ("121").
	Message string
}

// meanings are the plugin's error words in plain language.
var meanings = map[string]string{
	"unauth":      "not authenticated: the secret is wrong or missing",
	"authtype":    "unknown authentication type",
	"open_table":  "the table cannot be opened (no such table, or it is locked)",
	"idxnum":      "no such index",
	"fld":         "no such column",
	"stmtnum":     "the index id was not opened on this connection",
	"kpnum":       "more key values than the index has columns",
	"klen":        "the key is longer than the index allows",
	"modop":       "unknown modify operation",
	"op":          "unknown comparison operator",
	"cmd":         "unknown request",
	"readonly":    "a write on the read-only port",
	"lock_tables": "the table could not be locked",
	"tblnum":      "the table was closed",
	"filterfld":   "the filter column was not opened as a filter column",
	"filtertype":  "unknown filter type",
	"filterblob":  "a filter on a BLOB column",
	"invalueslen": "an empty IN list",
	"syntax":      "malformed request",
	"notimpl":     "not implemented",
}

// Handler error numbers of MariaDB's include/my_base.h that a write can
// answer with ("1 1 121").
const (
	haErrFoundDuppKey   = 121
	haErrFoundDuppUniq  = 141
	haErrLockWaitTimout = 146
	haErrLockDeadlock   = 149
)

func (e *Error) Error() string {
	m := meanings[e.Message]
	if m == "" {
		if n, err := strconv.Atoi(e.Message); err == nil {
			m = "storage engine error " + strconv.Itoa(n)
			switch n {
			case haErrFoundDuppKey, haErrFoundDuppUniq:
				m = "duplicate key"
			case haErrLockWaitTimout:
				m = "lock wait timeout"
			case haErrLockDeadlock:
				m = "deadlock"
			}
		}
	}
	if m == "" {
		return fmt.Sprintf("HandlerSocket error %d %s", e.Code, e.Message)
	}
	return fmt.Sprintf("HandlerSocket error %d %s: %s", e.Code, e.Message, m)
}

// Class is the error's class in the db package's words: a duplicate key,
// a lock wait or a deadlock the storage engine reported, or Other.
func (e *Error) Class() db.Class {
	switch e.Message {
	case strconv.Itoa(haErrFoundDuppKey), strconv.Itoa(haErrFoundDuppUniq):
		return db.DuplicateKey
	case strconv.Itoa(haErrLockWaitTimout), "lock_tables":
		// lock_tables: mysql_lock_tables failed, which a table lock held
		// by another session past handlersocket_wrlock_timeout does.
		return db.LockTimeout
	case strconv.Itoa(haErrLockDeadlock):
		return db.Deadlock
	}
	return db.Other
}

// IsUnauth says whether err is the server's refusal of a connection that
// has not authenticated (or gave the wrong secret).
func IsUnauth(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == 3
}

// classified wraps a server's refusal with its class.
func classified(e *Error) error {
	return &db.Error{Class: e.Class(), Code: e.Message, Err: e}
}

// transportError classifies a failure to write or read the socket: a
// deadline is a timeout, anything else a lost connection.
func transportError(addr string, err error) error {
	c := db.ConnectionLost
	var ne net.Error
	if errors.Is(err, os.ErrDeadlineExceeded) || errors.Is(err, context.DeadlineExceeded) ||
		errors.As(err, &ne) && ne.Timeout() {
		c = db.Timeout
	}
	return &db.Error{Class: c, Err: fmt.Errorf("HandlerSocket %s: %w", addr, err)}
}
