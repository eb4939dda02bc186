package results_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// withStatements gives a fake shard statements by verb the way a run
// writes them: each interval's counts and rates, and the measured
// intervals' sum in the totals with its rates over the measured time.
// Deletes never happen, as a workload declares a verb it did not use.
func withStatements(t *testing.T, r *results.Result) *results.Result {
	t.Helper()
	r = clone(t, r)
	total := map[string]int64{}
	for k := range r.Intervals {
		iv := &r.Intervals[k]
		n := iv.Transactions
		c := map[string]int64{"select": 14 * n, "insert": n, "update": 2*n + int64(k), "delete": 0, "commit": n - int64(k), "rollback": int64(k)}
		iv.Counts.Statements = c
		iv.Statements = results.StatementRates(c, iv.DurS)
		if !iv.Warmup {
			for v, x := range c {
				total[v] += x
			}
		}
	}
	r.Totals.Statements = total
	r.Totals.StatementsPerSec = results.StatementRates(total, r.Totals.DurationS)
	return r
}

// TestMergeStatements: statements by verb sum exactly, in the totals and
// interval by interval, and their rates are the sums over the merged
// duration.
func TestMergeStatements(t *testing.T) {
	a, b := twoShards(t) // a: 2 warmup + 3 measured; b: 1 warmup + 4 measured
	a, b = withStatements(t, a), withStatements(t, b)
	m := mustMerge(t, a, b)
	if len(m.Totals.Statements) != len(results.StatementVerbs) {
		t.Fatalf("merged statements %v, want all six verbs", m.Totals.Statements)
	}
	for _, v := range results.StatementVerbs {
		want := a.Totals.Statements[v] + b.Totals.Statements[v]
		if got := m.Totals.Statements[v]; got != want {
			t.Errorf("%s: merged %d, want %d + %d", v, got, a.Totals.Statements[v], b.Totals.Statements[v])
		}
		near(t, v+" per second", m.Totals.StatementsPerSec[v], float64(want)/m.Totals.DurationS)
	}
	if m.Totals.Statements["select"] == 0 || m.Totals.Statements["delete"] != 0 {
		t.Errorf("merged statements %v: selects must be counted, deletes zero", m.Totals.Statements)
	}
	// The intervals align as in TestMergeIntervals.
	pairs := [][]*results.Interval{
		{&a.Intervals[0]}, {&a.Intervals[1], &b.Intervals[0]}, {&a.Intervals[2], &b.Intervals[1]},
		{&a.Intervals[3], &b.Intervals[2]}, {&a.Intervals[4], &b.Intervals[3]}, {&b.Intervals[4]},
	}
	if len(m.Intervals) != len(pairs) {
		t.Fatalf("%d merged intervals, want %d", len(m.Intervals), len(pairs))
	}
	for k, ivs := range pairs {
		got := m.Intervals[k]
		for _, v := range results.StatementVerbs {
			var want int64
			for _, iv := range ivs {
				want += iv.Counts.Statements[v]
			}
			if n := got.Counts.Statements[v]; n != want {
				t.Errorf("interval %d %s: merged %d, want %d", k, v, n, want)
			}
			near(t, "interval "+v+"/s", got.Statements[v], float64(want)/got.DurS)
		}
	}
	// Merged again with a third step, the sums stay exact.
	again := mustMerge(t, mustMerge(t, a), b)
	for _, v := range results.StatementVerbs {
		if again.Totals.Statements[v] != m.Totals.Statements[v] {
			t.Errorf("%s merged in two steps: %d, at once %d", v, again.Totals.Statements[v], m.Totals.Statements[v])
		}
	}
}

// TestMergeWithoutStatements: shards of a workload without verbs merge
// into a result with no statements anywhere, as before verbs existed.
func TestMergeWithoutStatements(t *testing.T) {
	a, b := twoShards(t)
	m := mustMerge(t, a, b)
	js, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(js), `"statements`) {
		t.Errorf("a merge without verbs has statements: %s", js)
	}
}
