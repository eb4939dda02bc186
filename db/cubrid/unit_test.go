package cubrid

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

func TestParseConfig(t *testing.T) {
	for raw, want := range map[string]string{
		"cubrid://bench:pw@db1:33000/demodb": "db1:33000 demodb bench pw",
		"cubrid://dba@127.0.0.1/bench":       "127.0.0.1:33000 bench dba ",
		"cubrid://[::1]:30000/x":             "[::1]:30000 x  ",
	} {
		tg, err := db.ParseURL(raw)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := parseConfig(tg)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if got := strings.Join([]string{cfg.addr, cfg.database, cfg.user, cfg.password}, " "); got != want {
			t.Errorf("%s: %q, want %q", raw, got, want)
		}
	}
	for raw, want := range map[string]string{
		"cubrid://u:secret@db1:33000":                      "names no database",
		"cubrid://u:secret@db1:33000/":                     "names no database",
		"cubrid:///bench":                                  "has no host",
		"cubrid://u:secret@db1/bench?charset=x":            "unknown URL option",
		"cubrid://u:secret@db1/" + strings.Repeat("d", 32): "database name must be shorter than 32",
	} {
		tg, err := db.ParseURL(raw)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Driver{}.Open(context.Background(), tg)
		var ce *db.ConnectError
		if err == nil || errors.As(err, &ce) || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "secret") {
			t.Errorf("%s: %v, want a usage error saying %q without the password", raw, err, want)
		}
	}
}

// TestUnreachable: a closed port is a ConnectError naming host:port.
func TestUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	tg, _ := db.ParseURL("cubrid://u:secret@" + addr + "/bench")
	_, err = Driver{}.Open(context.Background(), tg)
	var ce *db.ConnectError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), addr) || strings.Contains(err.Error(), "secret") {
		t.Fatalf("got %v, want a ConnectError naming %s", err, addr)
	}
}

// TestSilentBroker: a broker that accepts and never answers is a
// ConnectError once the context's deadline passes, not a hang.
func TestSilentBroker(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	tg, _ := db.ParseURL("cubrid://u:secret@" + l.Addr().String() + "/bench")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err = Driver{}.Open(ctx, tg)
	var ce *db.ConnectError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), l.Addr().String()) || !strings.Contains(err.Error(), "no answer within") {
		t.Fatalf("got %v, want a ConnectError saying there was no answer", err)
	}
}

func TestClassify(t *testing.T) {
	for code, want := range map[int]db.Class{
		-72: db.Deadlock, -966: db.Deadlock, -73: db.LockTimeout, -76: db.LockTimeout,
		-670: db.DuplicateKey, -886: db.DuplicateKey, -199: db.ConnectionLost, -10025: db.ConnectionLost,
		-493: db.Other, -790: db.Timeout,
	} {
		err := classify(&Error{Code: code, Message: "m"})
		if got := db.ClassOf(err); got != want {
			t.Errorf("%d: %v, want %v", code, got, want)
		}
		var de *db.Error
		if errors.As(err, &de); de.Code != strings.TrimSpace(de.Code) || de.Code == "" {
			t.Errorf("%d: code %q", code, de.Code)
		}
	}
	if got := db.ClassOf(classify(&netFailure{errBroken})); got != db.ConnectionLost {
		t.Errorf("a broken socket: %v", got)
	}
	if err := classify(context.Canceled); !errors.Is(err, context.Canceled) {
		t.Errorf("cancel: %v", err)
	}
}

// be builds big-endian test bytes.
func be(vals ...any) []byte {
	var b []byte
	for _, v := range vals {
		switch x := v.(type) {
		case int16:
			b = binary.BigEndian.AppendUint16(b, uint16(x))
		case int32:
			b = binary.BigEndian.AppendUint32(b, uint32(x))
		case int64:
			b = binary.BigEndian.AppendUint64(b, uint64(x))
		case float32:
			b = binary.BigEndian.AppendUint32(b, math.Float32bits(x))
		case float64:
			b = binary.BigEndian.AppendUint64(b, math.Float64bits(x))
		case byte:
			b = append(b, x)
		case string:
			b = append(b, x...)
		}
	}
	return b
}

