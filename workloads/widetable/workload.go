package widetable

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/dbgauge/dbgauge/dataset/mongostore"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// Operations.
const (
	opInsert workload.OpID = iota
	opByPK
	opByUnique
	opByIndex
)

var ops = []workload.Op{
	opInsert:   {Name: "insert", Class: workload.Write},
	opByPK:     {Name: "select_pk", Class: workload.Read},
	opByUnique: {Name: "select_unique", Class: workload.Read},
	opByIndex:  {Name: "select_index", Class: workload.Read},
}

type study struct {
	name, desc string
	insert     bool
}

// Workloads returns widetable_insert and widetable_select.
func Workloads() []workload.Workload {
	return []workload.Workload{
		&study{"widetable_insert", "40-table study, insert load: one new row per transaction, continuing each table's keys", true},
		&study{"widetable_select", "40-table study, select load: by primary key, unique index and non-unique index per transaction (--bound cpu|io)", false},
	}
}

func (w *study) Meta() workload.Meta {
	return workload.Meta{Name: w.name, Family: "widetable", Description: w.desc}
}

func (w *study) Options() []workload.Option { return options() }

func (w *study) Configure(v workload.Values, p workload.Params) (workload.Instance, error) {
	c, err := parseConfig(v)
	if err != nil {
		return nil, err
	}
	if !w.insert && c.tableSize == 0 {
		return nil, fmt.Errorf("widetable_select needs rows: --table-size must be above 0")
	}
	return &instance{w: w, c: c, p: p}, nil
}

type instance struct {
	w *study
	c *config
	p workload.Params

	// base is each table's rows at the start, read by the first user so
	// that runs continue the key space; next counts this shard's inserts.
	once sync.Once
	base []int64
	next []atomic.Int64
	err  error
}

func (i *instance) Transactions() []workload.Txn {
	if i.w.insert {
		return []workload.Txn{{Name: "insert"}}
	}
	return []workload.Txn{{Name: "select"}}
}
func (i *instance) Ops() []workload.Op        { return ops }
func (i *instance) Dataset() workload.Dataset { return newDataset(i.c, i.w.name) }

// Open implements workload.Instance: the statements on SQL, the database on
// MongoDB.
func (i *instance) Open(ctx context.Context, env workload.SessionEnv) (workload.Session, error) {
	if m, ok := env.Conn.(mongostore.Conn); ok {
		return &mongoSession{db: m.Database(), class: m.Classify}, nil
	}
	conn, err := sqldb.Open(env.Conn, env.Driver)
	if err != nil {
		return nil, err
	}
	return openSQL(ctx, conn, i)
}

// NewUser implements workload.Instance; the first user of an insert load
// reads how many rows each table has.
func (i *instance) NewUser(ctx context.Context, env workload.UserEnv) (workload.User, error) {
	if err := i.counted(ctx, env.Session); err != nil {
		return nil, err
	}
	return &user{in: i, r: env.Rand}, nil
}

// counted reads each table's row count once per run (inserts continue after
// it).
func (i *instance) counted(ctx context.Context, s workload.Session) error {
	if !i.w.insert {
		return nil
	}
	i.once.Do(func() {
		i.base = make([]int64, i.c.tables)
		i.next = make([]atomic.Int64, i.c.tables)
		for n := int64(1); n <= i.c.tables; n++ {
			v, err := count(ctx, s, n)
			if err != nil {
				i.err = fmt.Errorf("count rows of %s: %w", tableName(n), err)
				return
			}
			i.base[n-1] = v
		}
	})
	return i.err
}

// nextRow claims table t's next row number: shards take every shard-th
// number from a multiple of the shard count on, each its own residue, so
// they never insert the same row even when they counted different rows.
func (i *instance) nextRow(t int64) int64 {
	sh := i.p.Shard
	n := int64(sh.N())
	k := i.next[t-1].Add(1) - 1
	base := (i.base[t-1] + n - 1) / n * n
	return base + int64(sh.Index) + k*n
}

// count is table n's rows on session s.
func count(ctx context.Context, s workload.Session, n int64) (int64, error) {
	if m, ok := s.(*mongoSession); ok {
		c, err := m.db.Collection(tableName(n)).CountDocuments(ctx, bson.D{})
		return c, m.class(err)
	}
	rows, err := s.(*sqlSession).conn.QueryStrings(ctx, "SELECT COUNT(*) FROM "+tableName(n))
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(rows[0][0], 10, 64)
}
