package postgres

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Stmt is a server-side prepared statement run through pgconn: arguments
// are encoded as text into reused buffers, rows are counted, not decoded.
type Stmt struct {
	c     *Conn
	sd    *pgconn.StatementDescription
	buf   []byte
	ends  []int
	nulls []bool
	vals  [][]byte
}

// Exec implements sqldb.Stmt.
func (s *Stmt) Exec(ctx context.Context, args ...any) (int64, error) {
	if err := s.encode(args); err != nil {
		return 0, err
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
	c   *Conn
	sql string
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

func (s *simpleStmt) Close() error { return nil }
