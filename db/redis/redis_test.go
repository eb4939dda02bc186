package redis

import (
	"context"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
)

func TestConnect(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_REDIS")
	c := dbtest.Open(t, Driver{}, target)
	rc := c.(*Conn)
	v, err := rc.ServerVersion(context.Background())
	if err != nil || !strings.HasPrefix(v, "Redis ") {
		t.Fatalf("version %q, %v", v, err)
	}
	ctx := context.Background()
	if err := rc.Client().Set(ctx, "dbgauge:test", "x", 0).Err(); err != nil {
		t.Fatal(err)
	}
	defer rc.Client().Del(ctx, "dbgauge:test")
	if got, err := rc.Client().Get(ctx, "dbgauge:test").Result(); err != nil || got != "x" {
		t.Fatalf("get: %q, %v", got, err)
	}
	_, err = rc.Client().Get(ctx, "dbgauge:no-such-key").Result()
	if rc.Classify(err) != nil {
		t.Errorf("a missing key is not an error, got %v", rc.Classify(err))
	}
	rc.Interrupt()
	if err := rc.Classify(rc.Client().Ping(ctx).Err()); db.ClassOf(err) != db.ConnectionLost {
		t.Errorf("after Interrupt: %v (class %v), want connection_lost", err, db.ClassOf(err))
	}
}

func TestRefused(t *testing.T) {
	dbtest.Refused(t, Driver{}, dbtest.ServerURL(t, "DBGAUGE_TEST_REDIS"))
}

func TestStats(t *testing.T) {
	target := dbtest.ServerURL(t, "DBGAUGE_TEST_REDIS")
	c := dbtest.Open(t, Driver{}, target)
	dbtest.Stats(t, c, func() {
		for range 50 {
			c.(*Conn).Client().Get(context.Background(), "dbgauge:none")
		}
	})
}
