package session

import (
	"fmt"
	"io"
	"strings"

	"github.com/dbgauge/dbgauge/workload"
)

// WriteConditions prints one line per condition (clause, formula,
// outcome), the failures of a failed one indented below it, and a
// summary; it returns an error of kind CheckFailed when a condition
// failed.
func WriteConditions(w io.Writer, conds []workload.Condition) error {
	cw, nw := 0, 0
	for _, c := range conds {
		cw, nw = max(cw, len(c.Clause)), max(nw, len(c.Name))
	}
	passed, skipped := 0, 0
	var failed []string
	for _, c := range conds {
		outcome := "passed"
		switch {
		case c.Skipped != "":
			outcome = "skipped: " + c.Skipped
			skipped++
		case c.Failed():
			outcome = "FAILED"
			failed = append(failed, c.Clause)
		default:
			passed++
		}
		fmt.Fprintf(w, "%-*s  %-*s  %s\n", cw, c.Clause, nw, c.Name, outcome)
		for _, f := range c.Failures {
			fmt.Fprintf(w, "%*s  %s\n", cw, "", f)
		}
	}
	fmt.Fprintf(w, "Consistency: %d passed, %d failed, %d skipped of %d conditions\n", passed, len(failed), skipped, len(conds))
	if len(failed) > 0 {
		return &Error{CheckFailed, fmt.Errorf("consistency check failed: %s (%d of %d conditions)",
			strings.Join(failed, ", "), len(failed), len(conds))}
	}
	return nil
}
