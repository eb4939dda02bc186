package sqlserver

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf16"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// The scripted wire conversation: a fake SQL Server on the far end of a
// net.Pipe, plugged in through go-mssqldb's Connector.Dialer hook, answers
// the TDS messages the driver sends (PRELOGIN, LOGIN7, RPC, transaction
// manager requests) with token streams built here. With encrypt=disable
// nothing is encrypted, so every byte the client sends can be read. This
// proves the plumbing (URL to login, '?' to @p1, arguments, rows into Go
// values, transactions, error classes), not SQL Server's behaviour.

// TDS message types (MS-TDS 2.2.3.1.1).
const (
	msgBatch     = 0x01
	msgRPC       = 0x03
	msgAttention = 0x06
	msgReply     = 0x04
	msgTransMgr  = 0x0E
	msgLogin7    = 0x10
	msgPrelogin  = 0x12
	statusEOM    = 0x01
	headerLength = 8
)

// message is one client request, its packets joined.
type message struct {
	typ     byte
	payload []byte
}

// readMessage reads packets until the one marked end of message.
func readMessage(r io.Reader) (message, error) {
	var m message
	for {
		var h [headerLength]byte
		if _, err := io.ReadFull(r, h[:]); err != nil {
			return m, err
		}
		n := int(binary.BigEndian.Uint16(h[2:4])) - headerLength
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			return m, err
		}
		m.typ = h[0]
		m.payload = append(m.payload, body...)
		if h[1]&statusEOM != 0 {
			return m, nil
		}
	}
}

// writeReply sends a tabular result in one packet.
func writeReply(w io.Writer, payload []byte) error {
	h := []byte{msgReply, statusEOM, 0, 0, 0, 0, 1, 0}
	binary.BigEndian.PutUint16(h[2:4], uint16(len(payload)+headerLength))
	_, err := w.Write(append(h, payload...))
	return err
}

func ucs2(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return b
}

func bVarChar(s string) []byte { return append([]byte{byte(len(utf16.Encode([]rune(s))))}, ucs2(s)...) }
func usVarChar(s string) []byte {
	return append(le16(uint16(len(utf16.Encode([]rune(s))))), ucs2(s)...)
}
func le16(v uint16) []byte       { return binary.LittleEndian.AppendUint16(nil, v) }
func le32(v uint32) []byte       { return binary.LittleEndian.AppendUint32(nil, v) }
func le64(v uint64) []byte       { return binary.LittleEndian.AppendUint64(nil, v) }
func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// withLength prefixes a token's body with its 16-bit length.
func withLength(token byte, body []byte) []byte {
	return cat([]byte{token}, le16(uint16(len(body))), body)
}

// preloginReply: version 16.0.2000, encryption not supported (the client
// asked for none), so the login goes in clear.
func preloginReply() []byte {
	return []byte{
		0x00, 0, 11, 0, 6, // VERSION at 11, 6 bytes
		0x01, 0, 17, 0, 1, // ENCRYPTION at 17, 1 byte
		0xFF,
		16, 0, 0x07, 0xD0, 0, 0, // 16.0.2000.0
		0x02, // ENCRYPT_NOT_SUP
	}
}

// loginReply: LOGINACK (TDS 7.4, "Microsoft SQL Server" 16.0), the
// database ENVCHANGE, DONE.
func loginReply(database string) []byte {
	ack := cat([]byte{1}, []byte{0x74, 0, 0, 0x04}, bVarChar("Microsoft SQL Server"), []byte{16, 0, 0x07, 0xD0})
	return cat(withLength(0xAD, ack), envChange(1, bVarChar(database), bVarChar("master")), done(0, 0, 0))
}

func envChange(typ byte, newValue, oldValue []byte) []byte {
	return withLength(0xE3, cat([]byte{typ}, newValue, oldValue))
}

func done(status, curcmd uint16, rows uint64) []byte {
	return cat([]byte{0xFD}, le16(status), le16(curcmd), le64(rows))
}

