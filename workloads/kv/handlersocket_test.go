package kv

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	hs "github.com/dbgauge/dbgauge/db/handlersocket"
	"github.com/dbgauge/dbgauge/db/mysql"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workload/wltest"
)

// hsDB is the HandlerSocket tests' own database on the MariaDB server.
const hsDB = "dbgauge_kv_hs"

// TestHSNeedsMySQL: --mysql-access handlersocket on SQLite is refused at
// the first look at the data and by the store, as a workload that cannot
// run there.
func TestHSNeedsMySQL(t *testing.T) {
	t.Parallel()
	_, conn := setup(t, Workloads()[7], map[string]string{"record-count": "10"}) // kv_get, SQL path
	h := configure(t, Workloads()[7], map[string]string{"record-count": "10", "mysql-access": "handlersocket"})
	var ue *db.UnsupportedError
	if _, err := h.Dataset().Check(context.Background(), conn); !errors.As(err, &ue) || !strings.Contains(ue.Needs, "handlersocket") {
		t.Errorf("Check on SQLite with --mysql-access handlersocket: %v, want an UnsupportedError", err)
	}
	if _, err := h.Open(context.Background(), workload.SessionEnv{Conn: conn, Driver: "sqlite"}); !errors.As(err, &ue) {
		t.Errorf("Open on SQLite with --mysql-access handlersocket: %v, want an UnsupportedError", err)
	}
	if _, ok := h.Dataset().(workload.Exporter); !ok {
		t.Error("the handlersocket dataset lost prepare --output")
	}
}

// TestHSOpNames: every operation through HandlerSocket is named for it.
func TestHSOpNames(t *testing.T) {
	t.Parallel()
	h := configure(t, Workloads()[4], map[string]string{"mysql-access": "handlersocket"}) // kv_e
	for op, want := range map[workload.OpID]string{opRead: "read (handlersocket)", opScan: "scan (handlersocket)",
		opUpdate: "update (handlersocket)", opInsert: "insert (handlersocket)"} {
		if got := h.Ops()[op].Name; got != want {
			t.Errorf("op %d: %q, want %q", op, got, want)
		}
	}
}

// hsFetch reads record key's fields through HandlerSocket's read port.
func hsFetch(t *testing.T, s *hsStore, key string) []string {
	t.Helper()
	s.rd.Find(idxRecord, s.byKey(hs.Eq, key, 1))
	r, err := s.rd.Next(context.Background())
	if err != nil || r.Rows() != 1 || string(r.Value(0, 0)) != key {
		t.Fatalf("HandlerSocket find of %q: %d rows (%v)", key, r.Rows(), err)
	}
	var out []string
	for i := 1; i < r.Columns; i++ {
		out = append(out, string(r.Value(0, i)))
	}
	return out
}

// sqlFetch reads record key's fields through SQL.
func sqlFetch(t *testing.T, conn sqldb.Conn, c *config, key string) []string {
	t.Helper()
	rows, err := conn.QueryStrings(context.Background(), "SELECT "+strings.Join(columns(c)[1:], ", ")+" FROM "+table+" WHERE ycsb_key = ?", key)
	if err != nil || len(rows) != 1 {
		t.Fatalf("SELECT of %q: %v (%v)", key, rows, err)
	}
	return rows[0]
}

