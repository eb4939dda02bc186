package kv

import (
	"strconv"
	"sync"

	"github.com/dbgauge/dbgauge/randgen"
)

// keyName is YCSB's buildKeyName with hashed insert order: "user" followed by
// the FNV-1a hash of the key number, so that consecutive inserts scatter
// over the key space.
func keyName(n int64) string {
	return "user" + strconv.FormatInt(randgen.FNVHash64(n), 10)
}

// values returns the fields of record n: a pure function of (seed, n).
func values(seed uint64, c *config, n int64) []string {
	r := randgen.New(seed, 0x6b762d72, uint64(n))
	return fieldValues(r, c)
}

func fieldValues(r *randgen.Rand, c *config) []string {
	tmpl := fieldTemplate(c.fieldLen)
	out := make([]string, c.fields)
	for i := range out {
		out[i] = r.Template(tmpl)
	}
	return out
}

func fieldTemplate(n int64) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '@'
	}
	return string(b)
}

// keySequence numbers inserted records across all users: YCSB's insert
// key sequence with its acknowledged counter. Next claims a number; Ack marks
// it inserted; Has says whether a record is known to exist; Limit is one
// past the highest number the sequence knows to exist, which is what
// "latest" and the other choosers draw under.
//
// A shard numbers its records as one process would and takes every
// stride-th number from its own index on, so shards never insert the same
// key; it knows only its own inserts (and the records before base).
type keySequence struct {
	mu            sync.Mutex
	had           int64 // records that existed at the start
	base          int64 // where this run's numbers start: had, rounded up to the stride
	shard, stride int64
	next          int64 // this shard's next number, counted in its own numbers
	acked         int64 // this shard's numbers below acked are all inserted
	done          map[int64]bool
}

// newKeySequence continues after existing records. With several shards the
// numbers start at a multiple of the stride, so each shard's numbers keep
// their own residue and never meet another shard's, even when the shards
// counted different numbers of existing records.
func newKeySequence(existing int64, shard, stride int) *keySequence {
	n := int64(max(stride, 1))
	return &keySequence{had: existing, base: (existing + n - 1) / n * n, shard: int64(shard), stride: n, done: map[int64]bool{}}
}

// Next claims the next key number.
func (k *keySequence) Next() int64 {
	k.mu.Lock()
	defer k.mu.Unlock()
	n := k.base + k.shard + k.next*k.stride
	k.next++
	return n
}

// Ack marks key number n inserted.
func (k *keySequence) Ack(n int64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.done[(n-k.base-k.shard)/k.stride] = true
	for k.done[k.acked] {
		delete(k.done, k.acked)
		k.acked++
	}
}

// Limit is one past the highest number known to exist.
func (k *keySequence) Limit() int64 {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.acked == 0 {
		return k.had
	}
	return k.base + k.shard + (k.acked-1)*k.stride + 1
}

// Has reports whether record n is known to exist.
func (k *keySequence) Has(n int64) bool {
	if n < k.had {
		return true
	}
	if n < k.base {
		return false // the gap before this run's first number
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	d := n - k.base
	return d%k.stride == k.shard && d/k.stride < k.acked
}
