package results

import (
	"maps"
	"slices"
	"strings"
)

// StatementVerbs are the verbs statements are counted by, in charbench's
// order; they are workload.Verbs without NoVerb (results imports no other
// dbgauge package, and a test in run keeps the two lists equal).
var StatementVerbs = []string{"select", "insert", "update", "delete", "commit", "rollback"}

// StatementRates is each verb's count per second over dur seconds (zero
// when dur is not positive); nil when counts is nil.
func StatementRates(counts map[string]int64, dur float64) map[string]float64 {
	if counts == nil {
		return nil
	}
	m := make(map[string]float64, len(counts))
	for v, n := range counts {
		m[v] = perSecond(n, dur)
	}
	return m
}

// StatementOrder lists the verbs of m in charbench's order (select,
// insert, update, delete, commit, rollback), any other name after them,
// sorted.
func StatementOrder[V any](m map[string]V) []string {
	names := slices.Collect(maps.Keys(m))
	rank := func(v string) int {
		if i := slices.Index(StatementVerbs, v); i >= 0 {
			return i
		}
		return len(StatementVerbs)
	}
	slices.SortFunc(names, func(a, b string) int {
		if d := rank(a) - rank(b); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	return names
}

// statementRows give each verb's rate, "selects" to "rollbacks" per
// second, when any of the runs counted statements by verb (NaN in a run
// that did not); intervals carry the series the noise rule reads.
func statementRows(runs []Named) []rowDef {
	seen := map[string]bool{}
	for _, n := range runs {
		for v := range n.Result.Totals.Statements {
			seen[v] = true
		}
	}
	var rows []rowDef
	for _, v := range StatementOrder(seen) {
		rows = append(rows, rowDef{name: v + "s", unit: "/s", kind: Relative,
			value: func(r *Result) (float64, bool) {
				x, ok := r.Totals.StatementsPerSec[v]
				return x, ok
			},
			series: func(_ *Result, iv Interval) (float64, bool) {
				x, ok := iv.Statements[v]
				return x, ok
			}})
	}
	return rows
}
