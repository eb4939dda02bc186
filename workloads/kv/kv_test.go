package kv

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

type countingMeter struct{ ok, failed [5]int }

func (m *countingMeter) Begin() workload.Mark { return 0 }
func (m *countingMeter) End(op workload.OpID, _ workload.Mark, err error) {
	if err != nil {
		m.failed[op]++
		return
	}
	m.ok[op]++
}

// setup prepares w on a fresh SQLite file and returns a worker on it.
func setup(t *testing.T, w workload.Workload, opts map[string]string) (workload.Worker, *countingMeter) {
	wk, m, _ := setupOpen(t, w, opts)
	return wk, m
}

func setupOpen(t *testing.T, w workload.Workload, opts map[string]string) (workload.Worker, *countingMeter, func(context.Context) (db.Conn, error)) {
	t.Helper()
	ctx := context.Background()
	v, err := workload.ParseValues(w.Options(), opts)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := w.Configure(v, workload.Params{Threads: 1, Seed: 3})
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
	m := &countingMeter{}
	wk, err := inst.NewWorker(ctx, workload.WorkerEnv{Conn: conn, Driver: "sqlite", Rand: randgen.New(9), Meter: m, Parts: 1})
	if err != nil {
		t.Fatal(err)
	}
	return wk, m, open
}

// TestYCSBMixes runs every workload and checks its operation counts against
// YCSB's proportions, and that no read misses a record.
func TestYCSBMixes(t *testing.T) {
	const events = 4000
	for _, w := range Workloads() {
		wl := w.(*ycsb)
		t.Run(wl.name, func(t *testing.T) {
			wk, m := setup(t, w, map[string]string{"record-count": "500", "field-length": "20"})
			for i := range events {
				if err := wk.Event(context.Background()); err != nil {
					t.Fatalf("event %d: %v", i, err)
				}
			}
			wk.Close(context.Background())
			want := map[workload.OpID]float64{opUpdate: wl.mix.update + wl.mix.rmw, opInsert: wl.mix.insert, opScan: wl.mix.scan,
				opRMW: wl.mix.rmw, opRead: wl.mix.read + wl.mix.rmw}
			for op, p := range want {
				got := float64(m.ok[op]) / events
				// 5 standard deviations of a binomial proportion.
				tol := 5 * math.Sqrt(p*(1-p)/events)
				if math.Abs(got-p) > tol+1e-9 {
					t.Errorf("%s: share %.4f, want %.2f ± %.4f", ops[op].Name, got, p, tol)
				}
			}
			for op, n := range m.failed {
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
	wk, m := setup(t, Workloads()[6], map[string]string{"record-count": "100", "batch-size": "7"}) // kv_insert
	for range 10 {
		if err := wk.Event(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	n, err := wk.(*worker).st.count(context.Background())
	if err != nil || n != 100+70 {
		t.Fatalf("%d records after 10 batches of 7, want 170 (%v)", n, err)
	}
	if m.ok[opInsert] != 10 {
		t.Errorf("%d insert operations, want 10", m.ok[opInsert])
	}
}

// TestRequestsPerConn: --requests-per-conn N reopens the connection every N
// requests and the workload goes on on the new one.
func TestRequestsPerConn(t *testing.T) {
	wk, m, open := setupOpen(t, Workloads()[7], map[string]string{"record-count": "100", "requests-per-conn": "3"}) // kv_get
	reopened := 0
	wk.(*worker).env.Reopen = func(ctx context.Context) (db.Conn, error) {
		reopened++
		return open(ctx)
	}
	for range 30 {
		if err := wk.Event(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if reopened != 9 || m.ok[opRead] != 30 {
		t.Errorf("%d reopens and %d reads in 30 requests, want 9 and 30", reopened, m.ok[opRead])
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
