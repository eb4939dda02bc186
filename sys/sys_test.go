package sys

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workload/wltest"
)

// countingTx is a workload.Tx that counts operations by id: what these
// tests check.
type countingTx struct {
	*wltest.Tx
}

func newCounting() *countingTx { return &countingTx{wltest.NewTx(nil)} }

// configure configures test w with raw options for threads workers.
func configure(t *testing.T, w workload.Workload, threads int, raw map[string]string) workload.Instance {
	t.Helper()
	v, err := workload.ParseValues(w.Options(), raw)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := w.Configure(v, workload.Params{Users: threads})
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// configureErr returns Configure's (or ParseValues') error.
func configureErr(w workload.Workload, threads int, raw map[string]string) error {
	v, err := workload.ParseValues(w.Options(), raw)
	if err != nil {
		return err
	}
	_, err = w.Configure(v, workload.Params{Users: threads})
	return err
}

func worker(t *testing.T, inst workload.Instance, i int, _ *countingTx) workload.User {
	t.Helper()
	w, err := inst.NewUser(context.Background(), workload.UserEnv{Rand: randgen.New(1, uint64(i)), User: i})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"0", 0}, {"16384", 16384}, {"1K", 1024}, {"1k", 1024}, {"16KB", 16 << 10}, {"100G", 100 << 30},
		{"2g", 2 << 30}, {"1MiB", 1 << 20}, {"3T", 3 << 40}, {" 8M ", 8 << 20}, {"1E", 1 << 60},
	} {
		if got, err := ParseSize(tc.in); err != nil || got != tc.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "K", "-1K", "1.5G", "10X", "1KK", "9223372036854775808", "8E", "99999999999T", "1 G"} {
		if n, err := ParseSize(bad); err == nil {
			t.Errorf("ParseSize(%q) = %d, want an error", bad, n)
		}
	}
}

func TestPrintSize(t *testing.T) {
	for in, want := range map[float64]string{512: "512", 16384: "16Ki", 4 << 20: "4Mi", 2 << 30: "2Gi", 1536: "1.5Ki"} {
		if got := PrintSize(in); got != want {
			t.Errorf("PrintSize(%g) = %q, want %q", in, got, want)
		}
	}
}

// TestCountPrimes: cpu_execute_event counts the primes from 3 below
// cpu-max-prime (2 is never counted): π(9999) = 1229, so 1228.
func TestCountPrimes(t *testing.T) {
	for max, want := range map[uint64]uint64{1: 0, 3: 0, 4: 1, 10: 3, 100: 24, 10000: 1228, 100000: 9591} {
		if got := countPrimes(max); got != want {
			t.Errorf("countPrimes(%d) = %d, want %d", max, got, want)
		}
	}
}

func TestCPUWorker(t *testing.T) {
	inst := configure(t, CPU{}, 1, map[string]string{"cpu-max-prime": "1000"})
	w := worker(t, inst, 0, newCounting()).(*cpuWorker)
	for range 3 {
		if err := w.Run(context.Background(), newCounting()); err != nil {
			t.Fatal(err)
		}
	}
	if w.primes != 167 { // π(999) = 168, minus 2
		t.Errorf("%d primes below 1000, want 167", w.primes)
	}
	if err := configureErr(CPU{}, 1, map[string]string{"cpu-max-prime": "0"}); err == nil {
		t.Error("cpu-max-prime 0 accepted")
	}
}

// TestMemoryQuota: memory-total-size gives each thread total/block/threads
// events (memory_thread_init), after which Event does nothing and says so.
func TestMemoryQuota(t *testing.T) {
	inst := configure(t, Memory{}, 3, map[string]string{"memory-total-size": "1M", "memory-scope": "local"})
	if got := inst.(Test).EventLimit(); got != 1023 {
		t.Errorf("EventLimit %d, want 1023 (341 per thread, as sysbench)", got)
	}
	for i := range 3 {
		w := worker(t, inst, i, newCounting())
		n := 0
		for ; n < 2000; n++ {
			if err := w.Run(context.Background(), newCounting()); err == workload.ErrNoMoreEvents {
				break
			} else if err != nil {
				t.Fatal(err)
			}
		}
		if n != 341 {
			t.Errorf("worker %d ran %d events, want 341", i, n)
		}
	}
	unlimited := configure(t, Memory{}, 2, map[string]string{"memory-total-size": "0"})
	if got := unlimited.(Test).EventLimit(); got != 0 {
		t.Errorf("memory-total-size 0: EventLimit %d, want 0 (no limit)", got)
	}
}

