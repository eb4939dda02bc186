package oracle

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/sijms/go-ora/v2/converters"
	"github.com/sijms/go-ora/v2/network"
)

// The scripted wire conversation: a fake TNS listener and server, over
// net.Pipe through go-ora's connector dialer hook (Driver.dial sets it) or
// on a loopback port for the real socket dialer, answering the client the
// way an Oracle 19c server would, in TTC version 6: connect/accept (or a
// listener's refusal), protocol and data type negotiation, the two-phase
// O5LOGON login (its keys are random, so the server matches requests by
// their TTC function code and the SQL text in them, never byte for byte),
// the version request, then statements: result sets (described columns,
// rows, ORA-01403 at the end), errors, commit and rollback calls, array
// binds and the re-execution of a parsed cursor, cursor closes, the
// logoff. Replies are encoded with go-ora's own marshalling
// (network.Session's Write* functions), so a change of go-ora's wire format
// breaks these tests rather than a live run. They prove the plumbing, not
// Oracle's behaviour (no password is checked, no SQL is run).

// fakeServer is one scripted server connection.
type fakeServer struct {
	c   net.Conn
	enc *network.Session // go-ora's encoders, over no connection
	// big: after the accept, TNS 315+ packets carry a 4-byte length.
	big bool
	// denyUser is refused at the second login phase (ORA-01017).
	denyUser string
	// refuse, if set, is the listener's refusal of the connect packet.
	refuse string
	// silent: the listener reads the connect packet and never answers.
	silent bool
	// hangUp, if set, makes the server drop the connection on a request
	// carrying this text.
	hangUp string
	// stall, if set, makes the server never answer a request carrying
	// this text.
	stall string

	mu  sync.Mutex
	log []string // what the server was asked, in order
}

func (s *fakeServer) note(format string, a ...any) {
	s.mu.Lock()
	s.log = append(s.log, fmt.Sprintf(format, a...))
	s.mu.Unlock()
}

func (s *fakeServer) seen() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Join(s.log, "\n")
}

// readPacket returns one TNS packet whole.
func (s *fakeServer) readPacket() ([]byte, error) {
	head := make([]byte, 8)
	if _, err := io.ReadFull(s.c, head); err != nil {
		return nil, err
	}
	n := int(binary.BigEndian.Uint16(head))
	if s.big {
		n = int(binary.BigEndian.Uint32(head))
	}
	p := make([]byte, n)
	copy(p, head)
	_, err := io.ReadFull(s.c, p[8:])
	return p, err
}

// writeData sends payload in one DATA packet.
func (s *fakeServer) writeData(payload []byte) error {
	p := make([]byte, 10, 10+len(payload))
	binary.BigEndian.PutUint32(p, uint32(10+len(payload)))
	p[4] = 6 // DATA
	return s.write(append(p, payload...))
}

func (s *fakeServer) write(p []byte) error {
	_, err := s.c.Write(p)
	return err
}

// Encoders: go-ora's, compressed (a length byte, then big-endian bytes).
func (s *fakeServer) ub(b *bytes.Buffer, n int, size uint8) { s.enc.WriteUint(b, n, size, true, true) }
func (s *fakeServer) dlc(b *bytes.Buffer, data []byte) {
	if len(data) == 0 {
		b.WriteByte(0)
		return
	}
	s.ub(b, len(data), 4)
	s.enc.WriteClr(b, data)
}

// keyVal is go-ora's WriteKeyVal for a flag wider than a byte (the
// verifier type).
func (s *fakeServer) keyVal(b *bytes.Buffer, key, val string, num int) {
	s.dlc(b, []byte(key))
	s.dlc(b, []byte(val))
	s.ub(b, num, 4)
}

// hungUp says err is the client (or the test's cleanup) closing the
// connection.
func hungUp(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrClosedPipe) || errors.Is(err, net.ErrClosed)
}

// errHangUp ends the conversation without a reply.
var errHangUp = errors.New("hang up")

// ttc is the TTC version the fake server offers (caps[7]): 6, before the
// 7+ summary and bind error formats.
const ttc = 6

