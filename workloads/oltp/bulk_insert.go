package oltp

import (
	"context"
	"fmt"
	"strconv"

	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// bulkPacketSize is sysbench's BULK_PACKET_SIZE: a multi-row INSERT is sent
// when the next row would make it longer than 512 KiB.
const bulkPacketSize = 512 * 1024

// BulkInsert is bulk_insert.lua: one table per thread (sbtest1..N with id
// and k only); each event appends one row (n, n) to a multi-row INSERT that
// is sent when it reaches 512 KiB, and at the end. Events are rows; queries
// are the INSERT statements sent.
var BulkInsert workload.Workload = bulkInsert{}

type bulkInsert struct{}

func (bulkInsert) Meta() workload.Meta {
	return workload.Meta{Name: "bulk_insert", Family: "oltp",
		Description: "sysbench bulk insert: rows appended to 512 KiB multi-row INSERTs, one table per thread"}
}

func (bulkInsert) Options() []workload.Option { return nil }

func (bulkInsert) Configure(_ workload.Values, p workload.Params) (workload.Instance, error) {
	threads := int64(max(p.Users, 1))
	var tables sqlstore.Tables
	for n := int64(1); n <= threads; n++ {
		tables = append(tables, sqlstore.Table{
			Name: tableName(n),
			Create: func(d *sqldb.Dialect) (string, error) {
				if d.InsertAll {
					return "", &db.UnsupportedError{Workload: "bulk_insert", Needs: "multi-row INSERT ... VALUES", Driver: d.Name}
				}
				return fmt.Sprintf("CREATE TABLE %s (\n  id INTEGER NOT NULL,\n  k INTEGER DEFAULT '0' NOT NULL,\n  PRIMARY KEY (id)) %s",
					tableName(n), d.TableOptions), nil
			},
		})
	}
	return bulkInstance{ds: dataset.New("bulk_insert", "bulk_insert",
		map[string]string{"tables": strconv.FormatInt(threads, 10)}, tables)}, nil
}

type bulkInstance struct{ ds *dataset.Dataset }

func (bulkInstance) Transactions() []workload.Txn { return []workload.Txn{{Name: "bulk_insert"}} }
func (bulkInstance) Ops() []workload.Op           { return ops[:] }
func (b bulkInstance) Dataset() workload.Dataset  { return b.ds }

// bulkSession is a connection: bulk_insert prepares nothing.
type bulkSession struct{ conn sqldb.Conn }

func (bulkSession) Close(context.Context) error { return nil }

func (bulkInstance) Open(_ context.Context, env workload.SessionEnv) (workload.Session, error) {
	conn, err := sqldb.Open(env.Conn, env.Driver)
	if err != nil {
		return nil, err
	}
	return bulkSession{conn}, nil
}

func (bulkInstance) NewUser(ctx context.Context, env workload.UserEnv) (workload.User, error) {
	conn := env.Session.(bulkSession).conn
	table := tableName(int64(env.User) + 1)
	// Continue after the rows a previous run left, where sysbench would fail
	// on duplicate keys.
	res, err := conn.QueryStrings(ctx, "SELECT COALESCE(MAX(id), 0) FROM "+table)
	if err != nil {
		return nil, fmt.Errorf("read max id of %s: %w", table, err)
	}
	last, _ := strconv.ParseInt(res[0][0], 10, 64)
	prefix := "INSERT INTO " + table + " VALUES"
	u := &bulkUser{next: last + 1, prefix: len(prefix), maxRows: conn.Dialect().MaxValuesRows}
	u.buf = append(make([]byte, 0, bulkPacketSize), prefix...)
	return u, nil
}

// bulkUser is one thread of bulk_insert.lua: its table, its multi-row
// INSERT being built, and the next id.
type bulkUser struct {
	buf    []byte
	prefix int
	rows   int
	next   int64
	row    []byte
	// maxRows, if set, is the dialect's bound on an INSERT's rows (SQL
	// Server: 1,000), which sends the INSERT before the packet is full.
	maxRows int
}

func (u *bulkUser) Next() workload.TxnID { return 0 }

// Run appends one row; the INSERT is sent when the next row would not fit.
func (u *bulkUser) Run(ctx context.Context, tx workload.Tx) error {
	u.row = append(u.row[:0], '(')
	u.row = strconv.AppendInt(u.row, u.next, 10)
	u.row = append(u.row, ',')
	u.row = strconv.AppendInt(u.row, u.next, 10)
	u.row = append(u.row, ')')
	sep := 0
	if u.rows > 0 {
		sep = 1
	}
	if len(u.buf)+len(u.row)+sep+1 > bulkPacketSize || u.maxRows > 0 && u.rows == u.maxRows {
		if err := u.flush(ctx, tx); err != nil {
			return err
		}
		sep = 0
	}
	if sep == 1 {
		u.buf = append(u.buf, ',')
	}
	u.buf = append(u.buf, u.row...)
	u.rows++
	u.next++
	return nil
}

func (u *bulkUser) flush(ctx context.Context, tx workload.Tx) error {
	if u.rows == 0 {
		return nil
	}
	conn := tx.Session().(bulkSession).conn
	mark := tx.Begin()
	_, err := conn.Exec(ctx, string(u.buf))
	tx.End(opBulkInsert, mark, err)
	u.buf = u.buf[:u.prefix]
	u.rows = 0
	return err
}

// Finish sends the last INSERT, as bulk_insert.lua's thread_done does.
func (u *bulkUser) Finish(ctx context.Context, tx workload.Tx) error { return u.flush(ctx, tx) }
