package script

import (
	"context"
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// The main Lua state is sysbench's gstate: the script's init() runs in it
// once, before the threads start, and its done() once, after every thread
// ran thread_done and the report is out. Globals init() sets are still
// there for done(). Both run only for `run` (sysbench's prepare, cleanup
// and other commands call neither), untimed.

// init makes the main state and runs init() on the first user's session,
// with sysbench.opt as the users see it. The state stays open for done().
// A Lua error is the script's (exit 2); a database error is kept as it is.
func (in *instance) init(ctx context.Context, sess *session, driver string) error {
	t := &thread{sc: in.sc, in: in, command: "run", rand: randgen.New(in.p.Seed, streamInit), driver: driver}
	if err := t.open(t.optTable(in.v, in.p, sysbenchDriver(driver))); err != nil {
		return err
	}
	in.main = t
	fn, ok := t.L.GetGlobal("init").(*lua.LFunction)
	if !ok {
		return nil
	}
	t.db.ctx, t.db.sess = ctx, sess
	defer func() { t.db.sess = nil }()
	if _, err := t.call(fn); err != nil {
		if t.db.err != nil {
			return fmt.Errorf("init() of %s: %w", in.sc.path, t.db.err)
		}
		return &workload.InputError{Err: fmt.Errorf("init() of %s: %s", in.sc.path, luaMessage(err))}
	}
	return nil
}

// End implements workload.Ender: done(), once, in the main state, with
// sysbench.sql on the run's control connection; then the state is closed.
// A run whose users never started has no main state and nothing to end.
func (in *instance) End(ctx context.Context, conn db.Conn) error {
	t := in.main
	if t == nil {
		return nil
	}
	in.main = nil
	defer t.L.Close()
	fn, ok := t.L.GetGlobal("done").(*lua.LFunction)
	if !ok {
		return nil
	}
	t.db.ctx = ctx
	if conn != nil {
		if c, err := sqldb.Open(conn, t.driver); err == nil {
			sess := &session{conn: c, driver: t.driver, stmts: map[string]sqldb.Stmt{}}
			defer sess.Close(ctx)
			t.db.sess = sess
			defer func() { t.db.sess = nil }()
		}
	}
	if _, err := t.call(fn); err != nil {
		if t.db.err != nil {
			return fmt.Errorf("done() of %s: %w", in.sc.path, t.db.err)
		}
		return fmt.Errorf("done() of %s: %s", in.sc.path, luaMessage(err))
	}
	return nil
}
