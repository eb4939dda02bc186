package main

import (
	"context"
	neturl "net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// hsURL is DBGAUGE_TEST_HANDLERSOCKET (the MariaDB server with its
// HandlerSocket ports and secrets) on a database of the test's own: the
// bench database may hold another test's usertable.
func hsURL(t *testing.T, database string) string {
	t.Helper()
	url := serverURL(t, "DBGAUGE_TEST_HANDLERSOCKET")
	if _, err := sqlConn(t, url).Exec(context.Background(), "CREATE DATABASE IF NOT EXISTS "+database); err != nil {
		t.Fatal(err)
	}
	u, err := neturl.Parse(url)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + database
	return u.String()
}

// hsSecrets are the URL's secrets: the password and HandlerSocket's.
func hsSecrets(t *testing.T, url string) []string {
	t.Helper()
	u, err := neturl.Parse(url)
	if err != nil {
		t.Fatal(err)
	}
	pw, _ := u.User.Password()
	s := []string{pw, u.Query().Get("hs-secret"), u.Query().Get("hs-secret-wr")}
	for _, v := range s {
		if v == "" {
			t.Fatalf("the test URL must carry a password and both HandlerSocket secrets")
		}
	}
	return s
}

// noSecrets fails if a secret is in the output or in any file under dir
// (results, reports, the results store).
func noSecrets(t *testing.T, dir string, o outcome, secrets []string) {
	t.Helper()
	for _, s := range secrets {
		if strings.Contains(o.stdout, s) || strings.Contains(o.stderr, s) {
			t.Errorf("a secret is in the output:\n%s%s", o.stdout, o.stderr)
		}
	}
	err := walkFiles(dir, func(path string, data []byte) {
		for _, s := range secrets {
			if strings.Contains(string(data), s) {
				t.Errorf("a secret is in %s", path)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

// hsOpsAgree checks that every operation of a HandlerSocket run went
// through it, each counted once for its transactions.
func hsOpsAgree(t *testing.T, w string, r *results.Result) {
	t.Helper()
	tx := func(n string) int64 { return r.Transactions[n].Count }
	op := func(n string) int64 { return r.Ops[n+" (handlersocket)"].Count }
	for name, s := range r.Ops {
		if s.Count > 0 && !strings.HasSuffix(name, " (handlersocket)") {
			t.Errorf("%s: %d operations %q, not through HandlerSocket", w, s.Count, name)
		}
	}
	if op("read") != tx("read")+tx("read_modify_write") || op("update") != tx("update")+tx("read_modify_write") ||
		op("insert") != tx("insert") || op("scan") != tx("scan") || r.Totals.Transactions == 0 {
		t.Errorf("%s: operations %v for transactions %v", w, r.Ops, r.Transactions)
	}
	if r.Workload.Options["mysql-access"] != "handlersocket" {
		t.Errorf("%s: result options %v", w, r.Workload.Options)
	}
	if !strings.Contains(r.Target.URL, "hs-secret=xxxxx") || !strings.Contains(r.Target.URL, "hs-secret-wr=xxxxx") {
		t.Errorf("%s: result URL %s", w, r.Target.URL)
	}
}

// TestKVHandlerSocket runs every kv workload through the binary on MariaDB
// with --mysql-access handlersocket: each operation goes through the
// protocol under its own name, with reconnects every 300 requests and with
// pipelined gets; what HandlerSocket inserts, SQL and HANDLER gets find,
// and what SQL inserts, HandlerSocket gets find; no secret appears in the
// output, the results or the store.
func TestKVHandlerSocket(t *testing.T) {
	url := hsURL(t, "dbgauge_kv_hs_e2e")
	secrets := hsSecrets(t, url)
	dir := t.TempDir()
	data := []string{"--db", url, "--record-count", "2000", "--field-count", "3", "--field-length", "20"}
	dbgauge(t, dir, append([]string{"cleanup", "kv_a"}, data...)...)
	if o := dbgauge(t, dir, append([]string{"prepare", "kv_a"}, data...)...); o.code != 0 {
		t.Fatalf("prepare: exit %d: %s", o.code, o.stderr)
	}
	defer func() {
		if o := dbgauge(t, dir, append([]string{"cleanup", "kv_a"}, data...)...); o.code != 0 {
			t.Errorf("cleanup: %s", o.stderr)
		}
	}()
	run := func(w string, extra ...string) *results.Result {
		t.Helper()
		out := filepath.Join(dir, w+strings.Join(extra, "")+".json")
		args := append([]string{"run", w, "--threads", "2", "--time", "1", "--requests-per-conn", "300", "--out", out}, data...)
		o := dbgauge(t, dir, append(args, extra...)...)
		if o.code != 0 {
			t.Fatalf("%s %v: exit %d: %s", w, extra, o.code, o.stderr)
		}
		noSecrets(t, dir, o, secrets)
		r := readResult(t, out)
		if r.Totals.Errors != 0 {
			t.Errorf("%s %v: %d errors %v", w, extra, r.Totals.Errors, r.Totals.ErrorsByClass)
		}
		return r
	}
	hs := []string{"--mysql-access", "handlersocket"}
	for _, w := range []string{"kv_a", "kv_b", "kv_c", "kv_d", "kv_e", "kv_f", "kv_get", "kv_insert"} {
		r := run(w, hs...)
		hsOpsAgree(t, w, r)
		if w == "kv_c" && r.Totals.Reconnects == 0 {
			t.Errorf("kv_c: %d gets and no reconnect with --requests-per-conn 300", r.Totals.Transactions)
		}
	}

	// Pipelined: ten gets per read, one round trip.
	if r := run("kv_get", append(hs, "--batch-size", "10")...); r.Ops["read (handlersocket)"].Count != r.Transactions["read"].Count {
		t.Errorf("pipelined gets: %d reads for %d transactions", r.Ops["read (handlersocket)"].Count, r.Transactions["read"].Count)
	}

	// Across paths: a get that finds nothing is a not_found error, and
	// run fails on any error.
	if r := run("kv_insert", append(hs, "--batch-size", "10")...); r.Ops["insert (handlersocket)"].Count == 0 {
		t.Fatal("HandlerSocket inserted nothing")
	}
	for _, path := range [][]string{nil, {"--mysql-access", "handler"}} {
		if r := run("kv_get", path...); r.Totals.Transactions == 0 {
			t.Errorf("kv_get %v read nothing after HandlerSocket's inserts", path)
		}
	}
	if r := run("kv_insert", "--batch-size", "10"); r.Ops["insert"].Count == 0 {
		t.Fatal("SQL inserted nothing")
	}
	if r := run("kv_get", hs...); r.Ops["read (handlersocket)"].Count == 0 {
		t.Error("kv_get read nothing through HandlerSocket after SQL's inserts")
	}
}

// TestKVHandlerSocketRefused: a wrong or missing secret and a port the
// plugin does not listen on end the run with exit 3 and one line saying
// what to set, before anything is loaded, and no secret appears anywhere;
// a port that is no number is bad input (exit 2).
func TestKVHandlerSocketRefused(t *testing.T) {
	url := hsURL(t, "dbgauge_kv_hs_refused")
	secrets := hsSecrets(t, url)
	u, _ := neturl.Parse(url)
	for _, tc := range []struct {
		name, param, value string
		code               int
		want               string
	}{
		{"wrong read secret", "hs-secret", "not-" + secrets[1], 3, "HandlerSocket refused the secret given as hs-secret"},
		{"wrong write secret", "hs-secret-wr", "not-" + secrets[2], 3, "HandlerSocket refused the secret given as hs-secret-wr"},
		{"no write secret", "hs-secret-wr", "", 3, "HandlerSocket wants a secret: add hs-secret-wr to the URL"},
		{"closed read port", "hs-port", "1", 3, "not 1: give hs-port=" + u.Query().Get("hs-port")},
		{"port not a number", "hs-port-wr", "x", 2, "hs-port-wr=x: want a TCP port number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := *u
			q := bad.Query()
			if tc.value == "" {
				q.Del(tc.param)
			} else {
				q.Set(tc.param, tc.value)
			}
			bad.RawQuery = q.Encode()
			dir := t.TempDir()
			o := dbgauge(t, dir, "run", "kv_get", "--db", bad.String(), "--mysql-access", "handlersocket", "--record-count", "100", "--time", "1")
			lines := strings.Split(strings.TrimSpace(o.stderr), "\n")
			if o.code != tc.code || len(lines) != 1 || !strings.Contains(o.stderr, tc.want) {
				t.Errorf("exit %d, %q; want %d and one line saying %q", o.code, o.stderr, tc.code, tc.want)
			}
			noSecrets(t, dir, o, append(secrets, "not-"+secrets[1], "not-"+secrets[2]))
			if ok, err := tableExists(sqlConn(t, url), "usertable"); ok || err != nil {
				t.Errorf("the refused run loaded data first (%v)", err)
			}
		})
	}
}

// TestKVHandlerSocketBadInput: --mysql-access handlersocket on a database
// that is not MySQL, and on prepared data whose table lost its PRIMARY
// index or has a column the protocol cannot carry, is bad input: exit 2,
// one line, before a record is loaded or an operation runs.
func TestKVHandlerSocketBadInput(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		dir := t.TempDir()
		file := filepath.Join(dir, "kv.sqlite")
		o := dbgauge(t, dir, "run", "kv_get", "--db", "sqlite:"+file, "--mysql-access", "handlersocket", "--time", "1")
		if o.code != 2 || strings.Count(strings.TrimSpace(o.stderr), "\n") != 0 ||
			!strings.Contains(o.stderr, "needs MySQL or MariaDB for --mysql-access handlersocket; sqlite is not one") {
			t.Errorf("exit %d, %q; want 2 and one line naming --mysql-access handlersocket and sqlite", o.code, o.stderr)
		}
		if ok, err := tableExists(sqlConn(t, "sqlite:"+file), "usertable"); ok || err != nil {
			t.Errorf("the refused run loaded data first (%v)", err)
		}
	})
	url := hsURL(t, "dbgauge_kv_hs_bad")
	data := []string{"--db", url, "--record-count", "100", "--field-count", "2", "--field-length", "8"}
	for _, tc := range []struct {
		name   string
		change []string
		want   string
	}{
		{"no primary key", []string{"ALTER TABLE usertable DROP PRIMARY KEY"}, "HandlerSocket cannot use dbgauge_kv_hs_bad.usertable: it has no PRIMARY index"},
		{"number column", []string{"UPDATE usertable SET field1 = '1'", "ALTER TABLE usertable MODIFY field1 BIGINT"},
			"column field1 is bigint, which the protocol cannot carry"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			dbgauge(t, dir, append([]string{"cleanup", "kv_get"}, data...)...)
			if o := dbgauge(t, dir, append([]string{"prepare", "kv_get"}, data...)...); o.code != 0 {
				t.Fatalf("prepare: %s", o.stderr)
			}
			defer dbgauge(t, dir, append([]string{"cleanup", "kv_get"}, data...)...)
			c := sqlConn(t, url)
			for _, q := range tc.change {
				if _, err := c.Exec(context.Background(), q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			out := filepath.Join(dir, "r.json")
			o := dbgauge(t, dir, append([]string{"run", "kv_get", "--mysql-access", "handlersocket", "--time", "1", "--out", out}, data...)...)
			if o.code != 2 || strings.Count(strings.TrimSpace(o.stderr), "\n") != 0 || !strings.Contains(o.stderr, tc.want) {
				t.Errorf("exit %d, %q; want 2 and one line saying %q", o.code, o.stderr, tc.want)
			}
			if files, _ := filepath.Glob(filepath.Join(dir, "dbgauge-results", "*", "intervals.jsonl")); len(files) != 0 {
				t.Errorf("the refused run ran: %v", files)
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("the refused run wrote a result")
			}
		})
	}
}
