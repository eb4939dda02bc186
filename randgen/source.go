// Package randgen holds the seeded random generators workloads draw from:
// sysbench's distributions (uniform, gaussian, special, pareto, zipfian), its
// unique-number and template-string generators, and seed derivation so that
// every data batch and every worker stream is a pure function of the seed.
//
// randgen imports no other dbgauge package.
package randgen

import (
	"math/rand/v2"
)

// Rand is one stream of random numbers. It is not safe for concurrent use:
// every worker and every data batch gets its own.
type Rand struct {
	pcg rand.PCG
}

// New returns a stream determined by seed and the stream path (for example
// table number and batch index, or "worker" and worker index).
func New(seed uint64, path ...uint64) *Rand {
	h := mix(seed ^ 0x9e3779b97f4a7c15)
	for _, p := range path {
		h = mix(h ^ mix(p+0x632be59bd9b4e019))
	}
	r := &Rand{}
	r.pcg.Seed(h, mix(h^0xdaa66d2c7ddf743f))
	return r
}

// mix is SplitMix64's finaliser: a bijection that spreads every input bit.
func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Uint64 returns a uniformly distributed 64-bit value.
func (r *Rand) Uint64() uint64 { return r.pcg.Uint64() }

// Float64 returns a uniform value in [0, 1).
func (r *Rand) Float64() float64 { return float64(r.pcg.Uint64()>>11) / (1 << 53) }

// Uniform returns a uniform integer in [a, b], as sysbench's
// sb_rand_uniform: a + u64 mod (b-a+1).
func (r *Rand) Uniform(a, b int64) int64 {
	if b <= a {
		return a
	}
	n := uint64(b-a) + 1
	if n == 0 { // [MinInt64, MaxInt64]: 2^64 values, every draw is one
		return int64(r.pcg.Uint64())
	}
	return a + int64(r.pcg.Uint64()%n)
}

// IntN returns a uniform integer in [0, n).
func (r *Rand) IntN(n int) int {
	if n <= 1 {
		return 0
	}
	return int(r.pcg.Uint64() % uint64(n))
}
