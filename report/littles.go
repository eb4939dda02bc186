package report

import (
	"fmt"

	"github.com/dbgauge/dbgauge/results"
)

// littlesTolerance: a closed loop whose throughput is within 2% of what
// Little's law predicts from its users, response times and waits carried
// the load it says it did (the bookstore study's check).
const littlesTolerance = 0.02

// littles checks Little's law on a closed-loop run with waits: N users
// cycling through response time R and waits Z (think, keying and pauses,
// averaged per transaction) complete N / (R + Z) transactions a second.
// An open loop, a run without waits or one that ramps its users is left
// alone.
func littles(r *results.Result) string {
	t := r.Totals
	w := t.Waits
	if t.Schedule != nil || w == nil || r.Run.RampS > r.Run.WarmupS || r.Run.Threads <= 0 || t.DurationS <= 0 {
		return ""
	}
	cycles := float64(t.Transactions + t.Errors)
	if cycles == 0 || r.Latency.Avg <= 0 {
		return ""
	}
	waitMs := (float64(w.ThinkCount)*w.ThinkMeanMs + float64(w.KeyingCount)*w.KeyingMeanMs + float64(w.PauseCount)*w.PauseMeanMs) / cycles
	if waitMs <= 0 {
		return ""
	}
	want := float64(r.Run.Threads) / ((r.Latency.Avg + waitMs) / 1000)
	got := cycles / t.DurationS
	d := got/want - 1
	s := fmt.Sprintf("%s users / (%s ms response + %s ms waits per transaction) = %s/s expected, %s/s measured (%s)",
		fmtCount(int64(r.Run.Threads)), fmtMs(r.Latency.Avg), fmtMs(waitMs), fmtNum(want), fmtNum(got), fmtSigned(d*100))
	if d >= -littlesTolerance && d <= littlesTolerance {
		return "Little's law holds: " + s + "."
	}
	return "Little's law is off by more than 2%: " + s +
		"; in a short run, users caught mid-wait at the start and the end weigh more (run longer), and a client that cannot keep its users on time falls short."
}
