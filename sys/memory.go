package sys

import (
	"context"
	"fmt"
	"math"
	"sync"

	"github.com/dbgauge/dbgauge/workload"
)

// Memory is sysbench's memory test (src/tests/memory/sb_memory.c, 1.0.20):
// an event reads, writes or only walks one block of memory-block-size bytes,
// word by word (8-byte words), sequentially or at random word offsets, in a
// buffer shared by every thread (scope global) or owned by each (local).
type Memory struct{}

var _ workload.Workload = Memory{}

// maxMemoryBlock bounds memory-block-size so that a typo cannot ask for
// terabytes (sysbench would fail its malloc).
const maxMemoryBlock = 1 << 30

// Meta implements workload.Workload.
func (Memory) Meta() workload.Meta {
	return workload.Meta{Name: "memory", Family: Family,
		Description: "sysbench's memory test: each event reads or writes one block, word by word, sequentially or at random"}
}

// Options implements workload.Workload. Names and defaults are sb_memory.c's
// memory_args; memory-hugetlb is left out.
func (Memory) Options() []workload.Option {
	return []workload.Option{
		{Name: "memory-block-size", Help: "size of memory block for test (a power of 2, at least 8)", Kind: workload.String, Default: "1K"},
		{Name: "memory-total-size", Help: "total size of data to transfer (0: no limit)", Kind: workload.String, Default: "100G"},
		{Name: "memory-scope", Help: "memory access scope: global (one buffer for all threads) or local (one per thread)", Kind: workload.Enum, Default: "global", Choices: []string{"global", "local"}},
		{Name: "memory-oper", Help: "type of memory operations", Kind: workload.Enum, Default: "write", Choices: []string{"read", "write", "none"}},
		{Name: "memory-access-mode", Help: "memory access mode", Kind: workload.Enum, Default: "seq", Choices: []string{"seq", "rnd"}},
	}
}

// Configure implements workload.Workload, with memory_init's checks.
func (Memory) Configure(v workload.Values, p workload.Params) (workload.Instance, error) {
	block, err := sizeOption(v, "memory-block-size", 8, maxMemoryBlock)
	if err != nil {
		return nil, err
	}
	if block&(block-1) != 0 {
		return nil, fmt.Errorf("--memory-block-size must be a power of 2, got %d", block)
	}
	total, err := sizeOption(v, "memory-total-size", 0, math.MaxInt64)
	if err != nil {
		return nil, err
	}
	threads := int64(max(p.Users, 1))
	t := &memoryTest{block: block, total: total, threads: threads,
		scope: v.String("memory-scope"), oper: v.String("memory-oper"), rnd: v.String("memory-access-mode") == "rnd"}
	if total > 0 && total/block/threads == 0 {
		return nil, fmt.Errorf("--memory-total-size %s is less than one block of %s per thread (%d threads): there would be nothing to do",
			v.String("memory-total-size"), v.String("memory-block-size"), threads)
	}
	return t, nil
}

type memoryTest struct {
	block, total, threads int64
	scope, oper           string
	rnd                   bool

	once   sync.Once
	global []uint64 // scope global: the buffer every thread uses
}

var _ Test = (*memoryTest)(nil)

func (t *memoryTest) Ops() []workload.Op        { return nil }
func (t *memoryTest) Dataset() workload.Dataset { return nil }
func (t *memoryTest) BlockSize() int64          { return t.block }
func (t *memoryTest) Moves() Moves              { return BlockPerEvent }

// perThread is memory_thread_init's quota: each thread runs exactly
// memory-total-size / memory-block-size / threads events, then returns
// workload.ErrNoMoreEvents (0: no limit).
func (t *memoryTest) perThread() int64 {
	if t.total == 0 {
		return 0
	}
	return t.total / t.block / t.threads
}

// EventLimit is the quota over all threads. sysbench ignores --events for
// this test ("Use our own limit on the number of events"); dbgauge's runner
// applies --events too, so whichever limit is lower ends the run.
func (t *memoryTest) EventLimit() int64 { return t.perThread() * t.threads }

// Mode is memory_print_mode.
func (t *memoryTest) Mode(int64) []string {
	return []string{
		"Running memory speed test with the following options:",
		fmt.Sprintf("  block size: %dKiB", t.block/1024),
		fmt.Sprintf("  total size: %dMiB", t.total/1024/1024),
		"  operation: " + t.oper,
		"  scope: " + t.scope,
		"",
	}
}

// NewUser implements workload.Instance. Buffers are zeroed by writing, as
// memory_init memsets them: fresh pages that were never written all map
// to the kernel's zero page, which reads measurably slower (11 against
// 37 GB/s for 1 MiB blocks here). Go's allocator aligns a power-of-2 block
// to its size up to a page, as sb_memalign does.
func (t *memoryTest) Transactions() []workload.Txn { return eventTxn }
func (t *memoryTest) Open(context.Context, workload.SessionEnv) (workload.Session, error) {
	return noSession{}, nil
}

