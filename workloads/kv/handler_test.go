package kv

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/mysql"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workload/wltest"
)

// handlerDB is the tests' own database on the MariaDB server: the bench
// database may hold another test's usertable.
const handlerDB = "dbgauge_kv_handler"

// configure returns w's instance with opts (defaults elsewhere).
func configure(t *testing.T, w workload.Workload, opts map[string]string) workload.Instance {
	t.Helper()
	v, err := workload.ParseValues(w.Options(), opts)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := workload.Configure(w, v, workload.Params{Users: 1, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// TestHandlerNeedsMySQL: --mysql-access handler on SQLite is refused at the
// first look at the data (before prepare loads anything) and by the store,
// as a workload that cannot run there; without it SQLite is fine.
func TestHandlerNeedsMySQL(t *testing.T) {
	t.Parallel()
	inst, conn := setup(t, Workloads()[7], map[string]string{"record-count": "10"}) // kv_get, SQL path
	h := configure(t, Workloads()[7], map[string]string{"record-count": "10", "mysql-access": "handler"})
	var ue *db.UnsupportedError
	if _, err := h.Dataset().Check(context.Background(), conn); !errors.As(err, &ue) {
		t.Errorf("Check on SQLite with --mysql-access handler: %v, want an UnsupportedError", err)
	}
	if _, err := h.Open(context.Background(), workload.SessionEnv{Conn: conn, Driver: "sqlite"}); !errors.As(err, &ue) {
		t.Errorf("Open on SQLite with --mysql-access handler: %v, want an UnsupportedError", err)
	}
	if _, err := inst.Dataset().Check(context.Background(), conn); err != nil {
		t.Errorf("the SQL path on SQLite: %v", err)
	}
	if _, ok := h.Dataset().(workload.Exporter); !ok {
		t.Error("the handler dataset lost prepare --output")
	}
}

// TestHandlerOpNames: the handler's reads and scans are operations of
// their own name; writes keep the SQL names.
func TestHandlerOpNames(t *testing.T) {
	t.Parallel()
	name := func(inst workload.Instance, op workload.OpID) string { return inst.Ops()[op].Name }
	sql := configure(t, Workloads()[4], nil) // kv_e
	h := configure(t, Workloads()[4], map[string]string{"mysql-access": "handler"})
	for op, want := range map[workload.OpID][2]string{opRead: {"read", "read (handler)"}, opScan: {"scan", "scan (handler)"},
		opUpdate: {"update", "update"}, opInsert: {"insert", "insert"}} {
		if got := [2]string{name(sql, op), name(h, op)}; got != want {
			t.Errorf("op %d: %q and %q, want %q and %q", op, got[0], got[1], want[0], want[1])
		}
	}
}

// mariaDB prepares w's data in the tests' own database on the MariaDB
// server and returns the instance and a connection; the data is cleaned
// up at the end.
func mariaDB(t *testing.T, w workload.Workload, opts map[string]string) (workload.Instance, db.Conn) {
	inst, conn, _ := mariaDBAt(t, "DBGAUGE_TEST_MYSQL", handlerDB, w, opts)
	return inst, conn
}

// mariaDBAt is mariaDB on the server in the environment variable env, in
// database dbname; it also returns the database's URL.
func mariaDBAt(t *testing.T, env, dbname string, w workload.Workload, opts map[string]string) (workload.Instance, db.Conn, *db.Target) {
	t.Helper()
	ctx := context.Background()
	base := dbtest.ServerURL(t, env)
	admin := dbtest.Open(t, mysql.Driver{}, base)
	if _, err := admin.(sqldb.Conn).Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+dbname); err != nil {
		t.Fatal(err)
	}
	u := *base.URL
	u.Path = "/" + dbname
	target, err := db.ParseURL(u.String())
	if err != nil {
		t.Fatal(err)
	}
	open := func(ctx context.Context) (db.Conn, error) { return mysql.Driver{}.Open(ctx, target) }
	conn := dbtest.Open(t, mysql.Driver{}, target)
	inst := configure(t, w, opts)
	ds := inst.Dataset()
	if _, err := ds.Cleanup(ctx, conn); err != nil {
		t.Fatal(err)
	}
	if err := ds.Prepare(ctx, workload.PrepareEnv{Conn: conn, Open: open, Driver: "mysql", Parallel: 2, Seed: 3, Force: true}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ds.Cleanup(context.Background(), conn) })
	return inst, conn, target
}

// fetch reads record key's fields through the handler's get.
func fetch(t *testing.T, s *handlerStore, c *config, key string) []string {
	t.Helper()
	row := make([]string, c.fields+1)
	dest := make([]any, len(row))
	for i := range row {
		dest[i] = &row[i]
	}
	n, err := s.hget.(sqldb.RowReader).QueryRow(context.Background(), dest, key)
	if err != nil || n != 1 {
		t.Fatalf("HANDLER READ of %s: %d rows, %v", key, n, err)
	}
	if row[0] != key {
		t.Fatalf("HANDLER READ of %s read %s", key, row[0])
	}
	return row[1:]
}

// TestHandlerReadsWhatWasWritten (MariaDB): HANDLER READ `PRIMARY` finds
// the records prepare loaded and those the run inserts and updates through
// SQL on the same connection, with the values written; a missing key is
// not found; a scan reads the keys SQL's ORDER BY ... LIMIT reads, in that
// order; and a run of kv_f through the handler store reads every record it
// looks for.
func TestHandlerReadsWhatWasWritten(t *testing.T) {
	ctx := context.Background()
	opts := map[string]string{"record-count": "300", "field-count": "4", "field-length": "16", "mysql-access": "handler"}
	inst, conn := mariaDB(t, Workloads()[5], opts) // kv_f
	c := inst.(*instance).c
	st, err := openStore(ctx, conn, c)
	if err != nil {
		t.Fatal(err)
	}
	hs := st.(*handlerStore)
	for _, n := range []int64{0, 1, 150, 299} {
		if got, want := fetch(t, hs, c, keyName(n)), values(3, c, n); !slices.Equal(got, want) {
			t.Errorf("record %d: %q, want %q", n, got, want)
		}
	}
	names, vals := []string{keyName(300), keyName(301)}, [][]string{values(3, c, 300), values(3, c, 301)}
	if err := st.insert(ctx, names, vals); err != nil {
		t.Fatal(err)
	}
	if err := st.update(ctx, keyName(7), 2, "updated-value"); err != nil {
		t.Fatal(err)
	}
	for i, key := range names {
		if got := fetch(t, hs, c, key); !slices.Equal(got, vals[i]) {
			t.Errorf("inserted %s: %q, want %q", key, got, vals[i])
		}
	}
	if got := fetch(t, hs, c, keyName(7)); got[2] != "updated-value" {
		t.Errorf("updated field: %q", got[2])
	}
	if found, err := st.read(ctx, "user-missing"); found || err != nil {
		t.Errorf("missing key: found %v, %v", found, err)
	}

	from := keyName(42)
	want, err := conn.(sqldb.Conn).QueryStrings(ctx, "SELECT ycsb_key FROM "+table+" WHERE ycsb_key >= ? ORDER BY ycsb_key LIMIT 10", from)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	row := make([]string, c.fields+1)
	dest := make([]any, len(row))
	for i := range row {
		dest[i] = &row[i]
	}
	n, err := hs.hscan.(sqldb.RowsReader).QueryRows(ctx, dest, func(int) error { got = append(got, row[0]); return nil }, from, 10)
	if err != nil || n != 10 || len(want) != 10 {
		t.Fatalf("scan: %d rows (%v), SQL %d", n, err, len(want))
	}
	for i := range want {
		if got[i] != want[i][0] {
			t.Errorf("scan row %d: %s, SQL reads %s", i, got[i], want[i][0])
		}
	}

	st.close() // the run opens the handler again on the same connection
	m := wltest.Run(t, inst, conn, wltest.Options{Driver: "mysql", Seed: 9}, 500)
	if reads := m.Types[txRead] + m.Types[txRMW]; m.OK[opRead] != reads || m.Failed[opRead] != 0 {
		t.Errorf("%d reads found and %d failed for %d reads", m.OK[opRead], m.Failed[opRead], reads)
	}
}
