package dataset_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	goredis "github.com/redis/go-redis/v9"

	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/dataset/redisstore"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/redis"
	"github.com/dbgauge/dbgauge/workload"
)

const (
	rIndex     = "dstest:index"
	rPattern   = "dstest:rec:*"
	rStamp     = "dbgauge:dataset:dstest"
	rStranger  = "dstest:rec:stranger" // matches the pattern, never listed
	rUnrelated = "dstest:unrelated"
)

// redisRecords is the test data: hashes dstest:rec:N listed in rIndex, as
// kv keeps its records.
func redisRecords(onBatch func(int64)) redisstore.Records {
	return redisstore.Records{Index: rIndex, Pattern: rPattern, Label: "dstest records", Rows: rows, BatchRows: batchRows,
		Load: func(ctx context.Context, r redisstore.Conn, _ uint64, b int64) (int64, error) {
			if onBatch != nil {
				onBatch(b)
			}
			return batchRows, r.Classify(addRecords(ctx, r.Client(), b*batchRows, (b+1)*batchRows))
		}}
}

func addRecords(ctx context.Context, c *goredis.Client, first, last int64) error {
	_, err := c.Pipelined(ctx, func(p goredis.Pipeliner) error {
		for n := first; n < last; n++ {
			k := fmt.Sprintf("dstest:rec:%d", n)
			p.HSet(ctx, k, "field0", "v")
			p.ZAdd(ctx, rIndex, goredis.Z{Member: k})
		}
		return nil
	})
	return err
}

