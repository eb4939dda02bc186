package run

import (
	"context"

	"github.com/dbgauge/dbgauge/results"

	"github.com/dbgauge/dbgauge/workload"
)

// testInst is a test workload put together from functions: its sessions
// come from open (none: an empty one), its users from user.
type testInst struct {
	ops   []workload.Op
	types []workload.Txn
	open  func(ctx context.Context, env workload.SessionEnv) (workload.Session, error)
	user  func(env workload.UserEnv) workload.User
}

func (t *testInst) Transactions() []workload.Txn {
	if t.types == nil {
		return []workload.Txn{{Name: "event"}}
	}
	return t.types
}
func (t *testInst) Ops() []workload.Op        { return t.ops }
func (t *testInst) Dataset() workload.Dataset { return nil }
func (t *testInst) Open(ctx context.Context, env workload.SessionEnv) (workload.Session, error) {
	if t.open == nil {
		return emptySession{}, nil
	}
	return t.open(ctx, env)
}
func (t *testInst) NewUser(_ context.Context, env workload.UserEnv) (workload.User, error) {
	return t.user(env), nil
}

type emptySession struct{}

func (emptySession) Close(context.Context) error { return nil }

// userFunc is a User of one transaction type (next nil) made of functions.
type userFunc struct {
	next func() workload.TxnID
	run  func(ctx context.Context, tx workload.Tx) error
}

func (u *userFunc) Next() workload.TxnID {
	if u.next == nil {
		return 0
	}
	return u.next()
}
func (u *userFunc) Run(ctx context.Context, tx workload.Tx) error { return u.run(ctx, tx) }

// baseResult is the result.json a caller would start from.
func baseResult() results.Result {
	return results.Result{Run: results.Run{Percentile: 95}}
}