// serve plays the server until the client hangs up.
func (s *fakeServer) serve() error {
	p, err := s.readPacket()
	if err != nil {
		return err
	}
	if p[4] != 1 {
		return fmt.Errorf("first packet of type %d, want CONNECT", p[4])
	}
	if binary.BigEndian.Uint16(p) == 70 { // connect data too long: it follows in a DATA packet
		if p, err = s.readPacket(); err != nil {
			return err
		}
	}
	s.note("connect %s", p[bytes.Index(p, []byte("(DESCRIPTION")):])
	if s.silent {
		_, err := s.readPacket() // until the client gives up
		if hungUp(err) {
			return nil
		}
		return err
	}
	if s.refuse != "" {
		msg := []byte(s.refuse)
		r := make([]byte, 12, 12+len(msg))
		binary.BigEndian.PutUint16(r, uint16(12+len(msg)))
		r[4] = 4 // REFUSE
		binary.BigEndian.PutUint16(r[10:], uint16(len(msg)))
		return s.write(append(r, msg...))
	}
	// ACCEPT, version 315, no advanced negotiation (ACFL0 4), SDU 2 MB as
	// the client asks: a request is then one packet.
	a := make([]byte, 40)
	binary.BigEndian.PutUint16(a, 40)
	a[4] = 2
	binary.BigEndian.PutUint16(a[8:], 315)
	binary.BigEndian.PutUint16(a[20:], 40)
	a[22], a[23] = 4, 0
	binary.BigEndian.PutUint32(a[32:], 0x200000)
	binary.BigEndian.PutUint32(a[36:], 0x200000)
	if err := s.write(a); err != nil {
		return err
	}
	s.big = true
	for {
		p, err := s.readPacket()
		if err != nil {
			if hungUp(err) {
				return nil
			}
			return err
		}
		if p[4] != 6 {
			return fmt.Errorf("packet of type %d, want DATA", p[4])
		}
		if binary.BigEndian.Uint16(p[8:]) == 0x40 { // end of file: the client hung up
			s.note("eof")
			return nil
		}
		if err := s.answer(p[10:]); err != nil {
			if err == errHangUp {
				return nil
			}
			return err
		}
	}
}