// serverMessage is an ERROR (0xAA) or INFO (0xAB) token.
func serverMessage(token byte, number uint32, class byte, text string) []byte {
	return withLength(token, cat(le32(number), []byte{1, class}, usVarChar(text), bVarChar("fake"), bVarChar(""), le32(1)))
}

// latin1 is the collation of the NVARCHAR column (SQL_Latin1_General_CP1_CI_AS).
var latin1 = []byte{0x09, 0x04, 0xD0, 0x00, 0x34}

// itemRow answers SELECT id, name: COLMETADATA (id BIGINT, name
// NVARCHAR(20) NULL), one ROW, DONE with its count.
func itemRow(id int64, name string) []byte {
	meta := cat([]byte{0x81}, le16(2),
		le32(0), le16(0), []byte{0x26, 8}, bVarChar("id"), // INTN(8) NOT NULL
		le32(0), le16(1), []byte{0xE7}, le16(40), latin1, bVarChar("name")) // NVARCHAR(20) NULL
	row := cat([]byte{0xD1}, []byte{8}, le64(uint64(id)), le16(uint16(2*len(name))), ucs2(name))
	return cat(meta, row, done(0x10, 0xC1, 1))
}

// versionReply answers versionQuery: two NVARCHAR columns, one row.
var versionReply = func() []byte {
	col := func(name string) []byte {
		return cat(le32(0), le16(1), []byte{0xE7}, le16(512), latin1, bVarChar(name))
	}
	val := func(s string) []byte { return cat(le16(uint16(2*len(s))), ucs2(s)) }
	return cat([]byte{0x81}, le16(2), col(""), col(""),
		[]byte{0xD1}, val("16.0.4135.4"), val("Microsoft SQL Server 2022 (RTM-CU15) (KB5041321) - 16.0.4135.4 (X64) \n\tJul 10 2024 14:09:09"),
		done(0x10, 0xC1, 1))
}()

// fakeServer answers each client message with the next reply of its
// script, checking the message's type, and keeps what the client sent.
type fakeServer struct {
	script []exchange
	// repeat answers every message beyond the script with its last reply
	// (and keeps none of them), for benchmarks.
	repeat bool
	mu     sync.Mutex
	addr   string
	got    []message
	err    error
	done   chan struct{}
}

type exchange struct {
	want  byte
	reply []byte
}

func (s *fakeServer) serve(conn net.Conn) {
	defer close(s.done)
	defer conn.Close()
	for i := 0; ; i++ {
		m, err := readMessage(conn)
		if err != nil {
			if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrClosedPipe) {
				s.fail(fmt.Errorf("read message %d: %w", i, err))
			}
			return
		}
		if m.typ == msgAttention {
			// go-mssqldb cancels a statement whose rows it closed before
			// their final DONE came (its bulk copy's metadata query does,
			// when the reply is slow): answered as SQL Server does, with a
			// DONE carrying DONE_ATTN, off the script.
			if err := writeReply(conn, done(0x20, 0, 0)); err != nil {
				s.fail(fmt.Errorf("attention reply: %w", err))
				return
			}
			i--
			continue
		}
		if !s.repeat {
			s.mu.Lock()
			s.got = append(s.got, m)
			s.mu.Unlock()
		}
		step := i
		if step >= len(s.script) && s.repeat {
			step = len(s.script) - 1
		}
		if step >= len(s.script) {
			s.fail(fmt.Errorf("message %d (type %#x) beyond the script", i, m.typ))
			return
		}
		if m.typ != s.script[step].want {
			s.fail(fmt.Errorf("message %d is of type %#x, want %#x", i, m.typ, s.script[step].want))
			return
		}
		if err := writeReply(conn, s.script[step].reply); err != nil {
			s.fail(fmt.Errorf("reply %d: %w", i, err))
			return
		}
	}
}

func (s *fakeServer) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.err = err
	}
}