func (t *memoryTest) NewUser(_ context.Context, env workload.UserEnv) (workload.User, error) {
	w := &memoryWorker{rng: newXoroshiro(env.Rand.Uint64(), env.Rand.Uint64()), left: -1}
	if q := t.perThread(); q > 0 {
		w.left = q
	}
	if t.scope == "global" {
		// Every thread reads and writes the same words without
		// synchronisation, as sysbench's threads do: a benign race that is
		// the point of the global scope (cache lines shared between cores).
		t.once.Do(func() { t.global = newBlock(t.block) })
		w.buf = t.global
	} else {
		w.buf = newBlock(t.block)
	}
	switch {
	case t.oper == "write" && !t.rnd:
		w.kind = seqWrite
	case t.oper == "read" && !t.rnd:
		w.kind = seqRead
	case t.oper == "none" && !t.rnd:
		w.kind = seqNone
	case t.oper == "write":
		w.kind = rndWrite
	case t.oper == "read":
		w.kind = rndRead
	default:
		w.kind = rndNone
	}
	return w, nil
}

// newBlock is a block of zeroed words whose pages are really written.
func newBlock(size int64) []uint64 {
	b := make([]uint64, size/8)
	clear(b)
	return b
}

type memoryKind uint8

const (
	seqWrite memoryKind = iota
	seqRead
	seqNone
	rndWrite
	rndRead
	rndNone
)

type memoryWorker struct {
	buf  []uint64
	kind memoryKind
	rng  xoroshiro
	left int64 // events this worker may still run; -1: no limit
	// sink keeps what reads return, so that they cannot be optimised away
	// (sysbench loads through ck_pr_load_64 for the same reason).
	sink uint64
}

// Event is one of sb_memory.c's event_{seq,rnd}_{write,read,none}. The
// sequential loops are unrolled by 8 words, as Debian's sysbench 1.0.20
// binary is compiled (-funroll-loops: 8 loads, or 8 stores, per iteration,
// and its "none" loop collapses to one pointer step per 8 words). A loop of
// one dependent add per word read 1 MiB blocks 2.4 times slower per CPU
// second than sysbench; 8 independent sums per 8 words read as fast as
// sysbench's loop compiled alone (38-41 against 42-43 µs per MiB here).
func (w *memoryWorker) Next() workload.TxnID { return 0 }

func (w *memoryWorker) Run(context.Context, workload.Tx) error {
	if w.left >= 0 { // memory_next_event: if (!tls_total_ops--) no more events
		if w.left == 0 {
			return workload.ErrNoMoreEvents
		}
		w.left--
	}
	buf := w.buf
	n := len(buf)
	switch w.kind {
	case seqWrite: // SIZE_T_STORE(buf, end - buf) for every word
		// end - buf is a pointer difference: bytes to the end, shifted by
		// 3, for each word, as sysbench computes it. Counting the words
		// down instead made this loop 1.5 times faster than sysbench's
		// (38-59 against 62-91 µs per MiB here), a difference of
		// instructions, not of memory.
		end, p := uint64(n)*8, uint64(0)
		b := buf
		for len(b) >= 8 {
			x := (*[8]uint64)(b)
			x[0], x[1] = (end-p)>>3, (end-p-8)>>3
			x[2], x[3] = (end-p-16)>>3, (end-p-24)>>3
			x[4], x[5] = (end-p-32)>>3, (end-p-40)>>3
			x[6], x[7] = (end-p-48)>>3, (end-p-56)>>3
			p += 64
			b = b[8:]
		}
		for i := range b {
			b[i] = (end - p - uint64(i)*8) >> 3
		}
	case seqRead: // SIZE_T_LOAD(buf) for every word
		var s0, s1, s2, s3, s4, s5, s6, s7 uint64
		b := buf
		for len(b) >= 8 {
			x := (*[8]uint64)(b)
			s0, s1, s2, s3 = s0+x[0], s1+x[1], s2+x[2], s3+x[3]
			s4, s5, s6, s7 = s4+x[4], s5+x[5], s6+x[6], s7+x[7]
			b = b[8:]
		}
		for _, x := range b {
			s0 += x
		}
		w.sink += s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7
	case seqNone: // the same walk with no memory access
		var s uint64
		for i := 0; i < n; i += 8 {
			s += uint64(i)
		}
		w.sink += s
	default:
		w.random(buf)
	}
	return nil
}

// random is event_rnd_*: for each word of the block, a word offset drawn as
// sb_rand_uniform_double() * words.
func (w *memoryWorker) random(buf []uint64) {
	rng := w.rng
	words := float64(len(buf))
	var s uint64
	switch w.kind {
	case rndWrite:
		for i := range buf {
			buf[uint64(rng.double()*words)] = uint64(i)
		}
	case rndRead:
		for range buf {
			s += buf[uint64(rng.double()*words)]
		}
	default: // rndNone: the offset is computed and dropped
		for range buf {
			s += uint64(rng.double() * words)
		}
	}
	w.rng = rng
	w.sink += s
}