// answer replies to one request, by its TTC function.
func (s *fakeServer) answer(req []byte) error {
	var b bytes.Buffer
	sql := func(text string) bool { return bytes.Contains(req, []byte(text)) }
	if s.hangUp != "" && sql(s.hangUp) {
		s.note("hang up")
		return errHangUp
	}
	if s.stall != "" && sql(s.stall) {
		s.note("stall")
		_, err := s.readPacket() // until the client gives up
		if err == nil || hungUp(err) {
			return errHangUp
		}
		return err
	}
	switch {
	case req[0] == 1: // protocol negotiation
		s.note("protocol")
		b.Write([]byte{1, 6, 0})
		b.WriteString("x86_64/Linux 2.4.xx\x00")
		s.enc.WriteUint(&b, 873, 2, false, false) // AL32UTF8
		b.WriteByte(1)                            // flags
		s.enc.WriteUint(&b, 0, 2, false, false)   // no charset elements
		ncs := make([]byte, 11)
		binary.BigEndian.PutUint16(ncs[9:], 2000) // AL16UTF16
		s.enc.WriteUint(&b, len(ncs), 2, true, false)
		b.Write(ncs)
		caps := make([]byte, 40)
		caps[4] = 2 // no padding of O5LOGON keys
		caps[7] = ttc
		b.WriteByte(byte(len(caps)))
		b.Write(caps)
		runtime := []byte{2, 1, 0, 0, 0, 0, 0} // [1]: the database time zone follows the data types
		b.WriteByte(byte(len(runtime)))
		b.Write(runtime)
	case req[0] == 2: // data type negotiation: DBTIMEZONE +00:00, no type list
		s.note("data types")
		b.WriteByte(2)
		b.Write([]byte{0, 0, 0, 0, 60, 60, 60, 0, 0, 0, 0})
		b.Write([]byte{0, 0, 0, 0x20}) // time zone file version
		b.WriteByte(0)
	case req[0] == 3 && req[1] == 0x76: // login phase 1: the session key and verifier
		s.note("login 1 %s", userOf(req))
		b.WriteByte(8)
		s.ub(&b, 2, 4)
		s.enc.WriteKeyValString(&b, "AUTH_SESSKEY", strings.Repeat("A1B2C3D4", 12), 0)
		s.keyVal(&b, "AUTH_VFR_DATA", "F00DFACE0123456789AB", 6949) // 11g SHA-1 verifier
		s.summary(&b, 0, 0, 0, "")
	case req[0] == 3 && req[1] == 0x73: // login phase 2: the encrypted password
		user := userOf(req)
		s.note("login 2 %s password %v", user, sql("AUTH_PASSWORD"))
		if user == s.denyUser {
			s.summary(&b, 0, 1017, 0, "ORA-01017: invalid username/password; logon denied\n")
			break
		}
		b.WriteByte(8)
		props := [][2]string{{"AUTH_SESSION_ID", "42"}, {"AUTH_SERIAL_NUM", "7"}, {"AUTH_SC_SERVICE_NAME", "XE"},
			{"AUTH_SC_INSTANCE_NAME", "XE"}, {"AUTH_SC_DBUNIQUE_NAME", "XE"}, {"AUTH_SC_DB_DOMAIN", ""}}
		s.ub(&b, len(props), 2)
		for _, kv := range props {
			s.enc.WriteKeyValString(&b, kv[0], kv[1], 0)
		}
		// The session's NLS settings, so the client need not query them.
		b.Write([]byte{23, 5})
		s.ub(&b, 0, 2)
		b.WriteByte(0)
		s.ub(&b, 1, 4)
		b.WriteByte(0)
		s.enc.WriteKeyValString(&b, "AUTH_NLS_LXLAN", "AMERICAN", 0)
		s.ub(&b, 0, 4)
		s.summary(&b, 0, 0, 0, "")
	case req[0] == 3 && req[1] == 0x3B: // version
		s.note("version")
		banner := "Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production"
		b.WriteByte(8)
		s.ub(&b, len(banner), 2)
		s.enc.WriteClr(&b, []byte(banner))
		s.ub(&b, 19<<24|3<<12, 4)
	case req[0] == 3 && req[1] == 0x09: // logoff
		s.note("logoff")
		b.WriteByte(9)
	case req[0] == 3 && req[1] == 0x0E:
		s.note("commit")
		s.summary(&b, 0, 0, 0, "")
	case req[0] == 3 && req[1] == 0x0F:
		s.note("rollback")
		s.summary(&b, 0, 0, 0, "")
	case sql("FROM sbtest1 WHERE id = :1"):
		s.note("execute select")
		s.resultSet(&b, []string{"#ID", "C"}, [][]any{{7, "hello"}})
	case sql(versionQuery):
		s.note("execute version")
		s.resultSet(&b, []string{"BANNER"}, [][]any{{"Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production"}})
	case sql("FROM v$sysstat"):
		s.note("execute sysstat")
		s.resultSet(&b, []string{"NAME", "#VALUE"}, [][]any{{"user commits", 120}, {"redo size", 4096}, {"logons current", 7}})
	case sql("FROM v$system_event"):
		s.note("execute system_event")
		s.resultSet(&b, []string{"WAIT_CLASS", "#WAITS", "#TIME"}, [][]any{{"Commit", 40, 125000}, {"User I/O", 9, 800}})
	case sql("FROM v$parameter"):
		s.note("execute parameter")
		s.resultSet(&b, []string{"NAME", "VALUE"}, [][]any{{"sga_target", "1073741824"}, {"commit_wait", ""}})
	case sql("FROM v$datafile"):
		s.note("execute datafile")
		s.resultSet(&b, []string{"NAME"}, [][]any{{"/u01/oradata/XE/system01.dbf"}})
	case sql("SET TRANSACTION READ ONLY"):
		s.note("execute set transaction read only")
		s.summary(&b, 0, 0, 0, "")
	case sql(`INSERT INTO "BULK_T" (id, name) VALUES (:1, :2)`):
		n := bytes.Count(req, []byte("row-"))
		s.note("execute bulk insert %d rows", n)
		s.summary(&b, n, 0, 2, "") // cursor 2
	case req[0] == 3 && req[1] == 4: // re-execute a parsed cursor: its id, the rows bound
		cursor, rest := compressed(req[3:])
		count, _ := compressed(rest)
		n := bytes.Count(req, []byte("row-"))
		s.note("re-execute cursor %d, %d rows (%d sent)", cursor, count, n)
		s.summary(&b, n, 0, cursor, "")
	case sql("INSERT INTO sbtest1"):
		s.note("execute insert")
		s.summary(&b, 0, 1, 0, "ORA-00001: unique constraint (BENCH.SYS_C008) violated\n")
	case sql("SELECT"): // anything else, the client's SYSTIMESTAMP at login
		s.note("execute other select")
		s.summary(&b, 0, 942, 0, "ORA-00942: table or view does not exist\n")
	default: // closing a cursor, a ping
		s.note("call %x", req[:min(len(req), 2)])
		s.summary(&b, 0, 0, 0, "")
	}
	return s.writeData(b.Bytes())
}