// DialContext implements mssql.Dialer: the client end of a pipe whose
// server end the fake serves.
func (s *fakeServer) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	s.mu.Lock()
	s.addr = addr
	s.mu.Unlock()
	client, server := net.Pipe()
	go s.serve(server)
	return client, nil
}

// HostName implements mssql.HostDialer, so that go-mssqldb leaves the
// host name to the dialer instead of looking it up.
func (s *fakeServer) HostName() string { return "fake" }

// messages waits for the conversation to end and returns what the client
// sent.
func (s *fakeServer) messages(t *testing.T) []message {
	t.Helper()
	<-s.done
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		t.Fatalf("fake server: %v", s.err)
	}
	return s.got
}

// login7 reads the fields of a LOGIN7 message (MS-TDS 2.2.6.4): the
// offset/length table starts at byte 36; the password is obfuscated
// (nibbles swapped, then XOR 0xA5).
func login7(t *testing.T, p []byte) map[string]string {
	t.Helper()
	field := func(i int) []byte {
		off := int(binary.LittleEndian.Uint16(p[36+4*i:]))
		n := int(binary.LittleEndian.Uint16(p[38+4*i:]))
		if off+2*n > len(p) {
			t.Fatalf("LOGIN7 field %d out of range", i)
		}
		return p[off : off+2*n]
	}
	text := func(b []byte) string {
		u := make([]uint16, len(b)/2)
		for i := range u {
			u[i] = binary.LittleEndian.Uint16(b[2*i:])
		}
		return string(utf16.Decode(u))
	}
	pw := bytes.Clone(field(2))
	for i, b := range pw {
		b ^= 0xA5
		pw[i] = b<<4 | b>>4
	}
	return map[string]string{"user": text(field(1)), "password": text(pw), "app": text(field(3)),
		"server": text(field(4)), "database": text(field(8))}
}

// transactionID is the transaction descriptor in a request's ALL_HEADERS
// (header type 2: descriptor, outstanding request count).
func transactionID(t *testing.T, p []byte) uint64 {
	t.Helper()
	total := int(binary.LittleEndian.Uint32(p))
	for off := 4; off < total; {
		n := int(binary.LittleEndian.Uint32(p[off:]))
		if binary.LittleEndian.Uint16(p[off+4:]) == 2 {
			return binary.LittleEndian.Uint64(p[off+6:])
		}
		off += n
	}
	t.Fatal("no transaction descriptor header")
	return 0
}

// afterHeaders is a request's body after its ALL_HEADERS.
func afterHeaders(p []byte) []byte { return p[binary.LittleEndian.Uint32(p):] }

