package kv

import (
	"context"
	"fmt"
	"sync"

	"github.com/dbgauge/dbgauge/workload"
)

// mix is a workload's operation proportions (YCSB's readproportion,
// updateproportion, insertproportion, scanproportion,
// readmodifywriteproportion).
type mix struct{ read, update, insert, scan, rmw float64 }

// workload is one of the kv workloads.
type ycsb struct {
	name, desc, dist string
	mix              mix
}

// Workloads returns YCSB A-F, kv_insert and kv_get.
func Workloads() []workload.Workload {
	return []workload.Workload{
		&ycsb{"kv_a", "YCSB A, update heavy: 50% reads, 50% updates, zipfian", "zipfian", mix{read: .5, update: .5}},
		&ycsb{"kv_b", "YCSB B, read mostly: 95% reads, 5% updates, zipfian", "zipfian", mix{read: .95, update: .05}},
		&ycsb{"kv_c", "YCSB C, read only: 100% reads, zipfian", "zipfian", mix{read: 1}},
		&ycsb{"kv_d", "YCSB D, read latest: 95% reads, 5% inserts, latest", "latest", mix{read: .95, insert: .05}},
		&ycsb{"kv_e", "YCSB E, short ranges: 95% scans, 5% inserts, zipfian", "zipfian", mix{scan: .95, insert: .05}},
		&ycsb{"kv_f", "YCSB F, read-modify-write: 50% reads, 50% RMW, zipfian", "zipfian", mix{read: .5, rmw: .5}},
		&ycsb{"kv_insert", "Key-value inserts (--batch-size records per operation): QPS against data size", "uniform", mix{insert: 1}},
		&ycsb{"kv_get", "Key-value gets by primary key: QPS against data size", "uniform", mix{read: 1}},
	}
}

func (w *ycsb) Meta() workload.Meta {
	return workload.Meta{Name: w.name, Family: "kv", Description: w.desc}
}

func (w *ycsb) Options() []workload.Option { return options(w.dist) }

func (w *ycsb) Configure(v workload.Values, p workload.Params) (workload.Instance, error) {
	c, err := parseConfig(v, w.mix)
	if err != nil {
		return nil, err
	}
	return &instance{c: c, p: p, name: w.name}, nil
}

// Transaction types, in YCSB's words: each is one operation, but
// read_modify_write, which reads and updates the same record.
const (
	txRead workload.TxnID = iota
	txUpdate
	txInsert
	txScan
	txRMW
)

var txns = []workload.Txn{
	txRead: {Name: "read"}, txUpdate: {Name: "update"}, txInsert: {Name: "insert"}, txScan: {Name: "scan"},
	txRMW: {Name: "read_modify_write"},
}

// Statements: only these count as queries.
const (
	opRead workload.OpID = iota
	opUpdate
	opInsert
	opScan
)

var ops = []workload.Op{
	opRead:   {Name: "read", Class: workload.Read},
	opUpdate: {Name: "update", Class: workload.Write},
	opInsert: {Name: "insert", Class: workload.Write},
	opScan:   {Name: "scan", Class: workload.Read},
}

type instance struct {
	c    *config
	p    workload.Params
	name string

	// keys is the run-wide key sequence: inserts claim the next number,
	// and reads draw records known to exist.
	once sync.Once
	keys *keySequence
	err  error
}

func (i *instance) Transactions() []workload.Txn { return txns }
func (i *instance) Ops() []workload.Op           { return opsFor(i.c) }
func (i *instance) Dataset() workload.Dataset    { return datasetFor(i.c, i.name) }

// session is a connection's store adapter and how many requests it served.
type session struct {
	st   store
	done int64
}

func (s *session) Close(context.Context) error {
	s.st.close()
	return nil
}

func (i *instance) Open(ctx context.Context, env workload.SessionEnv) (workload.Session, error) {
	st, err := openStore(ctx, env.Conn, i.c)
	if err != nil {
		return nil, err
	}
	return &session{st: st}, nil
}

func (i *instance) NewUser(ctx context.Context, env workload.UserEnv) (workload.User, error) {
	i.once.Do(func() {
		var n int64
		if n, i.err = countRecords(ctx, env.Session.(*session).st, i.c.records); i.err == nil {
			i.keys = newKeySequence(n, i.p.Shard.Index, i.p.Shard.N())
		}
	})
	if i.err != nil {
		return nil, fmt.Errorf("count records: %w", i.err)
	}
	return newUser(env, i.c, i.keys, i.p.Seed)
}
