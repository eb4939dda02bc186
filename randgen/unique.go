package randgen

import "sync/atomic"

// Unique hands out 32-bit values that do not repeat until 2^32 have been
// drawn: sysbench's sb_rand_unique, Jeff Preshing's permutation by quadratic
// residues applied to a shared counter. Safe for concurrent use.
type Unique struct {
	index  atomic.Uint32
	offset uint32
	// stride is how far apart this generator's indexes are: a shard of n
	// takes every n-th value of the sequence, from its own index on.
	stride uint32
}

// uniquePrime is the largest prime below 2^32 congruent to 3 mod 4, which
// makes x -> x² mod p a permutation of [0, p) when folded at p/2.
const uniquePrime = 4294967291

func permuteQPR(x uint32) uint32 {
	if x >= uniquePrime {
		return x // the 5 values above p map to themselves
	}
	r := uint32(uint64(x) * uint64(x) % uniquePrime)
	if x <= uniquePrime/2 {
		return r
	}
	return uniquePrime - r
}

// NewUnique returns a generator whose sequence is fixed by seed; start skips
// the first start values (to continue a sequence a previous run began).
func NewUnique(seed uint64, start uint32) *Unique { return NewUniqueShard(seed, start, 0, 1) }

// NewUniqueShard is shard of shards' part of the sequence NewUnique(seed,
// start) makes: values shard, shard+shards, shard+2*shards, ... of it, so
// that the shards together draw exactly the values one generator would.
// With several shards, start is first rounded up to a multiple of shards:
// each shard's positions in the sequence keep their own residue, so two
// shards never draw the same value even when they counted different
// starts (one began after the other had inserted rows).
func NewUniqueShard(seed uint64, start uint32, shard, shards int) *Unique {
	n := uint32(max(shards, 1))
	if n > 1 {
		start = (start + n - 1) / n * n
	}
	u := &Unique{offset: permuteQPR(permuteQPR(uint32(mix(seed^0x756e69717565))) + 0x46790905), stride: n}
	u.index.Store(uniqueBase(seed) + start + uint32(shard))
	return u
}

// uniqueBase is where a seed's sequence starts; shards add their start to
// it, so a multiple of their count added keeps residues apart only if the
// base is shared: it is, being the seed's alone.
func uniqueBase(seed uint64) uint32 {
	return permuteQPR(permuteQPR(uint32(mix(seed)>>32)) + 0x682f0161)
}

// Next returns the next value.
func (u *Unique) Next() uint32 {
	i := u.index.Add(u.stride) - u.stride
	return permuteQPR((permuteQPR(i) + u.offset) ^ 0x5bf03635)
}
