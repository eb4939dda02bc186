package main

import (
	"path/filepath"
	"testing"
)

// TestServerStatsPerInterval: against a real server, every measured
// interval after the first poll carries the server's own counters as rates,
// and they agree with what dbgauge counted: one commit per transaction.
func TestServerStatsPerInterval(t *testing.T) {
	for env, commits := range map[string]string{"DBGAUGE_TEST_POSTGRES": "xact_commit/s", "DBGAUGE_TEST_MYSQL": "Com_commit/s"} {
		t.Run(env, func(t *testing.T) {
			url := serverURL(t, env)
			dir := t.TempDir()
			args := []string{"--db", url, "--table-size", "1000"}
			o := dbgauge(t, dir, append([]string{"run", "oltp_read_write", "--time", "6", "--threads", "2", "--report-interval", "0",
				"--results-dir", "res"}, args...)...)
			defer dbgauge(t, dir, append([]string{"cleanup", "oltp_read_write"}, args...)...)
			if o.code != 0 {
				t.Fatalf("exit %d: %s", o.code, o.stderr)
			}
			matches, _ := filepath.Glob(filepath.Join(dir, "res", "*", "result.json"))
			if len(matches) != 1 {
				t.Fatalf("results: %v", matches)
			}
			r := readResult(t, matches[0])
			// The server runs on this host: its data directory's device is
			// in the environment, as a SQLite file's is.
			if e := r.Environment; e == nil || e.DataPath == "" || e.Filesystem == "" || e.Device == "" {
				t.Errorf("environment %+v lacks the server's data directory and device", e)
			}
			var with int
			var sumRate, sumTPS float64
			for _, iv := range r.Intervals {
				if iv.Host == nil || iv.Host.Server == nil {
					continue
				}
				with++
				sumRate += iv.Host.Server[commits]
				sumTPS += iv.TPS
			}
			if with < 2 {
				t.Fatalf("%d of %d intervals carry server statistics, want all but the first", with, len(r.Intervals))
			}
			// Order of magnitude only. The poll window trails the interval
			// by up to one interval, and PostgreSQL's backends publish their
			// counters at most once a second, so a short run under load
			// shows part of its commits; other tests loading the same server
			// at the same time add theirs. The server must see a good share
			// of dbgauge's commits as a rate (a fresh CI run on 2 busy cores
			// once read 0.248 over 4 s, hence 6 s and a floor of 0.1: a
			// missing counter reads 0), and a running total reported as a
			// rate would be far above.
			if ratio := sumRate / sumTPS; ratio < 0.1 || ratio > 10 {
				t.Errorf("server %s sums to %.0f against %.0f transactions/s counted: ratio %.2f", commits, sumRate, sumTPS, ratio)
			}
		})
	}
}
