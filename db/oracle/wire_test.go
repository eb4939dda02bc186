package oracle

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// TestWireConversation: login, a prepared query's execute and fetch, a
// duplicate key classified, a rollback and the logoff, all through
// go-ora's wire protocol and dbgauge's Conn.
func TestWireConversation(t *testing.T) {
	t.Parallel()
	d, srv := fakeDriver(t, nil)
	ctx := context.Background()
	c, err := d.Open(ctx, target(t, "oracle://bench:s3cr3t-pw@db.example:1521/XE"))
	if err != nil {
		t.Fatalf("open: %v\nthe server saw:\n%s", err, srv.seen())
	}
	conn := c.(*Conn)

	st, err := conn.Prepare(ctx, "SELECT id, c FROM sbtest1 WHERE id = ?")
	if err != nil {
		t.Fatal(err)
	}
	var id int64
	var text string
	n, err := st.(sqldb.RowReader).QueryRow(ctx, []any{&id, &text}, 7)
	if err != nil || n != 1 || id != 7 || text != "hello" {
		t.Fatalf("query: %d rows (%d, %q), %v\nthe server saw:\n%s", n, id, text, err, srv.seen())
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	var tx sqldb.Transactor = conn
	if err := tx.BeginTx(ctx, false); err != nil {
		t.Fatal(err)
	}
	_, err = conn.Exec(ctx, "INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?)", 7, 1, "c", "pad")
	var e *db.Error
	if db.ClassOf(err) != db.DuplicateKey || !errors.As(err, &e) || e.Code != "ORA-00001" {
		t.Fatalf("duplicate insert: %v (class %v), want duplicate_key ORA-00001", err, db.ClassOf(err))
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}

	if err := tx.BeginTx(ctx, true); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}

	if v, err := conn.ServerVersion(ctx); err != nil || !strings.HasPrefix(v, "Oracle Database 19c") {
		t.Fatalf("server version %q, %v", v, err)
	}
	stats, err := conn.ServerStats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprintf("%v %v %v %s", stats.Counters, stats.Gauges, stats.Settings, stats.DataDir),
		"map[redo size:4096 user commits:120 wait Commit time_us:125000 wait Commit waits:40 wait User I/O time_us:800 wait User I/O waits:9] "+
			"map[logons current:7] map[commit_wait: sga_target:1073741824] /u01/oradata/XE"; got != want {
		t.Fatalf("server statistics\n got %s\nwant %s", got, want)
	}

	rows := make([]sqldb.Row, 2500)
	for i := range rows {
		rows[i] = sqldb.Row{i, fmt.Sprintf("row-%04d", i)}
	}
	if err := sqldb.InsertRows(ctx, conn, "bulk_t", []string{"id", "name"}, rows); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}

	t.Logf("the server saw:\n%s", srv.seen())
	want := []string{"dial tcp db.example:1521", "connect (DESCRIPTION=", "(SERVICE_NAME=XE)", "protocol", "data types",
		"login 1 bench", "login 2 bench password true", "version", "execute select",
		"execute insert", "rollback", "execute set transaction read only", "commit",
		"execute version", "execute sysstat", "execute system_event", "execute parameter", "execute datafile",
		"execute bulk insert 1000 rows", "re-execute cursor 2, 1000 rows (1000 sent)",
		"re-execute cursor 2, 500 rows (500 sent)", "call 1169", "logoff"}
	log, at := srv.seen(), 0
	for _, w := range want {
		i := strings.Index(log[at:], w)
		if i < 0 {
			t.Fatalf("the server did not see %q (in this order):\n%s", w, log)
		}
		at += i + len(w)
	}
	if strings.Contains(log, "s3cr3t-pw") {
		t.Error("the password went over the wire in clear")
	}
}

// TestWireLoginRefused: a listener's refusal and a refused login are
// ConnectErrors naming host:port and Oracle's reason, never the password.
func TestWireLoginRefused(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct {
		configure func(*fakeServer)
		want      string
	}{
		"listener": {func(s *fakeServer) {
			s.refuse = "(DESCRIPTION=(TMP=)(VSNNUM=0)(ERR=12514)(ERROR_STACK=(ERROR=(CODE=12514)(EMFI=4))))"
		}, "ORA-12514: TNS:listener does not currently know of service"},
		"login": {func(s *fakeServer) { s.denyUser = "nobody" }, "ORA-01017: invalid username/password; logon denied"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			d, srv := fakeDriver(t, c.configure)
			_, err := d.Open(context.Background(), target(t, "oracle://nobody:s3cr3t-pw@db.example/XE"))
			var ce *db.ConnectError
			if !errors.As(err, &ce) || ce.Addr != "db.example:1521" || !strings.Contains(err.Error(), c.want) ||
				strings.Contains(err.Error(), "s3cr3t-pw") {
				t.Fatalf("%v, want a ConnectError for db.example:1521 saying %q\nthe server saw:\n%s", err, c.want, srv.seen())
			}
		})
	}
}

