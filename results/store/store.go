// Package store is the results store: every run recorded in one embedded
// SQLite file, its headline numbers in columns for listing and filtering,
// and its whole result.json, so that a run can be shown and compared after
// its folder is gone.
//
// Several dbgauge processes may record at once: every write is one
// immediate transaction, and a writer waits for the lock (busy timeout)
// and retries rather than failing.
//
// store imports results only.
package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"modernc.org/sqlite"

	"github.com/dbgauge/dbgauge/results"
)

// SchemaVersion is the store's schema version, kept in PRAGMA user_version.
const SchemaVersion = 1

// busyTimeout is how long a writer waits for another process's lock: a
// write takes milliseconds, so 10 s is only reached by a stuck process.
const busyTimeout = 10 * time.Second

// Store is an open results store.
type Store struct {
	db   *sql.DB
	path string
}

// MissingError is returned by OpenExisting when there is no store yet.
type MissingError struct{ Path string }

func (e *MissingError) Error() string {
	return fmt.Sprintf("no results store at %s (no run recorded yet)", e.Path)
}

// NotFoundError names a run the store does not have.
type NotFoundError struct{ What string }

func (e *NotFoundError) Error() string { return e.What + " is not in the results store" }

// Open opens the store at path, creating it if missing; its directory
// must exist.
func Open(path string) (*Store, error) {
	if dir := filepath.Dir(path); dir != "" {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("cannot open results store %s: directory %s does not exist", path, dir)
		}
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("cannot open results store %s: it is a directory", path)
	}
	dsn := fmt.Sprintf("file:%s?_pragma=busy_timeout(%d)&_txlock=immediate", path, busyTimeout.Milliseconds())
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("cannot open results store %s: %w", path, err)
	}
	// One connection: a process records one run at a time, and a single
	// connection cannot deadlock with itself on SQLite's file lock.
	db.SetMaxOpenConns(1)
	s := &Store{db: db, path: path}
	if err := s.retry(s.migrate); err != nil {
		db.Close()
		return nil, fmt.Errorf("cannot open results store %s: %w", path, err)
	}
	return s, nil
}

// OpenExisting opens the store at path for reading; a missing file is a
// *MissingError, and nothing is created.
func OpenExisting(path string) (*Store, error) {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil, &MissingError{Path: path}
	}
	return Open(path)
}

// Path is the store's file.
func (s *Store) Path() string { return s.path }

// Close closes the store.
func (s *Store) Close() error { return s.db.Close() }

// migrate creates or upgrades the schema, in one immediate transaction so
// that two processes creating the store at once do it once.
func (s *Store) migrate() error {
	ctx := context.Background()
	// The usual case reads only, so a read-only store can be listed.
	var current int
	if err := s.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&current); err != nil {
		return err
	}
	if current == SchemaVersion {
		return nil
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var version, tables int
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return err
	}
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table'").Scan(&tables); err != nil {
		return err
	}
	switch {
	case version == SchemaVersion:
		return nil
	case version > SchemaVersion:
		return fmt.Errorf("its schema version %d is newer than this dbgauge's (%d)", version, SchemaVersion)
	case version == 0 && tables > 0:
		return fmt.Errorf("it is a SQLite database with other tables, not a dbgauge results store")
	}
	for _, stmt := range schemaV1() {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion)); err != nil {
		return err
	}
	return tx.Commit()
}

