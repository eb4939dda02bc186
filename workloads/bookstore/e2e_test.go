package bookstore

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/workloads/internal/fixture"
)

// dbgauge runs the binary in dir.
func dbgauge(t *testing.T, dir string, args ...string) fixture.Outcome {
	t.Helper()
	return fixture.Dbgauge(t, dir, args...)
}

// result is what the end-to-end test reads of result.json.
type result struct {
	Run struct {
		Threads, Connections int
	}
	Totals struct {
		Transactions, Errors int64
		DurationS            float64 `json:"duration_s"`
	}
	Figures []struct {
		Name  string
		Value float64
	}
	Transactions map[string]struct{ Count, Errors int64 }
}

// TestEndToEnd prepares the bookstore on SQLite with the binary, runs 200
// users with a short think time over the default pool, checks the
// summary and result.json (every interaction, WIPS from the completed
// interactions, WIPSb and WIPSo adding up to it, 100 connections), the
// bad input of the options and of a customer count the data does not
// have, and that cleanup drops every table.
func TestEndToEnd(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "nile.sqlite")
	opts := fixtureOptions()
	if o := dbgauge(t, dir, append([]string{"prepare", "bookstore", "--db", url, "--threads", "2"}, opts...)...); o.Code != 0 {
		t.Fatalf("prepare: exit %d\n%s%s", o.Code, o.Stdout, o.Stderr)
	}
	out := filepath.Join(dir, "bookstore.json")
	o := dbgauge(t, dir, append([]string{"run", "bookstore", "--db", url, "--users", "200", "--think", "exp:100ms", "--time", "5",
		"--out", out, "--results-dir", dir}, opts...)...)
	if o.Code != 0 {
		t.Fatalf("run: exit %d\n%s%s", o.Code, o.Stdout, o.Stderr)
	}
	for _, want := range append([]string{"bookstore figures:", "WIPS:", "WIPSb:", "WIPSo:", "browse:"}, txnNames[:]...) {
		if !strings.Contains(o.Stdout, want) {
			t.Errorf("the summary lacks %q:\n%s", want, o.Stdout)
		}
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var r result
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	if r.Run.Threads != 200 || r.Run.Connections != 100 {
		t.Errorf("%d users over %d connections, want 200 over the default pool of 100", r.Run.Threads, r.Run.Connections)
	}
	figs := map[string]float64{}
	for _, f := range r.Figures {
		figs[f.Name] = f.Value
	}
	var total int64
	for _, name := range txnNames {
		tx, ok := r.Transactions[name]
		if !ok || tx.Errors > 0 {
			t.Errorf("%s: %+v (in the result: %v)", name, tx, ok)
		}
		total += tx.Count
	}
	for _, name := range []string{"home", "new_products", "best_sellers", "product_detail", "search_request", "search_results",
		"shopping_cart", "customer_registration", "buy_request", "buy_confirm"} {
		if r.Transactions[name].Count == 0 {
			t.Errorf("no %s in 5 s of 200 users", name)
		}
	}
	wips := float64(total) / r.Totals.DurationS
	if total == 0 || total != r.Totals.Transactions || math.Abs(figs["WIPS"]-wips) > 1e-6*wips {
		t.Errorf("WIPS %v, want %v from %d interactions (%d counted) in %.3f s", figs["WIPS"], wips, total, r.Totals.Transactions, r.Totals.DurationS)
	}
	if math.Abs(figs["WIPSb"]+figs["WIPSo"]-figs["WIPS"]) > 1e-6*wips || figs["browse"] < 60 || figs["browse"] > 95 {
		t.Errorf("WIPSb %v + WIPSo %v against WIPS %v; browse %.1f%%", figs["WIPSb"], figs["WIPSo"], figs["WIPS"], figs["browse"])
	}
	if r.Totals.Errors != 0 {
		t.Errorf("%d errors", r.Totals.Errors)
	}

	// Bad input: one line on stderr naming what is wrong, exit 2. The data
	// has 2,880 customers: two users' default (5,760) and any other count
	// are refused with the stamp's.
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"--mix", "window-shopping"}, "--mix"},
		{[]string{"--items", "5000"}, "--items must be one of TPC-W's scales 1000, 10000"},
		{[]string{"--customers", "0"}, "--customers must be at least 1"},
		{[]string{"--customers", "-3"}, "--customers must be at least 1"},
		{[]string{"--items", "1000", "--users", "2"}, "customers=2880 (asked 5760)"},
		{[]string{"--items", "1000", "--customers", "100"}, "customers=2880 (asked 100)"},
	} {
		args := append([]string{"run", "bookstore", "--db", url, "--time", "1", "--no-prepare", "--results-dir", dir}, bad.args...)
		o := dbgauge(t, dir, args...)
		if o.Code != 2 || strings.Count(strings.TrimSpace(o.Stderr), "\n") > 0 || !strings.Contains(o.Stderr, bad.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line with %q", bad.args, o.Code, o.Stderr, bad.want)
		}
	}

	if o := dbgauge(t, dir, "cleanup", "bookstore", "--db", url); o.Code != 0 {
		t.Fatalf("cleanup: exit %d\n%s", o.Code, o.Stderr)
	}
	c := sqliteConn(t, url)
	for _, tb := range tables {
		if ok, err := sqldb.TableExists(t.Context(), c, tb.Name); err != nil || ok {
			t.Errorf("cleanup left %s (%v)", tb.Name, err)
		}
	}
}

// TestNotSQL: on MongoDB and Redis, prepare refuses the bookstore with
// one line, as every SQL-only workload.
func TestNotSQL(t *testing.T) {
	t.Parallel()
	for _, env := range []string{"DBGAUGE_TEST_MONGO", "DBGAUGE_TEST_REDIS"} {
		t.Run(env, func(t *testing.T) {
			url := dbtest.ServerURL(t, env)
			dir := t.TempDir()
			o := dbgauge(t, dir, "prepare", "bookstore", "--db", url.Raw, "--items", "1000", "--customers", "10")
			if o.Code != 2 || strings.Count(strings.TrimSpace(o.Stderr), "\n") > 0 || !strings.Contains(o.Stderr, "needs a SQL database") {
				t.Errorf("prepare on %s: exit %d, %q", env, o.Code, o.Stderr)
			}
		})
	}
}

// sqliteConn opens url for t.
func sqliteConn(t *testing.T, url string) sqldb.Conn {
	t.Helper()
	u, err := db.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	return target{Name: "sqlite", Driver: sqlite.Driver{}, T: u}.Conn(t)
}
