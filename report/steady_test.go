package report

import (
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

func TestSteadyFinding(t *testing.T) {
	t.Parallel()
	eighty := 80.0
	r := &results.Result{Figures: []results.Figure{{Name: "WIPS", Value: 626}, {Name: "browse", Value: 89.4, Unit: "%", Target: &eighty}}}
	if f := steadyFinding(r); !strings.Contains(f, "browse 89.4% against 80.0%") {
		t.Errorf("off target: %q", f)
	}
	r.Figures[1].Value = 81.2
	if f := steadyFinding(r); f != "" {
		t.Errorf("on target: %q", f)
	}
}
