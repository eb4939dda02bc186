package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// offTarget: a share 5 points away from its steady value (TPC-W's mixes
// give the browse share to a point over a long walk) means the run did not
// reach the steady state.
const offTarget = 5

// steadyFinding names the figures a run left far from their steady value:
// under saturation a short run of many users measures mostly their first
// pages (10,000 users over 23 s saw 65% Home against the mix's 16%).
func steadyFinding(r *results.Result) string {
	var off []string
	for _, f := range r.Figures {
		if f.Target != nil && math.Abs(f.Value-*f.Target) > offTarget {
			off = append(off, fmt.Sprintf("%s %s%s against %s%s", f.Name, fmtNum(f.Value), f.Unit, fmtNum(*f.Target), f.Unit))
		}
	}
	if len(off) == 0 {
		return ""
	}
	return "The run did not reach the workload's steady state: " + strings.Join(off, ", ") +
		"; its numbers describe the start of the users' sessions, not the mix. Warm up longer (TPC-W's browser emulator ramps up for 600 s) or run longer."
}
