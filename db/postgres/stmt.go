package postgres

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// Stmt is a server-side prepared statement run through pgconn: arguments
// are encoded as text into reused buffers; Query counts rows without
// decoding them, QueryRow decodes the first with pgx's scan plans.
type Stmt struct {
	c     *Conn
	sd    *pgconn.StatementDescription
	buf   []byte
	ends  []int
	nulls []bool
	vals  [][]byte
	scan  scanner
	bind  pgproto3.Bind // roundTrip's, reused
}

var (
	_ sqldb.RowReader = (*Stmt)(nil)
	_ sqldb.RowReader = (*simpleStmt)(nil)
)

// Exec implements sqldb.Stmt.
func (s *Stmt) Exec(ctx context.Context, args ...any) (int64, error) {
	if err := s.encode(args); err != nil {
		return 0, err
	}
	if ctx.Done() == nil {
		_, n, err := s.roundTrip(nil, nil)
		return n, err
	}
	tag, err := s.c.pg.ExecPrepared(ctx, s.sd.Name, s.vals, nil, nil).Close()
	if err != nil {
		return 0, classify(err)
	}
	return tag.RowsAffected(), nil
}

// Query implements sqldb.Stmt.
func (s *Stmt) Query(ctx context.Context, args ...any) (int, error) {
	if err := s.encode(args); err != nil {
		return 0, err
	}
	if ctx.Done() == nil {
		n, _, err := s.roundTrip(nil, nil)
		return n, err
	}
	rr := s.c.pg.ExecPrepared(ctx, s.sd.Name, s.vals, nil, nil)
	n := 0
	for rr.NextRow() {
		n++
	}
	if _, err := rr.Close(); err != nil {
		return n, classify(err)
	}
	return n, nil
}

// QueryRow implements sqldb.RowReader. It runs through ExecStatement, not
// ExecPrepared: the statement's description is known, so the server need not
// send it again (nor pgx decode it) on every call, and each column comes in
// the format its destination reads fastest.
func (s *Stmt) QueryRow(ctx context.Context, dest []any, args ...any) (int, error) {
	return s.QueryRows(ctx, dest, nil, args...)
}

// QueryRows implements sqldb.RowsReader; with each nil it is QueryRow.
func (s *Stmt) QueryRows(ctx context.Context, dest []any, each func(row int) error, args ...any) (int, error) {
	fields := s.sd.Fields
	if len(dest) != len(fields) {
		return 0, fmt.Errorf("read row: %d destinations for %d columns", len(dest), len(fields))
	}
	if err := s.encode(args); err != nil {
		return 0, err
	}
	s.scan.chooseFormats(fields, dest)
	if ctx.Done() == nil {
		tm := s.c.conn.TypeMap()
		n, _, err := s.roundTrip(s.scan.formats, func(n int, values [][]byte) error {
			if n > 0 && each == nil {
				return nil
			}
			if err := s.scan.scan(tm, fields, s.scan.formats, values, dest); err != nil {
				return fmt.Errorf("read row: %w", err)
			}
			if each != nil {
				if err := each(n); err != nil {
					return fmt.Errorf("read row: %w", err)
				}
			}
			return nil
		})
		return n, err
	}
	rr := s.c.pg.ExecStatement(ctx, s.sd, s.vals, nil, s.scan.formats)
	var scanErr error
	n := 0
	for rr.NextRow() {
		if scanErr == nil && (n == 0 || each != nil) {
			scanErr = s.scan.scan(s.c.conn.TypeMap(), fields, s.scan.formats, rr.Values(), dest)
			if scanErr == nil && each != nil {
				scanErr = each(n)
			}
		}
		n++
	}
	if _, err := rr.Close(); err != nil {
		return n, classify(err)
	}
	if scanErr != nil {
		return n, fmt.Errorf("read row: %w", scanErr)
	}
	return n, nil
}

// Close implements sqldb.Stmt.
func (s *Stmt) Close() error {
	return s.c.pg.Deallocate(context.Background(), s.sd.Name)
}

