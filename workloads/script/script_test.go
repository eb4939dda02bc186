package script

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/mysql"
	"github.com/dbgauge/dbgauge/db/postgres"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/testenv"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workload/wltest"
)

// sysbenchDir holds the scripts Debian's sysbench package installs.
const sysbenchDir = "/usr/share/sysbench"

// bundled lists sysbench's scripts, or skips (fails under CI) without them.
func bundled(t *testing.T) []string {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(sysbenchDir, "*.lua"))
	var out []string
	for _, p := range paths {
		if filepath.Base(p) != "oltp_common.lua" {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		testenv.Missing(t, "no sysbench scripts in %s; apt-get install sysbench (scripts/test does)", sysbenchDir)
	}
	return out
}

// target is a database for the tests: SQLite in a temporary directory, or
// a server's database of its own (dbgauge_script), so that these tests do
// not collide with others on the servers' bench database.
type target struct {
	name   string
	driver db.Driver
	t      *db.Target
}

func targets(t *testing.T) map[string]func(*testing.T) target {
	return map[string]func(*testing.T) target{
		"sqlite":   func(t *testing.T) target { return sqliteTarget(t) },
		"postgres": func(t *testing.T) target { return server(t, "DBGAUGE_TEST_POSTGRES", postgres.Driver{}) },
		"mariadb":  func(t *testing.T) target { return server(t, "DBGAUGE_TEST_MYSQL", mysql.Driver{}) },
	}
}

func sqliteTarget(t testing.TB) target {
	u, err := db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), "script.db"))
	if err != nil {
		t.Fatal(err)
	}
	return target{"sqlite", sqlite.Driver{}, u}
}

func server(t testing.TB, env string, d db.Driver) target {
	return serverDB(t, env, d, "dbgauge_script")
}

// serverDB is a server's database name, made if missing.
func serverDB(t testing.TB, env string, d db.Driver, name string) target {
	base := dbtest.ServerURL(t, env)
	ctx := context.Background()
	conn, err := d.Open(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	c := conn.(sqldb.Conn)
	if env == "DBGAUGE_TEST_POSTGRES" {
		rows, err := c.QueryStrings(ctx, "SELECT 1 FROM pg_database WHERE datname = ?", name)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) == 0 {
			if _, err := c.Exec(ctx, "CREATE DATABASE "+name); err != nil && !strings.Contains(err.Error(), "already exists") {
				t.Fatal(err)
			}
		}
	} else if _, err := c.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+name); err != nil {
		t.Fatal(err)
	}
	u := *base.URL
	u.Path = "/" + name
	tg, err := db.ParseURL(u.String())
	if err != nil {
		t.Fatal(err)
	}
	return target{env, d, tg}
}

