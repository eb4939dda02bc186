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

// keySequence numbers inserted records across all workers: YCSB's insert
// key sequence with its acknowledged counter. Next claims a number; Ack marks
// it inserted; Limit is one past the highest number below which every record
// is known to exist, which is what "latest" and the other choosers draw under.
type keySequence struct {
	mu    sync.Mutex
	next  int64
	limit int64
	acked map[int64]bool
}

func newKeySequence(existing int64) *keySequence {
	return &keySequence{next: existing, limit: existing, acked: map[int64]bool{}}
}

func (k *keySequence) Next() int64 {
	k.mu.Lock()
	defer k.mu.Unlock()
	n := k.next
	k.next++
	return n
}

func (k *keySequence) Ack(n int64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.acked[n] = true
	for k.acked[k.limit] {
		delete(k.acked, k.limit)
		k.limit++
	}
}

func (k *keySequence) Limit() int64 {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.limit
}
