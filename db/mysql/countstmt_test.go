package mysql

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/sockconn"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// rowsDatabase is this package's own database on the test server: the
// bench database is shared by every test package running at once.
const rowsDatabase = "dbgauge_rows"

// ownConn opens a connection to rowsDatabase, creating it, and closes it
// at the end of tb.
func ownConn(tb testing.TB) *Conn {
	tb.Helper()
	target := dbtest.ServerURL(tb, "DBGAUGE_TEST_MYSQL")
	ctx := context.Background()
	c, err := Driver{}.Open(ctx, target)
	if err != nil {
		tb.Fatal(err)
	}
	_, err = c.(*Conn).Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+rowsDatabase)
	c.Close()
	if err != nil {
		tb.Fatal(err)
	}
	u := *target.URL
	u.Path = "/" + rowsDatabase
	own, err := db.ParseURL(u.String())
	if err != nil {
		tb.Fatal(err)
	}
	oc, err := Driver{}.Open(ctx, own)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { oc.Close() })
	return oc.(*Conn)
}

// rowsTable creates table name in c's database with n rows: NULLs in every
// nullable column on a pattern, every binary-protocol type, and a string of
// up to 70 KB in one row of ten, so that rows cross the reader's buffer.
func rowsTable(tb testing.TB, c *Conn, name string, n int) {
	tb.Helper()
	ctx := context.Background()
	for _, q := range []string{
		"DROP TABLE IF EXISTS " + name,
		"CREATE TABLE " + name + ` (id INT NOT NULL PRIMARY KEY, k INT NULL, c CHAR(120) NOT NULL, pad CHAR(60) NULL,
			v MEDIUMTEXT NULL, b MEDIUMBLOB NULL, f DOUBLE NULL, fl FLOAT NULL, d DATETIME(6) NULL, dt DATE NULL, tm TIME(3) NULL,
			ts TIMESTAMP NULL, dc DECIMAL(12,2) NULL, e ENUM('x','y') NULL, bt BIT(5) NULL, y YEAR NULL, s SMALLINT NULL,
			ti TINYINT NULL, m MEDIUMINT NULL, bi BIGINT UNSIGNED NULL, j JSON NULL)`,
		"INSERT INTO " + name + ` SELECT seq, IF(seq % 7 = 0, NULL, seq % 100), CONCAT(seq, '-', REPEAT('c', 100)),
			IF(seq % 3 = 0, NULL, REPEAT('p', 60)),
			IF(seq % 10 = 0, REPEAT(CHAR(65 + seq % 26), (seq * 7919) % 70000), IF(seq % 5 = 0, NULL, REPEAT('v', seq % 300))),
			IF(seq % 11 = 0, NULL, UNHEX(REPEAT('00FF', seq % 50))), IF(seq % 13 = 0, NULL, seq / 3), seq / 7,
			IF(seq % 2 = 0, NULL, '2026-11-27 01:02:03.456789' + INTERVAL seq SECOND), '2026-11-27' + INTERVAL seq DAY,
			IF(seq % 4 = 0, '00:00:00', SEC_TO_TIME(seq)), IF(seq % 6 = 0, NULL, '2026-01-01 00:00:00'), seq * 1.25,
			IF(seq % 2 = 0, 'x', NULL), seq % 32, 2000 + seq % 100, seq % 30000, seq % 100, seq, seq * 1000000000,
			IF(seq % 9 = 0, NULL, JSON_OBJECT('id', seq))
			FROM seq_1_to_` + strconv.Itoa(n),
	} {
		if _, err := c.Exec(ctx, q); err != nil {
			tb.Fatalf("%.60s: %v", q, err)
		}
	}
	tb.Cleanup(func() { c.Exec(context.Background(), "DROP TABLE IF EXISTS "+name) })
}

// prepareCounted prepares q on c as a counted statement.
func prepareCounted(tb testing.TB, c *Conn, q string) *countStmt {
	tb.Helper()
	st, err := c.Prepare(context.Background(), q)
	if err != nil {
		tb.Fatalf("prepare %s: %v", q, err)
	}
	tb.Cleanup(func() { st.Close() })
	cs, ok := st.(*countStmt)
	if !ok {
		tb.Fatalf("prepare %s: a %T, not a counted statement", q, st)
	}
	return cs
}

