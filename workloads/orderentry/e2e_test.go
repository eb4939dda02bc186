package orderentry

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/workloads/internal/fixture"
)

// result is what the end-to-end tests read of result.json.
type result struct {
	Totals struct {
		Transactions, Errors int64
		DurationS            float64 `json:"duration_s"`
		Waits                *struct {
			ThinkCount   int64   `json:"think_count"`
			ThinkTotalMs float64 `json:"think_total_ms"`
			PauseCount   int64   `json:"pause_count"`
			PauseTotalMs float64 `json:"pause_total_ms"`
		}
	}
	Latency struct {
		Avg float64
		Sum float64
	} `json:"latency_ms"`
	Figures []struct {
		Name  string
		Value float64
	}
	Transactions map[string]struct{ Count, Errors int64 }
	verbs        verbCounts
}

// verbCounts are result.json's statements by verb.
type verbCounts struct {
	Totals struct {
		Statements map[string]int64
	}
}

// run runs orderentry on a copy of the SQLite fixture and reads its
// result.
func run(t *testing.T, args ...string) result {
	t.Helper()
	tg := fx.SQLite(t)
	dir := t.TempDir()
	base := []string{"run", "orderentry", "--db", tg.T.Raw, "--scale", fixtureScale, "--warehouses", fixtureWarehouses,
		"--report-interval", "0", "--no-monitor", "--results-dir", filepath.Join(dir, "results")}
	o := fixture.Dbgauge(t, dir, append(base, args...)...)
	if o.Code != 0 {
		t.Fatalf("run %v: exit %d\n%s%s", args, o.Code, o.Stdout, o.Stderr)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "results", "*", "result.json"))
	if len(files) != 1 {
		t.Fatalf("run %v: %d result.json files\n%s", args, len(files), o.Stdout)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	var r result
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &r.verbs); err != nil {
		t.Fatal(err)
	}
	if r.Totals.Errors != 0 {
		t.Errorf("run %v: %d errors", args, r.Totals.Errors)
	}
	return r
}

// checkMix checks each type's share of the transactions is its weight's,
// within 2% (of all transactions).
func checkMix(t *testing.T, r result, w [numTxns]int) {
	t.Helper()
	total := 0
	for _, n := range w {
		total += n
	}
	for tx, in := range txnInfo {
		want := float64(w[tx]) / float64(total)
		got := float64(r.Transactions[in.name].Count) / float64(r.Totals.Transactions)
		if math.Abs(got-want) > 0.02 || (w[tx] == 0) != (r.Transactions[in.name].Count == 0) {
			t.Errorf("%s: %.1f%% of %d transactions, want %.1f%%", in.name, 100*got, r.Totals.Transactions, 100*want)
		}
	}
}

// TestMix: over 5,000 transactions each type's share is its weight's,
// and changed weights change the mix (the study's "more reads").
func TestMix(t *testing.T) {
	t.Parallel()
	t.Run("defaults", func(t *testing.T) {
		t.Parallel()
		r := run(t, "--events", "5000", "--threads", "2", "--time", "0")
		if r.Totals.Transactions != 5000 {
			t.Errorf("%d transactions, want 5000", r.Totals.Transactions)
		}
		checkMix(t, r, [numTxns]int{15, 10, 50, 40, 5, 5, 0, 0, 0})
		tpm := 0.0
		for _, f := range r.Figures {
			if f.Name == "TPM" {
				tpm = f.Value
			}
		}
		if want := float64(r.Totals.Transactions) * 60 / r.Totals.DurationS; math.Abs(tpm-want) > 0.01*want {
			t.Errorf("TPM %.0f, want %.0f (transactions per minute)", tpm, want)
		}
		// Commits, as charbench counts them: two in New Customer and in
		// Browse and Update Orders (the logon's, then the transaction's),
		// one in Update Customer Details and Process Orders, one or two in
		// New Order (the second when it found products to order).
		n := func(name string) int64 { return r.Transactions[name].Count }
		st := r.verbs.Totals.Statements
		least := 2*n("new_customer") + n("update_customer") + n("new_order") + n("process_orders") + 2*n("browse_update_orders")
		if c := st["commit"]; c < least || c > least+n("new_order") || st["rollback"] != 0 || st["select"] < 2*n("browse_products") {
			t.Errorf("statements by verb %v for transactions %v: want %d to %d commits", st, r.Transactions, least, least+n("new_order"))
		}
	})
	t.Run("more reads", func(t *testing.T) {
		t.Parallel()
		r := run(t, "--events", "5000", "--threads", "2", "--time", "0", "--weights", "BP=100,OP=20,NCR=5,SQ=2,WQ=2,WA=2")
		checkMix(t, r, [numTxns]int{5, 10, 100, 20, 5, 5, 2, 2, 2})
	})
}

