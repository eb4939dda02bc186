package workload

import (
	"fmt"
	"slices"
	"testing"
)

// TestConclude: a condition keeps MaxFailures lines and says how many it
// left out; no failure is a pass.
func TestConclude(t *testing.T) {
	var c Condition
	c.Conclude(nil)
	if !c.Passed || c.Failed() {
		t.Fatalf("no failures: %+v", c)
	}
	var lines []string
	for i := range MaxFailures + 3 {
		lines = append(lines, fmt.Sprintf("warehouse %d", i+1))
	}
	c.Conclude(lines)
	if c.Passed || !c.Failed() || len(c.Failures) != MaxFailures+1 || c.Failures[MaxFailures] != "and 3 more" ||
		!slices.Equal(c.Failures[:MaxFailures], lines[:MaxFailures]) {
		t.Fatalf("13 failures: %q", c.Failures)
	}
	c.Conclude(lines[:MaxFailures])
	if len(c.Failures) != MaxFailures {
		t.Fatalf("%d failures kept of %d", len(c.Failures), MaxFailures)
	}
	s := Condition{Skipped: "after a load only"}
	if s.Failed() || CountFailed([]Condition{s, c, {Passed: true}}) != 1 {
		t.Fatal("a skipped condition counts as failed")
	}
}