// sessionCounter is the server's counter name (Com_stmt_execute) of c's
// session.
func sessionCounter(t *testing.T, c *Conn, name string) int {
	t.Helper()
	rows, err := c.QueryStrings(context.Background(), "SHOW SESSION STATUS LIKE '"+name+"'")
	if err != nil || len(rows) != 1 {
		t.Fatalf("%s: %v %v", name, rows, err)
	}
	n, err := strconv.Atoi(rows[0][1])
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// meteredConn is a connection whose reads are counted and, if trickle,
// cut into pieces of 1 to 7 bytes, so that every packet header and row
// crosses a read.
type meteredConn struct {
	net.Conn
	trickle bool
	read    int
	i       int
}

func (m *meteredConn) Read(b []byte) (int, error) {
	if m.trickle {
		m.i++
		b = b[:min(len(b), 1+m.i%7)]
	}
	n, err := m.Conn.Read(b)
	m.read += n
	return n, err
}

// meter routes c's counted replies through a meteredConn, with a buffer of
// size bytes.
func meter(c *Conn, trickle bool, size int) *meteredConn {
	m := &meteredConn{Conn: c.wire.Conn, trickle: trickle}
	c.reply.conn, c.reply.buf = m, make([]byte, size)
	return m
}

// TestCountedRows: a counted query counts what the driver's decoding path
// reads, over every column type, NULLs, strings longer than the reader's
// buffer, empty results, statements without a result set, arguments of
// every type sent, and rows longer than a packet; and the server executes
// the statement once per query either way, and prepares it once.
func TestCountedRows(t *testing.T) {
	c := ownConn(t)
	rowsTable(t, c, "rows_all", 3000)
	t.Logf("server %s, framing %+v", c.version, c.framing)
	ctx := context.Background()
	cases := []struct {
		name, query string
		args        []any
		want        int
		big         bool // rows of 16 MB: not read in pieces of a few bytes
	}{
		{"every column", "SELECT * FROM rows_all WHERE id BETWEEN ? AND ?", []any{1, 3000}, 3000, false},
		{"sysbench range", "SELECT c FROM rows_all WHERE id BETWEEN ? AND ?", []any{int64(100), int64(199)}, 100, false},
		{"empty", "SELECT * FROM rows_all WHERE id BETWEEN ? AND ?", []any{10, 5}, 0, false},
		{"NULL argument", "SELECT id, k FROM rows_all WHERE k <=> ?", []any{nil}, 428, false},
		{"string argument", "SELECT id, v FROM rows_all WHERE c LIKE ?", []any{"12%"}, 1 + 10 + 100, false},
		{"bytes argument", "SELECT id FROM rows_all WHERE c LIKE ?", []any{[]byte("7-%")}, 1, false},
		{"nil bytes argument", "SELECT id FROM rows_all WHERE c <=> ?", []any{[]byte(nil)}, 0, false},
		{"typed arguments", "SELECT id, f, bt FROM rows_all WHERE id > ? AND id <= ? AND f < ? AND ? AND bi >= ? AND s > ? AND fl < ?",
			[]any{int32(5), uint32(2000), 1e9, true, uint64(7), -1, 1000.0}, 1995 - 2000/13, false},
		{"long strings only", "SELECT v FROM rows_all WHERE id % 10 = 0 AND id <= ?", []any{int64(3000)}, 300, false},
		{"no result set", "UPDATE rows_all SET k = k WHERE id = ?", []any{-1}, 0, false},
		{"row of two packets", "SELECT REPEAT('m', ?) FROM rows_all WHERE id <= 2", []any{maxPayload}, 2, true},
		{"row of exactly one full packet", "SELECT REPEAT('m', ?) FROM rows_all WHERE id <= 2", []any{maxPayload - 6}, 2, true},
		{"rows around a packet", "SELECT id, REPEAT('m', ?), c FROM rows_all WHERE id <= 3", []any{maxPayload - 200}, 3, true},
	}
	for _, trickle := range []bool{false, true} {
		t.Run(fmt.Sprintf("trickle=%v", trickle), func(t *testing.T) {
			before, prepared := sessionCounter(t, c, "Com_stmt_execute"), sessionCounter(t, c, "Com_stmt_prepare")
			queries, statements := 0, 0
			for _, tc := range cases {
				if trickle && tc.big {
					continue
				}
				st := prepareCounted(t, c, tc.query)
				statements++
				size := replyBuffer
				if trickle {
					size = 32 // grown for whole packets, refilled for skipped ones
				}
				m := meter(c, trickle, size)
				n, err := st.Query(ctx, tc.args...)
				if err != nil {
					t.Fatalf("%s: counted: %v", tc.name, err)
				}
				if m.read == 0 {
					t.Fatalf("%s: the counted query read nothing itself: the driver ran it", tc.name)
				}
				decoded, err := st.DriverStmt.Query(ctx, tc.args...)
				if err != nil {
					t.Fatalf("%s: decoded: %v", tc.name, err)
				}
				queries += 2
				if n != decoded || n != tc.want {
					t.Errorf("%s: counted %d rows, the decoding path %d, want %d", tc.name, n, decoded, tc.want)
				}
			}
			if got := sessionCounter(t, c, "Com_stmt_execute") - before; got != queries {
				t.Errorf("the server executed %d statements for %d queries", got, queries)
			}
			if got := sessionCounter(t, c, "Com_stmt_prepare") - prepared; got != statements {
				t.Errorf("the server prepared %d statements for %d", got, statements)
			}
		})
	}
}

// TestCountedNewColumns: after DDL changed a statement's result columns,
// the counted reply that brings the new definitions leaves a statement
// that decodes with them, at the cost of one more prepare.
func TestCountedNewColumns(t *testing.T) {
	c := ownConn(t)
	ctx := context.Background()
	for _, q := range []string{
		"DROP TABLE IF EXISTS rows_ddl",
		"CREATE TABLE rows_ddl (id INT PRIMARY KEY, a INT)",
		"INSERT INTO rows_ddl VALUES (1, 10), (2, 20)",
	} {
		if _, err := c.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { c.Exec(context.Background(), "DROP TABLE IF EXISTS rows_ddl") })
	st := prepareCounted(t, c, "SELECT * FROM rows_ddl WHERE id > ?")
	var id, a int64
	if n, err := st.QueryRow(ctx, []any{&id, &a}, 0); n != 2 || err != nil || id != 1 || a != 10 {
		t.Fatalf("before: %d rows, %v, (%d, %d)", n, err, id, a)
	}
	if n, err := st.Query(ctx, 0); n != 2 || err != nil {
		t.Fatalf("counted before: %d rows, %v", n, err)
	}
	if _, err := c.Exec(ctx, "ALTER TABLE rows_ddl ADD COLUMN s VARCHAR(10) NOT NULL DEFAULT 'new' FIRST"); err != nil {
		t.Fatal(err)
	}
	prepared, reprepared := sessionCounter(t, c, "Com_stmt_prepare"), sessionCounter(t, c, "Com_stmt_reprepare")
	if n, err := st.Query(ctx, 0); n != 2 || err != nil {
		t.Fatalf("counted after: %d rows, %v", n, err)
	}
	var s string
	if n, err := st.QueryRow(ctx, []any{&s, &id, &a}, 0); n != 2 || err != nil || s != "new" || id != 1 || a != 10 {
		t.Errorf("after: %d rows, %v, (%q, %d, %d); want 2 rows, (new, 1, 10)", n, err, s, id, a)
	}
	// The server's own re-prepare after DDL counts as a prepare too.
	got := sessionCounter(t, c, "Com_stmt_prepare") - prepared - (sessionCounter(t, c, "Com_stmt_reprepare") - reprepared)
	if c.framing.cacheMetadata && got != 1 {
		t.Errorf("%d prepares after the DDL besides the server's, want 1", got)
	}
	if n, err := st.Query(ctx, 0); n != 2 || err != nil {
		t.Errorf("counted on the new statement: %d rows, %v", n, err)
	}
}

// TestCountedFallsBack: what the counted path does not send (a type it
// does not encode, a cancellable context) runs through the driver, with
// the same count.
func TestCountedFallsBack(t *testing.T) {
	c := ownConn(t)
	rowsTable(t, c, "rows_back", 50)
	st := prepareCounted(t, c, "SELECT d FROM rows_back WHERE d IS NULL OR d > ?")
	m := meter(c, false, replyBuffer)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, call := range []struct {
		ctx context.Context
		arg any
	}{
		{context.Background(), time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)},
		{ctx, "2000-01-01"},
	} {
		n, err := st.Query(call.ctx, call.arg)
		if err != nil || n != 50 {
			t.Errorf("%T: %d rows, %v; want 50", call.arg, n, err)
		}
	}
	if m.read != 0 {
		t.Errorf("the counted path read %d bytes; the driver's should have run", m.read)
	}
	if n, err := st.Query(context.Background(), "2000-01-01"); err != nil || n != 50 || m.read == 0 {
		t.Errorf("counted: %d rows, %v, %d bytes read by the counted path", n, err, m.read)
	}
}

