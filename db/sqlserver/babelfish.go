package sqlserver

import (
	"context"
	"strconv"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// Babelfish for PostgreSQL speaks TDS and T-SQL over PostgreSQL's planner,
// storage and locking. It is the real TDS server the SQL Server path is
// tested against here (no SQL Server runs on the project's machines), and
// SQL Server stays the target: the driver sends SQL Server's statements and
// departs from them only where Babelfish, detected from @@VERSION, has no
// equivalent: it refuses TDS's untyped NULL parameter (type 0x1F) and
// UPDATE STATISTICS, its bulk copy stores CHAR(n) values a byte short, and
// it ignores UPDLOCK (see babelfishIsolation). Babelfish 4.3 has no sys.dm_os_performance_counters nor
// sys.dm_os_wait_stats, and its sys.database_files is empty: its statistics
// and storage are read from PostgreSQL's views, which its T-SQL reaches by
// their pg_catalog names.

// babelfishDialect is SQL Server's but for the statistics refresh: Babelfish
// 4.3 refuses UPDATE STATISTICS ("not currently supported"); its
// sp_updatestats is PostgreSQL's ANALYZE of the whole database, run after
// each table's load (the comment names the table).
var babelfishDialect = func() *sqldb.Dialect {
	d := *dialect
	d.Name = "sqlserver (Babelfish)"
	d.Analyze = "EXEC sp_updatestats /* after loading %s */"
	return &d
}()

// babelfishIsolation is each Babelfish session's isolation level. Babelfish
// ignores UPDLOCK and ROWLOCK, so a SELECT ... WITH (UPDLOCK) then UPDATE
// under its READ COMMITTED (PostgreSQL's) loses updates: two sessions read
// the same counter and both write it back plus one (dbtest's
// read-modify-write check hands out ids twice). Under SNAPSHOT (PostgreSQL's
// REPEATABLE READ) the second writer fails instead, with an error the
// runner retries: the outcome SQL Server's lock gives, reached by a retry
// rather than a wait.
const babelfishIsolation = "SET TRANSACTION ISOLATION LEVEL SNAPSHOT"

// babelfish says whether the server is Babelfish, from @@VERSION (read once
// per connection, when it opens).
func (c *Conn) babelfish(ctx context.Context) (bool, error) {
	if _, err := c.ServerVersion(ctx); err != nil {
		return false, err
	}
	return c.isBabelfish, nil
}

// babelfishStatsQuery reads pg_stat_database for the PostgreSQL database
// that holds every T-SQL database (babelfish_db).
const babelfishStatsQuery = `SELECT xact_commit, xact_rollback, blks_read, blks_hit, tup_returned, tup_fetched, tup_inserted,
 tup_updated, tup_deleted, deadlocks, temp_bytes FROM pg_catalog.pg_stat_database WHERE datname = pg_catalog.current_database()`

var babelfishStatNames = []string{"xact_commit", "xact_rollback", "blks_read", "blks_hit", "tup_returned", "tup_fetched",
	"tup_inserted", "tup_updated", "tup_deleted", "deadlocks", "temp_bytes"}

// babelfishSettingsQuery reads the PostgreSQL settings that decide
// performance, and the data directory.
const babelfishSettingsQuery = `SELECT name, setting FROM pg_catalog.pg_settings WHERE name IN ('shared_buffers', 'work_mem',
 'max_connections', 'fsync', 'synchronous_commit', 'full_page_writes', 'wal_level', 'max_wal_size', 'data_directory',
 'babelfishpg_tsql.migration_mode', 'babelfishpg_tsql.database_name')`

// babelfishStats is ServerStats on Babelfish: pg_stat_database's counters,
// the user sessions of sys.dm_exec_sessions (which Babelfish answers) as a
// gauge, PostgreSQL's settings.
func (c *Conn) babelfishStats(ctx context.Context) (*db.ServerStats, error) {
	s := &db.ServerStats{Counters: map[string]float64{}, Gauges: map[string]float64{}, Settings: map[string]string{}}
	rows, err := c.QueryStrings(ctx, babelfishStatsQuery)
	if err != nil {
		return nil, err
	}
	if len(rows) > 0 {
		for j, name := range babelfishStatNames {
			if v, err := strconv.ParseFloat(rows[0][j], 64); err == nil {
				s.Counters[name] = v
			}
		}
	}
	if rows, err := c.QueryStrings(ctx, "SELECT COUNT(*) FROM sys.dm_exec_sessions WHERE is_user_process = 1"); err == nil && len(rows) > 0 {
		s.Gauges["User Connections"], _ = strconv.ParseFloat(rows[0][0], 64)
	}
	rows, err = c.QueryStrings(ctx, babelfishSettingsQuery)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		s.Settings[r[0]] = r[1]
	}
	s.Settings["server"] = c.version
	s.DataDir = s.Settings["data_directory"]
	s.Watched = []string{"xact_commit", "xact_rollback", "blks_read", "blks_hit", "tup_returned", "tup_fetched",
		"tup_inserted", "tup_updated", "tup_deleted", "deadlocks"}
	return s, nil
}

// babelfishStorage is ServerStorage on Babelfish: PostgreSQL's data
// directory, which holds its write-ahead log too (pg_wal).
func (c *Conn) babelfishStorage(ctx context.Context) (*db.ServerStorage, error) {
	rows, err := c.QueryStrings(ctx, "SELECT setting FROM pg_catalog.pg_settings WHERE name = 'data_directory'")
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 || rows[0][0] == "" {
		return &db.ServerStorage{Local: db.LocalAddr(c.raw.RemoteAddr())}, nil
	}
	return &db.ServerStorage{DataDir: rows[0][0], DataSetting: "data_directory (PostgreSQL under Babelfish)",
		LogDir: rows[0][0] + "/pg_wal", LogSetting: "data_directory/pg_wal", Local: db.LocalAddr(c.raw.RemoteAddr())}, nil
}
