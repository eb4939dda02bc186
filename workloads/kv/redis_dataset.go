package kv

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/load"
	"github.com/dbgauge/dbgauge/workload"
)

// stampKey holds the dataset's stamp in Redis.
const stampKey = "dbgauge:dataset:kv"

// redisDataset is the kv records as Redis hashes, listed in indexKey.
type redisDataset struct {
	c      *config
	owner  string
	client redisClient
}

func (d *redisDataset) Name() string             { return "kv" }
func (d *redisDataset) Shape() map[string]string { return d.c.shape() }
func (d *redisDataset) Objects() []string {
	return []string{indexKey, "user* keys listed in " + indexKey}
}

func (d *redisDataset) Check(ctx context.Context, _ db.Conn) (workload.State, error) {
	var st workload.State
	c := d.client.Client()
	raw, err := c.Get(ctx, stampKey).Result()
	if err = d.client.Classify(err); err != nil {
		return st, err
	}
	if raw != "" {
		st.Stamp = &db.Stamp{}
		if err := json.Unmarshal([]byte(raw), st.Stamp); err != nil {
			return st, fmt.Errorf("the kv stamp in Redis is unreadable: %w", err)
		}
		return st, nil
	}
	// No stamp: any record-like key or our index is somebody else's.
	if n, _ := c.Exists(ctx, indexKey).Result(); n > 0 {
		st.Foreign = append(st.Foreign, indexKey)
	}
	if keys, _, err := c.Scan(ctx, 0, "user*", 1000).Result(); err == nil && len(keys) > 0 {
		st.Foreign = append(st.Foreign, keys[0]+" (and other user* keys)")
	}
	return st, nil
}

func (d *redisDataset) Prepare(ctx context.Context, env workload.PrepareEnv) error {
	stamp := &db.Stamp{Dataset: "kv", Workload: d.owner, Shape: d.c.shape(), Objects: d.Objects(),
		Info: map[string]string{"seed": fmt.Sprint(env.Seed), "dbgauge": env.Version}, CreatedAt: time.Now().UTC().Format(time.RFC3339)}
	if err := writeStamp(ctx, d.client, stamp); err != nil {
		return err
	}
	if _, err := d.Cleanup(ctx, env.Conn); err != nil { // a previous, interrupted prepare
		return err
	}
	if err := writeStamp(ctx, d.client, stamp); err != nil {
		return err
	}
	const batch = 1000
	tables := []load.Table[db.Conn]{{Name: "kv records", Rows: d.c.records, BatchRows: batch,
		Load: func(ctx context.Context, conn db.Conn, b int64) (int64, error) {
			rc, ok := conn.(redisClient)
			if !ok {
				return 0, fmt.Errorf("not a Redis connection")
			}
			s := &redisStore{c: rc.Client(), cfg: d.c, classify: rc.Classify}
			first, last := b*batch, min((b+1)*batch, d.c.records)
			keys, vals := make([]string, 0, last-first), make([][]string, 0, last-first)
			for n := first; n < last; n++ {
				keys = append(keys, keyName(n))
				vals = append(vals, values(env.Seed, d.c, n))
			}
			return int64(len(keys)), s.insert(ctx, keys, vals)
		}}}
	if err := load.Run(ctx, tables, env.Parallel, env.Open, env.Progress); err != nil {
		return err
	}
	stamp.Complete = true
	return writeStamp(ctx, d.client, stamp)
}

func writeStamp(ctx context.Context, rc redisClient, s *db.Stamp) error {
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	return rc.Classify(rc.Client().Set(ctx, stampKey, b, 0).Err())
}

// Cleanup deletes the keys listed in the index (every record prepare and
// runs created), the index and the stamp: never another key.
func (d *redisDataset) Cleanup(ctx context.Context, _ db.Conn) ([]string, error) {
	c := d.client.Client()
	if n, err := c.Exists(ctx, stampKey).Result(); err != nil || n == 0 {
		return nil, d.client.Classify(err)
	}
	var deleted int64
	for {
		keys, err := c.ZRange(ctx, indexKey, 0, 999).Result()
		if err != nil {
			return nil, d.client.Classify(err)
		}
		if len(keys) == 0 {
			break
		}
		_, err = c.Pipelined(ctx, func(p goredis.Pipeliner) error {
			p.Del(ctx, keys...)
			members := make([]any, len(keys))
			for i, k := range keys {
				members[i] = k
			}
			p.ZRem(ctx, indexKey, members...)
			return nil
		})
		if err != nil {
			return nil, d.client.Classify(err)
		}
		deleted += int64(len(keys))
	}
	if err := c.Del(ctx, indexKey, stampKey).Err(); err != nil {
		return nil, d.client.Classify(err)
	}
	return []string{fmt.Sprintf("%d records", deleted), indexKey, stampKey}, nil
}