// TestCountedErrorMidResult: a server error after rows were sent gives the
// driver's error and count, and leaves the connection in step for both
// paths.
func TestCountedErrorMidResult(t *testing.T) {
	c := ownConn(t)
	rowsTable(t, c, "rows_err", 3000)
	ctx := context.Background()
	// EXP(1000) overflows a DOUBLE: error 1690 at row 2500, after 2499
	// rows of 150 bytes, more than the server's network buffer holds.
	st := prepareCounted(t, c, "SELECT id, c, EXP(IF(id >= ?, 1000, 0)) FROM rows_err ORDER BY id")
	after := prepareCounted(t, c, "SELECT c FROM rows_err WHERE id BETWEEN ? AND ?")
	var counts [2]int
	for i, query := range []func(context.Context, ...any) (int, error){st.Query, st.DriverStmt.Query} {
		n, err := query(ctx, 2500)
		var e *db.Error
		if !errors.As(err, &e) || e.Code != "1690" {
			t.Fatalf("path %d: %d rows, error %v; want error 1690", i, n, err)
		}
		counts[i] = n
		if n, err := after.Query(ctx, 1, 100); n != 100 || err != nil {
			t.Fatalf("path %d: the next counted query: %d rows, %v", i, n, err)
		}
		if n, err := after.DriverStmt.Query(ctx, 1, 100); n != 100 || err != nil {
			t.Fatalf("path %d: the next decoded query: %d rows, %v", i, n, err)
		}
	}
	t.Logf("rows before the error: counted %d, decoded %d", counts[0], counts[1])
	if counts[0] != counts[1] || counts[0] == 0 {
		t.Errorf("rows before the error: counted %d, decoded %d", counts[0], counts[1])
	}
}

