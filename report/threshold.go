package report

import (
	"fmt"
	"io"

	"github.com/dbgauge/dbgauge/results"
)

// Thresholds writes the --threshold checks: each expression, pass or FAIL,
// and the value measured.
func Thresholds(w io.Writer, outcomes []results.ThresholdOutcome) {
	if len(outcomes) == 0 {
		return
	}
	fmt.Fprintf(w, "Thresholds:\n")
	for _, o := range outcomes {
		verdict := "pass"
		if !o.Pass {
			verdict = "FAIL"
		}
		fmt.Fprintf(w, "    %-32s %s   %s\n", o.Expr, verdict, Measured(o))
	}
	fmt.Fprintln(w)
}

// Measured is a threshold's measured value in words.
func Measured(o results.ThresholdOutcome) string {
	if o.Note != "" {
		return o.Note
	}
	switch o.Unit {
	case "ms":
		return fmt.Sprintf("measured %.3f ms", o.Measured)
	case "%":
		return fmt.Sprintf("measured %.3f%%", o.Measured)
	case "/s":
		return fmt.Sprintf("measured %.2f/s", o.Measured)
	}
	return fmt.Sprintf("measured %g", o.Measured)
}
