package postgres

import (
	"context"
	"strconv"

	"github.com/dbgauge/dbgauge/db"
)

var _ db.StatsReader = (*Conn)(nil)

// statQueries read pg_stat_database for the current database, the
// background writer and the WAL (PostgreSQL 14+).
var statQueries = []string{
	`SELECT xact_commit, xact_rollback, blks_read, blks_hit, tup_returned, tup_fetched, tup_inserted,
	        tup_updated, tup_deleted, deadlocks, temp_files, temp_bytes, conflicts
	   FROM pg_stat_database WHERE datname = current_database()`,
	`SELECT checkpoints_timed, checkpoints_req, buffers_checkpoint, buffers_clean, buffers_backend FROM pg_stat_bgwriter`,
	`SELECT wal_records, wal_bytes FROM pg_stat_wal`,
}

var statNames = [][]string{
	{"xact_commit", "xact_rollback", "blks_read", "blks_hit", "tup_returned", "tup_fetched", "tup_inserted",
		"tup_updated", "tup_deleted", "deadlocks", "temp_files", "temp_bytes", "conflicts"},
	{"checkpoints_timed", "checkpoints_req", "buffers_checkpoint", "buffers_clean", "buffers_backend"},
	{"wal_records", "wal_bytes"},
}

// watched are the counters a DBA watches beside the load: transactions,
// buffer reads and hits, tuples, deadlocks, temporary files, checkpoints
// and WAL.
var watched = []string{"xact_commit", "xact_rollback", "blks_read", "blks_hit", "tup_returned", "tup_fetched",
	"tup_inserted", "tup_updated", "tup_deleted", "deadlocks", "temp_bytes", "buffers_checkpoint", "buffers_backend", "wal_bytes"}

// ServerStats implements db.StatsReader.
func (c *Conn) ServerStats(ctx context.Context) (*db.ServerStats, error) {
	s := &db.ServerStats{Counters: map[string]float64{}, Gauges: map[string]float64{}, Settings: map[string]string{}}
	for i, q := range statQueries {
		rows, err := c.QueryStrings(ctx, q)
		if err != nil || len(rows) == 0 {
			continue // an older server lacks a view: report what there is
		}
		for j, name := range statNames[i] {
			if v, err := strconv.ParseFloat(rows[0][j], 64); err == nil {
				s.Counters[name] = v
			}
		}
	}
	if rows, err := c.QueryStrings(ctx, "SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"); err == nil && len(rows) > 0 {
		s.Gauges["active_backends"], _ = strconv.ParseFloat(rows[0][0], 64)
	}
	rows, err := c.QueryStrings(ctx, `SELECT name, current_setting(name) FROM pg_settings WHERE name IN
		('shared_buffers', 'effective_cache_size', 'work_mem', 'max_connections', 'fsync', 'synchronous_commit',
		 'full_page_writes', 'wal_level', 'checkpoint_timeout', 'max_wal_size', 'random_page_cost', 'data_directory')`)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		s.Settings[r[0]] = r[1]
	}
	s.Watched, s.DataDir = watched, s.Settings["data_directory"]
	return s, nil
}

// Ratios implements db.StatsReader: the buffer cache hit ratio.
func (c *Conn) Ratios(d map[string]float64) map[string]float64 {
	return map[string]float64{"cache_hit_pct": db.HitRatio(d["blks_hit"], d["blks_read"])}
}
