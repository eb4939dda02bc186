package report

import (
	"fmt"
	"io"

	"github.com/dbgauge/dbgauge/results"
)

// Show prints a saved run n as `dbgauge results show` does: a line naming
// it, with its start (startedUTC), then its summary in sysbench's layout
// and its thresholds.
func Show(w io.Writer, n results.Named, startedUTC string) {
	r := n.Result
	fmt.Fprintf(w, "Run %s: %s on %s (%s), %d threads, started %s UTC\n\n", n.Name, r.Workload.Name,
		r.Target.Driver, r.Target.URL, r.Run.Threads, startedUTC)
	Summary(w, r, false)
	Thresholds(w, r.Thresholds)
}
