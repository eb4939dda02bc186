package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServerStorageRecorded: a run against each real server records in
// result.json where the server keeps its data and its log, as the server
// itself shows them, on this host's devices, and its report says whether
// the log shares the data's device (the test servers keep it inside the
// data directory, so it does). With --no-monitor too: it is part of the
// environment, not a host sample.
func TestServerStorageRecorded(t *testing.T) {
	for env, c := range map[string]struct{ query, log string }{
		"DBGAUGE_TEST_POSTGRES": {"SELECT current_setting('data_directory'), current_setting('data_directory') || '/pg_wal'", "data_directory/pg_wal"},
		"DBGAUGE_TEST_MYSQL":    {"SELECT @@datadir, CONCAT(@@datadir, @@innodb_log_group_home_dir)", "innodb_log_group_home_dir"},
	} {
		t.Run(env, func(t *testing.T) {
			url := serverURL(t, env)
			rows, err := sqlConn(t, url).QueryStrings(context.Background(), c.query)
			if err != nil {
				t.Fatal(err)
			}
			wantData, wantLog := filepath.Clean(rows[0][0]), filepath.Clean(rows[0][1])
			dir := t.TempDir()
			args := []string{"--db", url, "--table-size", "1000"}
			o := dbgauge(t, dir, append([]string{"run", "oltp_point_select", "--time", "1", "--no-monitor", "--results-dir", "res"}, args...)...)
			defer dbgauge(t, dir, append([]string{"cleanup", "oltp_point_select"}, args...)...)
			if o.code != 0 {
				t.Fatalf("exit %d: %s", o.code, o.stderr)
			}
			matches, _ := filepath.Glob(filepath.Join(dir, "res", "*", "result.json"))
			if len(matches) != 1 {
				t.Fatalf("results: %v", matches)
			}
			e := readResult(t, matches[0]).Environment
			if e == nil || e.ServerData == nil || e.ServerLog == nil {
				t.Fatalf("environment %+v lacks the server's places", e)
			}
			d, l := e.ServerData, e.ServerLog
			if d.Path != wantData || !d.Local || d.Device == "" || d.Filesystem == "" {
				t.Errorf("data %+v, the server says %s", d, wantData)
			}
			if l.Path != wantLog || l.Setting != c.log || !l.Local {
				t.Errorf("log %+v, the server says %s", l, wantLog)
			}
			md, err := os.ReadFile(filepath.Join(filepath.Dir(matches[0]), "report.md"))
			if err != nil {
				t.Fatal(err)
			}
			sentence := "The log and the data are on the same device"
			if _, err := os.Stat(wantLog); err != nil {
				// This user cannot look inside the data directory.
				sentence = "The log's device is unknown"
			}
			if !strings.Contains(string(md), "| server log | "+wantLog) || !strings.Contains(string(md), sentence) {
				t.Errorf("report.md lacks the log's row or %q", sentence)
			}
		})
	}
}
