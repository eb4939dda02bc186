package kv

import (
	"context"
	"testing"
)

// keyStore holds the keys of records 0..n-1 and counts what it was asked.
type keyStore struct {
	store
	keys          map[string]bool
	reads, counts int
}

func newKeyStore(n int64) *keyStore {
	s := &keyStore{keys: map[string]bool{}}
	for i := range n {
		s.keys[keyName(i)] = true
	}
	return s
}

func (s *keyStore) read(_ context.Context, key string) (bool, error) {
	s.reads++
	return s.keys[key], nil
}

func (s *keyStore) count(context.Context) (int64, error) {
	s.counts++
	return int64(len(s.keys)), nil
}

func TestCountRecords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		prepared, have int64
		counted        bool // the store had to count
	}{
		{1000, 1000, false},
		{1000, 1001, false},
		{1000, 1002, false},
		{1000, 1777, false},
		{1000, 5000, false},
		{1, 1, false},
		{1, 2, false},
		{1000, 999, true}, // fewer than prepared: counted
		{1000, 0, true},
		{0, 300, true}, // nothing prepared: counted
	} {
		s := newKeyStore(tc.have)
		n, err := countRecords(context.Background(), s, tc.prepared)
		if err != nil || n != tc.have {
			t.Errorf("prepared %d, have %d: counted %d, %v", tc.prepared, tc.have, n, err)
		}
		if (s.counts > 0) != tc.counted {
			t.Errorf("prepared %d, have %d: %d counts, want counted=%v", tc.prepared, tc.have, s.counts, tc.counted)
		}
		if limit := 3 + 2*bitsLen(tc.have-tc.prepared); !tc.counted && s.reads > limit {
			t.Errorf("prepared %d, have %d: %d reads, more than %d", tc.prepared, tc.have, s.reads, limit)
		}
	}
}

// bitsLen is the bits of n (0 for n <= 0).
func bitsLen(n int64) int {
	b := 0
	for ; n > 0; n >>= 1 {
		b++
	}
	return b
}
