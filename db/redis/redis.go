// Package redis is the Redis driver: go-redis v9 with exactly one connection
// per Conn (the runner's one-connection-per-worker rule), over a blocking
// socket (db/sockconn). URLs: redis://[:password@]host:port[/db]. Its ability
// is the go-redis client itself, for workloads' Redis adapters.
package redis

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"

	goredis "github.com/redis/go-redis/v9"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sockconn"
)

// Driver opens Redis connections.
type Driver struct{}

// Name implements db.Driver.
func (Driver) Name() string { return "redis" }

// Schemes implements db.Driver.
func (Driver) Schemes() []string { return []string{"redis"} }

// Open implements db.Driver.
func (Driver) Open(ctx context.Context, t *db.Target) (db.Conn, error) {
	opt, err := goredis.ParseURL(t.Raw)
	if err != nil {
		return nil, fmt.Errorf("invalid Redis URL %s: %s", t.Redacted(), db.Redact(strings.ReplaceAll(err.Error(), t.Password(), "xxxxx")))
	}
	c := &Conn{}
	opt.Dialer = c.raw.Dial
	opt.PoolSize, opt.MinIdleConns, opt.MaxIdleConns = 1, 0, 1
	opt.MaxRetries = -1 // a benchmark counts failures; it does not hide them
	opt.DialerRetries = 1
	opt.Protocol = 2
	opt.DisableIdentity = true
	c.client = goredis.NewClient(opt)
	if err := c.client.Ping(ctx).Err(); err != nil {
		c.client.Close()
		return nil, &db.ConnectError{Addr: opt.Addr, Err: errors.New(strings.ReplaceAll(err.Error(), t.Password(), "xxxxx"))}
	}
	return c, nil
}

// Conn is one Redis connection.
type Conn struct {
	client *goredis.Client
	raw    sockconn.Set
}

var (
	_ db.Versioner   = (*Conn)(nil)
	_ db.Interrupter = (*Conn)(nil)
)

// Client returns the go-redis client bound to this one connection.
func (c *Conn) Client() *goredis.Client { return c.client }

// Close implements db.Conn.
func (c *Conn) Close() error { return c.client.Close() }

// Classify gives an error from Client() its class.
func (c *Conn) Classify(err error) error { return Classify(err) }

// Interrupt implements db.Interrupter.
func (c *Conn) Interrupt() { c.raw.Interrupt() }

// ServerVersion implements db.Versioner.
func (c *Conn) ServerVersion(ctx context.Context) (string, error) {
	info, err := c.client.Info(ctx, "server").Result()
	if err != nil {
		return "", Classify(err)
	}
	for _, line := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "redis_version:"); ok {
			return "Redis " + v, nil
		}
	}
	return "Redis", nil
}

// Classify wraps a go-redis error with its class (nil and redis.Nil, a
// missing key, are not errors). Workloads reach it through Conn.Classify.
func Classify(err error) error {
	if err == nil || errors.Is(err, goredis.Nil) {
		return nil
	}
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return &db.Error{Class: db.Timeout, Err: err}
	case errors.Is(err, io.EOF) || errors.Is(err, goredis.ErrClosed) || errors.As(err, &ne):
		return &db.Error{Class: db.ConnectionLost, Err: err}
	}
	return &db.Error{Class: db.Other, Err: err}
}
