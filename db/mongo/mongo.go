// Package mongo is the MongoDB driver: the official Go driver v2 with one
// operation connection per Conn (a pool of size 1: the runner's
// one-connection-per-worker rule), dialled over blocking sockets
// (db/sockconn). URLs: mongodb://[user:password@]host[:port][/db][?options]
// and mongodb+srv://...; the database is the URL's path (default "bench").
// Its ability is the *mongo.Database itself, for workloads' document adapters.
//
// The Go driver also keeps a monitoring connection per server, which carries
// no operations; it is polled (serverMonitoringMode=poll unless the URL says
// otherwise) so that it stays one. The driver's own retries (retryable reads
// and writes, overload retries) are off whatever the URL says: a benchmark
// counts failures, it does not hide them.
//
// The tests run against FerretDB 1.24 (MongoDB wire protocol over SQLite,
// started by scripts/services). FerretDB checks protocol correctness only: it
// is far slower than MongoDB and is no performance reference for MongoDB.
package mongo

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/event"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/mongo/readpref"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sockconn"
)

// DefaultDatabase is the database used when the URL names none.
const DefaultDatabase = "bench"

// closeTimeout bounds Close: ending the server sessions is a courtesy that a
// dead server must not turn into a wait.
const closeTimeout = 2 * time.Second

// Driver opens MongoDB connections.
type Driver struct{}

// Name implements db.Driver.
func (Driver) Name() string { return "mongodb" }

// Schemes implements db.Driver.
func (Driver) Schemes() []string { return []string{"mongodb", "mongodb+srv"} }

// Open implements db.Driver. With a single host, a failed first heartbeat (a
// closed port, an unknown host) fails Open at once instead of after the
// driver's 30 s server selection timeout.
func (Driver) Open(ctx context.Context, t *db.Target) (db.Conn, error) {
	pw := t.Password()
	clean := func(s string) string {
		if pw != "" {
			s = strings.ReplaceAll(s, pw, "xxxxx")
		}
		return db.Redact(s)
	}
	c := &Conn{}
	opts := options.Client().ApplyURI(t.Raw)
	if err := opts.Validate(); err != nil {
		return nil, fmt.Errorf("invalid MongoDB URL %s: %s", t.Redacted(), clean(err.Error()))
	}
	addr := address(opts.Hosts, t.URL.Host)

	pingCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var opening atomic.Bool
	opening.Store(true)
	failFast := len(opts.Hosts) == 1
	opts.SetServerMonitor(&event.ServerMonitor{
		ServerHeartbeatFailed: func(e *event.ServerHeartbeatFailedEvent) {
			if failFast && opening.Load() {
				cancel(e.Failure)
			}
		},
	})
	opts.SetDialer(&c.sockets).SetMaxPoolSize(1).SetMinPoolSize(0).SetMaxConnecting(1).
		SetRetryReads(false).SetRetryWrites(false).SetMaxAdaptiveRetries(0)
	if opts.ServerMonitoringMode == nil {
		opts.SetServerMonitoringMode(options.ServerMonitoringModePoll)
	}
	client, err := mongo.Connect(opts)
	if err != nil {
		return nil, fmt.Errorf("invalid MongoDB URL %s: %s", t.Redacted(), clean(err.Error()))
	}
	err = client.Ping(pingCtx, readpref.Primary())
	opening.Store(false)
	if err != nil {
		if cause := context.Cause(pingCtx); cause != nil && ctx.Err() == nil {
			err = cause // the heartbeat's reason, not "context canceled"
		}
		dctx, dcancel := context.WithTimeout(context.Background(), closeTimeout)
		defer dcancel()
		client.Disconnect(dctx)
		c.sockets.Close()
		return nil, &db.ConnectError{Addr: addr, Err: errors.New(clean(err.Error()))}
	}
	name := strings.TrimPrefix(t.URL.Path, "/")
	if name == "" {
		name = DefaultDatabase
	}
	c.client, c.db = client, client.Database(name)
	return c, nil
}

// address names the server(s) for a ConnectError: host:port, never the URL.
func address(hosts []string, urlHost string) string {
	if len(hosts) == 0 {
		hosts = []string{urlHost}
	}
	out := make([]string, len(hosts))
	for i, h := range hosts {
		if _, _, err := net.SplitHostPort(h); err != nil && !strings.HasSuffix(h, ".sock") {
			h = net.JoinHostPort(strings.Trim(h, "[]"), "27017")
		}
		out[i] = h
	}
	return strings.Join(out, ",")
}

// Conn is one MongoDB client with one operation connection.
type Conn struct {
	client  *mongo.Client
	db      *mongo.Database
	sockets sockconn.Set // every socket the client dialled, for Interrupt
}

var (
	_ db.Versioner   = (*Conn)(nil)
	_ db.Interrupter = (*Conn)(nil)
)

// Database returns the database named by the URL, on this one connection.
func (c *Conn) Database() *mongo.Database { return c.db }

// Close implements db.Conn.
func (c *Conn) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), closeTimeout)
	defer cancel()
	err := c.client.Disconnect(ctx)
	c.sockets.Close()
	return err
}

// Interrupt implements db.Interrupter: it shuts down every socket of the client,
// the monitor's included, which wakes an operation blocked in a read.
func (c *Conn) Interrupt() { c.sockets.Interrupt() }

// ServerVersion implements db.Versioner. FerretDB reports the MongoDB
// version it is compatible with, not its own.
func (c *Conn) ServerVersion(ctx context.Context) (string, error) {
	var info struct {
		Version string `bson:"version"`
	}
	err := c.client.Database("admin").RunCommand(ctx, bson.D{{Key: "buildInfo", Value: 1}}).Decode(&info)
	if err != nil {
		return "", Classify(err)
	}
	return strings.TrimSpace("MongoDB-wire " + info.Version), nil
}

// Classify gives an error from Database() its class.
func (c *Conn) Classify(err error) error { return Classify(err) }

// writeConflict is MongoDB's WriteConflict code: a transaction lost a race
// and can be run again.
const writeConflict = 112

// Classify wraps a MongoDB driver error with its class (nil and
// mongo.ErrNoDocuments, a missing document, are not errors). Workloads reach
// it through Conn.Classify.
func Classify(err error) error {
	if err == nil || errors.Is(err, mongo.ErrNoDocuments) {
		return nil
	}
	code := serverCode(err)
	class := db.Other
	var se mongo.ServerError
	switch {
	case mongo.IsDuplicateKeyError(err):
		class = db.DuplicateKey
	case mongo.IsTimeout(err):
		class = db.Timeout
	case mongo.IsNetworkError(err) || errors.Is(err, mongo.ErrClientDisconnected) || errors.Is(err, net.ErrClosed):
		class = db.ConnectionLost
	case errors.As(err, &se) && se.HasErrorCode(writeConflict):
		class = db.Serialization
	}
	return &db.Error{Class: class, Code: code, Err: err}
}

// serverCode is the server's error code in err, or "".
func serverCode(err error) string {
	var ce mongo.CommandError
	if errors.As(err, &ce) && ce.Code != 0 {
		return strconv.Itoa(int(ce.Code))
	}
	var we mongo.WriteException
	if errors.As(err, &we) {
		if len(we.WriteErrors) > 0 {
			return strconv.Itoa(we.WriteErrors[0].Code)
		}
		if we.WriteConcernError != nil {
			return strconv.Itoa(we.WriteConcernError.Code)
		}
	}
	var be mongo.BulkWriteException
	if errors.As(err, &be) && len(be.WriteErrors) > 0 {
		return strconv.Itoa(be.WriteErrors[0].Code)
	}
	return ""
}