// encode writes args in PostgreSQL's text format.
func (s *Stmt) encode(args []any) error {
	s.buf, s.ends, s.vals, s.nulls = s.buf[:0], s.ends[:0], s.vals[:0], s.nulls[:0]
	for _, a := range args {
		s.nulls = append(s.nulls, a == nil)
		switch v := a.(type) {
		case nil:
		case int:
			s.buf = strconv.AppendInt(s.buf, int64(v), 10)
		case int64:
			s.buf = strconv.AppendInt(s.buf, v, 10)
		case int32:
			s.buf = strconv.AppendInt(s.buf, int64(v), 10)
		case string:
			s.buf = append(s.buf, v...)
		case []byte:
			s.buf = append(s.buf, v...)
		case float64:
			s.buf = strconv.AppendFloat(s.buf, v, 'g', -1, 64)
		case bool:
			s.buf = strconv.AppendBool(s.buf, v)
		case time.Time:
			s.buf = v.AppendFormat(s.buf, "2006-01-02 15:04:05.999999999Z07:00")
		default:
			return fmt.Errorf("postgres: cannot send a %T argument", a)
		}
		s.ends = append(s.ends, len(s.buf))
	}
	start := 0
	for i, end := range s.ends {
		if s.nulls[i] {
			s.vals = append(s.vals, nil)
		} else {
			s.vals = append(s.vals, s.buf[start:end:end])
		}
		start = end
	}
	return nil
}

// simpleStmt is a statement under the simple protocol: pgx interpolates the
// arguments, nothing is prepared on the server.
type simpleStmt struct {
	c       *Conn
	sql     string
	scan    scanner
	formats []int16
}

func (s *simpleStmt) Exec(ctx context.Context, args ...any) (int64, error) {
	tag, err := s.c.conn.Exec(ctx, s.sql, s.c.mode(args)...)
	if err != nil {
		return 0, classify(err)
	}
	return tag.RowsAffected(), nil
}

func (s *simpleStmt) Query(ctx context.Context, args ...any) (int, error) {
	rows, err := s.c.conn.Query(ctx, s.sql, s.c.mode(args)...)
	if err != nil {
		return 0, classify(err)
	}
	n := 0
	for rows.Next() {
		n++
	}
	rows.Close()
	return n, classify(rows.Err())
}

// QueryRow implements sqldb.RowReader. Under the simple protocol every
// value comes as text; pgx's Rows cost a few allocations a call, which is
// this mode's price (it exists for poolers, not for the least CPU).
func (s *simpleStmt) QueryRow(ctx context.Context, dest []any, args ...any) (int, error) {
	return s.QueryRows(ctx, dest, nil, args...)
}

// QueryRows implements sqldb.RowsReader; with each nil it is QueryRow.
func (s *simpleStmt) QueryRows(ctx context.Context, dest []any, each func(row int) error, args ...any) (int, error) {
	rows, err := s.c.conn.Query(ctx, s.sql, s.c.mode(args)...)
	if err != nil {
		return 0, classify(err)
	}
	fields := rows.FieldDescriptions()
	var scanErr error
	if len(dest) != len(fields) {
		scanErr = fmt.Errorf("%d destinations for %d columns", len(dest), len(fields))
	}
	n := 0
	for rows.Next() {
		if scanErr == nil && (n == 0 || each != nil) {
			s.formats = s.formats[:0]
			for _, f := range fields {
				s.formats = append(s.formats, f.Format)
			}
			scanErr = s.scan.scan(s.c.conn.TypeMap(), fields, s.formats, rows.RawValues(), dest)
			if scanErr == nil && each != nil {
				scanErr = each(n)
			}
		}
		n++
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return n, classify(err)
	}
	if scanErr != nil {
		return n, fmt.Errorf("read row: %w", scanErr)
	}
	return n, nil
}

func (s *simpleStmt) Close() error { return nil }
