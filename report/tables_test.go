package report

import (
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

func TestSweepTableMarksTheKnee(t *testing.T) {
	sw := &results.Sweep{Workload: "w", Parameter: "threads", Knee: &results.Knee{Index: 1},
		Steps: []results.SweepStep{{Value: "1", Threads: 1, TPS: 10}, {Value: "2", Threads: 2, TPS: 19, ServerMemMB: 12.5}}}
	var b strings.Builder
	SweepTable(&b, sw)
	lines := strings.Split(b.String(), "\n")
	if !strings.Contains(b.String(), "Sweep of w over threads:") || !strings.HasSuffix(strings.TrimRight(lines[4], " "), "12.5 <- knee") {
		t.Fatalf("table:\n%s", b.String())
	}
}

func TestExperimentTableMedians(t *testing.T) {
	x := &results.Experiment{Name: "x", Runs: []results.ExperimentRun{
		{Step: 1, Workload: "w", Target: "a", TPS: 10}, {Step: 1, Workload: "w", Target: "a", TPS: 30},
		{Step: 1, Workload: "w", Target: "a", TPS: 14}, {Step: 2, Workload: "w", Target: "a", Params: "threads=2", TPS: 5, Errors: 2}}}
	var b strings.Builder
	ExperimentTable(&b, x)
	out := b.String()
	for _, want := range []string{"(4 runs; medians over the repetitions)", "w         a       -           3     14.00  10.00-30.00", "threads=2   1     5.00"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if median([]float64{4, 1, 3, 2}) != 2.5 || median(nil) != 0 {
		t.Error("median")
	}
}
