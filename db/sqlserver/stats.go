package sqlserver

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/db"
)

var _ db.StatsReader = (*Conn)(nil)

// Counter types of sys.dm_os_performance_counters.cntr_type.
const (
	// bulkCount (PERF_COUNTER_BULK_COUNT) is every "/sec" counter: a
	// cumulative count since the server started, which Performance Monitor
	// divides by the time between two samples. Its difference over a run is
	// the run's count.
	bulkCount = 272696576
	// rawCount (PERF_COUNTER_LARGE_RAWCOUNT) is a level read as it is
	// (User Connections, Page life expectancy).
	rawCount = 65792
)

// perfCountersQuery reads the counters a DBA watches in Performance
// Monitor: batches, compilations, transactions and log flushes of the
// current database, buffer pool reads and writes, locks of all kinds
// (_Total), access methods, connections and memory. object_name starts with
// "SQLServer:" or, on a named instance, "MSSQL$NAME:".
const perfCountersQuery = `SELECT RTRIM(counter_name), cntr_value, cntr_type FROM sys.dm_os_performance_counters
 WHERE (object_name LIKE '%:SQL Statistics' AND counter_name IN ('Batch Requests/sec', 'SQL Compilations/sec', 'SQL Re-Compilations/sec'))
    OR (object_name LIKE '%:Databases' AND instance_name = DB_NAME() AND counter_name IN ('Transactions/sec', 'Write Transactions/sec', 'Log Flushes/sec', 'Log Bytes Flushed/sec', 'Log Flush Waits/sec'))
    OR (object_name LIKE '%:Buffer Manager' AND counter_name IN ('Page lookups/sec', 'Page reads/sec', 'Page writes/sec', 'Checkpoint pages/sec', 'Lazy writes/sec', 'Page life expectancy'))
    OR (object_name LIKE '%:Locks' AND instance_name = '_Total' AND counter_name IN ('Lock Requests/sec', 'Lock Waits/sec', 'Lock Timeouts/sec', 'Number of Deadlocks/sec', 'Lock Wait Time (ms)'))
    OR (object_name LIKE '%:Access Methods' AND counter_name IN ('Full Scans/sec', 'Index Searches/sec', 'Page Splits/sec'))
    OR (object_name LIKE '%:General Statistics' AND counter_name IN ('Logins/sec', 'User Connections', 'Processes blocked'))
    OR (object_name LIKE '%:Memory Manager' AND counter_name IN ('Total Server Memory (KB)', 'Target Server Memory (KB)', 'Memory Grants Pending'))`

