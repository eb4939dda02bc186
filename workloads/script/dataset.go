package script

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/load"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// dataset is what a script's prepare command makes. Its name is the file
// that defines the command (lua:oltp_common: sysbench's OLTP scripts share
// their data, as they do in sysbench). Which tables it makes is known only
// as the command runs: each CREATE TABLE is checked (another dataset's
// table is refused, a foreign one too unless forced) and added to the stamp
// before it is sent. The shape is the script's options the command read
// (oltp_common's prepare reads tables, table_size, auto_inc, secondary,
// create_secondary, mysql_storage_engine; not point_selects).
type dataset struct {
	in *instance
	mu sync.Mutex
	// keys are the shape's options as the stamp Check found has them;
	// nil before (every option of the script). objects are its tables.
	keys    []string
	objects []string
}

var _ workload.Dataset = (*dataset)(nil)

// Name implements workload.Dataset.
func (d *dataset) Name() string { return d.in.sc.dataset }

// Shape implements workload.Dataset.
func (d *dataset) Shape() map[string]string {
	d.mu.Lock()
	keys := d.keys
	d.mu.Unlock()
	return d.shapeOf(keys)
}

// shapeOf is the values of the script's options named by keys, of every
// one of them for nil keys.
func (d *dataset) shapeOf(keys []string) map[string]string {
	all := d.in.v.Map()
	shape := map[string]string{}
	for _, o := range d.in.sc.opts {
		if d.in.sc.own[o.Name] && (keys == nil || slices.Contains(keys, o.Name)) {
			shape[o.Name] = all[o.Name]
		}
	}
	return shape
}

// Objects implements workload.Dataset: the tables are known once prepare
// has made them (the stamp lists them).
func (d *dataset) Objects() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.objects
}

// Check implements workload.Dataset. A script without a prepare command
// needs no data: its dataset is always there.
func (d *dataset) Check(ctx context.Context, conn db.Conn) (workload.State, error) {
	c, err := sqldb.Open(conn, "this database")
	if err != nil {
		return workload.State{}, err
	}
	st, err := sqlstore.New(c).Stamp(ctx, d.Name())
	if err != nil {
		return workload.State{}, err
	}
	if st == nil && !d.in.sc.hasPrepare {
		return workload.State{Stamp: &db.Stamp{Dataset: d.Name(), Workload: d.in.sc.name, Shape: d.Shape(), Complete: true}}, nil
	}
	if st == nil {
		d.mu.Lock()
		d.keys, d.objects = nil, nil
		d.mu.Unlock()
	} else {
		// An incomplete stamp's shape is what its prepare was started
		// with, not what decides the data: the dataset's shape stays every
		// option of the script until a prepare completes.
		d.mu.Lock()
		d.keys, d.objects = nil, slices.Clone(st.Objects)
		if st.Complete {
			d.keys = shapeKeys(st.Shape)
		}
		d.mu.Unlock()
	}
	return workload.State{Stamp: st}, nil
}

// Prepare implements workload.Dataset: the stamp first (incomplete), then
// the script's prepare command, on sysbench's --threads Lua states when it
// is a parallel command (sysbench.tid 0..threads-1, at most env.Parallel at
// once), then the stamp complete with the options the command read.
func (d *dataset) Prepare(ctx context.Context, env workload.PrepareEnv) error {
	c, err := openSQL(env.Conn, env.Driver)
	if err != nil {
		return err
	}
	store := sqlstore.New(c)
	own, err := store.Stamp(ctx, d.Name())
	if err != nil {
		return err
	}
	stamps, err := store.Stamps(ctx)
	if err != nil {
		return err
	}
	if own != nil {
		// An interrupted, failed or other prepare of this dataset: start
		// over, whatever foreign keys join its tables.
		if !own.Complete && env.Note != nil && len(own.Objects) > 0 {
			env.Note(fmt.Sprintf("Dataset %s was left incomplete by an earlier prepare (tables %s): dropping them to prepare it again.",
				d.Name(), strings.Join(own.Objects, ", ")))
		}
		if _, err := store.Drop(ctx, own.Objects); err != nil {
			return err
		}
	}
	// Until the command has run, the stamp says what it is: incomplete,
	// with every option of the script as it was given.
	stamp := &db.Stamp{Dataset: d.Name(), Workload: d.in.sc.name, Shape: d.shapeOf(nil), Objects: []string{},
		Info:      map[string]string{"seed": fmt.Sprint(env.Seed), "dbgauge": env.Version, "script": d.in.sc.path},
		CreatedAt: time.Now().UTC().Format(time.RFC3339)}
	if err := store.WriteStamp(ctx, stamp); err != nil {
		return err
	}
	g := &guard{store: store, stamp: stamp, force: env.Force, others: map[string]string{}}
	for _, s := range stamps {
		if s.Dataset != d.Name() {
			for _, o := range s.Objects {
				g.others[o] = s.Dataset
			}
		}
	}
	reads := map[string]bool{}
	var mu sync.Mutex
	run := func(ctx context.Context, conn db.Conn, tid int) error {
		r, err := d.command(ctx, conn, env.Driver, "prepare", tid, g, env.Seed)
		mu.Lock()
		maps.Copy(reads, r)
		mu.Unlock()
		return err
	}
	threads := 1
	if _, parallel := d.in.sc.prepare(); parallel {
		threads = max(d.in.p.Users, 1)
	}
	if err := runThreads(ctx, threads, env.Parallel, env.SingleWriter, env.Conn, env.Open, d.in.sc.name, run); err != nil {
		return err
	}
	all := d.in.v.Map()
	stamp.Shape = map[string]string{}
	for _, o := range d.in.sc.opts {
		if d.in.sc.own[o.Name] && reads[d.in.sc.luaName[o.Name]] {
			stamp.Shape[o.Name] = all[o.Name]
		}
	}
	stamp.Complete = true
	if err := store.WriteStamp(ctx, stamp); err != nil {
		return err
	}
	d.mu.Lock()
	d.keys, d.objects = shapeKeys(stamp.Shape), slices.Clone(stamp.Objects)
	d.mu.Unlock()
	return nil
}