// TestWireConversation runs the driver against the fake server: login,
// a prepared query with one row, a transaction with a duplicate key error,
// and a rollback.
func TestWireConversation(t *testing.T) {
	t.Parallel()
	const tran = 0x0102030405060708
	srv := &fakeServer{done: make(chan struct{}), script: []exchange{
		{msgPrelogin, preloginReply()},
		{msgLogin7, loginReply("bench")},
		{msgBatch, versionReply}, // read at Open: Babelfish or not
		{msgRPC, itemRow(7, "seven")},
		{msgTransMgr, cat(envChange(8, cat([]byte{8}, le64(tran)), []byte{0}), done(0, 0, 0))},
		{msgRPC, cat(serverMessage(0xAA, 2627, 14, "Violation of PRIMARY KEY constraint 'PK_items'. Cannot insert duplicate key in object 'dbo.items'. The duplicate key value is (1)."),
			serverMessage(0xAB, 3621, 0, "The statement has been terminated."), done(0x02, 0xC3, 0))},
		{msgTransMgr, cat(envChange(10, []byte{0}, cat([]byte{8}, le64(tran))), done(0, 0, 0))},
	}}
	ctx := context.Background()
	tg := target(t, "sqlserver://bench:Sekrit99@sql.example:1433?database=bench&encrypt=disable")
	c, err := Driver{dial: srv}.Open(ctx, tg)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	conn := c.(*Conn)

	st, err := conn.Prepare(ctx, "SELECT id, name FROM items WHERE id = ?")
	if err != nil {
		t.Fatal(err)
	}
	var id int64
	var name string
	if n, err := st.(sqldb.RowReader).QueryRow(ctx, []any{&id, &name}, 7); err != nil || n != 1 || id != 7 || name != "seven" {
		t.Fatalf("query: %d rows, id %d, name %q, %v", n, id, name, err)
	}
	st.Close()
	// A query without arguments is a plain SQL batch.
	if v, err := conn.ServerVersion(ctx); err != nil || v != "SQL Server 2022 16.0.4135.4" {
		t.Fatalf("server version %q, %v", v, err)
	}

	if err := conn.BeginTx(ctx, false); err != nil {
		t.Fatalf("begin: %v", err)
	}
	_, err = conn.Exec(ctx, "INSERT INTO items (id, name) VALUES (?, ?)", 1, "one")
	var e *db.Error
	if db.ClassOf(err) != db.DuplicateKey || !errors.As(err, &e) || e.Code != "2627" || !strings.Contains(err.Error(), "PK_items") {
		t.Fatalf("duplicate insert: %v (class %v), want duplicate_key 2627", err, db.ClassOf(err))
	}
	if err := conn.Rollback(ctx); err != nil {
		t.Fatalf("rollback: %v", err)
	}
	if err := conn.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}

	got := srv.messages(t)
	if len(got) != len(srv.script) {
		t.Fatalf("the client sent %d messages, want %d", len(got), len(srv.script))
	}
	if srv.addr != "sql.example:1433" {
		t.Errorf("dialed %q, want sql.example:1433", srv.addr)
	}
	login := login7(t, got[1].payload)
	want := map[string]string{"user": "bench", "password": "Sekrit99", "app": "dbgauge", "server": "sql.example", "database": "bench"}
	for k, v := range want {
		if login[k] != v {
			t.Errorf("LOGIN7 %s = %q, want %q", k, login[k], v)
		}
	}
	if bytes.Contains(got[1].payload, ucs2("Sekrit99")) {
		t.Error("LOGIN7 carries the password in clear")
	}

	// The query: sp_executesql (procedure id 10) with the text rebound to
	// @p1, its declaration, and 7 as a BIGINT.
	q := afterHeaders(got[3].payload)
	if !bytes.HasPrefix(q, []byte{0xFF, 0xFF, 10, 0}) {
		t.Errorf("the query is not an sp_executesql call: % x", q[:min(8, len(q))])
	}
	for what, b := range map[string][]byte{
		"statement text": ucs2("SELECT id, name FROM items WHERE id = @p1"),
		"declaration":    ucs2("@p1 bigint"),
		"argument 7":     {0x26, 8, 8, 7, 0, 0, 0, 0, 0, 0, 0},
	} {
		if !bytes.Contains(q, b) {
			t.Errorf("the query's RPC lacks the %s", what)
		}
	}
	if id := transactionID(t, got[3].payload); id != 0 {
		t.Errorf("the query outside a transaction carries transaction %#x", id)
	}

	if q := afterHeaders(got[2].payload); !bytes.Equal(q, ucs2(versionQuery)) {
		t.Errorf("the version query went as %q", q)
	}

	// The transaction: a TM_BEGIN_XACT request, then the insert inside the
	// transaction the server named, then TM_ROLLBACK_XACT for it.
	if rq := binary.LittleEndian.Uint16(afterHeaders(got[4].payload)); rq != 5 {
		t.Errorf("BeginTx sent transaction request %d, want 5 (TM_BEGIN_XACT)", rq)
	}
	ins := got[5].payload
	if !bytes.Contains(ins, ucs2("INSERT INTO items (id, name) VALUES (@p1, @p2)")) || !bytes.Contains(ins, ucs2("@p1 bigint,@p2 nvarchar(3)")) {
		t.Error("the insert's RPC lacks its rebound text or declarations")
	}
	if id := transactionID(t, ins); id != tran {
		t.Errorf("the insert carries transaction %#x, want %#x", id, uint64(tran))
	}
	if rq := binary.LittleEndian.Uint16(afterHeaders(got[6].payload)); rq != 8 || transactionID(t, got[6].payload) != tran {
		t.Errorf("Rollback sent request %d for transaction %#x, want 8 (TM_ROLLBACK_XACT) for %#x", rq, transactionID(t, got[6].payload), uint64(tran))
	}
}

