package sqldb

import (
	"database/sql/driver"
	"errors"
	"fmt"
	"testing"
	"time"
)

// TestScanValue: the driver values SQLite and MySQL's binary protocol send
// (int64, uint64, float32, float64, []byte, string, time.Time, NULL) convert
// into each destination, and what does not convert is an error, never a
// rounded or zero value.
func TestScanValue(t *testing.T) {
	at := time.Date(2026, 11, 22, 8, 50, 1, 500000000, time.UTC)
	for _, c := range []struct {
		v    driver.Value
		into string
		want string // fmt.Sprint of the destination, or "error"
	}{
		{int64(42), "int64", "42"},
		{uint64(42), "int64", "42"},
		{uint64(1 << 63), "int64", "error"},
		{float64(5), "int64", "5"},
		{float64(5.5), "int64", "error"},
		{[]byte("12.00"), "int64", "12"}, // a DECIMAL(n,2) from MySQL
		{[]byte("12.34"), "int64", "error"},
		{"-7", "int64", "-7"},
		{[]byte("seven"), "int64", "error"},
		{true, "int64", "1"},
		{int64(42), "int", "42"},
		{[]byte("12.34"), "float64", "12.34"},
		{float32(0.5), "float64", "0.5"},
		{int64(3), "float64", "3"},
		{"x", "float64", "error"},
		{at, "float64", "error"},
		{[]byte("text"), "string", "text"},
		{int64(-3), "string", "-3"},
		{float64(2.5), "string", "2.5"},
		{at, "string", "2026-11-22 08:50:01.5"},
		{int64(99), "bytes", "99"},
		{"abc", "bytes", "abc"},
		{nil, "int64", "error"},
		{nil, "string", "error"},
		{nil, "bytes", "nil"},
		{nil, "null int64", "{0 false}"},
		{int64(4), "null int64", "{4 true}"},
		{nil, "null float64", "{0 false}"},
		{nil, "null string", "{ false}"},
		{"s", "null string", "{s true}"},
		{int64(1), "time", "error"},
	} {
		var (
			i  int64
			n  int
			f  float64
			s  string
			b  = []byte("old")
			ni = Null[int64]{V: 9, Valid: true}
			nf = Null[float64]{V: 9, Valid: true}
			ns = Null[string]{V: "old", Valid: true}
			tm time.Time
		)
		dests := map[string]any{"int64": &i, "int": &n, "float64": &f, "string": &s, "bytes": &b,
			"null int64": &ni, "null float64": &nf, "null string": &ns, "time": &tm}
		err := ScanValue(dests[c.into], c.v)
		got := "error"
		if err == nil {
			got = fmt.Sprint(deref(dests[c.into]))
		}
		if got != c.want {
			t.Errorf("%T %v into %s: %s (%v), want %s", c.v, c.v, c.into, got, err, c.want)
		}
		if c.v == nil && (c.into == "int64" || c.into == "string") && !errors.Is(err, ErrNull) {
			t.Errorf("NULL into %s: %v, want ErrNull", c.into, err)
		}
	}
}

func deref(p any) any {
	switch d := p.(type) {
	case *int64:
		return *d
	case *int:
		return *d
	case *float64:
		return *d
	case *string:
		return *d
	case *[]byte:
		if *d == nil {
			return "nil"
		}
		return string(*d)
	case *Null[int64]:
		return *d
	case *Null[float64]:
		return *d
	case *Null[string]:
		return *d
	}
	return p
}

// TestScanValueAllocs: numbers and a reused []byte cost no allocation; a
// string from bytes costs one, its own.
func TestScanValueAllocs(t *testing.T) {
	var i int64
	var f float64
	var s string
	b := make([]byte, 0, 16)
	big, fl, raw := driver.Value(int64(1<<40)), driver.Value(2.5), driver.Value([]byte("twelve bytes"))
	for _, c := range []struct {
		name string
		dest any
		v    driver.Value
		max  float64
	}{
		{"int64", &i, big, 0},
		{"decimal text to int64", &i, driver.Value([]byte("12.00")), 0},
		{"float64", &f, fl, 0},
		{"bytes", &b, raw, 0},
		{"string", &s, raw, 1},
		{"number to string", &s, big, 1},
	} {
		if got := testing.AllocsPerRun(100, func() { _ = ScanValue(c.dest, c.v) }); got > c.max {
			t.Errorf("%s: %v allocations, want at most %v", c.name, got, c.max)
		}
	}
}
