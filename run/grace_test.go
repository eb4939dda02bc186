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
func sleeper() *testInst {
	return &testInst{ops: probeOps,
		open: func(_ context.Context, env workload.SessionEnv) (workload.Session, error) {
			c, err := sqldb.Open(env.Conn, env.Driver)
			return &connSession{c}, err
		},
		user: func(workload.UserEnv) workload.User {
			return &userFunc{run: func(ctx context.Context, tx workload.Tx) error {
				mark := tx.Begin()
				_, err := tx.Session().(*connSession).c.Exec(ctx, "SELECT pg_sleep(30)")
				tx.End(0, mark, err)
				return err
			}}
		}}
}

type connSession struct{ c sqldb.Conn }

func (*connSession) Close(context.Context) error { return nil }

// TestGraceInterruptsLongQueries: operations still running when the grace
// after the end has passed are interrupted through their connection, and the
// run ends instead of waiting for them.
func TestGraceInterruptsLongQueries(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	cfg := Config{Instance: sleeper(), Driver: postgres.Driver{}, Target: target, Users: 2,
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
