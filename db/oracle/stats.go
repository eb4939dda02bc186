package oracle

import (
	"context"
	"path"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/db"
)

var _ db.StatsReader = (*Conn)(nil)

// sysstat are the v$sysstat statistics an AWR report's load profile and
// instance efficiency sections are computed from (all cumulative since
// instance start, so a run's difference is what it did).
var sysstat = []string{
	"user commits", "user rollbacks", "user calls", "execute count", "parse count (total)", "parse count (hard)",
	"session logical reads", "consistent gets", "db block gets", "physical reads", "physical reads direct",
	"physical writes", "db block changes", "redo size", "redo writes", "redo synch writes", "DB time",
	"CPU used by this session", "sorts (memory)", "sorts (disk)", "table scans (long tables)", "enqueue waits",
	"SQL*Net roundtrips to/from client", "bytes sent via SQL*Net to client", "bytes received via SQL*Net from client",
	"logons cumulative", "physical read total IO requests", "physical write total IO requests",
}

// sysstatGauges are v$sysstat values that are levels, not counts.
var sysstatGauges = []string{"logons current", "opened cursors current"}

// parameters are the v$parameter settings that decide performance.
var parameters = []string{
	"sga_target", "pga_aggregate_target", "memory_target", "db_cache_size", "shared_pool_size", "db_block_size",
	"log_buffer", "processes", "sessions", "commit_logging", "commit_wait", "filesystemio_options", "disk_asynch_io",
	"db_writer_processes", "db_file_multiblock_read_count", "cursor_sharing", "optimizer_mode", "statistics_level",
	"undo_management", "compatible", "db_create_file_dest",
}

// watched are the counters a DBA watches beside the load, as per-second
// rates: AWR's load profile.
var watched = []string{"user commits", "user rollbacks", "execute count", "parse count (hard)", "session logical reads",
	"physical reads", "physical writes", "redo size", "db block changes", "user calls"}

// waitPrefix and waitTimeSuffix name the v$system_event figures by wait
// class: "wait User I/O waits" and "wait User I/O time_us".
const (
	waitPrefix     = "wait "
	waitsSuffix    = " waits"
	waitTimeSuffix = " time_us"
)

// inList is a SQL IN list of string literals.
func inList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'" + strings.ReplaceAll(n, "'", "''") + "'"
	}
	return "(" + strings.Join(q, ", ") + ")"
}

// Statistics queries. The v$ views need SELECT_CATALOG_ROLE (or SELECT ANY
// DICTIONARY); without it the run has no server statistics, nothing fails.
var (
	sysstatQuery = "SELECT name, value FROM v$sysstat WHERE name IN " + inList(append(append([]string{}, sysstat...), sysstatGauges...))
	// Idle waits are sessions waiting for work (SQL*Net message from
	// client), not time the load lost.
	waitQuery = "SELECT wait_class, SUM(total_waits), SUM(time_waited_micro) FROM v$system_event " +
		"WHERE wait_class <> 'Idle' GROUP BY wait_class"
	parameterQuery = "SELECT name, value FROM v$parameter WHERE name IN " + inList(parameters)
	datafileQuery  = "SELECT name FROM v$datafile WHERE ROWNUM = 1"
	logfileQuery   = "SELECT member FROM v$logfile WHERE ROWNUM = 1"
)

// ServerStats implements db.StatsReader.
func (c *Conn) ServerStats(ctx context.Context) (*db.ServerStats, error) {
	stat, err := c.QueryStrings(ctx, sysstatQuery)
	if err != nil {
		return nil, err
	}
	// Wait classes and parameters are extras: a view refused leaves them out.
	waits, _ := c.QueryStrings(ctx, waitQuery)
	params, _ := c.QueryStrings(ctx, parameterQuery)
	s := statsFrom(stat, waits, params)
	if rows, err := c.QueryStrings(ctx, datafileQuery); err == nil && len(rows) > 0 {
		s.DataDir = fileDir(rows[0][0])
	}
	return s, nil
}

// statsFrom builds the snapshot from the rows of sysstatQuery, waitQuery
// and parameterQuery.
func statsFrom(stat, waits, params [][]string) *db.ServerStats {
	s := &db.ServerStats{Counters: map[string]float64{}, Gauges: map[string]float64{}, Settings: map[string]string{}}
	gauge := map[string]bool{}
	for _, g := range sysstatGauges {
		gauge[g] = true
	}
	for _, r := range stat {
		v, err := strconv.ParseFloat(r[1], 64)
		if err != nil {
			continue
		}
		if gauge[r[0]] {
			s.Gauges[r[0]] = v
		} else {
			s.Counters[r[0]] = v
		}
	}
	for _, r := range waits {
		n, err1 := strconv.ParseFloat(r[1], 64)
		us, err2 := strconv.ParseFloat(r[2], 64)
		if err1 != nil || err2 != nil {
			continue
		}
		s.Counters[waitPrefix+r[0]+waitsSuffix] = n
		s.Counters[waitPrefix+r[0]+waitTimeSuffix] = us
	}
	for _, r := range params {
		s.Settings[r[0]] = r[1]
	}
	s.Watched = watched
	return s
}

// Ratios implements db.StatsReader: AWR's instance efficiency figures over
// the run. Buffer hit % leaves direct reads out (they bypass the buffer
// cache); soft parse % is the share of parses that found the statement
// shared; execute to parse % is how often a statement ran without a parse.
func (c *Conn) Ratios(d map[string]float64) map[string]float64 {
	logical := d["session logical reads"]
	cached := d["physical reads"] - d["physical reads direct"]
	out := map[string]float64{"buffer_hit_pct": db.HitRatio(logical-cached, cached)}
	total, hard := d["parse count (total)"], d["parse count (hard)"]
	out["soft_parse_pct"] = db.HitRatio(total-hard, hard)
	exec := d["execute count"]
	out["execute_to_parse_pct"] = -1
	if exec > 0 {
		out["execute_to_parse_pct"] = (1 - total/exec) * 100
	}
	return out
}

// fileDir is the directory of a data or redo log file as the server names
// it. ASM names (+DATA/...) are kept whole: they are not in any file system.
func fileDir(name string) string {
	if strings.HasPrefix(name, "+") {
		return name
	}
	return path.Dir(name)
}
