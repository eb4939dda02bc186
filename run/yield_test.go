package run

import (
	"testing"
	"time"
)

// A user yields when the time since its last yield plus its next statement,
// guessed as long as its last, would reach yieldBudget: between statements
// and at a transaction's end alike; short statements let it go almost
// yieldBudget, a long one makes it yield earlier; each yield restarts the
// count; noyield turns it off.
func TestYieldBudget(t *testing.T) {
	t.Parallel()
	ms := int64(time.Millisecond)
	us := int64(time.Microsecond)
	r := &runner{}
	u := &user{}
	r.yieldInside(u, 8*ms, 200*us) // 8.2 ms with the next: not yet
	if u.yielded != 0 {
		t.Fatalf("yielded at 8 ms with 200 µs statements: at %d", u.yielded)
	}
	r.yieldInside(u, 8*ms+800*us, 200*us) // 9.0 ms with the next
	if u.yielded != 8*ms+800*us {
		t.Fatalf("no yield at 8.8 ms with 200 µs statements: last at %d", u.yielded)
	}
	base := u.yielded
	r.yieldInside(u, base+5*ms, 3*ms) // a 3 ms statement: 8 ms with the next
	if u.yielded != base {
		t.Fatal("yielded 5 ms after the last with 3 ms statements")
	}
	r.yieldInside(u, base+6*ms, 3*ms) // 9 ms with the next
	if u.yielded != base+6*ms {
		t.Fatalf("no yield 6 ms after the last with 3 ms statements: last at %d", u.yielded)
	}
	base = u.yielded
	u.end = base + 6*ms // the transaction ends; its last statement took 3 ms
	r.yield(u)
	if u.yielded != base+6*ms {
		t.Fatalf("no yield at a transaction's end 6 ms after the last with 3 ms statements: last at %d", u.yielded)
	}
	u.stmtNs = 100 * us
	u.end = u.yielded + 8*ms
	r.yield(u)
	if u.yielded == u.end {
		t.Fatal("a transaction's end yielded 8 ms after the last with 100 µs statements")
	}
	r.wake.noyield = true
	last := u.yielded
	r.yieldInside(u, last+20*ms, 5*ms)
	u.end = last + 30*ms
	r.yield(u)
	if u.yielded != last {
		t.Fatal("noyield yielded")
	}
}
