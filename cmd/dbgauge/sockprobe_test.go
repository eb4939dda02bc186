package main

import (
	"path/filepath"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// TestSocketProbe: with DBGAUGE_SOCKETS=auto a closed-loop run on a server
// tries blocking sockets and Go's netpoller in turns on its own load,
// switching every connection mid-run, keeps the cheaper in client CPU per
// transaction, and says so in the result: both figures, the transactions
// behind each, and the mode kept. The statements keep working across the
// switches (no errors, on PostgreSQL's pgx and MariaDB's driver). SQLite
// has no sockets: the test runs on the servers only.
func TestSocketProbe(t *testing.T) {
	t.Parallel()
	for name, url := range ownDatabases(t, "dbgauge_sockprobe") {
		if name == "sqlite" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if o := dbgauge(t, dir, "prepare", "oltp_read_write", "--db", url, "--table-size", "1000"); o.code != 0 {
				t.Fatalf("prepare: exit %d: %s", o.code, o.stderr)
			}
			defer dbgauge(t, dir, "cleanup", "oltp_read_write", "--db", url)
			out := filepath.Join(dir, "r.json")
			o := dbgaugeEnv(t, dir, []string{"DBGAUGE_DB=", "DBGAUGE_SOCKETS=auto"}, "run", "oltp_read_write",
				"--db", url, "--table-size", "1000", "--threads", "2", "--time", "20", "--out", out)
			if o.code != 0 {
				t.Fatalf("run: exit %d: %s", o.code, o.stderr)
			}
			r := readResult(t, out)
			if r.Totals.Errors != 0 || r.Totals.Transactions == 0 {
				t.Fatalf("transactions %d, errors %d", r.Totals.Transactions, r.Totals.Errors)
			}
			p := r.Environment.ClientSocketsProbe
			if p == nil {
				t.Fatal("no socket probe in the result's environment")
			}
			if p.BlockingTxns == 0 || p.NetpollTxns == 0 || p.BlockingUs <= 0 || p.NetpollUs <= 0 || p.Inconclusive != "" {
				t.Fatalf("probe measured too little in a mode: %+v; the run's intervals (TPS): %v", *p, intervalTPS(r))
			}
			// The windows alternate from blocking sockets, at least two
			// rounds, and add up to the totals.
			var sum [2]int64
			for i, w := range p.Windows {
				if want := []string{"blocking", "netpoll"}[i%2]; w.Mode != want || w.CPUUs <= 0 {
					t.Fatalf("window %d is %+v, want mode %s and CPU time: %+v", i, w, want, p.Windows)
				}
				sum[i%2] += w.Txns
			}
			if len(p.Windows) < 4 || sum[0] != p.BlockingTxns || sum[1] != p.NetpollTxns {
				t.Fatalf("windows %+v do not add up to the probe's %d blocking and %d netpoll transactions", p.Windows, p.BlockingTxns, p.NetpollTxns)
			}
			want := "blocking"
			if p.NetpollUs < p.BlockingUs {
				want = "netpoll"
			}
			if p.Chosen != want || r.Environment.ClientSockets != want {
				t.Fatalf("probe %+v kept %q, result says %q: want %q", *p, p.Chosen, r.Environment.ClientSockets, want)
			}
		})
	}
}

// intervalTPS is each interval's transactions a second, for a failure's
// message.
func intervalTPS(r *results.Result) []float64 {
	var out []float64
	for _, iv := range r.Intervals {
		out = append(out, iv.TPS)
	}
	return out
}
