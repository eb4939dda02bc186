package oltp

import (
	"context"
	"fmt"
	"strconv"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/sqlset"
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
	threads := int64(max(p.Threads, 1))
	ds := &sqlset.Dataset{DatasetName: "bulk_insert", Workload: "bulk_insert",
		ShapeValues: map[string]string{"tables": strconv.FormatInt(threads, 10)}}
	for n := int64(1); n <= threads; n++ {
		ds.Tables = append(ds.Tables, sqlset.Table{
			Name: tableName(n),
			Create: func(d *sqldb.Dialect) (string, error) {
				return fmt.Sprintf("CREATE TABLE %s (\n  id INTEGER NOT NULL,\n  k INTEGER DEFAULT '0' NOT NULL,\n  PRIMARY KEY (id)) %s",
					tableName(n), d.TableOptions), nil
			},
		})
	}
	return bulkInstance{ds: ds}, nil
}

type bulkInstance struct{ ds *sqlset.Dataset }

func (bulkInstance) Ops() []workload.Op          { return ops[:] }
func (b bulkInstance) Dataset() workload.Dataset { return b.ds }

func (bulkInstance) NewWorker(ctx context.Context, env workload.WorkerEnv) (workload.Worker, error) {
	conn, err := sqldb.Open(env.Conn, env.Driver)
	if err != nil {
		return nil, err
	}
	table := tableName(int64(env.Part) + 1)
	// Continue after the rows a previous run left, where sysbench would fail
	// on duplicate keys.
	res, err := conn.QueryStrings(ctx, "SELECT COALESCE(MAX(id), 0) FROM "+table)
	if err != nil {
		return nil, fmt.Errorf("read max id of %s: %w", table, err)
	}
	last, _ := strconv.ParseInt(res[0][0], 10, 64)
	prefix := "INSERT INTO " + table + " VALUES"
	w := &bulkWorker{conn: conn, m: env.Meter, next: last + 1, prefix: len(prefix)}
	w.buf = append(make([]byte, 0, bulkPacketSize), prefix...)
	return w, nil
}

type bulkWorker struct {
	conn   sqldb.Conn
	m      workload.Meter
	buf    []byte
	prefix int
	rows   int
	next   int64
	row    []byte
}

func (w *bulkWorker) Event(ctx context.Context) error {
	w.row = append(w.row[:0], '(')
	w.row = strconv.AppendInt(w.row, w.next, 10)
	w.row = append(w.row, ',')
	w.row = strconv.AppendInt(w.row, w.next, 10)
	w.row = append(w.row, ')')
	sep := 0
	if w.rows > 0 {
		sep = 1
	}
	if len(w.buf)+len(w.row)+sep+1 > bulkPacketSize {
		if err := w.flush(ctx); err != nil {
			return err
		}
		sep = 0
	}
	if sep == 1 {
		w.buf = append(w.buf, ',')
	}
	w.buf = append(w.buf, w.row...)
	w.rows++
	w.next++
	return nil
}

func (w *bulkWorker) flush(ctx context.Context) error {
	if w.rows == 0 {
		return nil
	}
	mark := w.m.Begin()
	_, err := w.conn.Exec(ctx, string(w.buf))
	w.m.End(opBulkInsert, mark, err)
	w.buf = w.buf[:w.prefix]
	w.rows = 0
	return err
}

// Close sends the last INSERT, as bulk_insert.lua's thread_done does.
func (w *bulkWorker) Close(ctx context.Context) error { return w.flush(ctx) }
