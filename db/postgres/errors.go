package postgres

import (
	"context"
	"errors"
	"io"
	"net"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/dbgauge/dbgauge/db"
)

// classes maps SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html).
var classes = map[string]db.Class{
	"40P01": db.Deadlock,       // deadlock_detected
	"40001": db.Serialization,  // serialization_failure
	"55P03": db.LockTimeout,    // lock_not_available (lock_timeout)
	"23505": db.DuplicateKey,   // unique_violation
	"57014": db.Timeout,        // query_canceled (statement_timeout)
	"57P01": db.ConnectionLost, // admin_shutdown
	"57P02": db.ConnectionLost, // crash_shutdown
	"57P03": db.ConnectionLost, // cannot_connect_now
}

// classify wraps a PostgreSQL error with its class.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		c, ok := classes[pe.Code]
		if !ok {
			c = db.Other
			if len(pe.Code) == 5 && pe.Code[:2] == "08" {
				c = db.ConnectionLost
			}
		}
		return &db.Error{Class: c, Code: pe.Code, Err: err}
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded) || pgconn.Timeout(err):
		return &db.Error{Class: db.Timeout, Err: err}
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &ne) || isClosed(err):
		return &db.Error{Class: db.ConnectionLost, Err: err}
	}
	return err
}

func isClosed(err error) bool {
	var pgErr *pgconn.ConnectError
	return errors.As(err, &pgErr) || err.Error() == "conn closed"
}