// TestMemoryOperations: a sequential write stores every word (end - buf),
// a read reads every word, and random writes land all over the block.
func TestMemoryOperations(t *testing.T) {
	ctx := context.Background()
	inst := configure(t, Memory{}, 1, map[string]string{"memory-block-size": "4K"})
	w := worker(t, inst, 0, newCounting()).(*memoryWorker)
	if len(w.buf) != 512 {
		t.Fatalf("block of %d words, want 512", len(w.buf))
	}
	if err := w.Run(ctx, newCounting()); err != nil {
		t.Fatal(err)
	}
	for i, x := range w.buf {
		if x != uint64(512-i) {
			t.Fatalf("word %d = %d after a sequential write, want %d", i, x, 512-i)
		}
	}
	// Scope global: the workers share one buffer; local: one each.
	if w2 := worker(t, inst, 1, newCounting()).(*memoryWorker); &w2.buf[0] != &w.buf[0] {
		t.Error("scope global: two workers have different buffers")
	}
	local := configure(t, Memory{}, 2, map[string]string{"memory-scope": "local"})
	if a, b := worker(t, local, 0, newCounting()).(*memoryWorker), worker(t, local, 1, newCounting()).(*memoryWorker); &a.buf[0] == &b.buf[0] {
		t.Error("scope local: two workers share a buffer")
	}
	// A sequential read reads every word: the sum of 1..512.
	r := worker(t, configure(t, Memory{}, 1, map[string]string{"memory-block-size": "4K", "memory-oper": "read"}), 0, newCounting()).(*memoryWorker)
	r.buf = w.buf
	if err := r.Run(ctx, newCounting()); err != nil {
		t.Fatal(err)
	}
	if r.sink != 512*513/2 {
		t.Errorf("a sequential read summed %d, want %d", r.sink, 512*513/2)
	}

	rnd := worker(t, configure(t, Memory{}, 1, map[string]string{"memory-block-size": "4K", "memory-access-mode": "rnd"}), 0, newCounting()).(*memoryWorker)
	for range 20 {
		if err := rnd.Run(ctx, newCounting()); err != nil {
			t.Fatal(err)
		}
	}
	touched := 0
	for _, x := range rnd.buf {
		if x != 0 {
			touched++
		}
	}
	// 20 × 512 random stores over 512 words: all but about e^-20 of them,
	// minus the stores of value 0 (the first of each event).
	if touched < 500 {
		t.Errorf("random writes touched %d of 512 words", touched)
	}
	for _, mode := range []string{"read", "none"} {
		for _, access := range []string{"seq", "rnd"} {
			w := worker(t, configure(t, Memory{}, 1, map[string]string{"memory-oper": mode, "memory-access-mode": access}), 0, newCounting())
			if err := w.Run(ctx, newCounting()); err != nil {
				t.Errorf("%s %s: %v", mode, access, err)
			}
		}
	}
}

func TestMemoryRejects(t *testing.T) {
	for _, raw := range []map[string]string{
		{"memory-block-size": "1000"}, // not a power of 2
		{"memory-block-size": "4"},    // less than a word
		{"memory-block-size": "2G"},
		{"memory-block-size": "1X"},
		{"memory-total-size": "1K", "memory-block-size": "1K"}, // less than a block per thread (2 threads)
		{"memory-total-size": "-5"},
		{"memory-oper": "copy"},
		{"memory-scope": "numa"},
		{"memory-access-mode": "stride"},
	} {
		if err := configureErr(Memory{}, 2, raw); err == nil {
			t.Errorf("%v accepted", raw)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: error of more than one line: %q", raw, err)
		}
	}
}

// TestXoroshiroDouble: sb_rand_uniform_double is uniform in [0, 1).
func TestXoroshiroDouble(t *testing.T) {
	x := newXoroshiro(1, 2)
	var sum float64
	const n = 100000
	for range n {
		d := x.double()
		if d < 0 || d >= 1 {
			t.Fatalf("double() = %g, outside [0, 1)", d)
		}
		sum += d
	}
	if mean := sum / n; math.Abs(mean-0.5) > 0.01 {
		t.Errorf("mean %g, want 0.5", mean)
	}
	z := newXoroshiro(0, 0)
	if z.next() == 0 && z.next() == 0 {
		t.Error("the all-zero seed is a fixed point")
	}
}
