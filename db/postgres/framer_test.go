package postgres

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// chunks hands out its bytes in pieces of random sizes, from one byte up,
// as a socket may.
type chunks struct {
	b   []byte
	rnd *rand.Rand
}

func (c *chunks) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), len(c.b), 1+c.rnd.IntN(40000))
	if c.rnd.IntN(4) == 0 {
		n = 1
	}
	copy(p, c.b[:n])
	c.b = c.b[n:]
	return n, nil
}

// TestFramer: whatever the pieces the stream comes in, pgx's Frontend and
// the framer's next, unread and skipRows, taking turns at random, read
// every message once, whole and in order, and a message larger than the
// buffer grows it.
func TestFramer(t *testing.T) {
	t.Parallel()
	var stream []byte
	var want []string // each message's type and body
	add := func(m pgproto3.BackendMessage) {
		start := len(stream)
		var err error
		if stream, err = m.Encode(stream); err != nil {
			t.Fatal(err)
		}
		want = append(want, string(stream[start:start+1])+string(stream[start+5:]))
	}
	for i := range 3000 {
		switch i % 10 {
		case 0:
			add(&pgproto3.BindComplete{})
		case 7:
			add(&pgproto3.CommandComplete{CommandTag: []byte(fmt.Sprintf("SELECT %d", i))})
		case 8:
			add(&pgproto3.ReadyForQuery{TxStatus: 'I'})
		case 9:
			add(&pgproto3.NoticeResponse{Severity: "NOTICE", Code: "00000", Message: strings.Repeat("n", i%300)})
		default:
			size := i % 97
			if i%500 == 3 {
				size = 20000 + i // larger than the framer's buffer
			}
			add(&pgproto3.DataRow{Values: [][]byte{[]byte(fmt.Sprint(i)), bytes.Repeat([]byte{'v'}, size), nil}})
		}
	}
	for seed := range uint64(20) {
		rnd := rand.New(rand.NewPCG(seed, 1))
		f := newFramer(&chunks{b: stream, rnd: rnd})
		fe := pgproto3.NewFrontend(f, io.Discard)
		var got []string
		for len(got) < len(want) {
			switch rnd.IntN(4) {
			case 0: // pgx reads one
				m, err := fe.Receive()
				if err != nil {
					t.Fatalf("seed %d, message %d: pgx: %v", seed, len(got), err)
				}
				enc, _ := m.(pgproto3.BackendMessage).Encode(nil)
				got = append(got, string(enc[:1])+string(enc[5:]))
			case 1: // the framer reads one, gives it back, pgx reads it
				typ, body, err := f.next()
				if err != nil {
					t.Fatalf("seed %d, message %d: next: %v", seed, len(got), err)
				}
				first := string(typ) + string(body)
				f.unread()
				m, err := fe.Receive()
				if err != nil {
					t.Fatalf("seed %d, message %d: pgx after unread: %v", seed, len(got), err)
				}
				enc, _ := m.(pgproto3.BackendMessage).Encode(nil)
				if again := string(enc[:1]) + string(enc[5:]); again != first {
					t.Fatalf("seed %d, message %d: pgx read %.40q after unread of %.40q", seed, len(got), again, first)
				}
				got = append(got, first)
			case 2: // the framer reads one
				typ, body, err := f.next()
				if err != nil {
					t.Fatalf("seed %d, message %d: next: %v", seed, len(got), err)
				}
				got = append(got, string(typ)+string(body))
			case 3: // the framer skips the rows it has whole
				start := f.rp
				n := f.skipRows()
				for b := f.buf[start:f.rp]; len(b) > 0; {
					size := 1 + int(binary.BigEndian.Uint32(b[1:]))
					got = append(got, string(b[:1])+string(b[5:size]))
					b = b[size:]
					n--
				}
				if n != 0 {
					t.Fatalf("seed %d: skipRows counted %d rows more than it skipped", seed, n)
				}
			}
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("seed %d, message %d: read %.40q, want %.40q", seed, i, got[i], want[i])
			}
		}
		if _, _, err := f.next(); err != io.EOF {
			t.Fatalf("seed %d: after the stream: %v, want EOF", seed, err)
		}
	}
}

