package run

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/workload"
)

// growingInst names its operations as its users first run them
// (workload.OpTable), as a sysbench script's statements are learnt.
type growingInst struct {
	testInst
	table *workload.OpTable
}

func (g *growingInst) CurrentOps() []workload.Op { return g.table.Current() }

// TestOpsNamedDuringRun: operations named by the users while the run goes
// are counted under their names, by class, in the intervals and the totals,
// and slots never named do not appear (run under -race: naming races with
// the collector's reads otherwise).
func TestOpsNamedDuringRun(t *testing.T) {
	t.Parallel()
	table := workload.NewOpTable(16)
	g := &growingInst{table: table}
	g.ops = table.Slots()
	var second atomic.Int32 // users at their second event
	g.user = func(env workload.UserEnv) workload.User {
		n := 0
		return &userFunc{run: func(ctx context.Context, tx workload.Tx) error {
			n++
			if n == 2 {
				// Every user gets here before any goes on: on a busy
				// machine the first users could otherwise run all the
				// events before the last one starts.
				second.Add(1)
				for second.Load() < 4 {
					runtime.Gosched()
				}
			}
			// Each user names a statement of its own from its second event.
			names := []string{"SELECT 1", fmt.Sprintf("UPDATE t%d", env.User)}
			classes := []workload.Class{workload.Read, workload.Write}
			for i, name := range names[:1+min(1, n-1)] {
				id, ok := table.ID(name, classes[i], workload.Select+workload.Verb(2*i))
				if !ok {
					return fmt.Errorf("table full")
				}
				m := tx.Begin()
				tx.End(id, m, nil)
			}
			return nil
		}}
	}
	target, err := db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), "run.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Run(context.Background(), Config{Instance: g, Driver: sqlite.Driver{}, Target: target, Users: 4,
		Interval: 50 * time.Millisecond, Percentile: 95, Seed: 1, Grace: time.Second, Events: 4000})
	if err != nil {
		t.Fatal(err)
	}
	res := out.Result(baseResult(), 95)
	if len(res.Ops) != 5 || res.Ops["SELECT 1"].Count != 4000 || res.Ops["SELECT 1"].Class != "read" {
		t.Fatalf("ops %v", res.Ops)
	}
	var writes int64
	for u := range 4 {
		o := res.Ops[fmt.Sprintf("UPDATE t%d", u)]
		if o.Class != "write" || o.Count == 0 {
			t.Errorf("UPDATE t%d: %+v", u, o)
		}
		writes += o.Count
	}
	if res.Totals.Queries.Read != 4000 || res.Totals.Queries.Write != writes {
		t.Errorf("queries %+v, want 4000 reads and %d writes", res.Totals.Queries, writes)
	}
	var ivWrites int64
	for _, iv := range res.Intervals {
		ivWrites += iv.Counts.Writes
	}
	if ivWrites != writes {
		t.Errorf("intervals count %d writes, totals %d", ivWrites, writes)
	}
}
