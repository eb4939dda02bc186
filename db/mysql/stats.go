package mysql

import (
	"context"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/db"
)

var _ db.StatsReader = (*Conn)(nil)

// gaugeStatus are SHOW GLOBAL STATUS values that are levels, not counts.
var gaugeStatus = map[string]bool{"Threads_running": true, "Threads_connected": true, "Innodb_buffer_pool_pages_dirty": true,
	"Innodb_buffer_pool_pages_free": true, "Innodb_buffer_pool_pages_data": true, "Open_tables": true}

// watched are the SHOW GLOBAL STATUS counters a DBA watches beside the
// load: statements, commits, the buffer pool, row locks, rows and the redo
// log. Rows are counted twice over: MySQL's Innodb_rows_* are not in
// MariaDB 10.11's status (measured here), and the Handler_* counters, which
// both servers keep, count the same row operations at the handler interface
// (HandlerSocket's reads among them). A counter the server lacks is skipped.
var watched = []string{"Questions", "Com_commit", "Com_rollback", "Com_select", "Com_insert", "Com_update", "Com_delete",
	"Innodb_buffer_pool_reads", "Innodb_buffer_pool_read_requests", "Innodb_data_fsyncs", "Innodb_row_lock_waits",
	"Innodb_rows_read", "Innodb_rows_inserted", "Innodb_rows_updated", "Innodb_rows_deleted", "Innodb_os_log_written",
	"Handler_read_key", "Handler_read_next", "Handler_read_rnd_next", "Handler_write", "Handler_update", "Handler_delete"}

// ServerStats implements db.StatsReader with SHOW GLOBAL STATUS and the
// variables that decide performance.
func (c *Conn) ServerStats(ctx context.Context) (*db.ServerStats, error) {
	s := &db.ServerStats{Counters: map[string]float64{}, Gauges: map[string]float64{}, Settings: map[string]string{}}
	rows, err := c.QueryStrings(ctx, "SHOW GLOBAL STATUS")
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		name := r[0]
		if !(name == "Questions" || strings.HasPrefix(name, "Com_") || strings.HasPrefix(name, "Innodb_") ||
			strings.HasPrefix(name, "Threads_") || strings.HasPrefix(name, "Handler_") || name == "Open_tables" ||
			name == "Created_tmp_disk_tables" || name == "Slow_queries") {
			continue
		}
		v, err := strconv.ParseFloat(r[1], 64)
		if err != nil {
			continue
		}
		if gaugeStatus[name] {
			s.Gauges[name] = v
		} else {
			s.Counters[name] = v
		}
	}
	vars, err := c.QueryStrings(ctx, `SHOW GLOBAL VARIABLES WHERE Variable_name IN ('innodb_buffer_pool_size',
		'innodb_flush_log_at_trx_commit', 'innodb_flush_method', 'innodb_log_file_size', 'sync_binlog',
		'max_connections', 'innodb_doublewrite', 'default_storage_engine', 'version', 'datadir')`)
	if err != nil {
		return nil, err
	}
	for _, r := range vars {
		s.Settings[r[0]] = r[1]
	}
	s.Watched, s.DataDir = watched, s.Settings["datadir"]
	return s, nil
}

// Ratios implements db.StatsReader: the InnoDB buffer pool hit ratio.
func (c *Conn) Ratios(d map[string]float64) map[string]float64 {
	req, miss := d["Innodb_buffer_pool_read_requests"], d["Innodb_buffer_pool_reads"]
	return map[string]float64{"buffer_pool_hit_pct": db.HitRatio(req-miss, miss)}
}
