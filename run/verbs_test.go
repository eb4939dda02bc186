package run

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/workload"
)

// verbWork is a test workload on real SQLite whose statements carry verbs.
// Each event, on a table of its connection's own, is BEGIN, a select, an
// insert, two updates, a second select, a delete, then COMMIT or, every
// fifth attempt, ROLLBACK (an expected rollback). Every seventh attempt the
// second select fails (an injected deadlock after the first select, the
// insert and the updates succeeded): the attempt is rolled back and retried.
// The workload counts by verb what it ran and what succeeded.
type verbWork struct {
	attempts atomic.Int64
	ok       [len(workload.Verbs)]atomic.Int64
	// pause, if set, starts each attempt: the time it takes in a synctest
	// bubble, where SQLite's work takes none.
	pause time.Duration
}

const (
	vBegin workload.OpID = iota
	vSelect
	vSelectSum
	vInsert
	vUpdate
	vUpdateOther
	vDelete
	vCommit
	vRollback
)

var verbOps = []workload.Op{
	vBegin:       {Name: "begin", Class: workload.Other},
	vSelect:      {Name: "select_row", Class: workload.Read, Verb: workload.Select},
	vSelectSum:   {Name: "select_sum", Class: workload.Read, Verb: workload.Select},
	vInsert:      {Name: "insert", Class: workload.Write, Verb: workload.Insert},
	vUpdate:      {Name: "update", Class: workload.Write, Verb: workload.Update},
	vUpdateOther: {Name: "update_other", Class: workload.Write, Verb: workload.Update},
	vDelete:      {Name: "delete", Class: workload.Write, Verb: workload.Delete},
	vCommit:      {Name: "commit", Class: workload.Other, Verb: workload.Commit},
	vRollback:    {Name: "rollback", Class: workload.Other, Verb: workload.Rollback},
}

var verbSQL = map[workload.OpID]string{
	vBegin:       "BEGIN",
	vSelect:      "SELECT n FROM v WHERE id = 1",
	vSelectSum:   "SELECT SUM(n) FROM v",
	vInsert:      "INSERT INTO v (n) VALUES (1)",
	vUpdate:      "UPDATE v SET n = n + 1 WHERE id = 1",
	vUpdateOther: "UPDATE v SET n = n - 1 WHERE id = (SELECT MAX(id) FROM v)",
	vDelete:      "DELETE FROM v WHERE id = (SELECT MAX(id) FROM v) AND id > 1",
	vCommit:      "COMMIT",
	vRollback:    "ROLLBACK",
}

// verbSession is one connection's prepared statements, by op.
type verbSession struct{ st map[workload.OpID]sqldb.Stmt }

func (s *verbSession) Close(context.Context) error {
	var errs []error
	for _, st := range s.st {
		errs = append(errs, st.Close())
	}
	return errors.Join(errs...)
}

func (w *verbWork) instance() *testInst {
	return &testInst{ops: verbOps,
		open: func(ctx context.Context, env workload.SessionEnv) (workload.Session, error) {
			c, err := sqldb.Open(env.Conn, env.Driver)
			if err != nil {
				return nil, err
			}
			// A TEMP table is the connection's own: the users never wait
			// on each other's locks.
			if _, err := c.Exec(ctx, "CREATE TEMP TABLE v (id INTEGER PRIMARY KEY, n INT)"); err != nil {
				return nil, err
			}
			if _, err := c.Exec(ctx, "INSERT INTO v (n) VALUES (0)"); err != nil {
				return nil, err
			}
			s := &verbSession{st: map[workload.OpID]sqldb.Stmt{}}
			for op, q := range verbSQL {
				st, err := c.Prepare(ctx, q)
				if err != nil {
					s.Close(ctx)
					return nil, err
				}
				s.st[op] = st
			}
			return s, nil
		},
		user: func(workload.UserEnv) workload.User {
			return &userFunc{run: w.event}
		}}
}

// event is one attempt of the transaction.
func (w *verbWork) event(ctx context.Context, tx workload.Tx) error {
	s := tx.Session().(*verbSession)
	n := w.attempts.Add(1)
	if w.pause > 0 {
		tx.Pause(w.pause)
	}
	run := func(op workload.OpID) error {
		m := tx.Begin()
		var err error
		if verbOps[op].Class == workload.Read {
			_, err = s.st[op].Query(ctx)
		} else {
			_, err = s.st[op].Exec(ctx)
		}
		tx.End(op, m, err)
		if err == nil {
			w.ok[verbOps[op].Verb].Add(1)
		}
		return err
	}
	for _, op := range []workload.OpID{vBegin, vSelect, vInsert, vUpdate, vUpdateOther} {
		if err := run(op); err != nil {
			return err
		}
	}
	if n%7 == 0 {
		m := tx.Begin()
		err := &db.Error{Class: db.Deadlock, Err: errors.New("injected")}
		tx.End(vSelectSum, m, err)
		if rerr := run(vRollback); rerr != nil {
			return rerr
		}
		return err
	}
	for _, op := range []workload.OpID{vSelectSum, vDelete} {
		if err := run(op); err != nil {
			return err
		}
	}
	if n%5 == 0 {
		if err := run(vRollback); err != nil {
			return err
		}
		return workload.ErrRollback
	}
	return run(vCommit)
}

