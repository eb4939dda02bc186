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
