// Package redisstore is the Redis adapter of the dataset lifecycle: a stamp
// per dataset in the key dbgauge:dataset:NAME (the stamp's JSON), and
// records (keys of any type) listed in a sorted-set index, so that cleanup
// deletes exactly the keys the index lists, then the index and the stamp:
// never another key. Conn is the ability of a Redis connection that
// workloads assert too.
//
// redisstore imports dataset and db (and go-redis). It owns no lifecycle
// (that is dataset's) and no record format (that is the workload's), and
// must not import a dbgauge driver or a workload.
package redisstore

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	goredis "github.com/redis/go-redis/v9"

	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/db"
)

// StampPrefix starts the key of every dataset's stamp.
const StampPrefix = "dbgauge:dataset:"

// listedIn joins a records object's key pattern and index in its name: the
// stamp names both, so that cleanup needs nothing but the stamp.
const listedIn = " keys listed in "

// Listed is the name, as stamps list it, of the records whose keys match
// pattern and are listed in the sorted set index.
func Listed(pattern, index string) string { return pattern + listedIn + index }

// records reads a name made by Listed.
func records(name string) (pattern, index string, ok bool) {
	return strings.Cut(name, listedIn)
}

// deleteBatch is the keys deleted per round trip at cleanup.
const deleteBatch = 1000

// Conn is the ability of a Redis connection: its client and the driver's
// error classification.
type Conn interface {
	Client() *goredis.Client
	Classify(error) error
}

// Store is dataset.Store over a Redis connection.
type Store struct{ r Conn }

var _ dataset.Store = (*Store)(nil)

// New returns the stamp store of r.
func New(r Conn) *Store { return &Store{r: r} }

// Stamp implements dataset.Store.
func (s *Store) Stamp(ctx context.Context, name string) (*db.Stamp, error) {
	raw, err := s.r.Client().Get(ctx, StampPrefix+name).Result()
	if err = s.r.Classify(err); err != nil {
		return nil, fmt.Errorf("read the stamp of %s: %w", name, err)
	}
	if raw == "" {
		return nil, nil
	}
	var st db.Stamp
	if err := json.Unmarshal([]byte(raw), &st); err != nil {
		return nil, fmt.Errorf("the %s stamp in Redis is unreadable: %w", name, err)
	}
	return &st, nil
}

// Stamps implements dataset.Store. Redis has no table of stamps: it scans
// the keyspace, which dataset does only when it must.
func (s *Store) Stamps(ctx context.Context) ([]*db.Stamp, error) {
	var out []*db.Stamp
	var cursor uint64
	for {
		keys, next, err := s.r.Client().Scan(ctx, cursor, StampPrefix+"*", 1000).Result()
		if err != nil {
			return nil, fmt.Errorf("read stamps: %w", s.r.Classify(err))
		}
		for _, k := range keys {
			st, err := s.Stamp(ctx, strings.TrimPrefix(k, StampPrefix))
			if err != nil {
				return nil, err
			}
			if st != nil {
				out = append(out, st)
			}
		}
		if cursor = next; cursor == 0 {
			return out, nil
		}
	}
}

// WriteStamp implements dataset.Store.
func (s *Store) WriteStamp(ctx context.Context, st *db.Stamp) error {
	b, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("encode the stamp of %s: %w", st.Dataset, err)
	}
	if err := s.r.Classify(s.r.Client().Set(ctx, StampPrefix+st.Dataset, b, 0).Err()); err != nil {
		return fmt.Errorf("write the stamp of %s: %w", st.Dataset, err)
	}
	return nil
}

// DeleteStamp implements dataset.Store: the stamp is a key of its own, and
// reports name it.
func (s *Store) DeleteStamp(ctx context.Context, name string) ([]string, error) {
	key := StampPrefix + name
	if err := s.r.Classify(s.r.Client().Del(ctx, key).Err()); err != nil {
		return nil, fmt.Errorf("delete %s: %w", key, err)
	}
	return []string{key}, nil
}

