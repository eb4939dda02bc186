package report

import (
	"fmt"

	"github.com/dbgauge/dbgauge/results"
)

// A run that overran: the runner ends a timed run, and writes each
// interval, when its clock says so; a client starved of CPU (hundreds of
// busy users on a few cores, with the database on the same host taking
// them) gets to it late. Its numbers are what happened, but over a longer
// window than asked, with uneven intervals and think times and pauses
// longer than drawn: the report says so rather than let them pass.

// Overrun thresholds: a timed run whose measured window is 10% (and a
// second) longer than asked, or an interval half again as long as
// --report-interval, came late.
const (
	overrunShare    = 1.10
	overrunSlackS   = 1
	intervalOverrun = 1.5
)

// overrun is the finding, "" when the run kept time.
func overrun(r *results.Result) string {
	if r.Interrupted || r.Aborted != "" || r.Run.TimeS <= 0 || r.Run.Events > 0 {
		return ""
	}
	want := r.Run.TimeS // the measured window: warmup is before it, the ramp within
	late := r.Totals.DurationS > want*overrunShare+overrunSlackS
	var longest float64
	for _, iv := range r.Intervals {
		longest = max(longest, iv.DurS)
	}
	gappy := r.Run.ReportIntervalS > 0 && longest > r.Run.ReportIntervalS*intervalOverrun+overrunSlackS
	if !late && !gappy {
		return ""
	}
	s := "The client kept time late: "
	if late {
		s += fmt.Sprintf("it measured %s where %s were asked", fmtSeconds(r.Totals.DurationS), fmtSeconds(want))
		if gappy {
			s += ", and "
		}
	}
	if gappy {
		s += fmt.Sprintf("an interval of %s lasted %s", fmtSeconds(r.Run.ReportIntervalS), fmtSeconds(longest))
	}
	s += fmt.Sprintf(". The client was starved of CPU (%s", fmtPlural(int64(r.Run.Threads), "user"))
	if r.Environment != nil && r.Environment.CPUs > 0 {
		s += fmt.Sprintf(" on %s", fmtPlural(int64(r.Environment.CPUs), "CPU"))
	}
	return s + "): rates are over the longer window, intervals are uneven, and think times and pauses ran longer than drawn. Run fewer users, or the database on another host."
}
