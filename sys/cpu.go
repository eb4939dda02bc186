package sys

import (
	"context"
	"fmt"
	"math"

	"github.com/dbgauge/dbgauge/workload"
)

// CPU is sysbench's cpu test (src/tests/cpu/sb_cpu.c): an event verifies
// every number from 3 up to cpu-max-prime by trial division.
type CPU struct{}

var _ workload.Workload = CPU{}

// Meta implements workload.Workload.
func (CPU) Meta() workload.Meta {
	return workload.Meta{Name: "cpu", Family: Family,
		Description: "sysbench's cpu test: each event verifies the primes up to --cpu-max-prime by trial division"}
}

// Options implements workload.Workload.
func (CPU) Options() []workload.Option {
	return []workload.Option{
		// 10000 and the int range are sysbench's (sb_cpu.c cpu_args, cpu_init).
		{Name: "cpu-max-prime", Help: "upper limit for primes generator", Kind: workload.Int, Default: "10000", Min: 1, Max: math.MaxInt32},
	}
}

// Configure implements workload.Workload.
func (CPU) Configure(v workload.Values, _ workload.Params) (workload.Instance, error) {
	return &cpuTest{maxPrime: uint64(v.Int("cpu-max-prime"))}, nil
}

type cpuTest struct{ maxPrime uint64 }

var _ Test = (*cpuTest)(nil)

func (t *cpuTest) Ops() []workload.Op        { return nil }
func (t *cpuTest) Dataset() workload.Dataset { return nil }
func (t *cpuTest) BlockSize() int64          { return 0 }
func (t *cpuTest) EventLimit() int64         { return 0 }
func (t *cpuTest) Moves() Moves              { return Nothing }
func (t *cpuTest) Mode(int64) []string {
	return []string{fmt.Sprintf("Prime numbers limit: %d", t.maxPrime), ""}
}
func (t *cpuTest) Transactions() []workload.Txn { return eventTxn }
func (t *cpuTest) Open(context.Context, workload.SessionEnv) (workload.Session, error) {
	return noSession{}, nil
}
func (t *cpuTest) NewUser(context.Context, workload.UserEnv) (workload.User, error) {
	return &cpuWorker{maxPrime: t.maxPrime}, nil
}

type cpuWorker struct {
	maxPrime uint64
	// primes keeps the last count, so that the work cannot be optimised
	// away (sysbench's thread_count_primes).
	primes uint64
}

func (w *cpuWorker) Next() workload.TxnID { return 0 }

// Run is sb_cpu.c's cpu_execute_event.
func (w *cpuWorker) Run(context.Context, workload.Tx) error {
	w.primes = countPrimes(w.maxPrime)
	return nil
}

// countPrimes is cpu_execute_event's loop, operation for operation: 64-bit
// unsigned division, and the divisor compared with sqrt(c) as a double:
//
//	for(c=3; c < max_prime; c++) {
//	  t = sqrt((double)c);
//	  for(l = 2; l <= t; l++)
//	    if (c % l == 0) break;
//	  if (l > t) n++;
//	}
//
// It counts the primes p with 3 <= p < maxPrime (2 is never counted). The
// numbers stay below 2^31, so they convert to double as signed integers,
// without the branch an unsigned conversion takes (gcc makes the same
// choice in sysbench's binary).
func countPrimes(maxPrime uint64) uint64 {
	var n uint64
	for c := uint64(3); c < maxPrime; c++ {
		t := math.Sqrt(float64(int64(c)))
		l := uint64(2)
		if c&1 == 0 && 2 <= t {
			// The first division, c % 2, as a bit test: gcc peels it off
			// the loop in sysbench's binary (4% of the divisions at 10000).
			// The loop would break at l = 2 <= t: not a prime.
			continue
		}
		for ; float64(int64(l)) <= t; l++ {
			if c%l == 0 {
				break
			}
		}
		if float64(int64(l)) > t {
			n++
		}
	}
	return n
}
