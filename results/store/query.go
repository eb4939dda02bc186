package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// Run is one recorded run's headline, as `results list` shows it.
type Run struct {
	ID            int64
	StartedAt     string
	Workload      string
	Driver        string
	URL           string
	ServerVersion string
	Threads       int
	Rate          float64
	TimeS         float64
	DurationS     float64
	TPS, QPS      float64
	P95Ms, P99Ms  float64
	MaxMs         float64
	Errors        int64
	Interrupted   bool
	Aborted       bool
	// ThresholdsFailed is nil when the run had no thresholds.
	ThresholdsFailed *int
	Folder           string
}

// Filter selects runs for List; zero values select everything.
type Filter struct {
	Workload, Driver string
	// Last keeps the most recent N runs (0: all).
	Last int
}

const runColumns = `id, started_at, workload, driver, url, server_version, threads, rate, time_s, duration_s,
	tps, qps, p95_ms, p99_ms, max_ms, errors, interrupted, aborted, thresholds_failed, folder`

func scanRun(row interface{ Scan(...any) error }, extra ...any) (Run, error) {
	var r Run
	var failed sql.NullInt64
	dest := []any{&r.ID, &r.StartedAt, &r.Workload, &r.Driver, &r.URL, &r.ServerVersion, &r.Threads, &r.Rate,
		&r.TimeS, &r.DurationS, &r.TPS, &r.QPS, &r.P95Ms, &r.P99Ms, &r.MaxMs, &r.Errors, &r.Interrupted,
		&r.Aborted, &failed, &r.Folder}
	if err := row.Scan(append(dest, extra...)...); err != nil {
		return r, err
	}
	if failed.Valid {
		n := int(failed.Int64)
		r.ThresholdsFailed = &n
	}
	return r, nil
}

// ListAt returns the runs f selects in the store at path (List); no
// store there is a *MissingError.
func ListAt(path string, f Filter) ([]Run, error) {
	s, err := OpenExisting(path)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	return s.List(f)
}

// List returns the runs f selects, oldest first.
func (s *Store) List(f Filter) ([]Run, error) {
	var where []string
	var args []any
	if f.Workload != "" {
		where, args = append(where, "workload = ?"), append(args, f.Workload)
	}
	if f.Driver != "" {
		where, args = append(where, "driver = ?"), append(args, f.Driver)
	}
	q := "SELECT " + runColumns + " FROM runs"
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY id DESC"
	if f.Last > 0 {
		q += fmt.Sprintf(" LIMIT %d", f.Last)
	}
	var out []Run
	err := s.retry(func() error {
		out = nil
		rows, err := s.db.QueryContext(context.Background(), q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			r, err := scanRun(rows)
			if err != nil {
				return err
			}
			out = append(out, r)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("cannot read results store %s: %w", s.path, err)
	}
	slices.Reverse(out)
	return out, nil
}

// Get returns run id and its result.
func (s *Store) Get(id int64) (Run, *results.Result, error) {
	return s.one(fmt.Sprintf("run #%d", id), "id = ?", id)
}

// ByFolder returns the latest run recorded from folder.
func (s *Store) ByFolder(folder string) (Run, *results.Result, error) {
	if abs, err := filepath.Abs(folder); err == nil {
		folder = abs
	}
	return s.one("folder "+folder, "folder = ?", folder)
}

func (s *Store) one(what, where string, arg any) (Run, *results.Result, error) {
	var r Run
	var blob string
	err := s.retry(func() error {
		var err error
		row := s.db.QueryRowContext(context.Background(),
			"SELECT "+runColumns+", result FROM runs WHERE "+where+" ORDER BY id DESC LIMIT 1", arg)
		r, err = scanRun(row, &blob)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return r, nil, &NotFoundError{What: what}
	}
	if err != nil {
		return r, nil, fmt.Errorf("cannot read results store %s: %w", s.path, err)
	}
	var res results.Result
	if err := json.Unmarshal([]byte(blob), &res); err != nil {
		return r, nil, fmt.Errorf("results store %s: %s holds no valid result: %w", s.path, what, err)
	}
	return r, &res, nil
}
