package cubrid

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"

	"github.com/dbgauge/dbgauge/db"
)

// Error is an error the CAS or the database server replied with.
type Error struct {
	// Code is CUBRID's number: negative, -10000 and below for the CAS's
	// own errors (cas_error.h), above for the server's (error_code.h).
	Code    int
	Message string
	// CAS is set for the CAS's own errors (CAS_ERROR_INDICATOR).
	CAS bool
}

func (e *Error) Error() string {
	if e.Message == "" {
		return fmt.Sprintf("CUBRID error %d", e.Code)
	}
	return fmt.Sprintf("CUBRID error %d: %s", e.Code, e.Message)
}

// codes maps CUBRID's error numbers (src/base/error_code.h, cas_error.h)
// to classes.
var codes = map[int]db.Class{
	-72:  db.Deadlock, // ER_LK_UNILATERALLY_ABORTED: aborted to break a deadlock
	-966: db.Deadlock, // ER_LK_OBJECT_DL_TIMEOUT_SIMPLE_MSG: a deadlock victim's lock wait
	-967: db.Deadlock, // ER_LK_OBJECT_DL_TIMEOUT_CLASS_MSG
	-968: db.Deadlock, // ER_LK_OBJECT_DL_TIMEOUT_CLASSOF_MSG

	-73: db.LockTimeout, // ER_LK_OBJECT_TIMEOUT_SIMPLE_MSG
	-74: db.LockTimeout, // ER_LK_OBJECT_TIMEOUT_CLASS_MSG
	-75: db.LockTimeout, // ER_LK_OBJECT_TIMEOUT_CLASSOF_MSG
	-76: db.LockTimeout, // ER_LK_PAGE_TIMEOUT

	-670: db.DuplicateKey, // ER_BTREE_UNIQUE_FAILED
	-886: db.DuplicateKey, // ER_UNIQUE_VIOLATION_WITHKEY
	-564: db.DuplicateKey, // ER_LDR_UNIQUE_VIOLATION

	-790:             db.Timeout, // ER_QM_EXECUTION_INTERRUPTED (a query timeout)
	casErQueryCancel: db.Timeout,

	-111:                      db.ConnectionLost, // ER_TM_SERVER_DOWN_UNILATERALLY_ABORTED
	-191:                      db.ConnectionLost, // ER_NET_CANT_CONNECT_SERVER
	-193:                      db.ConnectionLost, // ER_NET_SERVER_SHUTDOWN
	-195:                      db.ConnectionLost, // ER_NET_SERVER_COMM_ERROR
	-199:                      db.ConnectionLost, // ER_NET_SERVER_CRASHED
	-224:                      db.ConnectionLost, // ER_OBJ_NO_CONNECT
	-677:                      db.ConnectionLost, // ER_BO_CONNECT_FAILED
	casErCommunication:        db.ConnectionLost,
	casErDBServerDisconnected: db.ConnectionLost,
	casErFreeServer:           db.ConnectionLost,
}

// classify wraps an error with its class.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var ce *Error
	if errors.As(err, &ce) {
		c, ok := codes[ce.Code]
		if !ok {
			c = db.Other
		}
		return &db.Error{Class: c, Code: strconv.Itoa(ce.Code), Err: err}
	}
	var de *db.Error
	if errors.As(err, &de) || errors.Is(err, context.Canceled) {
		return err
	}
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return &db.Error{Class: db.Timeout, Err: err}
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) ||
		errors.Is(err, errBroken) || errors.As(err, &ne):
		return &db.Error{Class: db.ConnectionLost, Err: err}
	}
	return err
}
