package oltp

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workload/wltest"
)

// openSQLite opens a connection to a fresh database file in dir.
func openSQLite(t *testing.T, path string) func(context.Context) (db.Conn, error) {
	t.Helper()
	target, err := db.ParseURL("sqlite:" + path)
	if err != nil {
		t.Fatal(err)
	}
	return func(ctx context.Context) (db.Conn, error) { return sqlite.Driver{}.Open(ctx, target) }
}

// setup configures w with opts, prepares its dataset and returns the instance
// and a connection.
func setup(t *testing.T, w workload.Workload, opts map[string]string, threads int) (workload.Instance, func(context.Context) (db.Conn, error)) {
	t.Helper()
	ctx := context.Background()
	v, err := workload.ParseValues(w.Options(), opts)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := workload.Configure(w, v, workload.Params{Users: threads, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	open := openSQLite(t, filepath.Join(t.TempDir(), "oltp.sqlite"))
	conn, err := open(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if err := inst.Dataset().Prepare(ctx, workload.PrepareEnv{Conn: conn, Open: open, Driver: "sqlite", Parallel: 2, Seed: 7}); err != nil {
		t.Fatalf("prepare: %v", err)
	}
	return inst, open
}

// TestStatementsPerEvent runs every test of the family on SQLite and checks
// that each event issues exactly the statements its sysbench script issues.
func TestStatementsPerEvent(t *testing.T) {
	const events = 40
	rw := map[workload.OpID]int{opBegin: 1, opPointSelect: 10, opSimpleRange: 1, opSumRange: 1, opOrderRange: 1,
		opDistinctRange: 1, opIndexUpdate: 1, opNonIndexUpdate: 1, opDelete: 1, opInsert: 1, opCommit: 1}
	cases := []struct {
		name string
		w    workload.Workload
		opts map[string]string
		want map[workload.OpID]int // per event
	}{
		{"read_write", ReadWrite, nil, rw},
		{"read_write skip-trx, 3 points, no ranges", ReadWrite, map[string]string{"skip-trx": "on", "point-selects": "3", "range-selects": "off"},
			map[workload.OpID]int{opPointSelect: 3, opIndexUpdate: 1, opNonIndexUpdate: 1, opDelete: 1, opInsert: 1}},
		{"read_write 2 tables, 2 delete-inserts", ReadWrite, map[string]string{"tables": "2", "delete-inserts": "2", "index-updates": "3"},
			map[workload.OpID]int{opBegin: 1, opPointSelect: 10, opSimpleRange: 1, opSumRange: 1, opOrderRange: 1,
				opDistinctRange: 1, opIndexUpdate: 3, opNonIndexUpdate: 1, opDelete: 2, opInsert: 2, opCommit: 1}},
		{"read_only", ReadOnly, nil, map[workload.OpID]int{opBegin: 1, opPointSelect: 10, opSimpleRange: 1, opSumRange: 1,
			opOrderRange: 1, opDistinctRange: 1, opCommit: 1}},
		{"write_only", WriteOnly, nil, map[workload.OpID]int{opBegin: 1, opIndexUpdate: 1, opNonIndexUpdate: 1, opDelete: 1, opInsert: 1, opCommit: 1}},
		{"point_select ignores point-selects", PointSelect, map[string]string{"point-selects": "5"}, map[workload.OpID]int{opPointSelect: 1}},
		{"insert auto-inc", Insert, nil, map[workload.OpID]int{opInsert: 1}},
		{"insert unique ids", Insert, map[string]string{"auto-inc": "off"}, map[workload.OpID]int{opInsert: 1}},
		{"delete", Delete, nil, map[workload.OpID]int{opDelete: 1}},
		{"update_index", UpdateIndex, map[string]string{"index-updates": "2"}, map[workload.OpID]int{opIndexUpdate: 2}},
		{"update_non_index", UpdateNonIndex, nil, map[workload.OpID]int{opNonIndexUpdate: 1}},
		{"select_random_points", SelectRandomPoints, nil, map[workload.OpID]int{opRandomPoints: 1}},
		{"select_random_ranges", SelectRandomRanges, map[string]string{"number-of-ranges": "3"}, map[workload.OpID]int{opRandomRanges: 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			opts := map[string]string{"table-size": "1000"}
			for k, v := range tc.opts {
				opts[k] = v
			}
			inst, open := setup(t, tc.w, opts, 1)
			m := runEvents(t, inst, open, events)
			for op := range numOps {
				if got, want := m.OK[op], tc.want[op]*events; got != want {
					t.Errorf("%s: %d statements in %d events, want %d", ops[op].Name, got, events, want)
				}
				if m.Failed[op] != 0 {
					t.Errorf("%s: %d failed", ops[op].Name, m.Failed[op])
				}
			}
		})
	}
}

func runEvents(t *testing.T, inst workload.Instance, open func(context.Context) (db.Conn, error), events int) *wltest.Tx {
	t.Helper()
	conn, err := open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	return wltest.Run(t, inst, conn, wltest.Options{Driver: "sqlite", Seed: 1}, events)
}

// TestBulkInsertRowsAndStatements checks bulk_insert's accounting: events are
// rows, statements are the INSERTs sent (one at the end for a small run), and
// a second run continues the key space instead of colliding.
func TestBulkInsertRowsAndStatements(t *testing.T) {
	inst, open := setup(t, BulkInsert, nil, 1)
	wantRows := 0
	for run, events := range []int{1000, 2000} {
		wantRows += events
		m := runEvents(t, inst, open, events)
		if m.OK[opBulkInsert] != 1 {
			t.Errorf("run %d: %d INSERT statements, want 1", run, m.OK[opBulkInsert])
		}
		conn, _ := open(context.Background())
		rows, err := conn.(sqldb.Conn).QueryStrings(context.Background(), "SELECT COUNT(*), MAX(id) FROM sbtest1")
		conn.Close()
		if err != nil {
			t.Fatal(err)
		}
		if rows[0][0] != strconv.Itoa(wantRows) || rows[0][1] != strconv.Itoa(wantRows) {
			t.Errorf("run %d: sbtest1 has count, max(id) = %v, want %d", run, rows[0], wantRows)
		}
	}
}

// TestBulkInsertFlushesAt512KiB checks that a long run sends several INSERTs,
// each no longer than sysbench's BULK_PACKET_SIZE.
func TestBulkInsertFlushesAt512KiB(t *testing.T) {
	inst, open := setup(t, BulkInsert, nil, 1)
	const rows = 100000 // "(nnnnn,nnnnn)," is ~14 bytes: about 3 statements
	m := runEvents(t, inst, open, rows)
	if got := m.OK[opBulkInsert]; got < 3 || got > 4 {
		t.Errorf("%d INSERT statements for %d rows, want 3 or 4 at 512 KiB each", got, rows)
	}
}
