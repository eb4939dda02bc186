package kv

import (
	"context"

	"github.com/dbgauge/dbgauge/dataset/redisstore"
)

// redisBatch is the records written per load batch (one pipeline).
const redisBatch = 1000

// redisRecords is the records as Redis hashes user… {field0: …}, each listed
// in indexKey as it is written, by prepare and by runs alike: cleanup
// deletes exactly the keys the index lists, then the index and the stamp.
func redisRecords(c *config) redisstore.Records {
	return redisstore.Records{Index: indexKey, Pattern: "user*", Label: "kv records",
		Rows: c.records, BatchRows: redisBatch,
		Load: func(ctx context.Context, rc redisstore.Conn, seed uint64, b int64) (int64, error) {
			s := &redisStore{c: rc.Client(), cfg: c, classify: rc.Classify}
			first, last := b*redisBatch, min((b+1)*redisBatch, c.records)
			keys, vals := make([]string, 0, last-first), make([][]string, 0, last-first)
			for n := first; n < last; n++ {
				keys = append(keys, keyName(n))
				vals = append(vals, values(seed, c, n))
			}
			return int64(len(keys)), s.insert(ctx, keys, vals)
		}}
}
