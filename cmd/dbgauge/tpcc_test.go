package main

import (
	"math"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/testenv"
)

// TestTPCC prepares one warehouse, runs tpcc through the binary on every
// target, and checks what a reader of the result relies on: the five types
// in the table, tpmC from the committed New-Orders, NOPM from the database
// equal to it (no warmup: every committed New-Order is measured), figures
// in every interval; and the bad input of issue 13.
func TestTPCC(t *testing.T) {
	for name, url := range targets(t) {
		t.Run(name, func(t *testing.T) { tpccRun(t, url) })
	}
}

func tpccRun(t *testing.T, url string) {
	dir := t.TempDir()
	dbgauge(t, dir, "cleanup", "tpcc", "--db", url)
	t.Cleanup(func() { dbgauge(t, dir, "cleanup", "tpcc", "--db", url) })
	if o := dbgauge(t, dir, "prepare", "tpcc", "--db", url, "--warehouses", "1", "--threads", "2", "--no-check"); o.code != 0 {
		t.Fatalf("prepare: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
	out := filepath.Join(dir, "tpcc.json")
	o := dbgauge(t, dir, "run", "tpcc", "--db", url, "--warehouses", "1", "--users", "4", "--time", "4", "--out", out, "--results-dir", dir)
	if o.code != 0 {
		t.Fatalf("run: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
	for _, want := range []string{"tpcc figures:", "tpmC:", "NOPM:", "new_order", "payment", "order_status", "delivery", "stock_level", "p90"} {
		if !strings.Contains(o.stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, o.stdout)
		}
	}
	r := readResult(t, out)
	no := r.Transactions["new_order"]
	for _, typ := range []string{"new_order", "payment", "order_status", "delivery", "stock_level"} {
		if r.Transactions[typ].Count == 0 || r.Transactions[typ].Errors > 0 {
			t.Errorf("%s: %+v", typ, r.Transactions[typ])
		}
	}
	figs := map[string]float64{}
	for _, f := range r.Figures {
		figs[f.Name] = f.Value
	}
	tpmC := float64(no.Count-no.Rollbacks) * 60 / r.Totals.DurationS
	if math.Abs(figs["tpmC"]-tpmC) > 1e-6*tpmC || tpmC == 0 {
		t.Errorf("tpmC %v, want %v from %d committed New-Orders in %.3f s", figs["tpmC"], tpmC, no.Count-no.Rollbacks, r.Totals.DurationS)
	}
	if math.Abs(figs["NOPM"]-tpmC) > 1e-6*tpmC {
		t.Errorf("NOPM %v from sum(d_next_o_id), tpmC %v: without warmup they count the same orders (probe %v)", figs["NOPM"], tpmC, r.Probe)
	}
	if _, ok := figs["efficiency"]; ok {
		t.Error("an efficiency without --wait")
	}
	measured := 0
	for _, iv := range r.Intervals {
		if !iv.Warmup && iv.Figures["tpmC"] > 0 {
			measured++
		}
	}
	if measured < 3 {
		t.Errorf("%d intervals with a tpmC in a 4 s run", measured)
	}
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"--warehouses", "2"}, "warehouses"},
		{[]string{"--warehouses", "0"}, "--warehouses"},
		{[]string{"--warehouses", "1", "--wait", "--rate", "10"}, "--rate"},
	} {
		args := append([]string{"run", "tpcc", "--db", url, "--time", "1", "--no-prepare"}, bad.args...)
		o := dbgauge(t, dir, args...)
		if o.code != 2 || strings.Count(strings.TrimSpace(o.stderr), "\n") > 0 || !strings.Contains(o.stderr, bad.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line naming %s", bad.args, o.code, o.stderr, bad.want)
		}
	}
}

// TestTPCCExport: `prepare --output csv=DIR` writes data that PostgreSQL's
// own psql loads with \copy, and the loaded data is dbgauge's (stamp.sql)
// and passes every condition of clause 3.3.2.
func TestTPCCExport(t *testing.T) {
	testenv.URL(t, "DBGAUGE_TEST_POSTGRES")
	// A database of its own: other tests load tpcc's tables into the
	// shared bench database at the same time.
	url := ownDatabases(t, "dbgauge_tpcc_export")["postgres"]
	psql, err := exec.LookPath("psql")
	if err != nil {
		testenv.Missing(t, "psql is not on PATH (%v); scripts/services installs it with PostgreSQL", err)
	}
	dir := t.TempDir()
	csv := filepath.Join(dir, "csv")
	dbgauge(t, dir, "cleanup", "tpcc", "--db", url)
	t.Cleanup(func() { dbgauge(t, dir, "cleanup", "tpcc", "--db", url) })
	if o := dbgauge(t, dir, "prepare", "tpcc", "--db", url, "--warehouses", "1", "--output", "csv="+csv); o.code != 0 {
		t.Fatalf("prepare --output: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
	if o := dbgauge(t, dir, "run", "tpcc", "--db", url, "--time", "1", "--no-prepare"); o.code != 2 {
		t.Fatalf("after an export the database must still hold no data: run exit %d\n%s", o.code, o.stderr)
	}
	for _, f := range []string{"schema.sql", "load.sql", "indexes.sql", "stamp.sql"} {
		cmd := exec.Command(psql, url, "-q", "-v", "ON_ERROR_STOP=1", "-f", f)
		cmd.Dir = csv
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("psql -f %s: %v\n%s", f, err, out)
		}
	}
	o := dbgauge(t, dir, "check", "tpcc", "--db", url, "--warehouses", "1", "--all")
	if o.code != 0 || !strings.Contains(o.stdout, "3.3.2.11") {
		t.Fatalf("check --all after a load with psql: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
	if o := dbgauge(t, dir, "run", "tpcc", "--db", url, "--warehouses", "1", "--time", "1", "--no-prepare", "--results-dir", dir); o.code != 0 {
		t.Fatalf("run on the loaded data: exit %d\n%s", o.code, o.stderr)
	}
	if o := dbgauge(t, dir, "prepare", "tpcc", "--db", url, "--output", "json="+csv); o.code != 2 {
		t.Errorf("--output json=: exit %d, want 2", o.code)
	}
}