// Find implements dataset.Store. Records are found by one SCAN of their
// pattern and reported by the first key found.
func (s *Store) Find(ctx context.Context, names []string) ([]string, error) {
	c := s.r.Client()
	found := make([]string, len(names))
	for i, n := range names {
		if pattern, _, ok := records(n); ok {
			keys, _, err := c.Scan(ctx, 0, pattern, 1000).Result()
			if err != nil {
				return nil, fmt.Errorf("look for %s keys: %w", pattern, s.r.Classify(err))
			}
			if len(keys) > 0 {
				found[i] = keys[0] + " (and other " + pattern + " keys)"
			}
			continue
		}
		k, err := c.Exists(ctx, n).Result()
		if err != nil {
			return nil, fmt.Errorf("look for %s: %w", n, s.r.Classify(err))
		}
		if k > 0 {
			found[i] = n
		}
	}
	return found, nil
}

// Drop implements dataset.Store, in reverse creation order: records go
// before the index that lists them. Records are deleted by the index's
// list, never by pattern.
func (s *Store) Drop(ctx context.Context, names []string) ([]string, error) {
	var dropped []string
	for i := len(names) - 1; i >= 0; i-- {
		n := names[i]
		if _, index, ok := records(n); ok {
			deleted, err := s.deleteListed(ctx, index)
			if err != nil {
				return dropped, fmt.Errorf("delete the keys listed in %s: %w", index, err)
			}
			dropped = append(dropped, fmt.Sprintf("%d records", deleted))
			continue
		}
		if err := s.r.Classify(s.r.Client().Del(ctx, n).Err()); err != nil {
			return dropped, fmt.Errorf("delete %s: %w", n, err)
		}
		dropped = append(dropped, n)
	}
	return dropped, nil
}

// deleteListed deletes the keys index lists and takes them off the list, a
// batch at a time, and returns how many it deleted.
func (s *Store) deleteListed(ctx context.Context, index string) (int64, error) {
	c := s.r.Client()
	var deleted int64
	for {
		keys, err := c.ZRange(ctx, index, 0, deleteBatch-1).Result()
		if err != nil {
			return deleted, s.r.Classify(err)
		}
		if len(keys) == 0 {
			return deleted, nil
		}
		_, err = c.Pipelined(ctx, func(p goredis.Pipeliner) error {
			p.Del(ctx, keys...)
			members := make([]any, len(keys))
			for i, k := range keys {
				members[i] = k
			}
			p.ZRem(ctx, index, members...)
			return nil
		})
		if err != nil {
			return deleted, s.r.Classify(err)
		}
		deleted += int64(len(keys))
	}
}

// Records is a dataset.Model: keys matching Pattern, each listed in the
// sorted set Index as it is written (by prepare and by runs alike), so that
// cleanup deletes exactly them. Its objects are the index and the records.
type Records struct {
	Index, Pattern string
	// Label is what progress and load errors call the records.
	Label     string
	Rows      int64
	BatchRows int64
	// Load writes batch i through r, listing every key it writes in Index,
	// and returns how many records it wrote: a pure function of (seed, i).
	Load func(ctx context.Context, r Conn, seed uint64, i int64) (int64, error)
}

var _ dataset.Model = Records{}

// Needs implements dataset.Model.
func (Records) Needs() string { return "Redis" }

// Names implements dataset.Model: the index, then the records.
func (r Records) Names() []string { return []string{r.Index, Listed(r.Pattern, r.Index)} }

// Bind implements dataset.Model: a connection with the Conn ability.
func (Records) Bind(conn db.Conn) (dataset.Store, bool) {
	c, ok := conn.(Conn)
	if !ok {
		return nil, false
	}
	return New(c), true
}

// Plan implements dataset.Model. Nothing needs creating: the first record
// written makes the index.
func (r Records) Plan(db.Conn) ([]dataset.Object, error) {
	recs := dataset.Object{Name: Listed(r.Pattern, r.Index), Label: r.Label, Rows: r.Rows, BatchRows: r.BatchRows}
	if r.Load != nil {
		recs.Load = func(ctx context.Context, conn db.Conn, seed uint64, b int64) (int64, error) {
			c, ok := conn.(Conn)
			if !ok {
				return 0, &db.UnsupportedError{Workload: "this dataset", Needs: "Redis", Driver: "this database"}
			}
			return r.Load(ctx, c, seed, b)
		}
	}
	return []dataset.Object{{Name: r.Index}, recs}, nil
}
