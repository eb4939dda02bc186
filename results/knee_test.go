package results

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func steps(tps, p95 []float64) []SweepStep {
	var s []SweepStep
	for i := range tps {
		th := 1 << i
		s = append(s, SweepStep{Value: strconv.Itoa(th), Threads: th, TPS: tps[i], P95Ms: p95[i]})
	}
	return s
}

func TestKnee(t *testing.T) {
	for _, tc := range []struct {
		name     string
		tps, p95 []float64
		want     string // knee value, "" for none
		contains string
	}{
		{"saturates", []float64{100, 190, 300, 305, 300}, []float64{1, 1.1, 1.5, 3, 6.2}, "4", "p95 is 4.1× higher (6.20 ms against 1.50 ms) for no gain"},
		{"still growing", []float64{100, 200, 400}, []float64{1, 1, 1}, "", "still grows at 4 threads"},
		{"peak then drop", []float64{100, 300, 200}, []float64{1, 2, 9}, "2", "for no gain (-33% TPS)"},
		{"flat latency", []float64{100, 200, 200}, []float64{1, 1, 1.1}, "2", "TPS is +0% and p95 1.10 ms"},
	} {
		sw := &Sweep{Parameter: "threads", Steps: steps(tc.tps, tc.p95)}
		sw.Knee = FindKnee(sw.Steps)
		got := ""
		if sw.Knee != nil {
			got = sw.Knee.Value
		}
		if got != tc.want {
			t.Errorf("%s: knee at %q, want %q", tc.name, got, tc.want)
		}
		if f := SweepFinding(sw); !strings.Contains(f, tc.contains) {
			t.Errorf("%s: finding %q does not say %q", tc.name, f, tc.contains)
		}
	}
}

func TestMemPerConnection(t *testing.T) {
	// 100 MB base and 2 MB (2048 KB) per connection, exactly.
	var s []SweepStep
	for _, th := range []int{1, 2, 4, 8} {
		s = append(s, SweepStep{Threads: th, ServerMemMB: 100 + 2*float64(th)})
	}
	if got := MemPerConnection(s); math.Abs(got-2048) > 1e-6 {
		t.Errorf("got %g KB per connection, want 2048", got)
	}
	if got := MemPerConnection(s[:1]); got != 0 {
		t.Errorf("one step gave %g, want 0", got)
	}
}

// TestKneeByThroughputFigure: a sweep whose steps carry a throughput
// figure (a pipelined get counts its batch) finds its knee and says its
// finding on the figure, not on TPS, which here falls as the batch grows;
// steps that do not all share the figure fall back to TPS for every step.
func TestKneeByThroughputFigure(t *testing.T) {
	tps := []float64{40000, 30000, 20000, 19000}
	gets := []float64{40000, 120000, 200000, 190000}
	s := steps(tps, []float64{0.1, 0.2, 0.4, 0.9})
	for i := range s {
		s[i].Throughput = &Figure{Name: "gets", Value: gets[i], Unit: "gets/s", Throughput: true}
	}
	m := MeasureOf(s)
	if m.IsTPS() || m.Label() != "gets/s" || m.Of(s[2]) != 200000 {
		t.Fatalf("measure %+v (label %q, step 3 %g): want gets/s from the figure", m, m.Label(), m.Of(s[2]))
	}
	k := FindKnee(s)
	if k == nil || k.Value != "4" || !strings.Contains(k.Finding, "gets/s reaches 200000 (100% of its peak 200000)") {
		t.Fatalf("knee %+v: want it at 4 on gets/s", k)
	}
	s[3].Throughput = nil
	if m := MeasureOf(s); !m.IsTPS() || m.Label() != "TPS" || m.Of(s[0]) != 40000 {
		t.Errorf("a step without the figure: measure %+v, want TPS for every step", m)
	}
	if k := FindKnee(s); k == nil || k.Value != "1" {
		t.Errorf("knee %+v on TPS: want it at the first step", k)
	}
	wips := SweepMeasure{Name: "WIPS", Unit: "interactions/s", figure: true}
	if wips.Label() != "WIPS" {
		t.Errorf("label %q, want the acronym", wips.Label())
	}
}