// idleWaits are the wait types of background tasks that wait by design
// (queues, timers, sleeps): time in them says nothing about the load.
var idleWaits = []string{
	"BROKER_EVENTHANDLER", "BROKER_RECEIVE_WAITFOR", "BROKER_TASK_STOP", "BROKER_TO_FLUSH", "BROKER_TRANSMITTER",
	"CHECKPOINT_QUEUE", "CHKPT", "CLR_AUTO_EVENT", "CLR_MANUAL_EVENT", "CLR_SEMAPHORE", "DIRTY_PAGE_POLL",
	"DISPATCHER_QUEUE_SEMAPHORE", "FT_IFTS_SCHEDULER_IDLE_WAIT", "FT_IFTSHC_MUTEX", "HADR_CLUSAPI_CALL",
	"HADR_FILESTREAM_IOMGR_IOCOMPLETION", "HADR_LOGCAPTURE_WAIT", "HADR_NOTIFICATION_DEQUEUE", "HADR_TIMER_TASK",
	"HADR_WORK_QUEUE", "KSOURCE_WAKEUP", "LAZYWRITER_SLEEP", "LOGMGR_QUEUE", "MEMORY_ALLOCATION_EXT",
	"ONDEMAND_TASK_QUEUE", "PARALLEL_REDO_DRAIN_WORKER", "PARALLEL_REDO_LOG_CACHE", "PARALLEL_REDO_TRAN_LIST",
	"PARALLEL_REDO_WORKER_SYNC", "PARALLEL_REDO_WORKER_WAIT_WORK", "PREEMPTIVE_XE_GETTARGETSTATE",
	"PWAIT_ALL_COMPONENTS_INITIALIZED", "PWAIT_DIRECTLOGCONSUMER_GETNEXT", "QDS_PERSIST_TASK_MAIN_LOOP_SLEEP",
	"QDS_ASYNC_QUEUE", "QDS_CLEANUP_STALE_QUERIES_TASK_MAIN_LOOP_SLEEP", "QDS_SHUTDOWN_QUEUE",
	"REDO_THREAD_PENDING_WORK", "REQUEST_FOR_DEADLOCK_SEARCH", "RESOURCE_QUEUE", "SERVER_IDLE_CHECK",
	"SLEEP_BPOOL_FLUSH", "SLEEP_DBSTARTUP", "SLEEP_DCOMSTARTUP", "SLEEP_MASTERDBREADY", "SLEEP_MASTERMDREADY",
	"SLEEP_MASTERUPGRADED", "SLEEP_MSDBSTARTUP", "SLEEP_SYSTEMTASK", "SLEEP_TASK", "SLEEP_TEMPDBSTARTUP",
	"SNI_HTTP_ACCEPT", "SOS_WORK_DISPATCHER", "SP_SERVER_DIAGNOSTICS_SLEEP", "SQLTRACE_BUFFER_FLUSH",
	"SQLTRACE_INCREMENTAL_FLUSH_SLEEP", "SQLTRACE_WAIT_ENTRIES", "VDI_CLIENT_OTHER", "WAIT_FOR_RESULTS", "WAITFOR",
	"WAITFOR_TASKSHUTDOWN", "WAIT_XTP_RECOVERY", "WAIT_XTP_HOST_WAIT", "WAIT_XTP_OFFLINE_CKPT_NEW_LOG",
	"WAIT_XTP_CKPT_CLOSE", "XE_DISPATCHER_JOIN", "XE_DISPATCHER_WAIT", "XE_TIMER_EVENT",
}

// waitStatsQuery reads every wait type but the idle ones, zero or not: a
// wait first seen during a run must be in the snapshot before it for its
// difference to count. The run's difference keeps the waits that moved, so
// the top waits of the run are there, largest wait_time_ms first in a
// report sorted by value.
var waitStatsQuery = "SELECT RTRIM(wait_type), waiting_tasks_count, wait_time_ms FROM sys.dm_os_wait_stats WHERE wait_type NOT IN ('" +
	strings.Join(idleWaits, "', '") + "')"

// settingsQueries read the server options and the current database's
// options that decide performance, as name/value rows.
var settingsQueries = []string{
	`SELECT name, CAST(value_in_use AS NVARCHAR(64)) FROM sys.configurations WHERE name IN ('max server memory (MB)',
	 'min server memory (MB)', 'max degree of parallelism', 'cost threshold for parallelism', 'max worker threads',
	 'optimize for ad hoc workloads', 'recovery interval (min)', 'user connections')`,
	`SELECT 'recovery_model', recovery_model_desc FROM sys.databases WHERE name = DB_NAME()
	 UNION ALL SELECT 'read_committed_snapshot', CAST(is_read_committed_snapshot_on AS NVARCHAR(1)) FROM sys.databases WHERE name = DB_NAME()
	 UNION ALL SELECT 'snapshot_isolation', snapshot_isolation_state_desc FROM sys.databases WHERE name = DB_NAME()
	 UNION ALL SELECT 'delayed_durability', delayed_durability_desc FROM sys.databases WHERE name = DB_NAME()
	 UNION ALL SELECT 'compatibility_level', CAST(compatibility_level AS NVARCHAR(8)) FROM sys.databases WHERE name = DB_NAME()
	 UNION ALL SELECT 'product_version', CAST(SERVERPROPERTY('ProductVersion') AS NVARCHAR(128))
	 UNION ALL SELECT 'edition', CAST(SERVERPROPERTY('Edition') AS NVARCHAR(128))`,
}

