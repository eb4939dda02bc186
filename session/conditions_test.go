package session

import (
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/workload"
)

func TestWriteConditions(t *testing.T) {
	conds := []workload.Condition{
		{Clause: "3.3.2.1", Name: "W_YTD = sum(D_YTD)", Passed: true},
		{Clause: "3.3.2.10", Name: "C_BALANCE", Failures: []string{"warehouse 3: off by 1"}},
		{Clause: "3.3.2.11", Name: "O_COUNT", Skipped: "only after a load"},
	}
	var b strings.Builder
	err := WriteConditions(&b, conds)
	want := `3.3.2.1   W_YTD = sum(D_YTD)  passed
3.3.2.10  C_BALANCE           FAILED
          warehouse 3: off by 1
3.3.2.11  O_COUNT             skipped: only after a load
Consistency: 1 passed, 1 failed, 1 skipped of 3 conditions
`
	if b.String() != want {
		t.Errorf("printed:\n%s\nwant:\n%s", b.String(), want)
	}
	if KindOf(err) != CheckFailed || err.Error() != "consistency check failed: 3.3.2.10 (1 of 3 conditions)" {
		t.Errorf("error %v (kind %d)", err, KindOf(err))
	}
	if err := WriteConditions(&b, conds[:1]); err != nil {
		t.Errorf("all passed: %v", err)
	}
}