// schemaV1 is the first schema: the headline columns of `results list`,
// and the result.json text (queryable with SQLite's JSON functions).
func schemaV1() []string {
	return []string{`CREATE TABLE runs (
		id                INTEGER PRIMARY KEY AUTOINCREMENT,
		run_key           TEXT NOT NULL UNIQUE,
		recorded_at       TEXT NOT NULL,
		started_at        TEXT NOT NULL,
		workload          TEXT NOT NULL,
		driver            TEXT NOT NULL,
		url               TEXT NOT NULL,
		server_version    TEXT NOT NULL,
		threads           INTEGER NOT NULL,
		rate              REAL NOT NULL,
		time_s            REAL NOT NULL,
		duration_s        REAL NOT NULL,
		tps               REAL NOT NULL,
		qps               REAL NOT NULL,
		p95_ms            REAL NOT NULL,
		p99_ms            REAL NOT NULL,
		max_ms            REAL NOT NULL,
		errors            INTEGER NOT NULL,
		interrupted       INTEGER NOT NULL,
		aborted           INTEGER NOT NULL,
		thresholds_failed INTEGER,
		folder            TEXT NOT NULL,
		result            TEXT NOT NULL
	)`,
		`CREATE INDEX runs_workload ON runs (workload, id)`,
		`CREATE INDEX runs_folder ON runs (folder)`,
	}
}

// retry runs f again while another process holds the lock beyond the busy
// timeout (SQLite skips the busy handler in a few cases, such as a lock
// upgrade that could deadlock), for up to three busy timeouts in all.
func (s *Store) retry(f func() error) error {
	deadline := time.Now().Add(3 * busyTimeout)
	for backoff := 5 * time.Millisecond; ; backoff = min(2*backoff, 200*time.Millisecond) {
		err := f()
		if err == nil || !busy(err) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(backoff)
	}
}

// busy reports SQLITE_BUSY and SQLITE_LOCKED, extended codes included.
func busy(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	c := se.Code() & 0xff
	return c == 5 || c == 6
}

// Key identifies a run whatever folder holds it: recording the same
// result twice (a run, then `results add` of its folder) keeps one row.
func Key(r *results.Result) string {
	h := sha256.New()
	host := ""
	if r.Environment != nil {
		host = r.Environment.Hostname
	}
	for _, part := range []string{r.StartedAt, r.EndedAt, r.Workload.Name, r.Target.Driver, r.Target.URL, host} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	h.Write(r.Histogram)
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// Add records r, whose folder is folder (made absolute). A result already
// there is not added twice: added is false and id is the existing run's.
func (s *Store) Add(r *results.Result, folder string) (id int64, added bool, err error) {
	if abs, err := filepath.Abs(folder); err == nil {
		folder = abs
	}
	blob, err := json.Marshal(r)
	if err != nil {
		return 0, false, err
	}
	var failed any // NULL: no thresholds
	if len(r.Thresholds) > 0 {
		n := 0
		for _, t := range r.Thresholds {
			if !t.Pass {
				n++
			}
		}
		failed = n
	}
	key := Key(r)
	err = s.retry(func() error {
		ctx := context.Background()
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		res, err := tx.ExecContext(ctx, `INSERT INTO runs (run_key, recorded_at, started_at, workload, driver, url,
			server_version, threads, rate, time_s, duration_s, tps, qps, p95_ms, p99_ms, max_ms, errors,
			interrupted, aborted, thresholds_failed, folder, result)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (run_key) DO NOTHING`,
			key, time.Now().UTC().Format(time.RFC3339), r.StartedAt, r.Workload.Name, r.Target.Driver, r.Target.URL,
			r.Target.ServerVersion, r.Run.Threads, r.Run.Rate, r.Run.TimeS, r.Totals.DurationS, r.Totals.TPS,
			r.Totals.QPS, r.Latency.P95, r.Latency.P99, r.Latency.Max, r.Totals.Errors,
			r.Interrupted, r.Aborted != "", failed, folder, string(blob))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if added = n == 1; added {
			if id, err = res.LastInsertId(); err != nil {
				return err
			}
		} else if err := tx.QueryRowContext(ctx, "SELECT id FROM runs WHERE run_key = ?", key).Scan(&id); err != nil {
			return err
		}
		return tx.Commit()
	})
	if err != nil {
		return 0, false, fmt.Errorf("cannot record in results store %s: %w", s.path, err)
	}
	return id, added, nil
}