// TestWireConnectionLost: a server that drops the connection in the middle
// of a call is a connection_lost error, and the connection says so again
// afterwards instead of hanging.
func TestWireConnectionLost(t *testing.T) {
	t.Parallel()
	d, srv := fakeDriver(t, func(s *fakeServer) { s.hangUp = "FROM sbtest1" })
	ctx := context.Background()
	c, err := d.Open(ctx, target(t, "oracle://bench:pw@db.example/XE"))
	if err != nil {
		t.Fatalf("open: %v\nthe server saw:\n%s", err, srv.seen())
	}
	defer c.Close()
	conn := c.(*Conn)
	for range 2 {
		_, err := conn.QueryStrings(ctx, "SELECT id, c FROM sbtest1 WHERE id = ?", 1)
		if db.ClassOf(err) != db.ConnectionLost {
			t.Fatalf("query on a dropped connection: %v (class %v), want connection_lost", err, db.ClassOf(err))
		}
		t.Logf("query on a dropped connection: %v", err)
	}
}

// TestWireSilentServer: a listener that never answers ends the login at
// the caller's deadline with a ConnectError, instead of hanging (dbgauge
// gives go-ora no per-read timeout; Open bounds the login).
func TestWireSilentServer(t *testing.T) {
	t.Parallel()
	d, _ := fakeDriver(t, func(s *fakeServer) { s.silent = true })
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err := d.Open(ctx, target(t, "oracle://bench:pw@db.example/XE"))
	var ce *db.ConnectError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "no answer to the login") {
		t.Fatalf("%v, want a ConnectError saying the login had no answer", err)
	}
}

// TestWireOverSocket: the zero Driver dials with dbgauge's blocking
// sockets (package sockconn) through go-ora's dialer hook: a login and a
// query work over a real loopback socket, and Interrupt ends a call the
// server never answers, as connection_lost.
func TestWireOverSocket(t *testing.T) {
	t.Parallel()
	addr, srv := fakeListener(t, func(s *fakeServer) { s.stall = "FROM stall_t" })
	ctx := context.Background()
	c, err := Driver{}.Open(ctx, target(t, "oracle://bench:pw@"+addr+"/XE"))
	if err != nil {
		t.Fatalf("open: %v\nthe server saw:\n%s", err, srv.seen())
	}
	defer c.Close()
	conn := c.(*Conn)
	if ra := conn.raw.RemoteAddr(); ra == nil || ra.String() != addr {
		t.Fatalf("the connection's socket is not sockconn's: remote address %v", ra)
	}
	rows, err := conn.QueryStrings(ctx, "SELECT id, c FROM sbtest1 WHERE id = ?", 7)
	if err != nil || fmt.Sprint(rows) != "[[7 hello]]" {
		t.Fatalf("query: %v, %v", rows, err)
	}
	go func() {
		for !strings.Contains(srv.seen(), "stall") {
			time.Sleep(time.Millisecond)
		}
		conn.Interrupt()
	}()
	_, err = conn.QueryStrings(ctx, "SELECT id FROM stall_t")
	if db.ClassOf(err) != db.ConnectionLost {
		t.Fatalf("an interrupted call: %v (class %v), want connection_lost", err, db.ClassOf(err))
	}
}

// TestWireCancelled: a call whose context is already cancelled returns
// its error without a byte sent (go-ora would race a break against it),
// and the connection stays usable.
func TestWireCancelled(t *testing.T) {
	t.Parallel()
	d, srv := fakeDriver(t, nil)
	ctx := context.Background()
	c, err := d.Open(ctx, target(t, "oracle://bench:pw@db.example/XE"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	conn := c.(*Conn)
	st, err := conn.Prepare(ctx, "SELECT id, c FROM sbtest1 WHERE id = ?")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	before := srv.seen()
	if _, err := conn.QueryStrings(cctx, "SELECT id, c FROM sbtest1 WHERE id = ?", 7); !errors.Is(err, context.Canceled) {
		t.Errorf("query with a cancelled context: %v", err)
	}
	if _, err := st.Query(cctx, 7); !errors.Is(err, context.Canceled) {
		t.Errorf("prepared query with a cancelled context: %v", err)
	}
	if _, err := conn.Exec(cctx, "INSERT INTO sbtest1 (id) VALUES (?)", 7); !errors.Is(err, context.Canceled) {
		t.Errorf("exec with a cancelled context: %v", err)
	}
	if after := srv.seen(); after != before {
		t.Errorf("cancelled calls reached the server:\n%s", after[len(before):])
	}
	if n, err := st.Query(ctx, 7); err != nil || n != 1 {
		t.Fatalf("after the cancelled calls: %d rows, %v", n, err)
	}
}
