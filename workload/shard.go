package workload

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is the part of a run one process does: shard Index of Count (the
// zero value is the whole run). Users, connections, events, the open-loop
// schedule and every run-wide sequence (unique ids, new keys) are dealt
// round-robin: item i of the whole run belongs to shard i mod Count, so
// Count shards together do exactly what one process would, with no
// collisions. Index counts from 0, as Kubernetes' JOB_COMPLETION_INDEX.
type Shard struct {
	Index, Count int
}

// N is the number of shards (1 for the whole run).
func (s Shard) N() int { return max(s.Count, 1) }

// IsWhole reports whether the shard is the whole run.
func (s Shard) IsWhole() bool { return s.N() == 1 }

// Owns reports whether item i of the whole run is this shard's.
func (s Shard) Owns(i int64) bool { return i%int64(s.N()) == int64(s.Index) }

// Share is how many of the items 0..total-1 are this shard's.
func (s Shard) Share(total int64) int64 {
	n := int64(s.N())
	if total <= int64(s.Index) {
		return 0
	}
	return (total-int64(s.Index)-1)/n + 1
}

// Global is the index in the whole run of this shard's k-th item.
func (s Shard) Global(k int64) int64 { return int64(s.Index) + k*int64(s.N()) }

// String writes the shard as ParseShard reads it.
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.N()) }

// ParseShard reads "i/n": shard i (from 0) of n.
func ParseShard(v string) (Shard, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(v), "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("--shard wants INDEX/COUNT, e.g. 0/4, got %q", v)
	}
	if n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("--shard %s: the index must be from 0 to %d for %d shards", v, n-1, n)
	}
	return Shard{Index: i, Count: n}, nil
}
