package run

import (
	"context"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/postgres"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// sleeper runs pg_sleep(30) per event: an operation that outlives any grace.
type sleeper struct{}

func (sleeper) Ops() []workload.Op        { return probeOps }
func (sleeper) Dataset() workload.Dataset { return nil }
func (sleeper) NewWorker(_ context.Context, env workload.WorkerEnv) (workload.Worker, error) {
	c, err := sqldb.Open(env.Conn, env.Driver)
	return &sleepWorker{c: c, m: env.Meter}, err
}

type sleepWorker struct {
	c sqldb.Conn
	m workload.Meter
}

func (w *sleepWorker) Event(ctx context.Context) error {
	mark := w.m.Begin()
	_, err := w.c.Exec(ctx, "SELECT pg_sleep(30)")
	w.m.End(0, mark, err)
	return err
}

func (w *sleepWorker) Close(context.Context) error { return nil }

// TestGraceInterruptsLongQueries: operations still running when the grace
// after the end has passed are interrupted through their connection, and the
// run ends instead of waiting for them.
func TestGraceInterruptsLongQueries(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	cfg := Config{Instance: sleeper{}, Driver: postgres.Driver{}, Target: target, Threads: 2,
		Duration: 200 * time.Millisecond, Interval: 100 * time.Millisecond, Percentile: 95, Grace: 300 * time.Millisecond}
	done := make(chan *Outcome, 1)
	go func() {
		out, err := Run(context.Background(), cfg)
		if err != nil {
			t.Error(err)
		}
		done <- out
	}()
	select {
	case out := <-done:
		if out != nil && (out.Total.Txn.Count() != 0 || out.Total.Errors() != 0 || out.Aborted != nil) {
			t.Errorf("%d transactions, %d errors, aborted %v: interrupted operations are neither",
				out.Total.Txn.Count(), out.Total.Errors(), out.Aborted)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the run waited for its 30 s queries: the grace did not interrupt them")
	}
}