// TestLifecycleRedis: records are the keys their index lists; cleanup
// deletes exactly those (with records runs added), the index and the stamp,
// and never a key the index does not list, even one matching the pattern.
func TestLifecycleRedis(t *testing.T) {
	ctx := context.Background()
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_REDIS")
	open := func(ctx context.Context) (db.Conn, error) { return redis.Driver{}.Open(ctx, target) }
	conn, err := open(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	c := conn.(redisstore.Conn).Client()
	mine := func(onBatch func(int64)) *dataset.Dataset {
		return dataset.New("dstest", "dstest_workload", map[string]string{"records": "50"}, redisRecords(onBatch))
	}
	env := workload.PrepareEnv{Conn: conn, Open: open, Driver: "redis", Parallel: 2, Seed: 7, Version: "test"}
	// An earlier, failed run's leftovers go first.
	if _, err := mine(nil).Cleanup(ctx, conn); err != nil {
		t.Fatal(err)
	}
	if keys, _ := c.Keys(ctx, "dstest:*").Result(); len(keys) > 0 {
		c.Del(ctx, keys...)
	}
	c.Set(ctx, rUnrelated, "keep me", 0)
	t.Cleanup(func() { c.Del(context.Background(), rUnrelated, rStranger) })
	records := redisstore.Listed(rPattern, rIndex)
	if records != "dstest:rec:* keys listed in dstest:index" {
		t.Errorf("records are stamped as %q", records)
	}

	cleanup := func(t *testing.T, ds *dataset.Dataset, want []string) {
		t.Helper()
		dropped, err := ds.Cleanup(ctx, conn)
		if err != nil || !slices.Equal(dropped, want) {
			t.Errorf("cleanup dropped %q, %v; want %q", dropped, err, want)
		}
		if n := c.Exists(ctx, rIndex, rStamp).Val(); n != 0 {
			t.Errorf("cleanup left the index or the stamp")
		}
		keys, _ := c.Keys(ctx, "dstest:*").Result()
		slices.Sort(keys)
		if !slices.Equal(keys, []string{rStranger, rUnrelated}) && !slices.Equal(keys, []string{rUnrelated}) {
			t.Errorf("after cleanup the keys are %v", keys)
		}
	}

	t.Run("prepare, run, cleanup", func(t *testing.T) {
		ds := mine(nil)
		if st := check(t, ds, conn); st.Stamp != nil || st.Foreign != nil {
			t.Fatalf("before prepare: %+v", st)
		}
		if err := ds.Prepare(ctx, env); err != nil {
			t.Fatal(err)
		}
		st := check(t, ds, conn)
		if st.Stamp == nil || !st.Stamp.Complete || !slices.Equal(st.Stamp.Objects, []string{rIndex, records}) || st.Foreign != nil {
			t.Fatalf("after prepare: %+v, stamp %+v", st, st.Stamp)
		}
		want := `{"dataset":"dstest","workload":"dstest_workload","shape":{"records":"50"},"info":{"dbgauge":"test","seed":"7"},"objects":["dstest:index","dstest:rec:* keys listed in dstest:index"],"complete":true,"created_at":"`
		if raw := c.Get(ctx, rStamp).Val(); !strings.HasPrefix(raw, want) {
			t.Errorf("stored stamp\n%s\nwant it to start with\n%s", raw, want)
		}
		// A run adds a record, listed; somebody else adds a key that
		// matches the pattern but is not listed.
		if err := addRecords(ctx, c, 1000, 1001); err != nil {
			t.Fatal(err)
		}
		c.Set(ctx, rStranger, "keep me", 0)
		cleanup(t, ds, []string{"51 records", rIndex, rStamp})
		if c.Exists(ctx, rStranger).Val() != 1 {
			t.Errorf("cleanup deleted %s, which the index does not list", rStranger)
		}
	})

	t.Run("foreign", func(t *testing.T) {
		c.Set(ctx, rStranger, "keep me", 0)
		ds := mine(nil)
		st := check(t, ds, conn)
		if st.Stamp != nil || !slices.Equal(st.Foreign, []string{rStranger + " (and other dstest:rec:* keys)"}) {
			t.Fatalf("state %+v", st)
		}
		if err := ds.Prepare(ctx, env); err == nil || !strings.Contains(err.Error(), "not created by dbgauge") {
			t.Fatalf("prepare over foreign keys: %v", err)
		}
		if c.Exists(ctx, rStamp, rIndex).Val() != 0 {
			t.Fatal("the refused prepare wrote")
		}
		forced := env
		forced.Force = true
		if err := ds.Prepare(ctx, forced); err != nil {
			t.Fatal(err)
		}
		// Taken over, yet the stranger is no record of the dataset.
		cleanup(t, ds, []string{"50 records", rIndex, rStamp})
		if c.Exists(ctx, rStranger).Val() != 1 {
			t.Errorf("cleanup deleted %s, which the index does not list", rStranger)
		}
		c.Del(ctx, rStranger)
	})

	t.Run("interrupted prepare", func(t *testing.T) {
		ictx, cancel := context.WithCancel(ctx)
		defer cancel()
		ds := mine(func(b int64) {
			if b == 2 {
				cancel()
			}
		})
		one := env // one loader: no batch in flight is abandoned
		one.Parallel = 1
		if err := ds.Prepare(ictx, one); err == nil {
			t.Fatal("prepare went through its interruption")
		}
		st := check(t, ds, conn)
		if st.Stamp == nil || st.Stamp.Complete || !slices.Equal(st.Stamp.Objects, []string{rIndex, records}) {
			t.Fatalf("after the interruption: stamp %+v", st.Stamp)
		}
		n := c.ZCard(ctx, rIndex).Val()
		t.Logf("the interruption left %d of %d records", n, rows)
		cleanup(t, ds, []string{fmt.Sprintf("%d records", n), rIndex, rStamp})
	})

	t.Run("stamp of the previous version", func(t *testing.T) {
		if err := addRecords(ctx, c, 0, 3); err != nil {
			t.Fatal(err)
		}
		c.Set(ctx, rStamp, `{"dataset":"dstest","workload":"kv_a","shape":{"records":"50"},"info":{"dbgauge":"dev","seed":"0"},"objects":["dstest:index","dstest:rec:* keys listed in dstest:index"],"complete":true,"created_at":"2025-01-02T03:04:05Z"}`, 0)
		ds := mine(nil)
		st := check(t, ds, conn)
		if st.Stamp == nil || st.Stamp.Workload != "kv_a" || st.Stamp.Mismatch(ds.Shape()) != "" || st.Foreign != nil {
			t.Fatalf("state %+v, stamp %+v", st, st.Stamp)
		}
		cleanup(t, ds, []string{"3 records", rIndex, rStamp})
	})
}
