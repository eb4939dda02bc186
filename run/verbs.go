package run

import (
	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/workload"
)

// countVerbs sums successful operations by verb, as countQueries does by
// class: every verb one of the workload's operations carries is listed,
// zero or not. nil when none carries a verb, so that the results of a
// workload that does not sort its statements hold nothing new.
func countVerbs(ops []workload.Op, s *hist.Set) map[string]int64 {
	var m map[string]int64
	for i, op := range ops {
		v := op.Verb.String()
		if v == "" {
			continue
		}
		if m == nil {
			m = make(map[string]int64, len(workload.Verbs)-1)
		}
		m[v] += s.Ops[i].Count()
	}
	return m
}
