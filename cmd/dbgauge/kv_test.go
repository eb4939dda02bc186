package main

import (
	"context"
	"maps"
	"math"
	"path/filepath"
	"strings"
	"testing"

	goredis "github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/testenv"
)

// TestEveryKVWorkload runs the YCSB workloads through the binary on every
// target, SQL and Redis, then checks that cleanup leaves nothing.
func TestEveryKVWorkload(t *testing.T) {
	// FerretDB is slow (protocol only): the checks below do not depend on speed.
	for name, url := range withServers(t, targets(t), "redis", "mongodb") {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			dbgauge(t, dir, "cleanup", "kv_a", "--db", url)
			for _, w := range []string{"kv_a", "kv_b", "kv_c", "kv_d", "kv_e", "kv_f", "kv_insert", "kv_get"} {
				out := filepath.Join(dir, w+".json")
				// A count of events, not a time: a 1 s run on a busy machine
				// could end before its first transaction did. FerretDB (a
				// protocol stand-in, its scans take seconds) runs 1 s.
				limit, want := []string{"--time", "0", "--events", "1600"}, int64(1600)
				if name == "mongodb" {
					limit, want = []string{"--time", "1"}, 0
				}
				o := dbgauge(t, dir, append([]string{"run", w, "--db", url, "--threads", "2", "--record-count", "2000",
					"--batch-size", "5", "--requests-per-conn", "500", "--out", out}, limit...)...)
				if o.code != 0 {
					t.Fatalf("%s: exit %d: %s", w, o.code, o.stderr)
				}
				r := readResult(t, out)
				if r.Totals.Transactions == 0 || want > 0 && r.Totals.Transactions != want || r.Totals.Errors != 0 {
					t.Errorf("%s: %d transactions (want %d, or any on FerretDB), %d errors %v", w, r.Totals.Transactions, want, r.Totals.Errors, r.Totals.ErrorsByClass)
				}
				if w == "kv_f" {
					// read_modify_write is a transaction of two statements, not a third query.
					q, tx := r.Totals.Queries, r.Transactions
					if q.Other != 0 || q.Read != r.Ops["read"].Count || q.Write != r.Ops["update"].Count ||
						q.Total != tx["read"].Count+2*tx["read_modify_write"].Count {
						t.Errorf("kv_f: queries %+v for transactions %+v", q, tx)
					}
				}
				if w == "kv_insert" {
					// Five records an insert: the figure the reports rank by counts records.
					want := float64(5*r.Totals.Transactions) / r.Totals.DurationS
					if f := r.Figures; len(f) != 1 || f[0].Name != "inserts" || !f[0].Throughput || math.Abs(f[0].Value-want) > want*1e-6 {
						t.Errorf("kv_insert: figures %+v, want inserts %.2f records/s, the throughput", f, want)
					}
				}
				if r.Totals.Reconnects == 0 && r.Totals.Transactions > 1500 {
					t.Errorf("%s: %d requests and no reconnect with --requests-per-conn 500", w, r.Totals.Transactions)
				}
			}
			if o := dbgauge(t, dir, "cleanup", "kv_a", "--db", url); o.code != 0 {
				t.Fatalf("cleanup: %s", o.stderr)
			}
			switch name {
			case "redis":
				checkRedisEmpty(t, url)
			case "mongodb":
				checkMongoEmpty(t, url, "usertable", "dbgauge_datasets")
			default:
				c := sqlConn(t, url)
				noStamp(t, c, "kv")
				for _, table := range stampTableIfPrivate(url, "usertable") {
					if ok, _ := tableExists(c, table); ok {
						t.Errorf("cleanup left %s", table)
					}
				}
			}
		})
	}
}

// TestUnsupportedPair: a workload that cannot run on a database says so at
// once, exit 2.
func TestUnsupportedPair(t *testing.T) {
	url := serverURL(t, "DBGAUGE_TEST_REDIS")
	o := dbgauge(t, t.TempDir(), "prepare", "oltp_read_write", "--db", url)
	if o.code != 2 || !strings.Contains(o.stderr, "needs a SQL database; redis is not one") {
		t.Errorf("exit %d, %q", o.code, o.stderr)
	}
}

func checkRedisEmpty(t *testing.T, url string) {
	t.Helper()
	target, _ := db.ParseURL(url)
	d, _ := catalog.DriverFor("redis")
	c, err := d.Open(context.Background(), target)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	client := c.(interface{ Client() *goredis.Client }).Client()
	ctx := context.Background()
	if n := client.Exists(ctx, "dbgauge:kv:index", "dbgauge:dataset:kv").Val(); n != 0 {
		t.Errorf("cleanup left the index or the stamp")
	}
	if keys, _, _ := client.Scan(ctx, 0, "user*", 1000).Result(); len(keys) != 0 {
		t.Errorf("cleanup left records: %v", keys[:min(3, len(keys))])
	}
}

func tableExists(c sqldb.Conn, table string) (bool, error) {
	return sqldb.TableExists(context.Background(), c, table)
}

// checkMongoEmpty fails if cleanup left a collection behind.
func checkMongoEmpty(t *testing.T, url string, names ...string) {
	t.Helper()
	target, _ := db.ParseURL(url)
	d, _ := catalog.DriverFor("mongodb")
	c, err := d.Open(context.Background(), target)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	have, err := c.(interface{ Database() *mongo.Database }).Database().ListCollectionNames(context.Background(), bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		for _, h := range have {
			if h == n {
				t.Errorf("cleanup left collection %s", n)
			}
		}
	}
}

// withServers adds the named servers' URLs from scripts/services to all.
func withServers(t *testing.T, all map[string]string, names ...string) map[string]string {
	t.Helper()
	env := map[string]string{"redis": "DBGAUGE_TEST_REDIS", "mongodb": "DBGAUGE_TEST_MONGO"}
	want := map[string]string{}
	for _, name := range names {
		want[name] = env[name]
	}
	maps.Copy(all, testenv.URLs(t, want))
	return all
}