// runThreads runs a command's threads (sysbench.tid 0..threads-1), at
// most parallel at once, each on a connection of its own; a single thread
// runs on conn. On a database that takes one writer at a time
// (singleWriter: SQLite) they run one after the other: a thread's CREATE
// INDEX holds the database's lock for as long as the build takes, and
// another thread's insert waiting on it would fail once the busy timeout
// is out.
func runThreads(ctx context.Context, threads, parallel int, singleWriter bool, conn db.Conn,
	open func(context.Context) (db.Conn, error), name string, run func(ctx context.Context, conn db.Conn, tid int) error) error {
	if threads == 1 {
		return run(ctx, conn, 0)
	}
	parallel = min(max(parallel, 1), threads)
	if singleWriter {
		parallel = 1
	}
	return load.Run(ctx, []load.Table[db.Conn]{{Name: name, Rows: int64(threads), BatchRows: 1,
		Load: func(ctx context.Context, conn db.Conn, b int64) (int64, error) { return 1, run(ctx, conn, int(b)) }}},
		parallel, open, nil)
}

// shapeKeys are a stamp's shape options, never nil: a prepare that read
// no option made data that no option decides (nil keys mean every option,
// before a stamp is found).
func shapeKeys(shape map[string]string) []string {
	keys := slices.Sorted(maps.Keys(shape))
	if keys == nil {
		keys = []string{}
	}
	return keys
}

// openSQL is sqldb.Open for a script, refused where the database has no
// BEGIN statement (its transactions are the connection's: CUBRID, Oracle,
// SQL Server): sysbench's scripts begin their transactions with one, which
// would fail in the middle of the run. Prepare and Open refuse before the
// script creates anything.
func openSQL(conn db.Conn, driver string) (sqldb.Conn, error) {
	c, err := sqldb.Open(conn, driver)
	if err != nil {
		return nil, err
	}
	if d := c.Dialect(); d.BeginWrite == "" {
		return nil, &db.UnsupportedError{Workload: "a sysbench Lua script", Needs: "a BEGIN statement (its transactions begin with one)", Driver: d.Name}
	}
	return c, nil
}

// Cleanup implements workload.Dataset: the script's cleanup command (with
// the run's driver name, as sysbench gives it), whose DROP TABLEs reach
// only the tables the stamp lists, then whatever of those is left, in an
// order foreign keys allow, then the stamp. Without a stamp nothing runs
// and nothing drops. A cleanup command that fails (a script whose cleanup
// does not run on this database, or after a prepare that failed halfway)
// does not leave the dataset behind: its tables and stamp are dropped all
// the same, and the command's error is returned with what was dropped.
func (d *dataset) Cleanup(ctx context.Context, conn db.Conn) ([]string, error) {
	c, err := sqldb.Open(conn, "this database")
	if err != nil {
		return nil, err
	}
	store := sqlstore.New(c)
	stamp, err := store.Stamp(ctx, d.Name())
	if err != nil || stamp == nil {
		return nil, err
	}
	var cmdErr error
	if d.in.sc.hasCleanup {
		g := &guard{store: store, stamp: stamp, cleanup: true}
		if _, cmdErr = d.command(ctx, conn, d.in.p.Driver, "cleanup", 0, g, 0); cmdErr != nil && ctx.Err() != nil {
			return nil, cmdErr
		}
	}
	dropped, err := store.Drop(ctx, stamp.Objects)
	if err != nil {
		return dropped, errors.Join(cmdErr, err)
	}
	more, err := store.DeleteStamp(ctx, d.Name())
	dropped = append(dropped, more...)
	if err == nil && cmdErr != nil {
		return dropped, fmt.Errorf("%w; dbgauge dropped the dataset's tables itself (%s) and its stamp", cmdErr, strings.Join(stamp.Objects, ", "))
	}
	return dropped, err
}