// TestValues: each wire type into each destination, and the refusals.
func TestValues(t *testing.T) {
	for _, c := range []struct {
		v    value
		text string
		i    int64
		iErr bool
		f    float64
		fErr bool
	}{
		{value{typ: typeInt, b: be(int32(-42))}, "-42", -42, false, -42, false},
		{value{typ: typeShort, b: be(int16(7))}, "7", 7, false, 7, false},
		{value{typ: typeBigint, b: be(int64(1) << 40)}, "1099511627776", 1 << 40, false, 1 << 40, false},
		{value{typ: typeNumeric, b: be("12.34", byte(0))}, "12.34", 0, true, 12.34, false},
		{value{typ: typeNumeric, b: be("12.00", byte(0))}, "12.00", 12, false, 12, false},
		{value{typ: typeFloat, b: be(float32(2.5))}, "2.5", 0, true, 2.5, false},
		{value{typ: typeDouble, b: be(float64(3))}, "3", 3, false, 3, false},
		{value{typ: typeString, b: be("text", byte(0))}, "text", 0, true, 0, true},
		{value{typ: typeChar, b: be("12", byte(0))}, "12", 12, false, 12, false},
		{value{typ: typeDate, b: be(int16(2009), int16(7), int16(30))}, "2009-07-30", 0, true, 0, true},
		{value{typ: typeTime, b: be(int16(16), int16(25), int16(44))}, "16:25:44", 0, true, 0, true},
		{value{typ: typeTimestamp, b: be(int16(2009), int16(7), int16(30), int16(16), int16(25), int16(44))}, "2009-07-30 16:25:44", 0, true, 0, true},
		{value{typ: typeDatetime, b: be(int16(2009), int16(7), int16(30), int16(16), int16(25), int16(44), int16(5))}, "2009-07-30 16:25:44.005", 0, true, 0, true},
	} {
		var s string
		b := make([]byte, 0, 8)
		var i int64
		var f float64
		if err := c.v.scan(&s); err != nil || s != c.text {
			t.Errorf("type %d as text: %q, %v; want %q", c.v.typ, s, err, c.text)
		}
		if err := c.v.scan(&b); err != nil || string(b) != c.text {
			t.Errorf("type %d as bytes: %q, %v", c.v.typ, b, err)
		}
		if err := c.v.scan(&i); (err != nil) != c.iErr || !c.iErr && i != c.i {
			t.Errorf("type %d as int64: %d, %v", c.v.typ, i, err)
		}
		if err := c.v.scan(&f); (err != nil) != c.fErr || !c.fErr && f != c.f {
			t.Errorf("type %d as float64: %v, %v", c.v.typ, f, err)
		}
	}
	null := value{typ: typeInt, null: true}
	var n sqldb.Null[int64]
	var i int64
	if err := null.scan(&n); err != nil || n.Valid {
		t.Errorf("NULL into a Null: %+v, %v", n, err)
	}
	if err := null.scan(&i); !errors.Is(err, sqldb.ErrNull) {
		t.Errorf("NULL into an int64: %v", err)
	}
	// A value of a column typed at execution carries its type.
	d := &reader{b: be(int32(6), byte(0x80), byte(typeInt), int32(9))}
	v := readValue(d, typeNull)
	if err := v.scan(&i); err != nil || i != 9 || d.err != nil {
		t.Errorf("a typed value: %d, %v, %v", i, err, d.err)
	}
}

// TestReadAllocsOffline: decoding numbers allocates nothing.
func TestReadAllocsOffline(t *testing.T) {
	v := value{typ: typeBigint, b: be(int64(5))}
	var i int64
	var f float64
	dest := []any{&i, &f}
	if n := testing.AllocsPerRun(100, func() {
		v.scan(dest[0])
		v.scan(dest[1])
	}); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// TestBind: arguments as the CAS reads them.
func TestBind(t *testing.T) {
	var r request
	r.begin(fcExecute, [4]byte{})
	start := len(r.b)
	err := r.bind([]any{nil, 7, int64(1) << 40, "ab", []byte("c"), 2.5, float32(1.5), true,
		time.Date(2009, 7, 30, 16, 25, 44, 5e6, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	want := be(int32(1), byte(typeNull), int32(0),
		int32(1), byte(typeInt), int32(4), int32(7),
		int32(1), byte(typeBigint), int32(8), int64(1)<<40,
		int32(1), byte(typeString), int32(3), "ab", byte(0),
		int32(1), byte(typeString), int32(2), "c", byte(0),
		int32(1), byte(typeDouble), int32(8), 2.5,
		int32(1), byte(typeFloat), int32(4), float32(1.5),
		int32(1), byte(typeShort), int32(2), int16(1),
		int32(1), byte(typeDatetime), int32(14), int16(2009), int16(7), int16(30), int16(16), int16(25), int16(44), int16(5))
	if got := r.b[start:]; string(got) != string(want) {
		t.Fatalf("bound as\n%x\nwant\n%x", got, want)
	}
	if err := r.bind([]any{struct{}{}}); err == nil {
		t.Error("a struct was bound")
	}
	if got := r.bytes(); binary.BigEndian.Uint32(got) != uint32(len(got)-8) {
		t.Error("the length does not count the body")
	}
}

// TestShortReply: a reply shorter than its fields is an error, never a
// panic.
func TestShortReply(t *testing.T) {
	d := &reader{b: be(int32(5), byte(1))}
	readPrepared(d, 1, nil)
	if d.err == nil {
		t.Fatal("a truncated prepare reply was read")
	}
	d = &reader{b: be(byte(0), int32(1<<30))}
	readExecuted(d, 1, nil)
	if d.err == nil {
		t.Fatal("an execute reply announcing 2^30 results was read")
	}
}