// compressed reads one of TTC's compressed integers (a length byte, then
// big-endian bytes) and returns it with the bytes after it.
func compressed(p []byte) (int, []byte) {
	if len(p) == 0 || int(p[0]) >= len(p) {
		return -1, nil
	}
	n := 0
	for _, x := range p[1 : 1+p[0]] {
		n = n<<8 | int(x)
	}
	return n, p[1+p[0]:]
}

// userOf is the user name in a login request, the text after its header.
func userOf(req []byte) string {
	for _, u := range []string{"bench", "nobody"} {
		if bytes.Contains(req, []byte(u)) {
			return u
		}
	}
	return "?"
}

// resultSet writes what go-ora reads after an execute that opened a
// cursor, in TTC 6's layout: the columns described (a name starting with
// # is a NUMBER, others VARCHAR2 in AL32UTF8), a row header, one row
// message per row with every column, and ORA-01403 for the end of the
// fetch, all in one reply (go-ora takes rows with the execute).
func (s *fakeServer) resultSet(b *bytes.Buffer, cols []string, rows [][]any) {
	b.WriteByte(16)
	b.WriteByte(0)   // no extra bytes
	s.ub(b, 4000, 4) // maximum row size
	s.ub(b, len(cols), 4)
	b.WriteByte(0)
	for _, name := range cols {
		typ, precision, maxLen, charset, form := byte(1), byte(0), 4000, 873, 1 // VARCHAR2
		if strings.HasPrefix(name, "#") {
			name, typ, precision, maxLen, charset, form = name[1:], 2, 0, 22, 0, 0 // NUMBER
		}
		b.Write([]byte{typ, 0, precision})
		if typ == 2 { // a NUMBER's scale is a number
			s.ub(b, 0, 2)
		} else {
			b.WriteByte(0)
		}
		s.ub(b, maxLen, 4)
		s.ub(b, 0, 4) // array elements
		s.ub(b, 0, 4) // flags
		s.dlc(b, nil) // type id
		s.ub(b, 0, 2) // version
		s.ub(b, charset, 2)
		b.WriteByte(byte(form))
		s.ub(b, maxLen, 4) // maximum characters
		b.WriteByte(1)     // nullable
		b.WriteByte(0)
		s.dlc(b, []byte(name))
		s.dlc(b, nil) // schema
		s.dlc(b, nil) // type name
		s.ub(b, 0, 2)
		s.ub(b, 0, 4) // (TTC 6) flags
	}
	s.dlc(b, nil)
	for range 4 { // TTC 3 and 4 additions
		s.ub(b, 0, 4)
	}
	s.dlc(b, nil)  // TTC 5
	b.WriteByte(6) // row header
	b.WriteByte(0)
	s.ub(b, len(cols), 2)
	s.ub(b, 0, 4)
	s.ub(b, len(rows), 4)
	s.ub(b, 0, 2)
	s.dlc(b, nil) // bit vector: every column
	s.dlc(b, nil)
	for _, r := range rows {
		b.WriteByte(7)
		for _, v := range r {
			switch x := v.(type) {
			case int:
				s.enc.WriteClr(b, converters.EncodeInt64(int64(x)))
			case string:
				s.enc.WriteClr(b, []byte(x)) // "" is NULL, as in Oracle
			}
		}
	}
	s.summary(b, len(rows), 1403, 1, "ORA-01403: no data found\n")
}

