package kv

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/db"
	hs "github.com/dbgauge/dbgauge/db/handlersocket"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// hsConn is a SQL connection whose server also speaks HandlerSocket
// (db/mysql, from the hs-* parameters of its URL). The workload never
// names the database: it asks the connection for the ability.
type hsConn interface {
	sqldb.Conn
	// OpenHandlerSocket connects to the read port, or the write port,
	// authenticated; every open_index on it is guarded (base tables only).
	OpenHandlerSocket(ctx context.Context, write bool) (*hs.Conn, error)
	// HandlerSocketTable describes a table of the URL's database.
	HandlerSocketTable(ctx context.Context, table string) (*hs.Table, error)
}

// errNoHS is --mysql-access handlersocket on a database without it.
var errNoHS = &db.UnsupportedError{Workload: "the kv workloads", Needs: "MySQL or MariaDB for --mysql-access handlersocket", Driver: "this database"}

// Index ids of a session's HandlerSocket connections: the whole record on
// both ports (gets, scans, inserts), and one index per field on the write
// port, since an update sets every column of its index.
const (
	idxRecord = 0
	idxField  = 1
)

// keyColumn is the table's primary key.
const keyColumn = "ycsb_key"

// hsStore reads, scans, inserts and updates through HandlerSocket: reads
// and scans on the read port, writes on the write port, each request one
// line and one reply. Only the record count at the start is SQL.
type hsStore struct {
	sql    sqldb.Conn
	rd, wr *hs.Conn
	cfg    *config
	// q, key and row are reused by every request: nothing is allocated
	// per operation.
	q   hs.Query
	key [1]string
	row []string
}

// openHSStore connects to both ports and opens the indexes, in one round
// trip per port: once per connection, so a reconnect opens them again.
func openHSStore(ctx context.Context, conn db.Conn, c *config) (store, error) {
	hc, ok := conn.(hsConn)
	if !ok {
		return nil, errNoHS
	}
	s := &hsStore{sql: hc, cfg: c, row: make([]string, 0, c.fields+1)}
	var err error
	if s.rd, err = hc.OpenHandlerSocket(ctx, false); err != nil {
		return nil, err
	}
	if s.wr, err = hc.OpenHandlerSocket(ctx, true); err != nil {
		s.rd.Close()
		return nil, err
	}
	if err := s.openIndexes(ctx); err != nil {
		s.close()
		var te *hs.TableError
		if errors.As(err, &te) {
			return nil, &workload.InputError{Err: err}
		}
		return nil, fmt.Errorf("HandlerSocket open_index of %s: %w", table, err)
	}
	return s, nil
}

func (s *hsStore) openIndexes(ctx context.Context) error {
	record := hs.Index{Table: table, Columns: columns(s.cfg)}
	if err := s.rd.OpenIndex(ctx, idxRecord, record); err != nil {
		return err
	}
	if err := s.wr.OpenIndex(ctx, idxRecord, record); err != nil {
		return err
	}
	for i := range int(s.cfg.fields) {
		if err := s.wr.OpenIndex(ctx, idxField+i, hs.Index{Table: table, Columns: []string{record.Columns[1+i]}}); err != nil {
			return err
		}
	}
	return errors.Join(s.rd.Drain(ctx), s.wr.Drain(ctx))
}

// byKey sets s.q to find the one record of key.
func (s *hsStore) byKey(op hs.Op, key string, limit int) *hs.Query {
	s.key[0] = key
	s.q = hs.Query{Op: op, Keys: s.key[:], Limit: limit}
	return &s.q
}

// read is one find by the primary key: '0 = 1 key 1 0'. It reads the whole
// record, as the SQL store's SELECT * does, and decodes nothing.
func (s *hsStore) read(ctx context.Context, key string) (bool, error) {
	s.rd.Find(idxRecord, s.byKey(hs.Eq, key, 1))
	r, err := s.rd.Next(ctx)
	if err != nil {
		return false, err
	}
	return r.Rows() > 0, nil
}

