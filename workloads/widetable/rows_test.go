package widetable

import (
	"crypto/sha256"
	"fmt"
	"testing"
	"time"
)

// TestRowsDeterministic: a row is a pure function of (seed, table, row).
func TestRowsDeterministic(t *testing.T) {
	a, b := fmt.Sprint(row(1, 3, 42)), fmt.Sprint(row(1, 3, 42))
	if a != b {
		t.Fatal("the same row came out twice differently")
	}
	for _, other := range []string{fmt.Sprint(row(2, 3, 42)), fmt.Sprint(row(1, 4, 42)), fmt.Sprint(row(1, 3, 43))} {
		if other == a {
			t.Fatal("another seed, table or row gave the same row")
		}
	}
	h := sha256.New()
	for r := int64(0); r < 100; r++ {
		fmt.Fprintln(h, row(0, 1, r)...)
	}
	// Pinned: change only on purpose (stamped datasets stop comparing).
	if got := fmt.Sprintf("%x", h.Sum(nil))[:16]; got != "043392a9fa20206d" {
		t.Errorf("fingerprint %s", got)
	}
}

// TestKeysMatchRow: the values a select looks for are the row's values, and
// the declared column sizes hold.
func TestKeysMatchRow(t *testing.T) {
	for r := int64(0); r < 500; r += 7 {
		k, _ := rowKeys(5, 2, r)
		got := row(5, 2, r)
		want := []any{k.id, k.seq, k.col3, k.col4, k.col5}
		for i, v := range want {
			if got[i] != v {
				t.Fatalf("row %d column %s = %v, the select looks for %v", r, columns[i], got[i], v)
			}
		}
		if got[8].(time.Time) != k.col9 || got[13] != k.col14 {
			t.Fatalf("row %d: col9/col14 differ from the keys", r)
		}
		for i, max := range map[int]int{0: 20, 2: 16, 3: 5, 4: 50, 5: 1000, 6: 300, 7: 150, 11: 15, 12: 1, 13: 1} {
			if s := got[i].(string); len(s) > max || (max <= 50 && len(s) == 0) {
				t.Fatalf("row %d %s has %d characters, column holds %d", r, columns[i], len(s), max)
			}
		}
		if k.seq < 1 || k.seq > rowsPerID {
			t.Fatalf("seq %d", k.seq)
		}
	}
}
