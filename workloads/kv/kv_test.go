package kv

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workload/wltest"
)

// setup prepares w on a fresh SQLite file and returns its instance and a
// connection.
func setup(t *testing.T, w workload.Workload, opts map[string]string) (workload.Instance, db.Conn) {
	t.Helper()
	ctx := context.Background()
	v, err := workload.ParseValues(w.Options(), opts)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := workload.Configure(w, v, workload.Params{Users: 1, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	target, _ := db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), "kv.sqlite"))
	open := func(ctx context.Context) (db.Conn, error) { return sqlite.Driver{}.Open(ctx, target) }
	conn, err := open(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if err := inst.Dataset().Prepare(ctx, workload.PrepareEnv{Conn: conn, Open: open, Driver: "sqlite", Parallel: 2, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	return inst, conn
}

func run(t *testing.T, inst workload.Instance, conn db.Conn, n int) *wltest.Tx {
	return wltest.Run(t, inst, conn, wltest.Options{Driver: "sqlite", Seed: 9}, n)
}

// TestYCSBMixes runs every workload and checks its transaction types
// against YCSB's proportions, its statements against them (a
// read_modify_write is a read and an update: only statements count), and
// that no read misses a record.
func TestYCSBMixes(t *testing.T) {
	const events = 4000
	for _, w := range Workloads() {
		wl := w.(*ycsb)
		t.Run(wl.name, func(t *testing.T) {
			inst, conn := setup(t, w, map[string]string{"record-count": "500", "field-length": "20"})
			m := run(t, inst, conn, events)
			want := map[workload.TxnID]float64{txRead: wl.mix.read, txUpdate: wl.mix.update, txInsert: wl.mix.insert,
				txScan: wl.mix.scan, txRMW: wl.mix.rmw}
			for typ, p := range want {
				got := float64(m.Types[typ]) / events
				// 5 standard deviations of a binomial proportion.
				tol := 5 * math.Sqrt(p*(1-p)/events)
				if math.Abs(got-p) > tol+1e-9 {
					t.Errorf("%s: share %.4f, want %.2f ± %.4f", txns[typ].Name, got, p, tol)
				}
			}
			stmts := map[workload.OpID]int{opRead: m.Types[txRead] + m.Types[txRMW], opUpdate: m.Types[txUpdate] + m.Types[txRMW],
				opInsert: m.Types[txInsert], opScan: m.Types[txScan]}
			for op, n := range stmts {
				if m.OK[op] != n {
					t.Errorf("%s: %d statements, want %d", ops[op].Name, m.OK[op], n)
				}
			}
			for op, n := range m.Failed {
				if n > 0 {
					t.Errorf("%s: %d failed", ops[op].Name, n)
				}
			}
		})
	}
}

// TestBatchInsert: kv_insert with --batch-size inserts that many records
// per operation.
func TestBatchInsert(t *testing.T) {
	inst, conn := setup(t, Workloads()[6], map[string]string{"record-count": "100", "batch-size": "7"}) // kv_insert
	m := run(t, inst, conn, 10)
	st, err := openStore(context.Background(), conn, inst.(*instance).c)
	if err != nil {
		t.Fatal(err)
	}
	n, err := st.count(context.Background())
	if err != nil || n != 100+70 {
		t.Fatalf("%d records after 10 batches of 7, want 170 (%v)", n, err)
	}
	if m.OK[opInsert] != 10 {
		t.Errorf("%d insert operations, want 10", m.OK[opInsert])
	}
}

// TestRequestsPerConn: --requests-per-conn N reopens the connection every N
// requests and the workload goes on on the new one.
func TestRequestsPerConn(t *testing.T) {
	inst, conn := setup(t, Workloads()[7], map[string]string{"record-count": "100", "requests-per-conn": "3"}) // kv_get
	m := run(t, inst, conn, 30)
	if m.Reopens != 9 || m.OK[opRead] != 30 {
		t.Errorf("%d reopens and %d reads in 30 requests, want 9 and 30", m.Reopens, m.OK[opRead])
	}
}

// TestShardKeys: two shards insert disjoint key numbers that together are
// the numbers one process would insert, and each reads only records it
// knows exist.
func TestShardKeys(t *testing.T) {
	a, b := newKeySequence(10, 0, 2), newKeySequence(10, 1, 2)
	seen := map[int64]bool{}
	for range 5 {
		for _, k := range []*keySequence{a, b} {
			n := k.Next()
			if seen[n] {
				t.Fatalf("key %d inserted twice", n)
			}
			seen[n] = true
			k.Ack(n)
		}
	}
	for n := int64(10); n < 20; n++ {
		if !seen[n] {
			t.Errorf("key %d not inserted by either shard", n)
		}
	}
	if !a.Has(5) || !a.Has(18) || a.Has(19) || !b.Has(19) || b.Has(18) || a.Has(20) {
		t.Error("a shard claims records it did not insert, or misses its own")
	}
	if a.Limit() != 19 || b.Limit() != 20 {
		t.Errorf("limits %d and %d, want 19 and 20", a.Limit(), b.Limit())
	}
}

// TestRecordsDeterministic: a record's key and fields are a pure function of
// (seed, record number), so loads are reproducible and inserts know what
// they insert.
func TestRecordsDeterministic(t *testing.T) {
	c := &config{fields: 10, fieldLen: 100}
	a, b := values(7, c, 12345), values(7, c, 12345)
	for i := range a {
		if a[i] != b[i] || len(a[i]) != 100 {
			t.Fatalf("field %d differs or has the wrong length", i)
		}
	}
	if other := values(8, c, 12345); other[0] == a[0] {
		t.Error("another seed gave the same record")
	}
	if keyName(1) == keyName(2) || keyName(1) != keyName(1) {
		t.Error("key names are not a function of the record number")
	}
	// Pinned: change only on purpose.
	if got := keyName(0) + "/" + values(0, c, 0)[0][:12]; got != "user6284781860667377211/yxsdwggwcdxx" {
		t.Errorf("fingerprint %s", got)
	}
}