// TestHSPathsAgree (MariaDB with the plugin): on one table, the values
// read through SQL, HANDLER and HandlerSocket are the values written
// through any of them: prepare's (SQL), HandlerSocket's inserts and
// updates of values with tabs, newlines, NUL, control bytes and UTF-8,
// SQL's inserts and updates; a scan reads the keys ORDER BY ... LIMIT and
// HANDLER read, in their order; a batched read counts what it found; and
// runs of kv_f and of pipelined kv_get find every record they look for.
func TestHSPathsAgree(t *testing.T) {
	ctx := context.Background()
	opts := map[string]string{"record-count": "300", "field-count": "4", "field-length": "16", "mysql-access": "handlersocket"}
	inst, conn, _ := mariaDBAt(t, "DBGAUGE_TEST_HANDLERSOCKET", hsDB, Workloads()[5], opts) // kv_f
	c := inst.(*instance).c
	if _, err := inst.Dataset().Check(ctx, conn); err != nil {
		t.Fatalf("Check of the prepared data: %v", err)
	}
	sqlConn := conn.(sqldb.Conn)
	// HandlerSocket moves a column's bytes as stored, in the column's
	// character set, where SQL converts them to the connection's
	// (utf8mb4): the paths agree on ASCII in every character set this
	// server defaults to, and on any text in utf8mb4. Before HandlerSocket
	// opens the table: its worker threads keep the tables they opened, and
	// their metadata locks, until they have no connection left.
	if _, err := sqlConn.Exec(ctx, "ALTER TABLE "+table+" CONVERT TO CHARACTER SET utf8mb4"); err != nil {
		t.Fatal(err)
	}
	st, err := openStore(ctx, conn, c)
	if err != nil {
		t.Fatal(err)
	}
	hst := st.(*hsStore)
	hc := *c
	hc.access = accessHandler
	hstore, err := openStore(ctx, conn, &hc)
	if err != nil {
		t.Fatal(err)
	}
	hand := hstore.(*handlerStore)
	defer hand.close()
	agree := func(what, key string, want []string) {
		t.Helper()
		for path, got := range map[string][]string{"SQL": sqlFetch(t, sqlConn, c, key), "HANDLER": fetch(t, hand, c, key), "HandlerSocket": hsFetch(t, hst, key)} {
			if !slices.Equal(got, want) {
				t.Errorf("%s %s through %s: %q, want %q", what, key, path, got, want)
			}
		}
	}
	for _, n := range []int64{0, 1, 150, 299} {
		agree("loaded", keyName(n), values(3, c, n))
	}

	// Bytes that are not UTF-8 become '?' in a utf8mb4 column whatever
	// the path (the plugin stores text as the column's character set
	// takes it): db/handlersocket's tests carry every byte value through
	// BLOB columns.
	awkward := [][]string{{"tab\there", "line\nbreak", "nul\x00byte", "\x01\x0f\x10"}, {"", "\r\n", "é ключ 日本 \U0001F600", "~\x7f"}}
	keys := []string{"user-hs-a", "user-hs-b"}
	if err := hst.insert(ctx, keys, awkward); err != nil {
		t.Fatal(err)
	}
	for i, k := range keys {
		agree("inserted through HandlerSocket", k, awkward[i])
	}
	if err := hst.update(ctx, keyName(7), 2, "updated\tby HandlerSocket\n"); err != nil {
		t.Fatal(err)
	}
	want := values(3, c, 7)
	want[2] = "updated\tby HandlerSocket\n"
	agree("updated through HandlerSocket", keyName(7), want)

	sqlVals := []string{"sql\ttab", "sql\nline", "\x01\x02", "é"}
	sqlSt, err := openSQLStore(ctx, sqlConn, c)
	if err != nil {
		t.Fatal(err)
	}
	defer sqlSt.close()
	if err := sqlSt.insert(ctx, []string{"user-sql-a"}, [][]string{sqlVals}); err != nil {
		t.Fatal(err)
	}
	agree("inserted through SQL", "user-sql-a", sqlVals)
	if err := sqlSt.update(ctx, keyName(9), 0, "sql\tupdate"); err != nil {
		t.Fatal(err)
	}
	want = values(3, c, 9)
	want[0] = "sql\tupdate"
	agree("updated through SQL", keyName(9), want)

	// Scans: the keys ORDER BY reads, HANDLER reads, and HandlerSocket reads.
	from := keyName(42)
	order, err := sqlConn.QueryStrings(ctx, "SELECT ycsb_key FROM "+table+" WHERE ycsb_key >= ? ORDER BY ycsb_key LIMIT 25", from)
	if err != nil || len(order) != 25 {
		t.Fatalf("SQL scan: %d rows (%v)", len(order), err)
	}
	hst.rd.Find(idxRecord, hst.byKey(hs.GE, from, 25))
	r, err := hst.rd.Next(ctx)
	if err != nil || r.Rows() != 25 {
		t.Fatalf("HandlerSocket scan: %v", err)
	}
	row := make([]string, c.fields+1)
	dest := make([]any, len(row))
	for i := range row {
		dest[i] = &row[i]
	}
	var handlerKeys []string
	if _, err := hand.hscan.(sqldb.RowsReader).QueryRows(ctx, dest, func(int) error { handlerKeys = append(handlerKeys, row[0]); return nil }, from, 25); err != nil {
		t.Fatal(err)
	}
	for i := range order {
		if k := string(r.Value(i, 0)); k != order[i][0] || handlerKeys[i] != k {
			t.Errorf("scan row %d: HandlerSocket %s, HANDLER %s, ORDER BY %s", i, k, handlerKeys[i], order[i][0])
		}
	}
	if n, err := hst.scan(ctx, from, 25); n != 25 || err != nil {
		t.Errorf("the store's scan read %d rows (%v)", n, err)
	}

	batch := []string{keyName(1), keyName(2), "user-missing", keyName(1), keys[0]}
	if found, err := hst.readBatch(ctx, batch); found != 4 || err != nil {
		t.Errorf("batched read of 4 present keys and a missing one: found %d (%v)", found, err)
	}

	st.close()
	// The run counts the records and draws numbers below the count.
	if _, err := sqlConn.Exec(ctx, "DELETE FROM "+table+" WHERE ycsb_key IN ('user-hs-a', 'user-hs-b', 'user-sql-a')"); err != nil {
		t.Fatal(err)
	}
	m := wltest.Run(t, inst, conn, wltest.Options{Driver: "mysql", Seed: 9}, 500)
	if reads := m.Types[txRead] + m.Types[txRMW]; m.OK[opRead] != reads || m.Failed[opRead] != 0 || m.OK[opUpdate] != m.Types[txRMW] {
		t.Errorf("kv_f: %d reads found, %d failed, %d updates, for %d reads and %d read-modify-writes",
			m.OK[opRead], m.Failed[opRead], m.OK[opUpdate], reads, m.Types[txRMW])
	}
	get := configure(t, Workloads()[7], map[string]string{"record-count": "300", "field-count": "4", "field-length": "16",
		"mysql-access": "handlersocket", "batch-size": "8"}) // kv_get
	m = wltest.Run(t, get, conn, wltest.Options{Driver: "mysql", Seed: 10}, 200)
	if m.OK[opRead] != 200 || m.Failed[opRead] != 0 {
		t.Errorf("pipelined kv_get: %d reads of 8 records found, %d failed, in 200", m.OK[opRead], m.Failed[opRead])
	}
}