// TestWireBulkInsert runs BulkInsert against the fake server: the table's
// IDENTITY column looked up (and IDENTITY_INSERT set around the copy when
// the rows carry it), the table's columns read under SET FMTONLY, INSERT
// BULK, then the rows in one BULK LOAD message, whose row count the server
// confirms.
func TestWireBulkInsert(t *testing.T) {
	t.Parallel()
	const msgBulkLoad = 0x07
	meta := cat([]byte{0x81}, le16(2),
		le32(0), le16(0), []byte{0x26, 8}, bVarChar("id"),
		le32(0), le16(1), []byte{0xE7}, le16(40), latin1, bVarChar("name"))
	identMeta := cat([]byte{0x81}, le16(1), le32(0), le16(0), []byte{0xE7}, le16(256), latin1, bVarChar("name"))
	identity := cat(identMeta, []byte{0xD1}, le16(4), ucs2("id"), done(0x10, 0xC1, 1))
	noIdentity := cat(identMeta, done(0x10, 0xC1, 0))
	for _, tc := range []struct {
		name      string
		identity  bool
		confirmed uint64
		wantErr   string
	}{
		{"identity kept", true, 2, ""},
		{"rows lost", false, 1, "the server took 1 rows of 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			script := []exchange{
				{msgPrelogin, preloginReply()},
				{msgLogin7, loginReply("bench")},
				{msgBatch, versionReply}, // read at Open
				{msgRPC, noIdentity},
			}
			if tc.identity {
				script[3].reply = identity
				script = append(script, exchange{msgBatch, done(0, 0, 0)}) // SET IDENTITY_INSERT ON
			}
			script = append(script,
				exchange{msgBatch, done(0, 0, 0)},               // SET FMTONLY ON
				exchange{msgBatch, cat(meta, done(0, 0xC1, 0))}, // select * from [items] SET FMTONLY OFF
				exchange{msgBatch, done(0, 0, 0)},               // INSERT BULK
				exchange{msgBulkLoad, done(0x10, 0xF0, tc.confirmed)})
			if tc.identity {
				script = append(script, exchange{msgBatch, done(0, 0, 0)}) // SET IDENTITY_INSERT OFF
			}
			srv := &fakeServer{done: make(chan struct{}), script: script}
			ctx := context.Background()
			c, err := Driver{dial: srv}.Open(ctx, target(t, "sqlserver://bench:Sekrit99@sql.example?database=bench&encrypt=disable"))
			if err != nil {
				t.Fatalf("open: %v", err)
			}
			err = c.(sqldb.BulkInserter).BulkInsert(ctx, "items", []string{"id", "name"}, []sqldb.Row{{int64(1), "seven"}, {2, nil}})
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("bulk insert: %v, want %q", err, tc.wantErr)
			}
			c.Close()
			got := srv.messages(t)
			if len(got) != len(script) {
				t.Fatalf("the client sent %d messages, want %d", len(got), len(script))
			}
			batches := map[string]bool{}
			for _, m := range got {
				if m.typ == msgBatch {
					batches[string(afterHeaders(m.payload))] = true
				}
			}
			for _, want := range []string{"SET FMTONLY ON", "select * from [items] SET FMTONLY OFF"} {
				if !batches[string(ucs2(want))] {
					t.Errorf("no batch %q", want)
				}
			}
			for _, want := range []string{"SET IDENTITY_INSERT [items] ON", "SET IDENTITY_INSERT [items] OFF"} {
				if batches[string(ucs2(want))] != tc.identity {
					t.Errorf("batch %q sent: %v, want %v", want, !tc.identity, tc.identity)
				}
			}
			if !bytes.Equal(afterHeaders(got[2].payload), ucs2(versionQuery)) {
				t.Error("the server's version is not read first")
			}
			if !bytes.Contains(got[3].payload, ucs2(dialect.BindQuery(identityQuery))) {
				t.Error("the identity column is not looked up next")
			}
			// The bulk command, then the rows: ROW tokens with 1 and
			// "seven", then 2 and NULL (0xFFFF for a variable-length NULL).
			bi := slices.IndexFunc(got, func(m message) bool { return m.typ == msgBulkLoad })
			if bi < 1 {
				t.Fatal("no BULK LOAD message after a command")
			}
			bulk := got[bi]
			if command := afterHeaders(got[bi-1].payload); !bytes.HasPrefix(command, ucs2("INSERT BULK [items] ([id] bigint, [name] nvarchar(20)")) {
				t.Errorf("bulk command does not start INSERT BULK [items] ([id] bigint, [name] nvarchar(20): %q", command)
			}
			for what, b := range map[string][]byte{
				"row 1": cat([]byte{0xD1, 8}, le64(1), le16(10), ucs2("seven")),
				"row 2": cat([]byte{0xD1, 8}, le64(2), []byte{0xFF, 0xFF}),
			} {
				if !bytes.Contains(bulk.payload, b) {
					t.Errorf("the BULK LOAD message lacks %s: % x", what, bulk.payload)
				}
			}
		})
	}
}

