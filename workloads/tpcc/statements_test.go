package tpcc

import (
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/workload"
)

// TestVerbs: every statement but BEGIN carries the verb its SQL begins
// with; COMMIT and ROLLBACK are the dialect's, and theirs.
func TestVerbs(t *testing.T) {
	ops := statements.Ops()
	want := map[workload.OpID]workload.Verb{opBegin: workload.NoVerb, opCommit: workload.Commit, opRollback: workload.Rollback}
	for i, op := range ops {
		if v, ok := want[workload.OpID(i)]; ok {
			if op.Verb != v {
				t.Errorf("%s: verb %q, want %q", op.Name, op.Verb, v)
			}
			continue
		}
		first := strings.ToLower(strings.Fields(statements.Stmts[i].SQL)[0])
		if op.Verb == workload.NoVerb || op.Verb.String() != first {
			t.Errorf("%s: verb %q, its SQL begins with %q", op.Name, op.Verb, first)
		}
	}
}