// TestHSTableChecked (MariaDB with the plugin): data prepared for the run
// whose table HandlerSocket cannot use is refused at the first look, as
// input to fix: a column that no longer carries strings, one in a
// character set where text is not its bytes, no PRIMARY index, a view in
// the table's place.
func TestHSTableChecked(t *testing.T) {
	ctx := context.Background()
	opts := map[string]string{"record-count": "20", "field-count": "2", "field-length": "8", "mysql-access": "handlersocket"}
	for _, tc := range []struct {
		name         string
		change, undo []string
		want         string
	}{
		{"int column", []string{"DELETE FROM usertable", "ALTER TABLE usertable MODIFY field1 INT"}, nil, "column field1 is int"},
		{"utf16 column", []string{"DELETE FROM usertable", "ALTER TABLE usertable MODIFY field0 TEXT CHARACTER SET utf16"}, nil, "column field0 is in character set utf16"},
		{"no primary key", []string{"ALTER TABLE usertable DROP PRIMARY KEY"}, nil, "no PRIMARY index"},
		{"view", []string{"RENAME TABLE usertable TO usertable_data", "CREATE VIEW usertable AS SELECT * FROM usertable_data"},
			[]string{"DROP VIEW usertable", "RENAME TABLE usertable_data TO usertable"}, "it is a view"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inst, conn, target := mariaDBAt(t, "DBGAUGE_TEST_HANDLERSOCKET", hsDB, Workloads()[7], opts) // kv_get
			admin, err := mysql.Driver{}.Open(ctx, target)
			if err != nil {
				t.Fatal(err)
			}
			defer admin.Close()
			for _, q := range tc.change {
				if _, err := admin.(sqldb.Conn).Exec(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			defer func() {
				for _, q := range tc.undo {
					admin.(sqldb.Conn).Exec(ctx, q)
				}
			}()
			_, err = inst.Dataset().Check(ctx, conn)
			var ie *workload.InputError
			if !errors.As(err, &ie) || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%v; want one line of bad input saying %q", err, tc.want)
			}
		})
	}
}
