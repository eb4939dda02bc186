package sqlserver

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	mssql "github.com/microsoft/go-mssqldb"

	"github.com/dbgauge/dbgauge/db"
)

// TestClassify maps SQL Server's errors, as go-mssqldb returns them, onto
// the error classes.
func TestClassify(t *testing.T) {
	t.Parallel()
	dup := mssql.Error{Number: 2627, Class: 14, Message: "Violation of PRIMARY KEY constraint 'PK_t'."}
	// The server follows a failed statement with 3621, "The statement has
	// been terminated."; go-mssqldb describes the last error and lists all.
	terminated := mssql.Error{Number: 3621, Class: 0, Message: "The statement has been terminated."}
	both := terminated
	both.All = []mssql.Error{dup, terminated}
	cases := []struct {
		name string
		err  error
		want db.Class
		code string
	}{
		{"deadlock victim", mssql.Error{Number: 1205, Class: 13}, db.Deadlock, "1205"},
		{"snapshot update conflict", mssql.Error{Number: 3960, Class: 16}, db.Serialization, "3960"},
		{"lock timeout", mssql.Error{Number: 1222, Class: 16}, db.LockTimeout, "1222"},
		// Babelfish: PostgreSQL's errors under its unmapped number.
		{"Babelfish lock timeout", mssql.Error{Number: 33557097, Class: 16, Message: "canceling statement due to lock timeout"}, db.LockTimeout, "33557097"},
		{"Babelfish update conflict", mssql.Error{Number: 33557097, Class: 16, Message: "could not serialize access due to concurrent update"}, db.Serialization, "33557097"},
		{"Babelfish other", mssql.Error{Number: 33557097, Class: 16, Message: "relation \"t\" does not exist"}, db.Other, "33557097"},
		{"primary key", dup, db.DuplicateKey, "2627"},
		{"unique index", mssql.Error{Number: 2601, Class: 14}, db.DuplicateKey, "2601"},
		{"duplicate key, then terminated", both, db.DuplicateKey, "2627"},
		{"wrapped", fmt.Errorf("insert: %w", mssql.Error{Number: 1205}), db.Deadlock, "1205"},
		{"connection reset", mssql.Error{Number: 10054}, db.ConnectionLost, "10054"},
		{"fatal severity", mssql.Error{Number: 9001, Class: 21}, db.ConnectionLost, "9001"},
		{"syntax", mssql.Error{Number: 102, Class: 15}, db.Other, "102"},
		{"eof", io.EOF, db.ConnectionLost, ""},
		{"bad connection", driver.ErrBadConn, db.ConnectionLost, ""},
		{"socket reset", &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}, db.ConnectionLost, ""},
		{"stream", mssql.StreamError{InnerError: errors.New("bad token")}, db.ConnectionLost, ""},
		{"deadline", context.DeadlineExceeded, db.Timeout, ""},
	}
	for _, tc := range cases {
		err := classify(tc.err)
		if got := db.ClassOf(err); got != tc.want {
			t.Errorf("%s: class %v, want %v", tc.name, got, tc.want)
		}
		var e *db.Error
		if errors.As(err, &e) && e.Code != tc.code {
			t.Errorf("%s: code %q, want %q", tc.name, e.Code, tc.code)
		}
		if !errors.Is(err, tc.err) && !errors.As(err, new(mssql.Error)) {
			t.Errorf("%s: the driver's error is lost: %v", tc.name, err)
		}
	}
	if err := classify(context.Canceled); err != context.Canceled {
		t.Errorf("a cancelled context became %v", err)
	}
	if classify(nil) != nil {
		t.Error("classify(nil) is not nil")
	}
}