// summary writes the end-of-call message (TTC 6 layout): rows done, the
// error number and message, the cursor.
func (s *fakeServer) summary(b *bytes.Buffer, rows, code, cursor int, msg string) {
	b.WriteByte(4)
	s.ub(b, rows, 4)
	s.ub(b, code, 2)
	s.ub(b, 0, 2)
	s.ub(b, 0, 2)
	s.ub(b, cursor, 2)
	s.ub(b, 0, 2) // error position
	b.Write([]byte{0, 0})
	s.ub(b, 0, 2) // flags
	s.ub(b, 0, 2)
	b.Write([]byte{0, 0})
	s.ub(b, 0, 4)
	s.ub(b, 0, 2)
	b.WriteByte(0)
	s.ub(b, 0, 4)
	s.ub(b, 0, 2)
	s.ub(b, 0, 4) // OS error
	b.Write([]byte{0, 0})
	s.ub(b, 0, 2)
	s.ub(b, 0, 4) // successful iterations
	for range 4 {
		s.dlc(b, nil)
	}
	if code != 0 {
		s.enc.WriteClr(b, []byte(msg))
	}
}

// pipeDialer dials with f.
type pipeDialer struct {
	f func(ctx context.Context, network, addr string) (net.Conn, error)
}

func (p *pipeDialer) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	return p.f(ctx, network, addr)
}

// fakeDriver returns a Driver whose dialer connects to a new fakeServer,
// and the server, whose error the test's cleanup checks.
func fakeDriver(t *testing.T, configure func(*fakeServer)) (Driver, *fakeServer) {
	t.Helper()
	srv := &fakeServer{enc: network.NewSessionWithInputBufferForDebug(nil)}
	if configure != nil {
		configure(srv)
	}
	done := make(chan error, 1)
	d := Driver{dial: &pipeDialer{func(ctx context.Context, network, addr string) (net.Conn, error) {
		srv.note("dial %s %s", network, addr)
		client, server := net.Pipe()
		srv.c = server
		go func() {
			err := srv.serve()
			server.Close()
			done <- err
		}()
		return client, nil
	}}}
	t.Cleanup(func() {
		if srv.c == nil {
			return
		}
		srv.c.Close() // a client that failed midway leaves it open
		if err := <-done; err != nil {
			t.Errorf("fake server: %v\nit saw:\n%s", err, srv.seen())
		}
	})
	return d, srv
}

// fakeListener serves one connection on a loopback TCP port, for the
// driver's own blocking-socket dialer.
func fakeListener(t *testing.T, configure func(*fakeServer)) (string, *fakeServer) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &fakeServer{enc: network.NewSessionWithInputBufferForDebug(nil)}
	if configure != nil {
		configure(srv)
	}
	done := make(chan error, 1)
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := l.Accept()
		if err != nil {
			done <- nil
			return
		}
		accepted <- c
		srv.c = c
		err = srv.serve()
		c.Close()
		done <- err
	}()
	t.Cleanup(func() {
		l.Close()
		select {
		case c := <-accepted:
			c.Close()
		default:
		}
		if err := <-done; err != nil {
			t.Errorf("fake server: %v\nit saw:\n%s", err, srv.seen())
		}
	})
	return l.Addr().String(), srv
}
