package main

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/declarative"
)

// specExamples are the shipped declarative workloads, by absolute path.
func specExamples(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../examples/workloads/*.yaml")
	if err != nil || len(files) < 2 {
		t.Fatalf("examples/workloads: %v %v", files, err)
	}
	for i, f := range files {
		if files[i], err = filepath.Abs(f); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// TestSpecExamples runs every shipped workload file on SQLite through the
// binary for 2 s: its transactions follow their weights, each statement
// is an operation of result.json with its class, and cleanup drops what
// prepare made.
func TestSpecExamples(t *testing.T) {
	for _, file := range specExamples(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			dir := t.TempDir()
			url := "sqlite:" + filepath.Join(dir, "spec.db")
			o := dbgauge(t, dir, "run", file, "--db", url, "--time", "2", "--users", "2", "--out", "json=r.json", "--seed", "4")
			if o.code != 0 {
				t.Fatalf("run: exit %d\n%s", o.code, o.stderr)
			}
			res := readResult(t, filepath.Join(dir, "r.json"))
			w, err := declarative.Load(file)
			if err != nil {
				t.Fatal(err)
			}
			v, _ := workload.ParseValues(w.Options(), nil)
			inst, err := workload.Configure(w, v, workload.Params{Users: 1})
			if err != nil {
				t.Fatal(err)
			}
			if res.Workload.Family != "spec" {
				t.Errorf("workload %+v", res.Workload)
			}
			if m, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", "*-"+w.Meta().Name, "result.json")); len(m) != 1 {
				t.Errorf("no results folder named after %s: %v", w.Meta().Name, m)
			}
			for _, op := range inst.Ops() {
				got, ok := res.Ops[op.Name]
				if !ok && op.Name == "rollback" {
					continue // none happened
				}
				if !ok {
					t.Errorf("statement %s is not in result.json's ops", op.Name)
					continue
				}
				if got.Class != op.Class.String() {
					t.Errorf("%s: class %s, want %s", op.Name, got.Class, op.Class)
				}
				if got.Count == 0 && op.Name != "rollback" {
					t.Errorf("%s never ran", op.Name)
				}
				if got.Errors != 0 {
					t.Errorf("%s: %d errors", op.Name, got.Errors)
				}
			}
			checkWeights(t, file, res.Transactions)
			if strings.Contains(file, "shop") {
				checkShopReadBack(t, url)
			}
			o = dbgauge(t, dir, "cleanup", file, "--db", url)
			if o.code != 0 || !strings.Contains(o.stdout+o.stderr, "Dropped") {
				t.Fatalf("cleanup: exit %d\n%s%s", o.code, o.stdout, o.stderr)
			}
			rows, err := sqlConn(t, url).QueryStrings(context.Background(), "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) <> 'sqlite_'")
			if err != nil || len(rows) != 0 {
				t.Errorf("cleanup left %v (%v)", rows, err)
			}
		})
	}
}

// checkWeights compares each transaction type's share of the run with its
// weight's, within one deck's worth of transactions.
func checkWeights(t *testing.T, file string, txns map[string]results.TxnStat) {
	t.Helper()
	weights := specWeights(t, file)
	var total, sum float64
	for name, w := range weights {
		total += float64(txns[name].Count)
		sum += float64(w)
	}
	if total < 500 {
		t.Fatalf("only %.0f transactions", total)
	}
	for name, w := range weights {
		share, want := float64(txns[name].Count)/total, float64(w)/sum
		if math.Abs(share-want) > 0.02+sum/total {
			t.Errorf("%s: %.3f of the transactions, want %.3f (weight %d of %.0f)", name, share, want, w, sum)
		}
	}
}

// specWeights reads the transactions' weights from the file.
func specWeights(t *testing.T, file string) map[string]int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Transactions []struct {
			Name   string
			Weight int
		}
	}
	if err := yaml.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	weights := map[string]int{}
	for _, x := range f.Transactions {
		weights[x.Name] = max(x.Weight, 1)
	}
	return weights
}

// checkShopReadBack checks that the ids and prices read back flowed into
// the later statements: each new order has its line under its id, the
// price read, and its total from them.
func checkShopReadBack(t *testing.T, url string) {
	t.Helper()
	orders := countRows(t, url, "shop_order")
	if orders == 0 {
		t.Fatal("no orders")
	}
	c := sqlConn(t, url)
	rows, err := c.QueryStrings(context.Background(), `SELECT COUNT(*) FROM shop_order o
		JOIN shop_order_line l ON l.l_o_id = o.o_id JOIN shop_product p ON p.p_id = l.l_p_id
		WHERE l.l_price = p.p_price AND o.o_total = l.l_qty * l.l_price`)
	if err != nil {
		t.Fatal(err)
	}
	if rows[0][0] != strconv.FormatInt(orders, 10) {
		t.Errorf("%s of %d orders have their line, price and total from what was read", rows[0][0], orders)
	}
}

// TestSpecHelp lists a workload file's own options.
func TestSpecHelp(t *testing.T) {
	for _, file := range specExamples(t) {
		w, err := declarative.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		o := dbgauge(t, t.TempDir(), "run", file, "--help")
		if o.code != 0 {
			t.Fatalf("--help: exit %d\n%s", o.code, o.stderr)
		}
		if !strings.Contains(o.stdout, w.Meta().Name+" options:") {
			t.Errorf("%s --help has no options section:\n%s", file, o.stdout)
		}
		for _, opt := range w.Options() {
			if !strings.Contains(o.stdout, "--"+opt.Name) || !strings.Contains(o.stdout, opt.Help) {
				t.Errorf("%s --help does not list --%s (%s)", file, opt.Name, opt.Help)
			}
		}
	}
	dir := t.TempDir()
	o := dbgauge(t, dir, "run", specExamples(t)[0], "--db", "sqlite:"+filepath.Join(dir, "x.db"), "--time", "1", "--nope", "3")
	if o.code != 2 {
		t.Errorf("an unknown option: exit %d", o.code)
	}
}

// TestSpecOptionsReachTheData runs a file with an option given on the
// command line: the rows loaded follow it.
func TestSpecOptionsReachTheData(t *testing.T) {
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "kv.db")
	var file string
	for _, f := range specExamples(t) {
		if strings.HasSuffix(f, "sessions.yaml") {
			file = f
		}
	}
	o := dbgauge(t, dir, "prepare", file, "--db", url, "--sessions", "777")
	if o.code != 0 {
		t.Fatalf("prepare: exit %d\n%s", o.code, o.stderr)
	}
	if n := countRows(t, url, "kv_session"); n != 777 {
		t.Errorf("%d sessions, want 777", n)
	}
	// Other data than the stamp says is refused.
	o = dbgauge(t, dir, "run", file, "--db", url, "--sessions", "778", "--time", "1", "--no-prepare")
	if o.code != 2 {
		t.Errorf("a run over data of another size: exit %d\n%s", o.code, o.stderr)
	}
}

// badSpec has a problem on each of lines 1, 5, 10, 14, 16, 18 and 21.
const badSpec = `name: bad
options:
  rows: {type: int, default: 10}
tables:
  - name: t
    columns:
      id: {type: int, gen: {sequence: 1}}
      v: {type: varchar(10), gen: {random_string: [1, 5]}}
      w: {type: int, gen: {uniform: [1, "${rows}"]}}
      x: {type: blob, gen: {sparkle: 3}}
    primary_key: [id]
    rows: ${rows}
transactions:
  - name: a
    weight: -1
    statements:
      - sql: SELECT v FROM t WHERE id = :nope
  - name: b
    statements:
      - name: get
        sql: SELECT v FROM t WHERE id = :k AND w < ${limit}
        params:
          k: {uniform: [1, "${rows}"]}
`

// TestSpecBadFile reports every problem of a bad file as FILE:LINE:
// message, with exit 2, before anything touches the database.
func TestSpecBadFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bad.yaml"), []byte(badSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, verb := range []string{"run", "prepare"} {
		o := dbgauge(t, dir, verb, "bad.yaml", "--db", "sqlite:"+filepath.Join(dir, "x.db"))
		if o.code != 2 {
			t.Fatalf("%s: exit %d, want 2\n%s", verb, o.code, o.stderr)
		}
		for _, want := range []string{
			`bad.yaml:10: column x: unknown column type "blob"`,
			`bad.yaml:10: column x: unknown generator "sparkle"`,
			`bad.yaml:15: the weight of a must be 1 to 1000, got -1`,
			`bad.yaml:17: statement a.1: :nope is neither a parameter`,
			`bad.yaml:21: ${limit} refers to no option`,
		} {
			if !strings.Contains(o.stderr, want) {
				t.Errorf("%s: stderr lacks %q:\n%s", verb, want, o.stderr)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "x.db")); err == nil {
			t.Errorf("%s: the database was opened", verb)
		}
	}
}

// TestSpecServers runs the shop example on PostgreSQL and MariaDB through
// the binary: ids and prices read back reach the later statements there
// too, and cleanup leaves none of its tables.
func TestSpecServers(t *testing.T) {
	var shop string
	for _, f := range specExamples(t) {
		if strings.HasSuffix(f, "shop.yaml") {
			shop = f
		}
	}
	for _, env := range []string{"DBGAUGE_TEST_POSTGRES", "DBGAUGE_TEST_MYSQL"} {
		t.Run(env, func(t *testing.T) {
			url := serverURL(t, env)
			dir := t.TempDir()
			dbgauge(t, dir, "cleanup", shop, "--db", url)
			o := dbgauge(t, dir, "run", shop, "--db", url, "--time", "2", "--users", "4", "--customers", "200", "--products", "50", "--out", "json=r.json")
			if o.code != 0 {
				t.Fatalf("run: exit %d\n%s", o.code, o.stderr)
			}
			res := readResult(t, filepath.Join(dir, "r.json"))
			if res.Totals.Errors != 0 || res.Ops["insert_order"].Count == 0 || res.Ops["insert_order"].Class != "write" {
				t.Errorf("errors %d, insert_order %+v", res.Totals.Errors, res.Ops["insert_order"])
			}
			checkShopReadBack(t, url)
			o = dbgauge(t, dir, "cleanup", shop, "--db", url)
			if o.code != 0 {
				t.Fatalf("cleanup: exit %d\n%s", o.code, o.stderr)
			}
			c := sqlConn(t, url)
			for _, name := range []string{"shop_customer", "shop_product", "shop_order", "shop_order_line"} {
				if ok, err := sqldb.TableExists(context.Background(), c, name); err != nil || ok {
					t.Errorf("cleanup left %s (%v)", name, err)
				}
			}
			noStamp(t, c, "spec_shop")
		})
	}
}
