// Package sqlite is the embedded default database: SQLite through
// modernc.org/sqlite (pure Go, so the binary stays static with CGO_ENABLED=0),
// used through its database/sql/driver interfaces directly to keep
// database/sql's pool and locks off the measured path.
//
// Every connection is configured for concurrent use: WAL journal (readers do
// not block the writer), a busy timeout (a writer waits for the lock instead of
// failing at once), synchronous=NORMAL (the setting WAL is designed for). URL
// query parameters such as ?_pragma=synchronous(FULL) override the defaults.
// Lock conflicts that outlast the timeout are counted as lock wait timeouts.
package sqlite

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	msqlite "modernc.org/sqlite"
)

// BusyTimeoutMs is how long a connection waits for a lock before SQLITE_BUSY.
// 10 s: long enough that writers queue rather than fail at 8 threads on a
// slow disk, short enough that a stuck run shows errors within a report
// interval or two.
const BusyTimeoutMs = 10000

// Driver opens SQLite files.
type Driver struct{}

// Name implements db.Driver.
func (Driver) Name() string { return "sqlite" }

// Schemes implements db.Driver.
func (Driver) Schemes() []string { return []string{"sqlite", "sqlite3", "file"} }

// Writers implements db.SingleWriter: SQLite has one writer at a time; a
// second loader builds its batch while the first writes.
func (Driver) Writers() int { return 2 }

// Path returns the file a sqlite: URL names.
func Path(t *db.Target) (string, error) {
	u := t.URL
	p := u.Opaque
	if p == "" {
		p = u.Host + u.Path
	}
	if p == "" {
		return "", fmt.Errorf("sqlite URL names no file (want sqlite:FILE)")
	}
	if strings.Contains(p, ":memory:") || u.Query().Get("mode") == "memory" {
		return "", fmt.Errorf("an in-memory SQLite database is private to one connection; name a file (sqlite:FILE)")
	}
	return p, nil
}

// DataPath implements db.Local.
func (Driver) DataPath(t *db.Target) (string, bool) {
	p, err := Path(t)
	return p, err == nil
}

// Open implements db.Driver.
func (Driver) Open(ctx context.Context, t *db.Target) (db.Conn, error) {
	path, err := Path(t)
	if err != nil {
		return nil, err
	}
	if dir := filepath.Dir(path); dir != "" {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, &db.ConnectError{Addr: path, Err: fmt.Errorf("directory %s does not exist", dir)}
		}
	}
	q := t.URL.Query()
	set := map[string]string{}
	for _, p := range q["_pragma"] {
		if i := strings.IndexAny(p, "(="); i > 0 {
			set[strings.ToLower(p[:i])] = p
		}
	}
	// The driver applies pragmas in order, and a busy timeout must be in
	// force before journal_mode(WAL): on a new file, connections opened at
	// once race to switch it, and the losers would fail with SQLITE_BUSY.
	var pragmas []string
	for _, d := range [][2]string{{"busy_timeout", strconv.Itoa(BusyTimeoutMs)}, {"journal_mode", "WAL"}, {"synchronous", "NORMAL"}} {
		if user, ok := set[d[0]]; ok {
			pragmas = append(pragmas, user)
		} else {
			pragmas = append(pragmas, d[0]+"("+d[1]+")")
		}
	}
	for _, p := range q["_pragma"] {
		if i := strings.IndexAny(p, "(="); i <= 0 || !slices.Contains([]string{"busy_timeout", "journal_mode", "synchronous"}, strings.ToLower(p[:i])) {
			pragmas = append(pragmas, p)
		}
	}
	q["_pragma"] = pragmas
	dsn := "file:" + path + "?" + q.Encode()
	// Switching a new file to WAL takes an exclusive lock without calling
	// the busy handler, so connections opened at once can fail with
	// SQLITE_BUSY even with a busy timeout: retry, within that timeout.
	deadline := time.Now().Add(BusyTimeoutMs * time.Millisecond)
	for backoff := time.Millisecond; ; backoff = min(2*backoff, 50*time.Millisecond) {
		c, err := open(ctx, dsn)
		if err == nil {
			return c, nil
		}
		var se *msqlite.Error
		if !errors.As(err, &se) || se.Code()&0xff != codeBusy || time.Now().After(deadline) || ctx.Err() != nil {
			return nil, &db.ConnectError{Addr: path, Err: classify(err)}
		}
		time.Sleep(backoff)
	}
}