// readBatch writes a find for every key, then reads the replies: one
// round trip for them all.
func (s *hsStore) readBatch(ctx context.Context, keys []string) (int, error) {
	for _, k := range keys {
		s.rd.Find(idxRecord, s.byKey(hs.Eq, k, 1))
	}
	found := 0
	var first error
	for range keys {
		r, err := s.rd.Next(ctx)
		if err != nil {
			if first == nil {
				first = err
			}
			if db.ClassOf(err) == db.ConnectionLost || db.ClassOf(err) == db.Timeout {
				return found, first
			}
			continue // in step: the other replies still come
		}
		if r.Rows() > 0 {
			found++
		}
	}
	return found, first
}

// scan is one find of up to n records from key on, in key order:
// '0 >= 1 key n 0'.
func (s *hsStore) scan(ctx context.Context, key string, n int64) (int, error) {
	s.rd.Find(idxRecord, s.byKey(hs.GE, key, int(n)))
	r, err := s.rd.Next(ctx)
	if err != nil {
		return 0, err
	}
	return r.Rows(), nil
}

// update sets one field through that field's index on the write port:
// '<1+field> = 1 key 1 0 U value'.
func (s *hsStore) update(ctx context.Context, key string, field int, value string) error {
	s.row = append(s.row[:0], value)
	s.wr.Modify(idxField+field, s.byKey(hs.Eq, key, 1), hs.Update, s.row)
	_, err := s.wr.Next(ctx)
	return err
}

// insert writes one insert request per record, then reads the replies:
// --batch-size records in one round trip. Each is its own write to the
// storage engine: a duplicate key fails that record alone.
func (s *hsStore) insert(ctx context.Context, keys []string, vals [][]string) error {
	for i, k := range keys {
		s.row = append(append(s.row[:0], k), vals[i]...)
		s.wr.Insert(idxRecord, s.row)
	}
	return s.wr.Drain(ctx)
}

func (s *hsStore) count(ctx context.Context) (int64, error) {
	rows, err := s.sql.QueryStrings(ctx, "SELECT COUNT(*) FROM "+table)
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(rows[0][0], 10, 64)
}

// close closes both sockets; the server closes the indexes with them.
func (s *hsStore) close() {
	s.rd.Close()
	s.wr.Close()
}

// hsOps are the statements under --mysql-access handlersocket, all four
// through the protocol and named for it.
var hsOps = func() []workload.Op {
	o := slices.Clone(ops)
	for i := range o {
		o[i].Name += " (handlersocket)"
	}
	return o
}()

// hsDataset checks, at the first look at the data and so before prepare
// loads anything, that the database speaks HandlerSocket (exit 2 if it
// is not MySQL or MariaDB), that both ports answer and take their secrets
// (exit 3 otherwise), and that a table already prepared is one HandlerSocket
// can use (exit 2).
type hsDataset struct {
	*dataset.Dataset
	c *config
}

func (d hsDataset) Check(ctx context.Context, conn db.Conn) (workload.State, error) {
	hc, ok := conn.(hsConn)
	if !ok {
		return workload.State{}, errNoHS
	}
	for _, write := range []bool{false, true} {
		h, err := hc.OpenHandlerSocket(ctx, write)
		if err != nil {
			return workload.State{}, err
		}
		h.Close()
	}
	st, err := d.Dataset.Check(ctx, conn)
	// Data that is not there, not complete or of other options is
	// prepared again or refused by the session; the data a run will use
	// as it is must suit HandlerSocket.
	if err != nil || st.Stamp == nil || !st.Stamp.Complete || st.Stamp.Mismatch(d.Shape()) != "" {
		return st, err
	}
	t, err := hc.HandlerSocketTable(ctx, table)
	if err != nil {
		return st, fmt.Errorf("read the catalog of %s: %w", table, err)
	}
	if err := t.CheckStrings(keyColumn, columns(d.c)[1:]); err != nil {
		return st, &workload.InputError{Err: err}
	}
	return st, nil
}
