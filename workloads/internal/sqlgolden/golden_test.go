package sqlgolden

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/cubrid"
	"github.com/dbgauge/dbgauge/db/mysql"
	"github.com/dbgauge/dbgauge/db/oracle"
	"github.com/dbgauge/dbgauge/db/postgres"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/db/sqlserver"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workload/wltest"
	"github.com/dbgauge/dbgauge/workloads/bookstore"
	"github.com/dbgauge/dbgauge/workloads/declarative"
	"github.com/dbgauge/dbgauge/workloads/kv"
	"github.com/dbgauge/dbgauge/workloads/oltp"
	"github.com/dbgauge/dbgauge/workloads/orderentry"
	"github.com/dbgauge/dbgauge/workloads/tpcc"
	"github.com/dbgauge/dbgauge/workloads/widetable"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// dialects are the six SQL databases, by the names of the golden files.
var dialects = []struct {
	name string
	d    *sqldb.Dialect
}{
	{"sqlite", sqlite.Dialect()},
	{"postgres", postgres.Dialect()},
	{"mysql", mysql.Dialect()},
	{"oracle", oracle.Dialect()},
	{"sqlserver", sqlserver.Dialect()},
	{"cubrid", cubrid.Dialect()},
}

// cases are the SQL workloads, each with options that keep its data small
// (rows do not show in the SQL) and every statement in use.
func cases(t *testing.T) []struct {
	variant string
	w       workload.Workload
	opts    map[string]string
} {
	shop, err := declarative.Load("../../../examples/workloads/shop.yaml")
	if err != nil {
		t.Fatal(err)
	}
	type c = struct {
		variant string
		w       workload.Workload
		opts    map[string]string
	}
	var out []c
	for _, w := range oltp.Workloads() {
		tables := "2"
		if w == oltp.SelectRandomPoints || w == oltp.SelectRandomRanges {
			tables = "1" // sysbench's scripts read sbtest1 only
		}
		out = append(out, c{"", w, map[string]string{"table-size": "10", "tables": tables}})
	}
	// SQL Server's IDENTITY refuses the ids these write back: without it.
	out = append(out, c{"-auto-inc-off", oltp.ReadWrite, map[string]string{"table-size": "10", "auto-inc": "off"}})
	for _, w := range widetable.Workloads() {
		out = append(out, c{"", w, map[string]string{"table-size": "10", "tables": "2"}})
	}
	for _, w := range kv.Workloads() {
		out = append(out, c{"", w, map[string]string{"record-count": "10", "field-count": "3", "batch-size": "2"}})
	}
	return append(out,
		c{"", tpcc.Workload, map[string]string{"warehouses": "1"}},
		c{"", orderentry.Workload, nil},
		c{"", bookstore.Workload, nil},
		c{"", shop, map[string]string{"customers": "10", "products": "10"}})
}

// TestGolden renders, for each dialect, the SQL of every SQL workload:
// prepare's DDL, stamp and loads, a session's prepared statements (every
// measured statement), for the oltp family three transactions (their
// INSERTs are built per event; BEGIN and COMMIT are protocol calls on
// Oracle and SQL Server), and cleanup. The text is what the server
// receives, placeholders bound. For oltp on SQLite, PostgreSQL and MySQL
// it is what sysbench 1.0.20 sends: the files were written before the
// dialects moved the shared SQL, and stayed the same. Run with -update to
// rewrite them.
func TestGolden(t *testing.T) {
	t.Parallel()
	for _, wc := range cases(t) {
		name := wc.w.Meta().Name + wc.variant
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, dc := range dialects {
				got := render(t, wc.w, wc.opts, dc.d)
				file := filepath.Join("testdata", "golden", name, dc.name+".sql")
				if *update {
					if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(file)
				if err != nil {
					t.Fatalf("%v (run go test -update to write it)", err)
				}
				if got != string(want) {
					t.Errorf("%s: the SQL differs from %s (go test -update rewrites it; review the diff):\n%s", dc.name, file, diff(string(want), got))
				}
			}
		})
	}
}

