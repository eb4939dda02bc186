package oltp

import (
	"testing"

	"github.com/dbgauge/dbgauge/workload"
)

// TestVerbs: each statement's verb is what its SQL does; BEGIN has none.
func TestVerbs(t *testing.T) {
	for op, sql := range statements {
		if got, want := ops[op].Verb, workload.VerbOf(sql); got != want || got == workload.NoVerb {
			t.Errorf("%s: verb %q, its SQL %q is a %q", ops[op].Name, got, sql, want)
		}
	}
	for op, want := range map[workload.OpID]workload.Verb{
		opBegin: workload.NoVerb, opCommit: workload.Commit,
		opRandomPoints: workload.Select, opRandomRanges: workload.Select, opBulkInsert: workload.Insert,
	} {
		if got := ops[op].Verb; got != want {
			t.Errorf("%s: verb %q, want %q", ops[op].Name, got, want)
		}
	}
}