// killDuringSleep runs query on c through path and, once the server sleeps
// in it, kills the query (or the connection) from another connection.
func killDuringSleep(t *testing.T, c *Conn, path func(context.Context, ...any) (int, error), what string) (int, error) {
	t.Helper()
	ctx := context.Background()
	ids, err := c.QueryStrings(ctx, "SELECT CONNECTION_ID()")
	if err != nil {
		t.Fatal(err)
	}
	killer := ownConn(t)
	var wg sync.WaitGroup
	defer wg.Wait()
	wg.Go(func() {
		for range 500 {
			rows, err := killer.QueryStrings(ctx, "SELECT 1 FROM information_schema.PROCESSLIST WHERE ID = ? AND STATE = 'User sleep'", ids[0][0])
			if err == nil && len(rows) > 0 {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if _, err := killer.Exec(ctx, "KILL "+what+" "+ids[0][0]); err != nil {
			t.Error(err)
		}
	})
	return path(ctx, 2000)
}

// TestCountedKilledMidFetch: a query killed while its rows are read ends
// with the server's error and the driver's count, and the connection goes
// on; a killed connection is a lost connection, on both paths.
func TestCountedKilledMidFetch(t *testing.T) {
	const q = "SELECT id, c, SLEEP(IF(id = ?, 5, 0)) FROM rows_kill ORDER BY id"
	c := ownConn(t)
	rowsTable(t, c, "rows_kill", 3000)
	st := prepareCounted(t, c, q)
	var counts [2]int
	for i, path := range []func(context.Context, ...any) (int, error){st.Query, st.DriverStmt.Query} {
		start := time.Now()
		n, err := killDuringSleep(t, c, path, "QUERY")
		var e *db.Error
		if !errors.As(err, &e) || e.Code != "1317" || time.Since(start) > 4*time.Second {
			t.Fatalf("path %d: %d rows, %v after %v; want error 1317 (query interrupted) at once", i, n, err, time.Since(start))
		}
		counts[i] = n
		if n, err := st.Query(context.Background(), 0); n != 3000 || err != nil {
			t.Fatalf("path %d: then %d rows, %v", i, n, err)
		}
	}
	t.Logf("rows before the kill: counted %d, decoded %d", counts[0], counts[1])
	if counts[0] != counts[1] {
		t.Errorf("rows before the kill: counted %d, decoded %d", counts[0], counts[1])
	}

	for i := range 2 {
		k := ownConn(t)
		st := prepareCounted(t, k, q)
		path := st.Query
		if i == 1 {
			path = st.DriverStmt.Query
		}
		_, err := killDuringSleep(t, k, path, "CONNECTION")
		var e *db.Error
		if !errors.As(err, &e) || e.Class != db.ConnectionLost {
			t.Errorf("path %d: killed connection: %v, want a lost connection", i, err)
		}
		if _, err := st.Query(context.Background(), 0); err == nil {
			t.Errorf("path %d: a query ran on a killed connection", i)
		}
	}
}

// TestCountedInterrupt: Interrupt ends a counted query blocked on the
// server, and the connection is unusable after.
func TestCountedInterrupt(t *testing.T) {
	c := ownConn(t)
	st := prepareCounted(t, c, "SELECT SLEEP(?)")
	go func() {
		time.Sleep(300 * time.Millisecond)
		c.Interrupt()
	}()
	start := time.Now()
	_, err := st.Query(context.Background(), 10)
	var e *db.Error
	if !errors.As(err, &e) || e.Class != db.ConnectionLost || time.Since(start) > 5*time.Second {
		t.Fatalf("%v after %v; want a lost connection at once", err, time.Since(start))
	}
	if _, err := st.DriverStmt.Query(context.Background(), 0); err == nil {
		t.Errorf("the driver ran a query after the interrupt")
	}
}

// decodingConn is a Conn whose statements are the driver's: every Query
// decodes its rows, as all did before counted queries.
type decodingConn struct{ *Conn }

func (d decodingConn) Prepare(ctx context.Context, q string) (sqldb.Stmt, error) {
	st, err := d.Conn.Prepare(ctx, q)
	if cs, ok := st.(*countStmt); ok {
		return cs.DriverStmt, err
	}
	return st, err
}

// BenchmarkRangeRows: oltp_read_only's statements on a table of sbtest's
// shape, each counted and decoded (go test -bench RangeRows -benchmem -run
// ^$): allocations per query, which counting no longer makes grow with the
// rows.
func BenchmarkRangeRows(b *testing.B) {
	c := ownConn(b)
	ctx := context.Background()
	for _, q := range []string{
		"DROP TABLE IF EXISTS rows_sbtest",
		"CREATE TABLE rows_sbtest (id INT NOT NULL PRIMARY KEY, k INT NOT NULL DEFAULT 0, c CHAR(120) NOT NULL DEFAULT '', pad CHAR(60) NOT NULL DEFAULT '', KEY (k))",
		"INSERT INTO rows_sbtest SELECT seq, seq % 500, CONCAT(REPEAT(CONCAT(LPAD(seq, 11, '0'), '-'), 9), LPAD(seq, 11, '0')), CONCAT(REPEAT(CONCAT(LPAD(seq, 11, '0'), '-'), 4), LPAD(seq, 11, '0')) FROM seq_1_to_1000",
	} {
		if _, err := c.Exec(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
	b.Cleanup(func() { c.Exec(context.Background(), "DROP TABLE IF EXISTS rows_sbtest") })
	for _, s := range []struct {
		name, query string
		args        []any
	}{
		{"point", "SELECT c FROM rows_sbtest WHERE id = ?", []any{int64(500)}},
		{"simple_range", "SELECT c FROM rows_sbtest WHERE id BETWEEN ? AND ?", []any{int64(400), int64(499)}},
		{"sum_range", "SELECT SUM(k) FROM rows_sbtest WHERE id BETWEEN ? AND ?", []any{int64(400), int64(499)}},
		{"order_range", "SELECT c FROM rows_sbtest WHERE id BETWEEN ? AND ? ORDER BY c", []any{int64(400), int64(499)}},
		{"distinct_range", "SELECT DISTINCT c FROM rows_sbtest WHERE id BETWEEN ? AND ? ORDER BY c", []any{int64(400), int64(499)}},
	} {
		st := prepareCounted(b, c, s.query)
		for _, path := range []struct {
			name  string
			query func(context.Context, ...any) (int, error)
		}{{"counted", st.Query}, {"decoded", st.DriverStmt.Query}} {
			b.Run(s.name+"/"+path.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := path.query(ctx, s.args...); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestCountedNetpoll: counted queries on Go's own non-blocking connections
// (sockconn.SetBlocking(false), the runner's choice for many connections).
func TestCountedNetpoll(t *testing.T) {
	defer sockconn.SetBlocking(sockconn.SetBlocking(false))
	c := ownConn(t)
	if _, ok := c.wire.Conn.(*sockconn.Conn); ok {
		t.Fatal("a blocking socket after SetBlocking(false)")
	}
	rowsTable(t, c, "rows_netpoll", 300)
	st := prepareCounted(t, c, "SELECT * FROM rows_netpoll WHERE id > ?")
	m := meter(c, false, replyBuffer)
	if n, err := st.Query(context.Background(), 0); n != 300 || err != nil || m.read == 0 {
		t.Errorf("%d rows, %v, %d bytes read by the counted path; want 300 rows", n, err, m.read)
	}
}