// render is the SQL of one workload on one dialect, in sections.
func render(t *testing.T, w workload.Workload, opts map[string]string, d *sqldb.Dialect) string {
	t.Helper()
	ctx := context.Background()
	declared := map[string]string{}
	for _, o := range w.Options() {
		if x, ok := opts[o.Name]; ok {
			declared[o.Name] = x
		}
	}
	v, err := workload.ParseValues(w.Options(), declared)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "-- %s on %s: the SQL dbgauge sends (workloads/internal/sqlgolden).\n", w.Meta().Name, d.Name)
	inst, err := workload.Configure(w, v, workload.Params{Users: 1, Seed: 1})
	if err != nil {
		// A workload that cannot run with these options says so here.
		fmt.Fprintf(&b, "\n-- configure: %v\n", err)
		return b.String()
	}
	rec, conn := Open(d)
	section := func(title string, f func() error) bool {
		rec.Statements, rec.seen = nil, map[string]bool{}
		err := f()
		fmt.Fprintf(&b, "\n-- %s\n", title)
		for _, s := range rec.Statements {
			b.WriteString(s)
			if !strings.HasPrefix(s, "--") && !strings.HasSuffix(s, ";") {
				b.WriteString(";")
			}
			b.WriteString("\n")
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s on %s: an empty statement in %s", w.Meta().Name, d.Name, title)
			}
		}
		if err != nil {
			var u *db.UnsupportedError
			fmt.Fprintf(&b, "-- %s fails: %v\n", title, err)
			if !errors.As(err, &u) {
				t.Errorf("%s on %s: %s: %v", w.Meta().Name, d.Name, title, err)
			}
			return false
		}
		return true
	}
	if _, ok := conn.(sqldb.Transactor); ok {
		b.WriteString("-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and\n-- ROLLBACK are protocol calls, not statements.\n")
	}
	ds := inst.Dataset()
	ok := section("prepare", func() error {
		return ds.Prepare(ctx, workload.PrepareEnv{Conn: conn, Driver: d.Name, Parallel: 1, Seed: 1,
			Open: func(context.Context) (db.Conn, error) { return conn, nil }})
	})
	if !ok {
		return b.String()
	}
	opened := section("session: the measured statements", func() error {
		s, err := inst.Open(ctx, workload.SessionEnv{Conn: conn, Driver: d.Name})
		if err != nil {
			return err
		}
		return s.Close(ctx)
	})
	if w.Meta().Family == "oltp" && opened {
		rec.Answer = [][]string{{"0"}}
		section("statements built while running: three transactions", func() error {
			return run(ctx, inst, conn, d.Name, 3)
		})
		rec.Answer = nil
	}
	rec.Exists = true
	section("cleanup", func() error {
		st := sqlstore.New(rec)
		if _, err := st.Drop(ctx, ds.Objects()); err != nil {
			return err
		}
		_, err := st.DeleteStamp(ctx, ds.Name())
		return err
	})
	return b.String()
}

// run runs n transactions of one user on conn, as the runner would, for
// the oltp family, whose oltp_insert and bulk_insert build their INSERTs
// per event and whose transactions need no row back.
func run(ctx context.Context, inst workload.Instance, conn db.Conn, driver string, n int) error {
	s, err := inst.Open(ctx, workload.SessionEnv{Conn: conn, Driver: driver})
	if err != nil {
		return err
	}
	defer s.Close(ctx)
	u, err := inst.NewUser(ctx, workload.UserEnv{Rand: randgen.New(1, 2), Users: 1, Session: s})
	if err != nil {
		return err
	}
	tx := wltest.NewTx(s)
	for range n {
		u.Next()
		if err := u.Run(ctx, tx); err != nil {
			return err
		}
	}
	if f, ok := u.(workload.Finisher); ok {
		return f.Finish(ctx, tx)
	}
	return nil
}

// diff shows the first lines that differ.
func diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	n := 0
	for i := 0; i < max(len(w), len(g)) && n < 10; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n  want %s\n  got  %s\n", i+1, wl, gl)
			n++
		}
	}
	return b.String()
}
