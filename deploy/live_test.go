package deploy

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
)

// interval is one shard's interval of n transactions of ms milliseconds.
func interval(t *testing.T, k, n int, ms int64) results.Interval {
	h := hist.NewOp()
	for range n {
		h.Record(ms*1e6, false)
	}
	b, err := hist.Encode(h.OK())
	if err != nil {
		t.Fatal(err)
	}
	return results.Interval{T: float64(k + 1), DurS: 1, Threads: 2, Transactions: int64(n), TPS: float64(n),
		Counts: &results.IntervalCounts{Reads: int64(n)}, Hist: b}
}

// TestLive: interval k is printed once every running shard sent its k-th,
// merged exactly (counts sum, the histogram merges: shard 1's slower
// transactions set the p95), in order; a shard that ended is not waited
// for, and one that is silent is waited for Wait, and printed by the next
// tick of Live's timer (Wait/4 later at most). The timer runs in a
// synctest bubble: its seconds pass at once and exactly.
func TestLive(t *testing.T) {
	t.Parallel()
	synctest.Test(t, testLive)
}

func testLive(t *testing.T) {
	var mu sync.Mutex
	var got []results.Interval
	l := NewLive(3, 1, 95, func(iv results.Interval) { mu.Lock(); got = append(got, iv); mu.Unlock() })
	defer l.Close()
	w0, w1, w2 := l.Writer(0), l.Writer(1), l.Writer(2)
	// Shard 0's line comes in two writes, among other output.
	line := IntervalLine(interval(t, 0, 90, 1))
	w0.Write([]byte("[ 1s ] thds: 2 tps: 90\n" + line[:10]))
	w0.Write([]byte(line[10:]))
	w1.Write([]byte(IntervalLine(interval(t, 0, 20, 50))))
	count := func() int { mu.Lock(); defer mu.Unlock(); return len(got) }
	if count() != 0 {
		t.Fatal("interval 0 printed before shard 2 sent it")
	}
	w2.Write([]byte(IntervalLine(interval(t, 0, 100, 1))))
	if count() != 1 {
		t.Fatalf("interval 0 not printed once every shard sent it")
	}
	m := got[0]
	if m.Transactions != 210 || m.Threads != 6 || m.Counts.Reads != 210 || m.PctMs < 49 || m.PctMs > 51 || m.P50Ms > 1.01 {
		t.Errorf("merged interval: %d transactions, %d threads, p95 %.3f ms, p50 %.3f ms", m.Transactions, m.Threads, m.PctMs, m.P50Ms)
	}
	// Shard 2 ends: interval 1 needs only shards 0 and 1.
	l.End(2)
	w0.Write([]byte(IntervalLine(interval(t, 1, 5, 1))))
	w1.Write([]byte(IntervalLine(interval(t, 1, 5, 1))))
	if count() != 2 || got[1].Transactions != 10 {
		t.Fatalf("interval 1 after shard 2 ended: %d printed", count())
	}
	// Shard 1 falls silent: interval 2 waits Wait (3 s), then goes alone.
	w0.Write([]byte(IntervalLine(interval(t, 2, 7, 1))))
	time.Sleep(l.Wait - time.Nanosecond)
	synctest.Wait()
	if count() != 2 {
		t.Fatalf("interval 2 printed before Wait (%s) passed", l.Wait)
	}
	time.Sleep(l.Wait/4 + time.Nanosecond)
	synctest.Wait()
	if count() != 3 || got[2].Transactions != 7 {
		t.Fatalf("interval 2: %d printed a tick (%s) after Wait", count(), l.Wait/4)
	}
	// Its late interval 2 is dropped from the live lines, not misplaced.
	w1.Write([]byte(IntervalLine(interval(t, 2, 3, 1))))
	w0.Write([]byte(IntervalLine(interval(t, 3, 1, 1))))
	w1.Write([]byte(IntervalLine(interval(t, 3, 1, 1))))
	if count() != 4 || got[3].Transactions != 2 {
		t.Errorf("interval 3: %d printed, %+v", count(), got[len(got)-1])
	}
	if !strings.HasPrefix(IntervalLine(results.Interval{}), IntervalPrefix+"{") {
		t.Error("an interval line is the prefix and JSON")
	}
}

// TestLivePrints: a shard's workload output lines (a script's print) reach
// Print whole, without their prefix and in the order each shard wrote
// them, even split over writes; other lines do not.
func TestLivePrints(t *testing.T) {
	t.Parallel()
	var got []string
	l := NewLive(2, 1, 95, func(results.Interval) {})
	defer l.Close()
	l.Print = func(shard int, line string) { got = append(got, fmt.Sprintf("%d:%s", shard, line)) }
	w0, w1 := l.Writer(0), l.Writer(1)
	p := PrintLine("Counter values:\tx")
	w0.Write([]byte("[ 1s ] thds: 2\n" + p[:9]))
	w1.Write([]byte(PrintLine("Initializing counter(s)...")))
	w0.Write([]byte(p[9:] + PrintLine("    1: -57")))
	want := []string{"1:Initializing counter(s)...", "0:Counter values:\tx", "0:    1: -57"}
	if !slices.Equal(got, want) {
		t.Fatalf("printed %q, want %q", got, want)
	}
}