// TestDelays: --min/max-delay reach the runner as pauses inside
// transactions and --inter-min/max-delay as waits between them; both
// lengthen the run, not the response times. What the workload asks for is
// pinned exactly in txns_test.go and the runner's accounting of it in
// run's synctest tests; here, on real clocks, only what the runner
// promises whatever the machine's load is checked: a wait is never
// shorter than asked, and with one user the response times and the waits
// are disjoint parts of the run's duration.
func TestDelays(t *testing.T) {
	t.Parallel()
	t.Run("inside", func(t *testing.T) {
		t.Parallel()
		// Browse Products pauses once after its customer and once after
		// each of its 1 to 23 product reads: at least 2 x 20 ms each.
		r := run(t, "--events", "30", "--threads", "1", "--time", "0", "--weights", "NCR=0,UCD=0,BP=1,OP=0,PO=0,BO=0",
			"--min-delay", "20ms", "--max-delay", "20ms")
		w := r.Totals.Waits
		if w == nil || w.PauseCount < 60 || w.PauseTotalMs < 20*float64(w.PauseCount) {
			t.Fatalf("pauses %+v, want at least 60, of 20 ms or more each", w)
		}
		disjoint(t, r, w.PauseTotalMs)
	})
	t.Run("between", func(t *testing.T) {
		t.Parallel()
		r := run(t, "--events", "20", "--threads", "1", "--time", "0", "--inter-min-delay", "50ms", "--inter-max-delay", "50ms")
		w := r.Totals.Waits
		// The wait after the last transaction is not recorded: it belongs
		// to a next transaction that never comes.
		if w == nil || w.ThinkCount != 19 || w.PauseCount != 0 || w.ThinkTotalMs < 50*float64(w.ThinkCount) {
			t.Fatalf("waits %+v, want 19 of 50 ms or more each", w)
		}
		disjoint(t, r, w.ThinkTotalMs)
	})
}

// disjoint checks that a one-user run's response times and its waits
// (waitMs in all) add up to no more than its duration: a wait counted in
// the response times would count twice. (The duration's millisecond of
// slack is its rounding.)
func disjoint(t *testing.T, r result, waitMs float64) {
	t.Helper()
	if d := r.Totals.DurationS * 1000; r.Latency.Sum+waitMs > d+1 {
		t.Errorf("response times (%.1f ms) and waits (%.1f ms) add up to more than the run's %.1f ms: the waits are in the response times",
			r.Latency.Sum, waitMs, d)
	}
}

// TestBadInput: each bad option is one line and exit 2.
func TestBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "none.sqlite")
	for _, args := range [][]string{
		{"--weights", "XX=3"}, {"--weights", "BP=-1"}, {"--weights", "NCR=0,UCD=0,BP=0,OP=0,PO=0,BO=0"},
		{"--min-delay", "30", "--max-delay", "10"}, {"--scale", "0"},
	} {
		o := fixture.Dbgauge(t, dir, append([]string{"run", "orderentry", "--db", url, "--time", "1"}, args...)...)
		if o.Code != 2 || strings.Count(strings.TrimSpace(o.Stderr), "\n") != 0 || o.Stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line", args, o.Code, o.Stderr)
		}
	}
}

// TestCloudHostExample: the study's experiment file lists its 26 runs.
func TestCloudHostExample(t *testing.T) {
	t.Setenv("DBGAUGE_TEST_POSTGRES", "postgres://x@127.0.0.1/x")
	t.Setenv("DBGAUGE_TEST_MYSQL", "mysql://x@127.0.0.1/x")
	file, err := filepath.Abs("../../examples/cloud-host.yaml")
	if err != nil {
		t.Fatal(err)
	}
	o := fixture.Dbgauge(t, t.TempDir(), "experiment", file, "--dry-run")
	if o.Code != 0 || !strings.Contains(o.Stdout, "cloud-host: 26 runs") ||
		strings.Count(o.Stdout, "oltp_read_write") != 12 || strings.Count(o.Stdout, "orderentry") != 14 {
		t.Errorf("cloud-host.yaml: exit %d\n%s%s", o.Code, o.Stdout, o.Stderr)
	}
}
