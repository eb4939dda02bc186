package oltp

import (
	"context"
	"sync"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// test is one sysbench test script: its name, extra options, the statements
// its sessions prepare and its event. Everything else comes from
// oltp_common.
type test struct {
	name, desc string
	extra      []workload.Option
	// rows returns the rows prepare loads per table (table-size, except for
	// oltp_insert without auto-inc, which starts empty).
	rows func(c *config) int64
	// check validates options beyond their types.
	check func(c *config, v workload.Values) error
	// write says whether the transactions write (SQLite takes the write
	// lock at BEGIN); uses lists the statements prepared on every table.
	write bool
	uses  []workload.OpID
	// random is select_random_*'s own statement.
	random func(v workload.Values) *randomQuery
	// setup readies a new user (oltp_insert's shared unique ids).
	setup func(ctx context.Context, u *user, s *session) error
	// event is the script's event(): one transaction.
	event func(ctx context.Context, u *user) error
}

var _ workload.Workload = (*test)(nil)

func (t *test) Meta() workload.Meta {
	return workload.Meta{Name: t.name, Family: "oltp", Description: t.desc}
}

func (t *test) Options() []workload.Option { return append(commonOptions(), t.extra...) }

func (t *test) Configure(v workload.Values, p workload.Params) (workload.Instance, error) {
	c, err := parseConfig(v)
	if err != nil {
		return nil, err
	}
	if t.check != nil {
		if err := t.check(c, v); err != nil {
			return nil, err
		}
	}
	rows := c.tableSize
	if t.rows != nil {
		rows = t.rows(c)
	}
	in := &instance{t: t, c: c, v: v, p: p, ds: newDataset(t.name, c, rows)}
	if t.random != nil {
		in.random = t.random(v)
	}
	return in, nil
}

type instance struct {
	t      *test
	c      *config
	v      workload.Values
	p      workload.Params
	ds     workload.Dataset
	random *randomQuery

	// unique is oltp_insert's run-wide id generator, made by the first user.
	mu     sync.Mutex
	unique *randgen.Unique
}

// Transactions is one type: the script's event.
func (i *instance) Transactions() []workload.Txn { return []workload.Txn{{Name: i.t.name}} }
func (i *instance) Ops() []workload.Op           { return ops[:] }
func (i *instance) Dataset() workload.Dataset    { return i.ds }

// Open implements workload.Instance: sysbench's thread_init statements.
func (i *instance) Open(ctx context.Context, env workload.SessionEnv) (workload.Session, error) {
	return openSession(ctx, env, i)
}

// NewUser implements workload.Instance.
func (i *instance) NewUser(ctx context.Context, env workload.UserEnv) (workload.User, error) {
	u, err := newUser(env, i)
	if err != nil {
		return nil, err
	}
	if i.random != nil {
		if u.seg, err = segment(i.c, env.User, env.Users); err != nil {
			return nil, err
		}
		u.args = make([]any, i.random.nargs)
	}
	if i.t.setup != nil {
		if err := i.t.setup(ctx, u, env.Session.(*session)); err != nil {
			return nil, err
		}
	}
	return u, nil
}

// Workloads returns the family in sysbench's order.
func Workloads() []workload.Workload {
	return []workload.Workload{
		ReadWrite, ReadOnly, WriteOnly, PointSelect, Insert, Delete,
		UpdateIndex, UpdateNonIndex, SelectRandomPoints, SelectRandomRanges, BulkInsert,
	}
}