// watched are the counters a DBA watches beside the load: batches,
// transactions, compilations, buffer pool lookups and reads, log flushes,
// lock waits, deadlocks and page splits.
var watched = []string{"Batch Requests", "Transactions", "SQL Compilations", "Page lookups", "Page reads",
	"Log Flushes", "Lock Waits", "Number of Deadlocks", "Page Splits"}

// ServerStats implements db.StatsReader with sys.dm_os_performance_counters
// and sys.dm_os_wait_stats (both need VIEW SERVER STATE), sys.configurations
// and sys.databases.
func (c *Conn) ServerStats(ctx context.Context) (*db.ServerStats, error) {
	if bf, err := c.babelfish(ctx); err != nil {
		return nil, err
	} else if bf {
		return c.babelfishStats(ctx)
	}
	s := &db.ServerStats{Counters: map[string]float64{}, Gauges: map[string]float64{}, Settings: map[string]string{}}
	rows, err := c.QueryStrings(ctx, perfCountersQuery)
	if err != nil {
		return nil, fmt.Errorf("sys.dm_os_performance_counters (the login needs VIEW SERVER STATE): %w", err)
	}
	perfCounters(s, rows)
	rows, err = c.QueryStrings(ctx, waitStatsQuery)
	if err != nil {
		return nil, fmt.Errorf("sys.dm_os_wait_stats (the login needs VIEW SERVER STATE): %w", err)
	}
	waitStats(s, rows)
	for _, q := range settingsQueries {
		rows, err := c.QueryStrings(ctx, q)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			s.Settings[r[0]] = r[1]
		}
	}
	if files, err := c.QueryStrings(ctx, filesQuery); err == nil {
		s.DataDir, _ = fileDirs(files)
	}
	s.Watched = watched
	return s, nil
}

// perfCounters adds rows of perfCountersQuery (name, value, type) to s: a
// cumulative "/sec" counter under its name without "/sec", since its
// difference is a count and the reports make the rates; a level as a
// gauge.
func perfCounters(s *db.ServerStats, rows [][]string) {
	for _, r := range rows {
		v, err := strconv.ParseFloat(r[1], 64)
		if err != nil {
			continue
		}
		switch r[2] {
		case strconv.Itoa(bulkCount):
			s.Counters[strings.TrimSuffix(r[0], "/sec")] = v
		case strconv.Itoa(rawCount):
			s.Gauges[r[0]] = v
		}
	}
}

// waitStats adds rows of waitStatsQuery (type, tasks, ms) to s as counters
// "wait_time_ms TYPE" and "waiting_tasks TYPE".
func waitStats(s *db.ServerStats, rows [][]string) {
	for _, r := range rows {
		tasks, err1 := strconv.ParseFloat(r[1], 64)
		ms, err2 := strconv.ParseFloat(r[2], 64)
		if err1 != nil || err2 != nil {
			continue
		}
		s.Counters["waiting_tasks "+r[0]] = tasks
		s.Counters["wait_time_ms "+r[0]] = ms
	}
}

// Ratios implements db.StatsReader: the buffer cache hit ratio, pages found
// in the buffer pool (lookups less reads from disk) over lookups; on
// Babelfish PostgreSQL's blocks found in shared buffers over all.
func (c *Conn) Ratios(d map[string]float64) map[string]float64 {
	if c.isBabelfish {
		return map[string]float64{"cache_hit_pct": db.HitRatio(d["blks_hit"], d["blks_read"])}
	}
	lookups, reads := d["Page lookups"], d["Page reads"]
	return map[string]float64{"buffer_cache_hit_pct": db.HitRatio(lookups-reads, reads)}
}