// TestWireLoginRefused: a server that refuses the login (error 18456) is a
// *db.ConnectError naming host:port and the server's reason, never the
// password.
func TestWireLoginRefused(t *testing.T) {
	t.Parallel()
	refusal := cat(serverMessage(0xAA, 18456, 14, "Login failed for user 'bench'."), done(0x02, 0, 0))
	srv := &fakeServer{done: make(chan struct{}), script: []exchange{
		{msgPrelogin, preloginReply()},
		{msgLogin7, refusal},
	}}
	_, err := Driver{dial: srv}.Open(context.Background(), target(t, "sqlserver://bench:Sekrit99@sql.example:1444?database=bench&encrypt=disable"))
	var ce *db.ConnectError
	if !errors.As(err, &ce) {
		t.Fatalf("got %v, want a ConnectError", err)
	}
	msg := ce.Error()
	if !strings.Contains(msg, "sql.example:1444") || !strings.Contains(msg, "Login failed for user 'bench'") ||
		!strings.Contains(msg, "18456") || strings.Contains(msg, "Sekrit99") {
		t.Errorf("message %q must name sql.example:1444 and the server's reason, and not the password", msg)
	}
	srv.messages(t)
}

// BenchmarkWirePointSelect: the client's cost of one point select through
// go-mssqldb and DriverStmt, the server being the fake over a pipe (go test
// -bench WirePointSelect -benchmem -run ^$).
func BenchmarkWirePointSelect(b *testing.B) {
	srv := &fakeServer{done: make(chan struct{}), repeat: true, script: []exchange{
		{msgPrelogin, preloginReply()},
		{msgLogin7, loginReply("bench")},
		{msgBatch, versionReply},
		{msgRPC, itemRow(7, "seven")},
	}}
	ctx := context.Background()
	tg, _ := db.ParseURL("sqlserver://bench:Sekrit99@sql.example?database=bench&encrypt=disable")
	c, err := Driver{dial: srv}.Open(ctx, tg)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	st, err := c.(*Conn).Prepare(ctx, "SELECT id, name FROM items WHERE id = ?")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if n, err := st.Query(ctx, 7); err != nil || n != 1 {
			b.Fatalf("%d rows, %v", n, err)
		}
	}
}
