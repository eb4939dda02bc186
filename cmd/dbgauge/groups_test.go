package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// workloadGroup is a set of workloads that share one dataset: prepared once
// with opts (which keep the data small), each workload run, checked where
// check is set, and the dataset cleaned up once.
type workloadGroup struct {
	dataset   string
	workloads []string
	opts      []string
	check     bool
	tls       bool // SQL Server only: run over encrypt=true
}

// runGroups runs every group on the database at url, one after the other
// (several workloads' tables share names: item, customer, orders, ...),
// each a subtest: the workloads are prepared, run (2 threads, 1 s), checked
// where the group has a check, and cleaned up through the binary. Each run
// must finish with transactions and no error, and name its server so that
// server accepts the name; cleanup must leave none of the dataset's tables
// and no stamp. A group with tls runs on tlsURL(url).
func runGroups(t *testing.T, url string, groups []workloadGroup, server func(version string) bool, tlsURL func(*testing.T, string) string) {
	t.Helper()
	for _, g := range groups {
		t.Run(g.dataset+"/"+filepath.Base(g.workloads[0]), func(t *testing.T) {
			dir := t.TempDir()
			var names []string
			for _, w := range g.workloads {
				if strings.HasSuffix(w, ".yaml") {
					w, _ = filepath.Abs(w)
				}
				names = append(names, w)
			}
			u := url
			if g.tls {
				u = tlsURL(t, url)
			}
			common := append([]string{"--db", u}, g.opts...)
			dbgauge(t, dir, append([]string{"cleanup", names[0]}, common...)...)
			prepare := []string{"prepare", names[0], "--threads", "2"}
			if g.check {
				prepare = append(prepare, "--no-check") // checked after the run
			}
			if o := dbgauge(t, dir, append(prepare, common...)...); o.code != 0 {
				t.Fatalf("prepare: exit %d\n%s%s", o.code, o.stdout, o.stderr)
			}
			for _, w := range names {
				out := filepath.Join(dir, "r.json")
				o := dbgauge(t, dir, append([]string{"run", w, "--threads", "2", "--time", "1", "--out", out, "--results-dir", dir}, common...)...)
				if o.code != 0 {
					t.Fatalf("run %s: exit %d\n%s%s", filepath.Base(w), o.code, o.stdout, o.stderr)
				}
				r := readResult(t, out)
				if r.Totals.Transactions == 0 || r.Totals.Errors != 0 || !server(r.Target.ServerVersion) {
					t.Errorf("%s: %d transactions, errors %v, server %q", filepath.Base(w), r.Totals.Transactions, r.Totals.ErrorsByClass, r.Target.ServerVersion)
				}
				if g.check {
					if o := dbgauge(t, dir, append([]string{"check", w}, common...)...); o.code != 0 {
						t.Errorf("check %s: exit %d\n%s%s", filepath.Base(w), o.code, o.stdout, o.stderr)
					}
				}
			}
			o := dbgauge(t, dir, append([]string{"cleanup", names[len(names)-1]}, common...)...)
			m := dropped.FindStringSubmatch(o.stdout + o.stderr)
			if o.code != 0 || m == nil || m[2] != g.dataset {
				t.Fatalf("cleanup: exit %d, want it to drop dataset %s\n%s%s", o.code, g.dataset, o.stdout, o.stderr)
			}
			c := sqlConn(t, url)
			noStamp(t, c, g.dataset)
			for _, table := range strings.Split(m[1], ", ") {
				if ok, err := tableExists(c, table); ok || err != nil {
					t.Errorf("cleanup left %s (%v)", table, err)
				}
			}
		})
	}
}
