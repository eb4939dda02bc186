package kv

import (
	"context"
	"strconv"

	goredis "github.com/redis/go-redis/v9"
)

// indexKey is a sorted set of every record key dbgauge created, all at score
// 0 so that ZRANGE BYLEX walks them in key order: YCSB's Redis binding keeps
// a similar index for scans. It is also the list cleanup deletes.
const indexKey = "dbgauge:kv:index"

// redisStore keeps a record as a hash of field0..fieldN.
type redisStore struct {
	c        *goredis.Client
	cfg      *config
	classify func(error) error
}

func fieldName(i int) string { return "field" + strconv.Itoa(i) }

func (s *redisStore) read(ctx context.Context, key string) (bool, error) {
	m, err := s.c.HGetAll(ctx, key).Result()
	return len(m) > 0, s.classify(err)
}

func (s *redisStore) update(ctx context.Context, key string, field int, value string) error {
	return s.classify(s.c.HSet(ctx, key, fieldName(field), value).Err())
}

func (s *redisStore) insert(ctx context.Context, keys []string, vals [][]string) error {
	_, err := s.c.Pipelined(ctx, func(p goredis.Pipeliner) error {
		for i, k := range keys {
			args := make([]any, 0, 2*len(vals[i]))
			for f, v := range vals[i] {
				args = append(args, fieldName(f), v)
			}
			p.HSet(ctx, k, args...)
			p.ZAdd(ctx, indexKey, goredis.Z{Member: k})
		}
		return nil
	})
	return s.classify(err)
}

func (s *redisStore) scan(ctx context.Context, key string, n int64) (int, error) {
	keys, err := s.c.ZRangeArgs(ctx, goredis.ZRangeArgs{Key: indexKey, Start: "[" + key, Stop: "+", ByLex: true, Count: n}).Result()
	if err != nil || len(keys) == 0 {
		return 0, s.classify(err)
	}
	cmds, err := s.c.Pipelined(ctx, func(p goredis.Pipeliner) error {
		for _, k := range keys {
			p.HGetAll(ctx, k)
		}
		return nil
	})
	return len(cmds), s.classify(err)
}

func (s *redisStore) count(ctx context.Context) (int64, error) {
	n, err := s.c.ZCard(ctx, indexKey).Result()
	return n, s.classify(err)
}

func (s *redisStore) close() {}
