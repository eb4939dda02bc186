package sqldb

import (
	"reflect"
	"strconv"
	"testing"
)

// TestTextRows: rows of different widths, empty values and rows without
// values come back as they were added; a result without rows is nil; the
// rows of one result stay as they were after the next result is read
// (the buffers are reused, the strings are not), and a large result is
// read whole.
func TestTextRows(t *testing.T) {
	var tr TextRows
	add := func(rows [][]string) [][]string {
		tr.Reset()
		for _, r := range rows {
			for _, v := range r {
				tr.AddValue(append(tr.Buf(), v...))
			}
			tr.AddRow(len(r))
		}
		return tr.Rows()
	}
	first := [][]string{{"1", "", "abc"}, {}, {"x"}, {"", ""}}
	got := add(first)
	if !reflect.DeepEqual(got, first) {
		t.Fatalf("rows %q, want %q", got, first)
	}
	if r := add(nil); r != nil {
		t.Fatalf("no rows: %q", r)
	}
	var big [][]string
	for i := range 100000 {
		big = append(big, []string{strconv.Itoa(i), "value " + strconv.Itoa(i)})
	}
	if r := add(big); !reflect.DeepEqual(r, big) {
		t.Fatal("a large result differs")
	}
	if second := add([][]string{{"2", "zz"}}); !reflect.DeepEqual(second, [][]string{{"2", "zz"}}) || !reflect.DeepEqual(got, first) {
		t.Fatalf("after reuse: %q and %q", second, got)
	}
	// A row's slice is its own: appending to it does not write over the next row.
	got = add([][]string{{"a"}, {"b"}})
	_ = append(got[0], "c")
	if got[1][0] != "b" {
		t.Fatalf("rows share their room: %q", got)
	}
}