// TestFramerLive: on a real server, replies read through the framer and
// calls through pgx take turns on one connection: counted and decoded rows
// of many sizes (some larger than the framer's buffer), notices among the
// rows, the transaction status pgx keeps, and queries whose context pgx
// watches.
func TestFramerLive(t *testing.T) {
	t.Parallel()
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_POSTGRES")
	ctx := context.WithoutCancel(context.Background())
	c := dbtest.Open(t, Driver{}, target).(*Conn)
	if _, err := c.Exec(ctx, "CREATE TEMPORARY TABLE fr (id INTEGER PRIMARY KEY, v TEXT)"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Exec(ctx, "INSERT INTO fr SELECT i, repeat('x', CASE WHEN i % 1000 = 0 THEN 50000 ELSE i % 300 END) FROM generate_series(1, 20000) i"); err != nil {
		t.Fatal(err)
	}
	count, err := c.Prepare(ctx, "SELECT id, v FROM fr WHERE id <= ?")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{20000, 1, 0, 5000} {
		got, err := count.Query(ctx, n)
		if err != nil || got != n {
			t.Fatalf("Query(%d): %d rows, %v", n, got, err)
		}
		var id int64
		var v string
		var sum, width int64
		got, err = count.(sqldb.RowsReader).QueryRows(ctx, []any{&id, &v}, func(int) error {
			sum += id
			width += int64(len(v))
			return nil
		}, n)
		var wantWidth int64
		for i := 1; i <= n; i++ {
			if i%1000 == 0 {
				wantWidth += 50000
			} else {
				wantWidth += int64(i % 300)
			}
		}
		if err != nil || got != n || sum != int64(n)*int64(n+1)/2 || width != wantWidth {
			t.Fatalf("QueryRows(%d): %d rows, ids summing to %d, %d bytes of v, %v", n, got, sum, width, err)
		}
		// pgx's own path, context watched, between the framer's replies
		tab, err := c.QueryStrings(context.Background(), "SELECT count(*) FROM fr WHERE id <= $1", n)
		if err != nil || len(tab) != 1 || tab[0][0] != fmt.Sprint(n) {
			t.Fatalf("pgx's query after %d rows: %v, %v", n, tab, err)
		}
	}
	// notices between the rows: pgx reads each, the framer the rows around
	if _, err := c.Exec(ctx, `CREATE FUNCTION pg_temp.noisy(i int) RETURNS int AS $$
		BEGIN IF i % 7 = 0 THEN RAISE NOTICE 'row %', i; END IF; RETURN i; END $$ LANGUAGE plpgsql`); err != nil {
		t.Fatal(err)
	}
	noisy, err := c.Prepare(ctx, "SELECT pg_temp.noisy(id) FROM fr WHERE id <= ?")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := noisy.Query(ctx, 3000); err != nil || got != 3000 {
		t.Fatalf("rows among notices: %d rows, %v; want 3000", got, err)
	}
	for _, step := range []struct {
		sql  string
		want byte
	}{{"BEGIN", 'T'}, {"SELECT 1/0", 'E'}, {"ROLLBACK", 'I'}} {
		_, _ = c.Exec(ctx, step.sql)
		if got := c.pg.TxStatus(); got != step.want {
			t.Fatalf("after %s: pgx says the transaction status is %q, want %q", step.sql, got, step.want)
		}
	}
}

// TestFramerBadLength: a header whose length cannot be is an error for the
// framer and for pgx reading through it, never a misframed stream.
func TestFramerBadLength(t *testing.T) {
	t.Parallel()
	bad := []byte{'D', 0, 0, 0, 3, 'x', 'y', 'z', 'w'}
	if _, _, err := newFramer(bytes.NewReader(bad)).next(); err == nil || !strings.Contains(err.Error(), "length is 3") {
		t.Errorf("next: %v, want the length named", err)
	}
	if _, err := pgproto3.NewFrontend(newFramer(bytes.NewReader(bad)), io.Discard).Receive(); err == nil || !strings.Contains(err.Error(), "length is 3") {
		t.Errorf("pgx: %v, want the framer's error", err)
	}
}
