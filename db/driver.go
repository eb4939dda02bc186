// Package db is the driver contract: a Driver opens connections to a Target
// named by a URL; a Conn is a connection whose abilities (SQL, documents,
// key-value, server version, bulk load) are separate interfaces found by type
// assertion, never by the database's name. It also owns error classes and URL
// redaction.
//
// db imports no other dbgauge package; workloads and the runner import it.
package db

import (
	"context"
)

// Driver opens connections to one kind of database.
type Driver interface {
	// Name is the driver's name as users see it in `list` and results.
	Name() string
	// Schemes are the URL schemes the driver accepts.
	Schemes() []string
	// Open connects once. A failure to reach or log in to the server is a
	// *ConnectError.
	Open(ctx context.Context, t *Target) (Conn, error)
}

// Conn is one connection. Abilities beyond closing are separate interfaces.
type Conn interface {
	Close() error
}

// Versioner is a Conn that can name its server's version.
type Versioner interface {
	ServerVersion(ctx context.Context) (string, error)
}

// Interrupter is a Conn whose operation in flight can be aborted from another
// goroutine (by closing its socket). The connection is unusable afterwards.
// The runner uses it to end operations that outlive a run's grace period.
type Interrupter interface {
	Interrupt()
}

// Relogger is a Conn whose driver logs in again on its own when the server
// drops an idle connection between transactions (CUBRID's CAS under
// KEEP_CONNECTION=AUTO), so the run never sees the loss. Relogins is how
// many times it did so far; it is safe to call from another goroutine. Each
// costs a login inside some operation's latency, so the run reports them.
type Relogger interface {
	Relogins() int64
}

// UnsupportedError says a workload cannot run on a kind of database (a SQL
// workload on Redis): a usage error, reported at prepare or run.
type UnsupportedError struct {
	Workload, Needs, Driver string
}

func (e *UnsupportedError) Error() string {
	return e.Workload + " needs " + e.Needs + "; " + e.Driver + " is not one"
}

// Local is a Driver whose database lives in a local file (SQLite): its path,
// so that results can record the filesystem and device under it.
type Local interface {
	DataPath(t *Target) (string, bool)
}

// SimpleProtocol is a Driver that can run without server-side prepared
// statements, as a pooler in transaction mode (PgBouncer) needs: it returns
// the URL that asks for it.
type SimpleProtocol interface {
	SimpleProtocol(raw string) string
}

// SingleWriter is a Driver whose database takes one writer at a time
// (SQLite): parallel loaders only queue for its lock, so prepare uses at most
// Writers of them (one writing while another builds its next batch), and
// lets one write at a time: an index build holds the lock for longer than
// any busy timeout.
type SingleWriter interface {
	Writers() int
}
