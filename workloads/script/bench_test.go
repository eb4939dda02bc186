package script

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/postgres"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/testenv"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workload/wltest"
)

// BenchmarkPointSelectEvent is one event of oltp_point_select.lua on
// SQLite: the Lua and module cost per statement, plus SQLite's.
func BenchmarkPointSelectEvent(b *testing.B) {
	benchBundled(b, "oltp_point_select.lua", "1000")
}

// BenchmarkReadWriteEvent is one event of oltp_read_write.lua on SQLite
// (20 prepared statements): what the Lua side costs per transaction in
// allocations, beside SQLite's own work.
func BenchmarkReadWriteEvent(b *testing.B) {
	benchBundled(b, "oltp_read_write.lua", "10000")
}

// benchBundled runs events of one of sysbench's scripts on SQLite, its
// tables of tableSize rows prepared first.
func benchBundled(b *testing.B, script, tableSize string) {
	path := filepath.Join(sysbenchDir, script)
	if _, err := os.Stat(path); err != nil {
		testenv.Missing(b, "%s is missing; apt-get install sysbench (scripts/test does)", path)
	}
	inst := configure(b, path, map[string]string{"table-size": tableSize}, 1)
	tg := sqliteTarget(b)
	conn := tg.open(b)
	prepare(b, inst, tg, conn)
	benchEvents(b, inst, conn, "sqlite")
}

// BenchmarkSysbenchTPCCEvent is one event of Percona-Lab's sysbench-tpcc
// (tpcc.lua, one warehouse, one table set) on PostgreSQL, in a database of
// its own (dbgauge_script_tpcc, prepared on first use: minutes): what the
// Lua side costs per transaction of a script built on con:query and
// string.format, beside the server's round trips. sysbench-tpcc is not in
// this repository: DBGAUGE_SYSBENCH_TPCC is the path of a clone.
func BenchmarkSysbenchTPCCEvent(b *testing.B) {
	dir := os.Getenv("DBGAUGE_SYSBENCH_TPCC")
	if dir == "" {
		b.Skip("SKIPPED: DBGAUGE_SYSBENCH_TPCC (a clone of Percona-Lab/sysbench-tpcc) is not set")
	}
	tg := serverDB(b, "DBGAUGE_TEST_POSTGRES", postgres.Driver{}, "dbgauge_script_tpcc")
	inst := configure(b, filepath.Join(dir, "tpcc.lua"), map[string]string{"tables": "1", "scale": "1"}, 1)
	conn := tg.open(b)
	if st, err := inst.Dataset().Check(context.Background(), conn); err != nil || st.Stamp == nil || !st.Stamp.Complete {
		prepare(b, inst, tg, conn)
	}
	benchEvents(b, inst, conn, "postgres")
}

// benchEvents runs the benchmark's events on one user over conn; an
// expected rollback (TPC-C's 1% of New-Orders) is an event like another.
func benchEvents(b *testing.B, inst workload.Instance, conn db.Conn, driver string) {
	ctx := context.Background()
	s, err := inst.Open(ctx, workload.SessionEnv{Conn: conn, Driver: driver})
	if err != nil {
		b.Fatal(err)
	}
	u, err := inst.NewUser(ctx, workload.UserEnv{Rand: randgen.New(1), Users: 1, Session: s})
	if err != nil {
		b.Fatal(err)
	}
	tx := wltest.NewTx(s)
	b.ReportAllocs()
	for b.Loop() {
		if err := u.Run(ctx, tx); err != nil && !errors.Is(err, workload.ErrRollback) {
			b.Fatal(err)
		}
	}
}
