package kv

import (
	"context"
	"slices"
	"time"

	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// handlerConn is a SQL connection with MySQL's and MariaDB's HANDLER
// interface (db/mysql): reads by index straight from the storage engine,
// the access path HandlerSocket exposes, through SQL statements.
type handlerConn interface {
	sqldb.Conn
	// OpenHandler opens table's handler and returns its reads by index:
	// get (key) and scan (from key, up to n rows).
	OpenHandler(ctx context.Context, table, index string) (get, scan sqldb.Stmt, err error)
	CloseHandler(ctx context.Context, table string) error
}

// errNoHandler is --mysql-access handler on a database without HANDLER.
var errNoHandler = &db.UnsupportedError{Workload: "the kv workloads", Needs: "MySQL or MariaDB for --mysql-access handler", Driver: "this database"}

// handlerStore is the SQL store with its reads and scans through HANDLER
// READ on the primary key. HANDLER has no writes, so inserts, updates and
// the record count stay SQL, on the same connection.
type handlerStore struct {
	*sqlStore
	hc handlerConn
	// hget and hscan are the HANDLER READs.
	hget, hscan sqldb.Stmt
}

// openHandlerStore prepares the SQL statements, then opens the handler:
// once per connection, so a reconnect (--requests-per-conn) opens it again.
func openHandlerStore(ctx context.Context, conn db.Conn, c *config) (store, error) {
	hc, ok := conn.(handlerConn)
	if !ok {
		return nil, errNoHandler
	}
	sq, err := openSQLStore(ctx, hc, c)
	if err != nil {
		return nil, err
	}
	get, scan, err := hc.OpenHandler(ctx, table, "PRIMARY")
	if err != nil {
		sq.close()
		return nil, err
	}
	return &handlerStore{sqlStore: sq, hc: hc, hget: get, hscan: scan}, nil
}

// read is HANDLER usertable READ `PRIMARY` = (key): like the SQL store's
// read it reads the row to the end and decodes nothing.
func (s *handlerStore) read(ctx context.Context, key string) (bool, error) {
	n, err := s.hget.Query(ctx, key)
	return n > 0, err
}

// scan is HANDLER usertable READ `PRIMARY` >= (key) LIMIT n: the key lookup
// and n-1 NEXTs in one statement, in key order as YCSB's scan.
func (s *handlerStore) scan(ctx context.Context, key string, n int64) (int, error) {
	return s.hscan.Query(ctx, key, n)
}

// closeTimeout bounds HANDLER ... CLOSE at the end of a connection: on a
// server that does not answer, the disconnect that follows frees the
// handler anyway.
const closeTimeout = 2 * time.Second

func (s *handlerStore) close() {
	s.hget.Close()
	s.hscan.Close()
	ctx, cancel := context.WithTimeout(context.Background(), closeTimeout)
	defer cancel()
	s.hc.CloseHandler(ctx, table)
	s.sqlStore.close()
}

// handlerOps are the statements under --mysql-access handler: reads and
// scans are named for their path, so results and reports say which was
// measured; updates and inserts are the SQL ones.
var handlerOps = func() []workload.Op {
	o := slices.Clone(ops)
	o[opRead].Name = "read (handler)"
	o[opScan].Name = "scan (handler)"
	return o
}()

// handlerDataset refuses a database without HANDLER at the first look at
// the data, so that prepare loads nothing for a run that cannot start.
type handlerDataset struct{ *dataset.Dataset }

func (d handlerDataset) Check(ctx context.Context, conn db.Conn) (workload.State, error) {
	if _, ok := conn.(handlerConn); !ok {
		return workload.State{}, errNoHandler
	}
	return d.Dataset.Check(ctx, conn)
}
