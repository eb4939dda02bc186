package mongo

import (
	"context"
	"errors"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
)

func open(t *testing.T) *Conn {
	t.Helper()
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_MONGO")
	c, err := Driver{}.Open(context.Background(), target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c.(*Conn)
}

func TestConnect(t *testing.T) {
	ctx := context.Background()
	c := open(t)
	if got := c.Database().Name(); got != "bench" {
		t.Errorf("database %q, want the URL's bench", got)
	}
	v, err := c.ServerVersion(ctx)
	if err != nil || !strings.HasPrefix(v, "MongoDB-wire ") || len(v) == len("MongoDB-wire ") {
		t.Fatalf("version %q, %v", v, err)
	}
	t.Logf("server version: %s", v)
}

type item struct {
	ID   int    `bson:"_id"`
	Name string `bson:"name"`
	N    int    `bson:"n"`
}

func TestDocuments(t *testing.T) {
	ctx := context.Background()
	c := open(t)
	coll := c.Database().Collection("dbtest_items")
	if err := coll.Drop(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { coll.Drop(ctx) })

	docs := []any{item{1, "one", 10}, item{2, "two", 20}, item{3, "three", 30}}
	if _, err := coll.InsertMany(ctx, docs); err != nil {
		t.Fatal(c.Classify(err))
	}
	var got item
	if err := coll.FindOne(ctx, bson.D{{Key: "_id", Value: 2}}).Decode(&got); err != nil || got != (item{2, "two", 20}) {
		t.Fatalf("find: %+v, %v", got, err)
	}
	res, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: 3}}, bson.D{{Key: "$inc", Value: bson.D{{Key: "n", Value: 1}}}})
	if err != nil || res.MatchedCount != 1 || res.ModifiedCount != 1 {
		t.Fatalf("update: %+v, %v", res, err)
	}
	if err := coll.FindOne(ctx, bson.D{{Key: "_id", Value: 3}}).Decode(&got); err != nil || got.N != 31 {
		t.Fatalf("after update: %+v, %v", got, err)
	}
	cur, err := coll.Find(ctx, bson.D{{Key: "n", Value: bson.D{{Key: "$gte", Value: 20}}}})
	if err != nil {
		t.Fatal(err)
	}
	var many []item
	if err := cur.All(ctx, &many); err != nil || len(many) != 2 {
		t.Fatalf("range find: %+v, %v", many, err)
	}
	if n, err := coll.CountDocuments(ctx, bson.D{}); err != nil || n != 3 {
		t.Fatalf("count: %d, %v", n, err)
	}

	_, err = coll.InsertOne(ctx, item{1, "again", 0})
	if got := db.ClassOf(c.Classify(err)); got != db.DuplicateKey {
		t.Errorf("duplicate _id: class %v (%v), want duplicate_key", got, err)
	}
	if e := (*db.Error)(nil); errors.As(c.Classify(err), &e) && e.Code != "11000" {
		t.Errorf("duplicate _id: code %q, want 11000", e.Code)
	}

	err = coll.FindOne(ctx, bson.D{{Key: "_id", Value: 999}}).Decode(&got)
	if err == nil {
		t.Fatal("found a document that does not exist")
	}
	if c.Classify(err) != nil {
		t.Errorf("a missing document is not an error, got %v", c.Classify(err))
	}
	if c.Classify(nil) != nil {
		t.Error("Classify(nil) is not nil")
	}
}

func TestInterrupt(t *testing.T) {
	ctx := context.Background()
	c := open(t)
	coll := c.Database().Collection("dbtest_items")
	if _, err := coll.CountDocuments(ctx, bson.D{}); err != nil {
		t.Fatal(err)
	}
	c.Interrupt()
	_, err := coll.CountDocuments(ctx, bson.D{})
	if got := db.ClassOf(c.Classify(err)); got != db.ConnectionLost {
		t.Errorf("after Interrupt: %v (class %v), want connection_lost", err, got)
	}
}

// TestInterruptBlocked interrupts an operation in flight from another
// goroutine, as the runner does when an operation outlives the grace period.
func TestInterruptBlocked(t *testing.T) {
	ctx := context.Background()
	c := open(t)
	done := make(chan error, 1)
	go func() {
		// FerretDB has no long-running command to block on; its operations
		// are slow enough that a stream of them is mostly waiting in a read.
		coll := c.Database().Collection("dbtest_items")
		for {
			if _, err := coll.CountDocuments(ctx, bson.D{}); err != nil {
				done <- err
				return
			}
		}
	}()
	time.Sleep(50 * time.Millisecond)
	c.Interrupt()
	select {
	case err := <-done:
		if got := db.ClassOf(c.Classify(err)); got != db.ConnectionLost {
			t.Errorf("interrupted: %v (class %v), want connection_lost", err, got)
		}
		t.Logf("interrupted: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("operations still succeed 10 s after Interrupt")
	}
}

func TestRefused(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_MONGO")
	// A port nobody listens on: bind one, note it, close it.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	l.Close()
	u := *target.URL
	u.Host = "127.0.0.1:" + port
	bad, err := db.ParseURL(u.String())
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = Driver{}.Open(context.Background(), bad)
	var ce *db.ConnectError
	if !errors.As(err, &ce) {
		t.Fatalf("got %v, want a ConnectError", err)
	}
	if ce.Addr != "127.0.0.1:"+port || !strings.Contains(ce.Error(), "127.0.0.1:"+port) {
		t.Errorf("message %q must name 127.0.0.1:%s", ce.Error(), port)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("a closed port took %v to fail", d)
	}
	t.Logf("%v (%v)", err, time.Since(start).Round(time.Millisecond))
}

func TestRedactedErrors(t *testing.T) {
	const pw = "s3cret-Pass"
	bad, err := db.ParseURL("mongodb://bench:" + pw + "@127.0.0.1:1/bench?connectTimeoutMS=notanumber")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Driver{}.Open(context.Background(), bad)
	if err == nil || strings.Contains(err.Error(), pw) {
		t.Fatalf("invalid URL: %v (must fail and never show the password)", err)
	}
	bad, _ = db.ParseURL("mongodb://bench:" + pw + "@127.0.0.1:1/bench")
	_, err = Driver{}.Open(context.Background(), bad)
	var ce *db.ConnectError
	if !errors.As(err, &ce) || strings.Contains(err.Error(), pw) || ce.Addr != "127.0.0.1:1" {
		t.Fatalf("closed port with a password: %v", err)
	}
}

func TestAddress(t *testing.T) {
	for _, tc := range []struct {
		hosts []string
		want  string
	}{
		{[]string{"db.example"}, "db.example:27017"},
		{[]string{"a:1", "b:2"}, "a:1,b:2"},
		{[]string{"[::1]"}, "[::1]:27017"},
		{nil, "fallback:27017"},
	} {
		if got := address(tc.hosts, "fallback"); got != tc.want {
			t.Errorf("address(%q) = %q, want %q", tc.hosts, got, tc.want)
		}
	}
}

func TestStats(t *testing.T) {
	c := open(t)
	dbtest.Stats(t, c, func() {
		for range 20 {
			c.Database().Collection("dbtest_stats").FindOne(context.Background(), bson.D{})
		}
	})
}
