package script

import (
	"context"
	"errors"
	"fmt"
	"sync"

	lua "github.com/yuin/gopher-lua"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// maxOps is how many distinct statements are measured apart; the rest share
// catchAll (a script that builds its SQL with ever new shapes).
const (
	maxOps   = 256
	catchAll = "(other statements)"
)

// Streams of randgen.New for the states that are not users.
const (
	streamInit    = 0x696e6974
	streamCommand = 0x636d6400
)

// Configure implements workload.Workload: the option values and sysbench's
// generators. The script's init() runs later, once, before the first user
// starts (see main.go): configuring a workload runs none of its code.
func (s *Script) Configure(v workload.Values, p workload.Params) (workload.Instance, error) {
	in := &instance{sc: s, v: v, p: p, ops: workload.NewOpTable(maxOps + 1), names: map[string]workload.OpID{},
		unique: randgen.NewUniqueShard(p.Seed, 0, p.Shard.Index, p.Shard.N())}
	in.dist = randgen.DistParams{
		Kind: randgen.Kind(s.text(v, "rand-type")), SpecIter: int(s.number(v, "rand-spec-iter")),
		SpecPct: int(s.number(v, "rand-spec-pct")), SpecRes: int(s.number(v, "rand-spec-res")),
		ParetoH: s.number(v, "rand-pareto-h"), ZipfianExp: s.number(v, "rand-zipfian-exp"),
	}
	if err := in.dist.Validate(); err != nil {
		return nil, err
	}
	in.ds = &dataset{in: in}
	return in, nil
}

// number reads a numeric option of whichever kind it was declared with (a
// script may declare sysbench's --rand-* options itself).
func (s *Script) number(v workload.Values, name string) float64 {
	for _, o := range s.opts {
		if o.Name == name {
			switch o.Kind {
			case workload.Int:
				return float64(v.Int(name))
			case workload.Float:
				return v.Float(name)
			}
		}
	}
	return 0
}

// text reads a string or enum option.
func (s *Script) text(v workload.Values, name string) string {
	for _, o := range s.opts {
		if o.Name == name && (o.Kind == workload.String || o.Kind == workload.Enum) {
			return v.String(name)
		}
	}
	return ""
}

// instance is a configured script.
type instance struct {
	sc     *Script
	v      workload.Values
	p      workload.Params
	dist   randgen.DistParams
	unique *randgen.Unique
	ds     *dataset
	ops    *workload.OpTable
	mu     sync.Mutex
	names  map[string]workload.OpID
	// main is sysbench's main Lua state: init() runs in it before the
	// first user, done() after the run (main.go).
	main     *thread
	initOnce sync.Once
	initErr  error
}

var (
	_ workload.Instance = (*instance)(nil)
	_ workload.OpLister = (*instance)(nil)
	_ workload.Ender    = (*instance)(nil)
)

// Transactions implements workload.Instance: one type, the script's event.
func (in *instance) Transactions() []workload.Txn { return []workload.Txn{{Name: in.sc.name}} }

// Ops implements workload.Instance: the table's slots, named as the run goes.
func (in *instance) Ops() []workload.Op { return in.ops.Slots() }

// CurrentOps implements workload.OpLister.
func (in *instance) CurrentOps() []workload.Op { return in.ops.Current() }

// Dataset implements workload.Instance.
func (in *instance) Dataset() workload.Dataset { return in.ds }

// opID is the operation of a statement name, made on first use; past
// maxOps names, the catch-all.
func (in *instance) opID(name string, class workload.Class, verb workload.Verb) workload.OpID {
	in.mu.Lock()
	defer in.mu.Unlock()
	if id, ok := in.names[name]; ok {
		return id
	}
	if len(in.names) >= maxOps {
		id, _ := in.ops.ID(catchAll, workload.Other, workload.NoVerb)
		return id
	}
	id, _ := in.ops.ID(name, class, verb)
	in.names[name] = id
	return id
}

// session is a connection's prepared statements, by SQL text: a script's
// statement is prepared on each connection it runs on, the first time.
type session struct {
	conn   sqldb.Conn
	driver string
	stmts  map[string]sqldb.Stmt
}

// Open implements workload.Instance.
func (in *instance) Open(_ context.Context, env workload.SessionEnv) (workload.Session, error) {
	c, err := openSQL(env.Conn, env.Driver)
	if err != nil {
		return nil, err
	}
	return &session{conn: c, driver: env.Driver, stmts: map[string]sqldb.Stmt{}}, nil
}

// prepared is the session's statement for sql, prepared on first use.
func (s *session) prepared(ctx context.Context, sql string) (sqldb.Stmt, error) {
	if st, ok := s.stmts[sql]; ok {
		return st, nil
	}
	st, err := s.conn.Prepare(ctx, sql)
	if err != nil {
		return nil, err
	}
	s.stmts[sql] = st
	return st, nil
}

// Close implements workload.Session.
func (s *session) Close(context.Context) error {
	for _, st := range s.stmts {
		st.Close()
	}
	s.stmts = map[string]sqldb.Stmt{}
	return nil
}

// NewUser implements workload.Instance: a Lua state running the script,
// sysbench.tid the user's index, and its thread_init on the session the
// runner lends.
func (in *instance) NewUser(ctx context.Context, env workload.UserEnv) (workload.User, error) {
	sess, _ := env.Session.(*session)
	driver := ""
	if sess != nil {
		driver = sess.driver
	}
	in.initOnce.Do(func() { in.initErr = in.init(ctx, sess, driver) })
	if in.initErr != nil {
		return nil, in.initErr
	}
	t := &thread{sc: in.sc, in: in, command: "run", tid: env.User, rand: env.Rand, driver: driver}
	if err := t.open(t.optTable(in.v, in.p, sysbenchDriver(driver))); err != nil {
		return nil, err
	}
	u := &user{t: t}
	u.event, _ = t.L.GetGlobal("event").(*lua.LFunction)
	if u.event == nil {
		t.L.Close()
		return nil, fmt.Errorf("%s: no event function", in.sc.path)
	}
	if fn, ok := t.L.GetGlobal("thread_init").(*lua.LFunction); ok {
		t.db.ctx, t.db.sess = ctx, sess
		_, err := t.call(fn, lua.LNumber(t.tid))
		t.db.sess = nil
		if err != nil {
			t.L.Close()
			return nil, fmt.Errorf("thread_init(): %s", luaMessage(err))
		}
	}
	return u, nil
}

// sysbenchDriver is sysbench's --db-driver name for a dbgauge driver.
func sysbenchDriver(driver string) string {
	if driver == "mysql" {
		return "mysql"
	}
	return "pgsql"
}

// user is one sysbench thread: its Lua state and its event; repeated
// counts the events in a row that failed with the same script error.
type user struct {
	t        *thread
	event    *lua.LFunction
	lastErr  string
	repeated int
}

// repeatsToAbort is how many events in a row failing with the same script
// error make it a bug that would repeat every event: the run is aborted
// (sysbench itself stops at a script's first error).
const repeatsToAbort = 3

var _ workload.Finisher = (*user)(nil)

// Next implements workload.User: a script has one kind of event.
func (u *user) Next() workload.TxnID { return 0 }

// Run implements workload.User: one event. A database error is returned as
// is, for the runner to classify and, if ignorable, run the event again
// (after the script's before_restart_event hook, as sysbench does); a
// script error is a failed transaction of class other. An event that
// returns a true value ends the user, as it ends a sysbench thread.
func (u *user) Run(ctx context.Context, tx workload.Tx) error {
	t := u.t
	t.bind(ctx, tx)
	defer t.unbind()
	if tx.Attempt() > 0 && t.db.errdesc != nil {
		if hook, ok := t.L.GetField(t.L.GetField(t.L.GetGlobal("sysbench"), "hooks"), "before_restart_event").(*lua.LFunction); ok {
			if _, err := t.call(hook, t.db.errdesc); err != nil {
				return t.failed(ctx, err)
			}
		}
	}
	t.db.err, t.db.errdesc, t.db.rollback = nil, nil, false
	ret, err := t.call(u.event, lua.LNumber(t.tid))
	if err != nil {
		return u.scriptFailed(t.failed(ctx, err))
	}
	u.repeated = 0
	switch {
	case lua.LVAsBool(ret):
		return workload.ErrNoMoreEvents
	case t.db.rollback:
		return workload.ErrRollback
	}
	return nil
}

// scriptFailed counts a script error repeated event after event and makes
// it fatal at repeatsToAbort; a database error passes as it is.
func (u *user) scriptFailed(err error) error {
	var se *Error
	if !errors.As(err, &se) {
		u.repeated = 0
		return err
	}
	if se.Msg == u.lastErr {
		u.repeated++
	} else {
		u.lastErr, u.repeated = se.Msg, 1
	}
	if u.repeated >= repeatsToAbort {
		return &workload.FatalError{Err: fmt.Errorf("%w (the same error in %d events in a row: the script's, every event would fail)", err, u.repeated)}
	}
	return err
}

// Finish implements workload.Finisher: thread_done, measured (bulk_insert
// sends its last rows there).
func (u *user) Finish(ctx context.Context, tx workload.Tx) error {
	t := u.t
	defer t.L.Close()
	fn, ok := t.L.GetGlobal("thread_done").(*lua.LFunction)
	if !ok {
		return nil
	}
	t.bind(ctx, tx)
	defer t.unbind()
	if _, err := t.call(fn, lua.LNumber(t.tid)); err != nil {
		return t.failed(ctx, err)
	}
	return nil
}

func (t *thread) bind(ctx context.Context, tx workload.Tx) {
	t.db.ctx, t.db.tx = ctx, tx
	t.db.sess, _ = tx.Session().(*session)
}

func (t *thread) unbind() { t.db.tx, t.db.sess = nil, nil }

// failed ends a failed event: the open transaction is rolled back,
// unmeasured, as sysbench's drivers do; the database error is returned if
// one caused the failure, else the script's error.
func (t *thread) failed(ctx context.Context, err error) error {
	if t.db.inTxn && t.db.sess != nil {
		_, _ = t.db.sess.conn.Exec(context.WithoutCancel(ctx), t.db.sess.conn.Dialect().Rollback)
		t.db.inTxn = false
	}
	if t.db.err != nil {
		return t.db.err
	}
	return &Error{Msg: luaMessage(err)}
}

// Error is a script's runtime error in an event: a failed transaction.
type Error struct{ Msg string }

func (e *Error) Error() string { return "script error: " + e.Msg }
