// Package sys holds the machine micro-benchmarks of `dbgauge sys`: sysbench
// 1.0.20's cpu, memory and fileio tests, with the same event definitions,
// options and defaults, run by the same runner as the database workloads.
// They need no database: the runner gives their workers a nil connection.
//
// sys imports workload only; like every workload it never starts
// goroutines, sleeps, reads a clock or prints.
package sys

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/workload"
)

// Family is the Meta().Family of the sys tests.
const Family = "sys"

// Test is a configured sys test: a workload.Instance plus what the command and
// the report need to know about it.
type Test interface {
	workload.Instance
	// Mode is the test's description before a run of events events (0: no
	// limit), in sysbench's words (its print_mode), one line per element.
	Mode(events int64) []string
	// BlockSize is the bytes one operation moves (memory-block-size,
	// file-block-size); 0 for cpu.
	BlockSize() int64
	// EventLimit is the test's own limit on the run's events (sysbench's
	// memory-total-size), 0 if it has none.
	EventLimit() int64
	// Moves says what the test's operations move, for the figures its
	// result has beyond events per second.
	Moves() Moves
}

// Moves is what a sys test's operations move.
type Moves int

const (
	// Nothing: events per second are the test's only figure (cpu).
	Nothing Moves = iota
	// BlockPerEvent: each event moves one block (memory): the result has
	// the operations and the MiB transferred.
	BlockPerEvent
	// BlockPerFileOp: each read and write operation moves one block
	// (fileio): the result has the reads, writes and fsyncs per second and
	// the bytes read and written.
	BlockPerFileOp
)

// Tests lists the sys tests.
func Tests() []workload.Workload { return []workload.Workload{CPU{}, Memory{}, FileIO{}} }

// Lookup finds a sys test by name.
func Lookup(name string) (workload.Workload, bool) {
	for _, w := range Tests() {
		if w.Meta().Name == name {
			return w, true
		}
	}
	return nil, false
}

// eventTxn is a sys test's one transaction type: sysbench's event.
var eventTxn = []workload.Txn{{Name: "event"}}

// noSession is the session of a test without a database.
type noSession struct{}

func (noSession) Close(context.Context) error { return nil }

// sizeMods are sysbench's size suffixes (sb_options.c, sizemods): each
// multiplies by 1024 once more than the one before.
const sizeMods = "KMGTPE"

// ParseSize reads a size as sysbench's sb_get_value_size does: digits and an
// optional suffix K, M, G, T, P or E (any case, powers of 1024). A trailing
// "B" or "iB" is accepted too; anything else is an error (sysbench silently
// reads it as 0).
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, fmt.Errorf("%q is not a size (digits with an optional K, M, G or T suffix)", s)
	}
	n, err := strconv.ParseUint(t[:i], 10, 63)
	if err != nil {
		return 0, fmt.Errorf("size %q is too large", s)
	}
	rest := strings.ToUpper(t[i:])
	shift := 0
	if rest != "" {
		if k := strings.IndexByte(sizeMods, rest[0]); k >= 0 {
			shift = 10 * (k + 1)
			rest = rest[1:]
		}
	}
	if rest != "" && rest != "B" && rest != "IB" {
		return 0, fmt.Errorf("%q is not a size (digits with an optional K, M, G or T suffix)", s)
	}
	if shift > 0 && (shift >= 63 || n > math.MaxInt64>>shift) {
		return 0, fmt.Errorf("size %q is too large", s)
	}
	return int64(n << shift), nil
}

// PrintSize writes a size as sysbench's sb_print_value_size: "%.5g" of the
// value in the largest unit it reaches, with "Ki", "Mi", ... and no "B".
func PrintSize(v float64) string {
	i := 0
	for i < len(sizeMods) && v >= 1024 {
		v /= 1024
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%.5g", v)
	}
	return fmt.Sprintf("%.5g%ci", v, sizeMods[i-1])
}

// sizeOption reads a size option and checks its bounds.
func sizeOption(v workload.Values, name string, lo, hi int64) (int64, error) {
	n, err := ParseSize(v.String(name))
	if err != nil {
		return 0, fmt.Errorf("--%s: %v", name, err)
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("--%s must be between %s and %s bytes, got %d", name, PrintSize(float64(lo)), PrintSize(float64(hi)), n)
	}
	return n, nil
}

// xoroshiro is sysbench's per-thread generator, xoroshiro128+ (sb_rand.h:
// sb_rand_uniform_uint64 is xoroshiro_next on thread-local state), kept
// here so that the memory and fileio tests draw their offsets as cheaply as
// sysbench does. It is seeded from the worker's randgen stream.
type xoroshiro struct{ s0, s1 uint64 }

func newXoroshiro(a, b uint64) xoroshiro {
	if a == 0 && b == 0 {
		a = 1 // the all-zero state is a fixed point
	}
	return xoroshiro{a, b}
}

func (x *xoroshiro) next() uint64 {
	s0, s1 := x.s0, x.s1
	r := s0 + s1
	s1 ^= s0
	x.s0 = bits.RotateLeft64(s0, 24) ^ s1 ^ (s1 << 16)
	x.s1 = bits.RotateLeft64(s1, 37)
	return r
}

// double is sb_rand_uniform_double: the top 52 bits as the mantissa of a
// number in [1, 2), minus 1.
func (x *xoroshiro) double() float64 {
	return math.Float64frombits(0x3FF<<52|x.next()>>12) - 1.0
}
