package sqldb

import (
	"context"
	"errors"
)

// RowReader is a Stmt that reads values, for transactions that use what
// they read (TPC-C's New-Order reads d_next_o_id and writes it back; order
// entry reads the ids it inserts). Counting rows stays Stmt.Query, which
// decodes nothing.
type RowReader interface {
	// QueryRow runs the statement and scans the first row's columns into
	// dest, one destination per column: *int64, *int, *float64, *string,
	// *[]byte (its capacity is reused) or *Null of int64, float64 or string.
	// Further rows are read and discarded, as a client application would,
	// and the count of all rows is returned. With no row dest is left as it
	// was and the count is 0.
	//
	// NULL is never silently a zero: it sets a Null's Valid to false and a
	// []byte to nil, and is ErrNull for any other destination. A value that
	// does not convert (text into *int64, 2.5 into *int64) is an error, as
	// is a count of destinations other than the result's columns; either
	// is reported after all rows were read, so the connection stays usable.
	//
	// dest is the caller's and is only written to, never kept: a workload
	// builds it once, from pointers into its own state, so a call allocates
	// nothing for it.
	QueryRow(ctx context.Context, dest []any, args ...any) (int, error)
}

// RowsReader is a RowReader that reads the values of every row, for a
// transaction that reads several rows in one statement (TPC-C's New-Order
// reads its items and their stock rows with one IN list each).
type RowsReader interface {
	RowReader
	// QueryRows runs the statement and, for each row, scans its columns
	// into dest as QueryRow does, then calls each with the row's index, so
	// that each copies what it needs before the next row overwrites dest.
	// It returns the number of rows. A scan error or an error from each
	// stops the scanning (not the reading: the connection stays usable)
	// and is returned once all rows were read. each nil is QueryRow.
	QueryRows(ctx context.Context, dest []any, each func(row int) error, args ...any) (int, error)
}

// IDExecer is a Stmt that reports the id its INSERT generated, from the
// database's reply to the statement itself (MySQL's OK packet,
// sqlite3_last_insert_rowid), so no result set is needed. Dialect.LastInsertID
// says a driver's statements have it.
type IDExecer interface {
	// ExecID runs the statement and returns the rows it affected and the
	// auto-increment id of the row it inserted. For a one-row INSERT only:
	// after a multi-row INSERT MySQL reports the first row's id and SQLite
	// the last one's; after an INSERT that inserted nothing (INSERT IGNORE)
	// SQLite still reports an earlier id, so check affected.
	ExecID(ctx context.Context, args ...any) (affected, id int64, err error)
}

// Null is a destination for a column that may be NULL.
type Null[T int64 | float64 | string] struct {
	V     T
	Valid bool
}

// ErrNull is a NULL read into a destination that cannot hold one: read the
// column into a Null instead.
var ErrNull = errors.New("NULL read into a destination that cannot hold it (use sqldb.Null)")

// Unwrap returns where the value of a non-NULL column goes for dest: &n.V
// for a *Null, dest itself otherwise. It changes nothing.
func Unwrap(dest any) any {
	switch d := dest.(type) {
	case *Null[int64]:
		return &d.V
	case *Null[float64]:
		return &d.V
	case *Null[string]:
		return &d.V
	}
	return dest
}

// ScanTarget is Unwrap for a column that is not NULL: it also marks a Null
// valid. Drivers call it before storing a value.
func ScanTarget(dest any) any {
	switch d := dest.(type) {
	case *Null[int64]:
		d.Valid = true
		return &d.V
	case *Null[float64]:
		d.Valid = true
		return &d.V
	case *Null[string]:
		d.Valid = true
		return &d.V
	}
	return dest
}

// ScanNull stores NULL into dest: a Null becomes invalid (and its value
// zero), a []byte nil; any other supported destination gets ErrNull.
func ScanNull(dest any) error {
	switch d := dest.(type) {
	case *Null[int64]:
		*d = Null[int64]{}
	case *Null[float64]:
		*d = Null[float64]{}
	case *Null[string]:
		*d = Null[string]{}
	case *[]byte:
		*d = nil
	case *int64, *int, *float64, *string:
		return ErrNull
	default:
		return UnsupportedDest(dest)
	}
	return nil
}