// TestStatementsByVerb: the statements by verb in the intervals and the
// totals are exactly the successful statements the workload ran, failed
// ones left out, warmup in its intervals only; rates are counts over
// durations. The run by time is in a synctest bubble (each attempt takes
// 1 ms there), so that it has its hundreds of attempts, with failures and
// rollbacks, however busy the machine is. (The runs by events are not:
// a user waiting for another's claim yields without blocking, and in a
// bubble the others' pauses would never end.)
func TestStatementsByVerb(t *testing.T) {
	for _, tc := range []struct {
		name             string
		events           int64
		warmup, duration time.Duration
	}{
		{"events", 700, 0, 0},
		{"events after warmup", 700, 150 * time.Millisecond, 0},
		{"time after warmup", 0, 150 * time.Millisecond, 300 * time.Millisecond},
	} {
		run := func(t *testing.T) {
			w := &verbWork{}
			if tc.duration > 0 {
				w.pause = time.Millisecond
			}
			cfg := config(t, &probe{})
			cfg.Instance = w.instance()
			cfg.Events, cfg.Warmup, cfg.Duration = tc.events, tc.warmup, tc.duration
			cfg.Ignore = map[db.Class]bool{db.Deadlock: true}
			out, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			checkStatements(t, out, w)
		}
		t.Run(tc.name, func(t *testing.T) {
			if tc.duration > 0 {
				synctest.Test(t, run)
			} else {
				run(t)
			}
		})
	}
}

func checkStatements(t *testing.T, out *Outcome, w *verbWork) {
	t.Helper()
	r := out.Result(baseResult(), 95)
	if tc := r.Totals.Transactions; tc == 0 || r.Totals.Errors != 0 || r.Totals.IgnoredErrors == 0 || r.Totals.Rollbacks == 0 {
		t.Fatalf("%d transactions, %d errors, %d ignored, %d rollbacks: the workload did not run as meant",
			tc, r.Totals.Errors, r.Totals.IgnoredErrors, r.Totals.Rollbacks)
	}
	all, measured := map[string]int64{}, map[string]int64{}
	for _, iv := range out.Intervals {
		if iv.Counts == nil || len(iv.Counts.Statements) != len(results.StatementVerbs) {
			t.Fatalf("interval at %.2f s: counts %+v, want every verb", iv.T, iv.Counts)
		}
		for v, n := range iv.Counts.Statements {
			all[v] += n
			if !iv.Warmup {
				measured[v] += n
			}
			near(t, "interval "+v+"/s", iv.Statements[v], float64(n)/iv.DurS)
		}
	}
	for i, v := range workload.Verbs {
		if i == int(workload.NoVerb) {
			continue
		}
		if got, want := all[v], w.ok[i].Load(); got != want || want == 0 {
			t.Errorf("%s: %d in the intervals, the workload ran %d", v, got, want)
		}
		if got := r.Totals.Statements[v]; got != measured[v] {
			t.Errorf("%s: %d in the totals, %d in the measured intervals", v, got, measured[v])
		}
		near(t, v+" per second", r.Totals.StatementsPerSec[v], float64(r.Totals.Statements[v])/r.Totals.DurationS)
	}
	if len(r.Totals.Statements) != len(results.StatementVerbs) || len(r.Totals.StatementsPerSec) != len(results.StatementVerbs) {
		t.Errorf("totals %v and %v: want the six verbs", r.Totals.Statements, r.Totals.StatementsPerSec)
	}
	st := r.Totals.Statements
	if sum := r.Ops["select_row"].Count + r.Ops["select_sum"].Count; st["select"] != sum {
		t.Errorf("select %d, the select operations count %d", st["select"], sum)
	}
	// Every attempt ends in one commit or rollback and runs select_row;
	// those that did not fail also select_sum and delete. (Over the whole
	// run: an attempt may straddle the end of the warmup.)
	if all["commit"]+all["rollback"] != all["select"]-all["delete"] {
		t.Errorf("commits %d + rollbacks %d: want one per attempt (%d)", all["commit"], all["rollback"], all["select"]-all["delete"])
	}
}

// TestNoVerbsNoStatements: a workload whose operations carry no verb
// leaves no statements by verb in its results, totals or intervals.
func TestNoVerbsNoStatements(t *testing.T) {
	cfg := config(t, &probe{})
	cfg.Events = 300
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(out.Result(baseResult(), 95))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), `"statements`) {
		t.Errorf("result.json of a workload without verbs has statements: %s", b)
	}
}

// TestVerbNames: results names the verbs as workload does.
func TestVerbNames(t *testing.T) {
	if got := workload.Verbs[workload.NoVerb+1:]; !slices.Equal(got, results.StatementVerbs) {
		t.Errorf("workload.Verbs %q, results.StatementVerbs %q", got, results.StatementVerbs)
	}
	m := map[string]int64{"rollback": 1, "select": 1, "commit": 1, "delete": 1, "update": 1, "insert": 1}
	if got := results.StatementOrder(m); !slices.Equal(got, results.StatementVerbs) {
		t.Errorf("statement order %q", got)
	}
}

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9*max(1, math.Abs(want)) {
		t.Errorf("%s = %g, want %g", what, got, want)
	}
}
