package sqlserver

import (
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
)

// TestPerfCounters: cumulative "/sec" counters become counters named
// without "/sec", levels become gauges, other counter types are left out.
func TestPerfCounters(t *testing.T) {
	t.Parallel()
	s := &db.ServerStats{Counters: map[string]float64{}, Gauges: map[string]float64{}}
	perfCounters(s, [][]string{
		{"Batch Requests/sec", "123456", "272696576"},
		{"Transactions/sec", "9000", "272696576"},
		{"Lock Wait Time (ms)", "77", "272696576"},
		{"User Connections", "12", "65792"},
		{"Page life expectancy", "3600", "65792"},
		{"Buffer cache hit ratio", "99", "537003264"},
		{"Log Flushes/sec", "not a number", "272696576"},
	})
	want := map[string]float64{"Batch Requests": 123456, "Transactions": 9000, "Lock Wait Time (ms)": 77}
	if len(s.Counters) != len(want) {
		t.Errorf("counters %v, want %v", s.Counters, want)
	}
	for k, v := range want {
		if s.Counters[k] != v {
			t.Errorf("counter %q = %v, want %v", k, s.Counters[k], v)
		}
	}
	if len(s.Gauges) != 2 || s.Gauges["User Connections"] != 12 || s.Gauges["Page life expectancy"] != 3600 {
		t.Errorf("gauges %v", s.Gauges)
	}
}

// TestWatchedAreRead: every counter the reports watch is one the query
// reads, as a cumulative counter (its name with /sec).
func TestWatchedAreRead(t *testing.T) {
	t.Parallel()
	for _, w := range watched {
		if !strings.Contains(perfCountersQuery, "'"+w+"/sec'") {
			t.Errorf("watched counter %q is not read as '%s/sec'", w, w)
		}
	}
	// The five the field reads first.
	for _, c := range []string{"Batch Requests/sec", "Transactions/sec", "Page reads/sec", "Log Flushes/sec", "Lock Waits/sec"} {
		if !strings.Contains(perfCountersQuery, "'"+c+"'") {
			t.Errorf("the counters query does not read %q", c)
		}
	}
}

// TestWaitStats: waits become two counters each; the idle waits are kept
// out by the query.
func TestWaitStats(t *testing.T) {
	t.Parallel()
	s := &db.ServerStats{Counters: map[string]float64{}}
	waitStats(s, [][]string{{"WRITELOG", "10", "250"}, {"LCK_M_X", "2", "5000"}, {"PAGEIOLATCH_SH", "x", "1"}})
	if len(s.Counters) != 4 || s.Counters["wait_time_ms WRITELOG"] != 250 || s.Counters["waiting_tasks LCK_M_X"] != 2 {
		t.Errorf("counters %v", s.Counters)
	}
	for _, w := range []string{"LAZYWRITER_SLEEP", "SLEEP_TASK", "XE_TIMER_EVENT", "WAITFOR"} {
		if !strings.Contains(waitStatsQuery, "'"+w+"'") {
			t.Errorf("idle wait %s is not excluded", w)
		}
	}
	for _, w := range []string{"WRITELOG", "LCK_M_X", "PAGEIOLATCH_SH", "ASYNC_NETWORK_IO", "SOS_SCHEDULER_YIELD"} {
		if strings.Contains(waitStatsQuery, "'"+w+"'") {
			t.Errorf("wait %s that the load causes is excluded", w)
		}
	}
}

// TestRatios: the buffer cache hit ratio from lookups and reads.
func TestRatios(t *testing.T) {
	t.Parallel()
	r := (&Conn{}).Ratios(map[string]float64{"Page lookups": 1000, "Page reads": 50})
	if got := r["buffer_cache_hit_pct"]; got != 95 {
		t.Errorf("hit ratio %v, want 95", got)
	}
	if got := (&Conn{}).Ratios(map[string]float64{})["buffer_cache_hit_pct"]; got != -1 {
		t.Errorf("hit ratio with no lookups %v, want -1", got)
	}
}

// TestFileDirs: the directories of the data and log files, Windows or
// Linux paths.
func TestFileDirs(t *testing.T) {
	t.Parallel()
	data, log := fileDirs([][]string{
		{"0", `C:\Program Files\Microsoft SQL Server\MSSQL16.MSSQLSERVER\MSSQL\DATA\bench.mdf`},
		{"1", `L:\log\bench_log.ldf`},
		{"0", `D:\more\bench2.ndf`},
	})
	if data != `C:\Program Files\Microsoft SQL Server\MSSQL16.MSSQLSERVER\MSSQL\DATA` || log != `L:\log` {
		t.Errorf("Windows: %q, %q", data, log)
	}
	data, log = fileDirs([][]string{{"1", "/var/opt/mssql/log/bench_log.ldf"}, {"0", "/var/opt/mssql/data/bench.mdf"}})
	if data != "/var/opt/mssql/data" || log != "/var/opt/mssql/log" {
		t.Errorf("Linux: %q, %q", data, log)
	}
}

// TestVersionString names the server from ProductVersion and @@VERSION.
func TestVersionString(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ product, banner, want string }{
		{"16.0.4125.3", "Microsoft SQL Server 2022 (RTM-CU12) (KB5033663) - 16.0.4125.3 (X64) \n\tJan 10 2024 13:16:05 \n\tCopyright (C) 2022 Microsoft Corporation\n\tDeveloper Edition (64-bit) on Linux (Ubuntu 22.04.3 LTS) <X64>", "SQL Server 2022 16.0.4125.3"},
		{"13.0.6300.2", "Microsoft SQL Server 2016 (SP3) (KB5003279) - 13.0.6300.2 (X64)", "SQL Server 2016 13.0.6300.2"},
		{"12.0.2000.8", "Microsoft SQL Azure (RTM) - 12.0.2000.8 \n\tOct  2 2023 12:36:28", "SQL Azure 12.0.2000.8"},
		{"16.0.1000.6", "", "SQL Server 16.0.1000.6"},
		{"", "Microsoft SQL Server 2019 (RTM) - 15.0.2000.5 (X64)", "SQL Server 2019"},
		// Babelfish's banner (babelfishpg_tsql's version()): named as itself.
		{"12.0.2000.8", "Babelfish for PostgreSQL with SQL Server Compatibility - 12.0.2000.8\nNov 27 2026 02:41:07\nCopyright (c) Amazon Web Services\nPostgreSQL 16.4 on x86_64-pc-linux-gnu (Babelfish 4.3.0)",
			"Babelfish 4.3.0 on PostgreSQL 16.4 (SQL Server compatibility 12.0.2000.8)"},
		{"", "Babelfish for PostgreSQL with SQL Server Compatibility", "Babelfish"},
	} {
		if got := versionString(tc.product, tc.banner); got != tc.want {
			t.Errorf("versionString(%q, %q) = %q, want %q", tc.product, tc.banner, got, tc.want)
		}
	}
}
