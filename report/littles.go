package report

import (
	"fmt"

	"github.com/dbgauge/dbgauge/results"
)

// littlesTolerance: a closed loop whose throughput is within 2% of what
// Little's law predicts from its users, response times and waits carried
// the load it says it did (the bookstore study's check).
const littlesTolerance = 0.02

// littlesWaits: a run (warmup included) at least 20 times its mean wait
// sees unbiased waits.
const littlesWaits = 20

// thinkPaced reports whether a closed loop's waits, not its response
// times, set its throughput (waits over ten times the mean response time),
// with the rate its users ask for and the waits per transaction.
func thinkPaced(r *results.Result) (want, waitMs float64, ok bool) {
	want, waitMs, ok = littlesRate(r)
	return want, waitMs, ok && waitMs > 10*r.Latency.Avg
}

// littlesRate is the throughput Little's law predicts for a closed loop
// with waits, and the waits per transaction; ok is false for an open loop,
// a run without waits or one that ramps its users while measuring.
func littlesRate(r *results.Result) (want, waitMs float64, ok bool) {
	t := r.Totals
	w := t.Waits
	if t.Schedule != nil || w == nil || r.Run.RampS > r.Run.WarmupS || r.Run.Threads <= 0 || t.DurationS <= 0 {
		return 0, 0, false
	}
	cycles := float64(t.Transactions + t.Errors)
	if cycles == 0 || r.Latency.Avg <= 0 {
		return 0, 0, false
	}
	waitMs = (float64(w.ThinkCount)*w.ThinkMeanMs + float64(w.KeyingCount)*w.KeyingMeanMs + float64(w.PauseCount)*w.PauseMeanMs) / cycles
	// The waits a run sees end are biased short until it has run many of
	// them back to back: the long ones that users began are still going
	// (10,000 users thinking exp:50s over 30 + 60 s saw a 28 s mean). Too
	// short a run to judge.
	if waitMs <= 0 || (t.DurationS+r.Run.WarmupS)*1000 < littlesWaits*waitMs {
		return 0, 0, false
	}
	return float64(r.Run.Threads) / ((r.Latency.Avg + waitMs) / 1000), waitMs, true
}

// littles checks Little's law on a closed-loop run with waits: N users
// cycling through response time R and waits Z (think, keying and pauses,
// averaged per transaction) complete N / (R + Z) transactions a second.
// An open loop, a run without waits or one that ramps its users is left
// alone.
func littles(r *results.Result) string {
	want, waitMs, ok := littlesRate(r)
	if !ok {
		return ""
	}
	t := r.Totals
	got := float64(t.Transactions+t.Errors) / t.DurationS
	d := got/want - 1
	s := fmt.Sprintf("%s users / (%s ms response + %s ms waits per transaction) = %s/s expected, %s/s measured (%s)",
		fmtCount(int64(r.Run.Threads)), fmtMs(r.Latency.Avg), fmtMs(waitMs), fmtNum(want), fmtNum(got), fmtSigned(d*100))
	if d >= -littlesTolerance && d <= littlesTolerance {
		return "Little's law holds: " + s + "."
	}
	return "Little's law is off by more than 2%: " + s +
		"; in a short run, users caught mid-wait at the start and the end weigh more (run longer), and a client that cannot keep its users on time falls short."
}
