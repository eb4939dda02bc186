package run

import (
	"testing"
	"time"
)

// A user yields at a transaction's end once yieldEvery has passed, and
// inside a transaction only once it is yieldLate past that; each yield
// sets the next; noyield turns both off.
func TestYieldDeadlines(t *testing.T) {
	t.Parallel()
	ms := int64(time.Millisecond)
	r := &runner{}
	u := &user{}
	r.yieldInside(u, 2*ms) // nothing owed yet: yieldAt 0 + 3 ms
	if u.yieldAt != 0 {
		t.Fatalf("yielded inside before yieldLate: next at %d", u.yieldAt)
	}
	r.yieldInside(u, 3*ms)
	if u.yieldAt != 3*ms+yieldEvery {
		t.Fatalf("inside at 3 ms: next at %d, want %d", u.yieldAt, 3*ms+yieldEvery)
	}
	u.end = 3*ms + yieldEvery - 1
	r.yield(u)
	if u.yieldAt != 3*ms+yieldEvery {
		t.Fatal("a transaction's end yielded before yieldEvery")
	}
	u.end = 3*ms + yieldEvery
	r.yield(u)
	if u.yieldAt != 3*ms+2*yieldEvery {
		t.Fatalf("end at %d: next at %d", u.end, u.yieldAt)
	}
	r.yieldInside(u, u.yieldAt+yieldLate-1)
	if u.yieldAt != 3*ms+2*yieldEvery {
		t.Fatal("yielded inside a transaction before yieldLate")
	}
	r.wake.noyield = true
	r.yieldInside(u, u.yieldAt+yieldLate)
	u.end = u.yieldAt + yieldEvery
	r.yield(u)
	if u.yieldAt != 3*ms+2*yieldEvery {
		t.Fatal("noyield yielded")
	}
}