// open opens one connection and touches the file, so an unwritable location
// fails here, as a connection error, not in the middle of a run.
func open(ctx context.Context, dsn string) (*Conn, error) {
	dc, err := (&msqlite.Driver{}).Open(dsn)
	if err != nil {
		return nil, err
	}
	c := &Conn{sqldb.DriverConn{DC: dc, D: dialect, Classify: func(err error) error { return err }}}
	_, err = c.QueryStrings(ctx, "PRAGMA journal_mode")
	c.Classify = classify
	if err != nil {
		dc.Close()
		return nil, err
	}
	return c, nil
}

// Conn is one SQLite connection.
type Conn struct {
	sqldb.DriverConn
}

var (
	_ sqldb.Conn         = (*Conn)(nil)
	_ sqldb.BulkInserter = (*Conn)(nil)
	_ db.Versioner       = (*Conn)(nil)
)

// ServerVersion implements db.Versioner.
func (c *Conn) ServerVersion(ctx context.Context) (string, error) {
	rows, err := c.QueryStrings(ctx, "SELECT sqlite_version()")
	if err != nil || len(rows) == 0 {
		return "", err
	}
	return "SQLite " + rows[0][0], nil
}

// BulkInsert implements sqldb.BulkInserter: one IMMEDIATE transaction of
// prepared single-row inserts, SQLite's fastest way in (no SQL text to build
// or parse per row).
func (c *Conn) BulkInsert(ctx context.Context, table string, columns []string, rows []sqldb.Row) (err error) {
	if _, err := c.Exec(ctx, dialect.BeginWrite); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_, _ = c.Exec(context.Background(), dialect.Rollback)
		}
	}()
	st, err := c.Prepare(ctx, sqldb.MultiRowInsert(dialect, table, columns, 1))
	if err != nil {
		return err
	}
	defer st.Close()
	for _, r := range rows {
		if _, err := st.Exec(ctx, r...); err != nil {
			return fmt.Errorf("insert into %s: %w", table, err)
		}
	}
	_, err = c.Exec(ctx, dialect.Commit)
	return err
}

// SQLite primary result codes (https://sqlite.org/rescode.html).
const (
	codeBusy       = 5
	codeLocked     = 6
	codeCantOpen   = 14
	codeConstraint = 19
	// Extended codes: constraint violations that are duplicate keys.
	codeConstraintPrimaryKey = 19 | 6<<8
	codeConstraintUnique     = 19 | 8<<8
	codeBusySnapshot         = 5 | 2<<8
)

// classify wraps a SQLite error with its class.
func classify(err error) error {
	var se *msqlite.Error
	if !errors.As(err, &se) {
		if errors.Is(err, context.DeadlineExceeded) {
			return &db.Error{Class: db.Timeout, Err: err}
		}
		return err
	}
	code := se.Code()
	class := db.Other
	switch {
	case code == codeBusySnapshot:
		// A read transaction's snapshot is stale for the write it attempts.
		class = db.Serialization
	case code&0xff == codeBusy:
		class = db.LockTimeout
	case code&0xff == codeLocked:
		class = db.Deadlock
	case code == codeConstraintPrimaryKey || code == codeConstraintUnique:
		class = db.DuplicateKey
	case code&0xff == codeConstraint && strings.Contains(se.Error(), "UNIQUE"):
		class = db.DuplicateKey
	case code&0xff == codeCantOpen:
		class = db.ConnectionLost
	}
	return &db.Error{Class: class, Code: "SQLITE_" + strconv.Itoa(code), Err: err}
}