// command runs a script command on conn in a Lua state of its own, tid its
// sysbench.tid, and returns the options it read.
func (d *dataset) command(ctx context.Context, conn db.Conn, driver, name string, tid int, g *guard, seed uint64) (map[string]bool, error) {
	c, err := sqldb.Open(conn, driver)
	if err != nil {
		return nil, err
	}
	sess := &session{conn: c, driver: driver, stmts: map[string]sqldb.Stmt{}}
	defer sess.Close(ctx)
	t := &thread{sc: d.in.sc, in: d.in, command: name, tid: tid, rand: randgen.New(seed, streamCommand, uint64(tid)),
		driver: driver, reads: map[string]bool{}, written: map[string]bool{}}
	t.db.ctx, t.db.sess, t.db.guard = ctx, sess, g
	if err := t.open(t.optTable(d.in.v, d.in.p, sysbenchDriver(driver))); err != nil {
		return nil, err
	}
	defer t.L.Close()
	fn, _ := t.cmdFunc(name)
	if fn == nil {
		return t.reads, nil
	}
	ret, err := t.call(fn)
	if err != nil {
		if t.db.err != nil {
			return t.reads, fmt.Errorf("%s command of %s: %w", name, d.in.sc.path, t.db.err)
		}
		return t.reads, fmt.Errorf("%s command of %s: %s", name, d.in.sc.path, luaMessage(err))
	}
	if ret == lua.LFalse {
		// sysbench's call_command: a command that returns false failed.
		return t.reads, fmt.Errorf("%s command of %s returned false", name, d.in.sc.path)
	}
	return t.reads, nil
}

// prepare returns whether the script has a prepare command and whether it
// is a parallel one.
func (s *Script) prepare() (bool, bool) { return s.hasPrepare, s.parallelPrepare }

// guard keeps a command's DDL to its dataset's tables.
type guard struct {
	mu      sync.Mutex
	store   *sqlstore.Store
	stamp   *db.Stamp
	others  map[string]string // tables other datasets' stamps list
	force   bool
	cleanup bool
}

// statement checks a statement a command sends: a CREATE TABLE in prepare
// is refused over another dataset's table or a foreign one (dropped first
// when forced), and listed in the stamp before it is sent; a DROP TABLE
// reaches only the stamp's tables (in cleanup the others are skipped). It
// returns what to send, or skip.
func (g *guard) statement(ctx context.Context, c sqldb.Conn, sql string) (string, bool, error) {
	if name := tableOfCreate(sql); name != "" && !g.cleanup {
		g.mu.Lock()
		defer g.mu.Unlock()
		if owner := g.others[name]; owner != "" {
			return "", false, &workload.InputError{Err: fmt.Errorf("table %s belongs to dbgauge dataset %s: run `dbgauge cleanup` for a workload of that dataset first, or use another database", name, owner)}
		}
		if slices.Contains(g.stamp.Objects, name) {
			return sql, false, nil
		}
		exists, err := sqldb.TableExists(ctx, c, name)
		if err != nil {
			return "", false, err
		}
		if exists && !g.force {
			return "", false, &workload.InputError{Err: fmt.Errorf("table %s exists but was not created by dbgauge for this script; drop it, use another database, or prepare with --force", name)}
		}
		if exists {
			if _, err := c.Exec(ctx, c.Dialect().DropTable(name)); err != nil {
				return "", false, err
			}
		}
		g.stamp.Objects = append(g.stamp.Objects, name)
		return sql, false, g.store.WriteStamp(ctx, g.stamp)
	}
	names, _ := tablesOfDrop(sql)
	if names == nil {
		return sql, false, nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	var keep []string
	for _, n := range names {
		switch {
		case slices.Contains(g.stamp.Objects, n):
			keep = append(keep, n)
		case g.cleanup:
			// Not this dataset's: left alone.
		case g.others[n] != "":
			return "", false, &workload.InputError{Err: fmt.Errorf("the script drops table %s, which belongs to dbgauge dataset %s", n, g.others[n])}
		default:
			exists, err := sqldb.TableExists(ctx, c, n)
			if err != nil {
				return "", false, err
			}
			if exists && !g.force {
				return "", false, &workload.InputError{Err: fmt.Errorf("the script drops table %s, which dbgauge did not create; drop it yourself, use another database, or prepare with --force", n)}
			}
			keep = append(keep, n)
		}
	}
	if len(keep) == len(names) {
		return sql, false, nil
	}
	for _, n := range keep {
		if _, err := c.Exec(ctx, c.Dialect().DropTable(n)); err != nil {
			return "", false, err
		}
	}
	return "", true, nil
}

// commandsOf reads, in the probe state, which commands the script has.
func (s *Script) commandsOf(t *thread) {
	var fn *lua.LFunction
	fn, s.parallelPrepare = t.cmdFunc("prepare")
	s.hasPrepare = fn != nil
	fn, _ = t.cmdFunc("cleanup")
	s.hasCleanup = fn != nil
	s.commands, s.parallel = ownCommands(t.L)
}