func (tg target) open(t testing.TB) db.Conn {
	t.Helper()
	c, err := tg.driver.Open(context.Background(), tg.t)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// configure loads path and configures it with raw options for users.
func configure(t testing.TB, path string, raw map[string]string, users int) workload.Instance {
	t.Helper()
	w, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := workload.ParseValues(w.Options(), raw)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := workload.Configure(w, v, workload.Params{Users: users, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// prepare runs the dataset's prepare as the session does.
func prepare(t testing.TB, inst workload.Instance, tg target, conn db.Conn) {
	t.Helper()
	ctx := context.Background()
	ds := inst.Dataset()
	if _, err := ds.Cleanup(ctx, conn); err != nil { // what an earlier run left
		t.Fatal(err)
	}
	err := ds.Prepare(ctx, workload.PrepareEnv{Conn: conn, Driver: tg.driver.Name(), Parallel: 2, Seed: 7, Version: "test",
		Open: func(ctx context.Context) (db.Conn, error) { return tg.driver.Open(ctx, tg.t) }})
	if err != nil {
		t.Fatalf("prepare: %v", err)
	}
	st, err := ds.Check(ctx, conn)
	if err != nil || st.Stamp == nil || !st.Stamp.Complete {
		t.Fatalf("after prepare: stamp %+v, %v", st.Stamp, err)
	}
}

// TestBundledScripts runs every script sysbench installs, unmodified:
// prepare, a few events on one user, and cleanup, on SQLite and each
// server; cleanup leaves no table of the stamp behind.
func TestBundledScripts(t *testing.T) {
	scripts := bundled(t)
	for name, mk := range targets(t) {
		t.Run(name, func(t *testing.T) {
			tg := mk(t)
			for _, path := range scripts {
				t.Run(filepath.Base(path), func(t *testing.T) {
					ctx := context.Background()
					raw := map[string]string{"table-size": "200"}
					if strings.HasPrefix(filepath.Base(path), "bulk_insert") {
						raw = nil
					}
					inst := configure(t, path, raw, 1)
					conn := tg.open(t)
					prepare(t, inst, tg, conn)
					st, _ := inst.Dataset().Check(ctx, conn)
					objects := st.Stamp.Objects
					if len(objects) == 0 {
						t.Fatalf("the stamp lists no table: %+v", st.Stamp)
					}
					tx := wltest.Run(t, inst, conn, wltest.Options{Driver: tg.driver.Name(), Users: 1, Seed: 7}, 5)
					statements := 0
					for _, n := range tx.OK {
						statements += n
					}
					if statements == 0 && !strings.HasPrefix(filepath.Base(path), "bulk_insert") {
						t.Fatalf("5 events ran no statement")
					}
					dropped, err := inst.Dataset().Cleanup(ctx, conn)
					if err != nil {
						t.Fatal(err)
					}
					if len(dropped) < len(objects) {
						t.Fatalf("cleanup dropped %v of %v", dropped, objects)
					}
					c := conn.(sqldb.Conn)
					for _, o := range objects {
						if ok, err := sqldb.TableExists(ctx, c, o); err != nil || ok {
							t.Fatalf("table %s still there after cleanup (%v)", o, err)
						}
					}
				})
			}
		})
	}
}

// TestReadWriteStatements checks oltp_read_write.lua's statements per event
// with the defaults: the same as the built-in oltp_read_write (10 point
// selects, one of each range, two updates, delete + insert, BEGIN, COMMIT).
func TestReadWriteStatements(t *testing.T) {
	bundled(t)
	tg := targets(t)["sqlite"](t)
	inst := configure(t, filepath.Join(sysbenchDir, "oltp_read_write.lua"), map[string]string{"table-size": "1000"}, 1)
	conn := tg.open(t)
	prepare(t, inst, tg, conn)
	const events = 20
	tx := wltest.Run(t, inst, conn, wltest.Options{Driver: "sqlite", Users: 1, Seed: 7}, events)
	got := map[string]int{}
	reads, writes, other := 0, 0, 0
	ops := inst.(workload.OpLister).CurrentOps()
	for id, n := range tx.OK {
		op := ops[id]
		got[op.Name] = n / events
		switch op.Class {
		case workload.Read:
			reads += n
		case workload.Write:
			writes += n
		default:
			other += n
		}
	}
	want := map[string]int{
		"BEGIN": 1, "COMMIT": 1, "SELECT c FROM sbtest1 WHERE id=?": 10,
		"SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?":                     1,
		"SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?":                1,
		"SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c":          1,
		"SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c": 1,
		"UPDATE sbtest1 SET k=k+1 WHERE id=?":                                1,
		"UPDATE sbtest1 SET c=? WHERE id=?":                                  1,
		"DELETE FROM sbtest1 WHERE id=?":                                     1,
		"INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?)":            1,
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d per event, want %d (all: %v)", k, got[k], n, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("statements %v, want %v", got, want)
	}
	if reads != 14*events || writes != 4*events || other != 2*events {
		t.Errorf("reads/writes/other %d/%d/%d, want 14/4/2 per event", reads/events, writes/events, other/events)
	}
}

// TestTPCCStyleScript runs testdata/tpcc_style.lua, written in the manner of
// Percona's sysbench-tpcc: ffi.cdef, ffi.C.usleep (the runner's pause),
// ffi.C.sb_counter_inc (an error: an expected rollback), ffi.C.gettimeofday, string.format("%u"), con:query
// and query_row with their values, a parallel prepare.
func TestTPCCStyleScript(t *testing.T) {
	for name, mk := range targets(t) {
		t.Run(name, func(t *testing.T) {
			tg := mk(t)
			inst := configure(t, "testdata/tpcc_style.lua", map[string]string{"warehouses": "2", "tables": "2"}, 2)
			conn := tg.open(t)
			prepare(t, inst, tg, conn)
			tx := wltest.Run(t, inst, conn, wltest.Options{Driver: tg.driver.Name(), Users: 2, Seed: 7}, 10)
			if tx.Paused == 0 {
				t.Errorf("ffi.C.usleep paused for %v", tx.Paused)
			}
			// sb_counter_inc(SB_CNT_ERROR) in an event: an expected rollback.
			if tx.Rollbacks == 0 || tx.Rollbacks == 10 {
				t.Errorf("%d of 10 events counted an error and rolled back; want some, not all", tx.Rollbacks)
			}
			names := map[string]int{}
			ops := inst.(workload.OpLister).CurrentOps()
			for id, n := range tx.OK {
				names[ops[id].Name] += n
			}
			selects := 0
			for n, c := range names {
				if strings.HasPrefix(n, "SELECT d_next_o_id FROM district") {
					selects += c
				}
			}
			if selects != 10 {
				t.Errorf("statements %v", names)
			}
			if _, err := inst.Dataset().Cleanup(context.Background(), conn); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestBadScripts: what a broken script says.
func TestBadScripts(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"testdata/syntax_error.lua", "testdata/syntax_error.lua:4: "},
		{"testdata/no_event.lua", "no event function"},
	} {
		_, err := Load(c.file)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.file, err, c.want)
		}
	}
	// An unknown ffi call and a failing event fail the transaction with
	// the script's message.
	tg := targets(t)["sqlite"](t)
	conn := tg.open(t)
	for _, c := range []struct{ file, want string }{
		{"testdata/unknown_ffi.lua", "ffi.C.sb_unknown_call is not available"},
		{"testdata/event_error.lua", "event_error.lua:3: always fails"},
	} {
		inst := configure(t, c.file, nil, 1)
		ctx := context.Background()
		s, err := inst.Open(ctx, workload.SessionEnv{Conn: conn, Driver: "sqlite"})
		if err != nil {
			t.Fatal(err)
		}
		u, err := inst.NewUser(ctx, workload.UserEnv{User: 0, Users: 1, Session: s, Rand: randgen.New(1)})
		if err != nil {
			t.Fatal(err)
		}
		err = u.Run(ctx, wltest.NewTx(s))
		var se *Error
		if !errors.As(err, &se) || !strings.Contains(err.Error(), c.want) || db.ClassOf(err) != db.Other {
			t.Errorf("%s: %v, want a script error with %q", c.file, err, c.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"SELECT c FROM sbtest1 WHERE id=42":                          "SELECT c FROM sbtest1 WHERE id=?",
		"INSERT INTO sbtest3 (id, k, c) VALUES (-5, 17, 'a''b\\'c')": "INSERT INTO sbtest3 (id, k, c) VALUES (?, ?, ?)",
		// A literal's sign is the literal's (issue 27): one statement for
		// every increment, and a subtraction is another statement.
		"UPDATE counter1 SET value = value + -57":                                            "UPDATE counter1 SET value = value + ?",
		"UPDATE counter1 SET value = value + 3":                                              "UPDATE counter1 SET value = value + ?",
		"UPDATE counter1 SET value = value - 3":                                              "UPDATE counter1 SET value = value - ?",
		"UPDATE t SET a=-1.5e-3, b = +2 WHERE c BETWEEN -5 AND -1 OR d IN (-1,+2) AND e >-7": "UPDATE t SET a=?, b = ? WHERE c BETWEEN ? AND ? OR d IN (?,?) AND e >?",
		"SELECT -1, x-1, x -1, x - 1, sbtest1.k-2 FROM t":                                    "SELECT ?, x-?, x -?, x - ?, sbtest1.k-? FROM t",
		"SELECT  *\n FROM t LIMIT 10;":                                                       "SELECT * FROM t LIMIT ?",
		"UPDATE t SET x = 1.5e3 WHERE name = 'x7' AND col2 = 2":                              "UPDATE t SET x = ? WHERE name = ? AND col2 = ?",
	} {
		if got := normalize(in); got != want {
			t.Errorf("normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

// retry is a Tx on its attempt-th run of a transaction.
type retry struct {
	*wltest.Tx
	attempt int
}

func (r retry) Attempt() int { return r.attempt }

// TestRestartEvent: an ignorable database error is sysbench's RESTART_EVENT
// table in Lua (pcall catches it), the event returns the classified error
// for the runner to retry, and the retry calls before_restart_event first.
func TestRestartEvent(t *testing.T) {
	tg := sqliteTarget(t)
	conn := tg.open(t)
	inst := configure(t, "testdata/restart.lua", nil, 1)
	ctx := context.Background()
	s, err := inst.Open(ctx, workload.SessionEnv{Conn: conn, Driver: "sqlite"})
	if err != nil {
		t.Fatal(err)
	}
	w, err := inst.NewUser(ctx, workload.UserEnv{Users: 1, Session: s, Rand: randgen.New(1)})
	if err != nil {
		t.Fatal(err)
	}
	tx := wltest.NewTx(s)
	if err := w.Run(ctx, tx); err == nil || db.ClassOf(err) != db.DuplicateKey {
		t.Fatalf("the second insert of id 1: %v (class %v), want a duplicate key", err, db.ClassOf(err))
	}
	if err := w.Run(ctx, retry{tx, 1}); db.ClassOf(err) != db.DuplicateKey {
		t.Fatalf("the retry: %v", err)
	}
	L := w.(*user).t.L
	if caught, restarts := L.GetGlobal("caught").String(), L.GetGlobal("restarts").String(); caught != "1" || restarts != "1" {
		t.Fatalf("caught %s restart errors and ran before_restart_event %s times; want 1 and 1", caught, restarts)
	}
}

// TestSecondaryIndex: oltp_common's --secondary DDL (MySQL's inline KEY)
// is made as a CREATE INDEX on SQLite and PostgreSQL; with auto-inc on
// SQLite it is a clear error (its ids need an INTEGER PRIMARY KEY).
func TestSecondaryIndex(t *testing.T) {
	bundled(t)
	path := filepath.Join(sysbenchDir, "oltp_point_select.lua")
	for name, mk := range targets(t) {
		t.Run(name, func(t *testing.T) {
			tg := mk(t)
			conn := tg.open(t)
			inst := configure(t, path, map[string]string{"table-size": "100", "secondary": "on", "auto-inc": "off"}, 1)
			prepare(t, inst, tg, conn)
			wltest.Run(t, inst, conn, wltest.Options{Driver: tg.driver.Name(), Users: 1, Seed: 7}, 3)
			if _, err := inst.Dataset().Cleanup(context.Background(), conn); err != nil {
				t.Fatal(err)
			}
		})
	}
	tg := sqliteTarget(t)
	conn := tg.open(t)
	inst := configure(t, path, map[string]string{"table-size": "100", "secondary": "on"}, 1)
	err := inst.Dataset().Prepare(context.Background(), workload.PrepareEnv{Conn: conn, Driver: "sqlite", Parallel: 1})
	if err == nil || !strings.Contains(err.Error(), "INTEGER PRIMARY KEY") {
		t.Fatalf("secondary with auto-inc on SQLite: %v", err)
	}
}
