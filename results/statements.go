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
