package report

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/dbgauge/dbgauge/results"
)

// SweepTable prints a sweep's table (the knee marked) and its finding, as
// the sweep command shows them at the end.
func SweepTable(w io.Writer, sw *results.Sweep) {
	fmt.Fprintf(w, "\nSweep of %s over %s:\n", sw.Workload, sw.Parameter)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	first := sw.Parameter + "\t"
	if sw.Parameter == "threads" {
		first = ""
	}
	m, extra := results.MeasureOf(sw.Steps), ""
	if !m.IsTPS() {
		extra = m.Label() + "\t"
	}
	fmt.Fprintf(tw, "%sthreads\ttps\t%sqps\tavg ms\tp95 ms\tp99 ms\tmax ms\terrors\tserver MB\t\n", first, extra)
	for i, s := range sw.Steps {
		mark := ""
		if sw.Knee != nil && sw.Knee.Index == i {
			mark = " <- knee"
		}
		mem := "-"
		if s.ServerMemMB > 0 {
			mem = fmt.Sprintf("%.1f", s.ServerMemMB)
		}
		if first != "" {
			fmt.Fprintf(tw, "%s\t", s.Value)
		}
		fmt.Fprintf(tw, "%d\t%.2f\t", s.Threads, s.TPS)
		if !m.IsTPS() {
			fmt.Fprintf(tw, "%.2f\t", m.Of(s))
		}
		fmt.Fprintf(tw, "%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%d\t%s\t%s\n",
			s.QPS, s.AvgMs, s.P95Ms, s.P99Ms, s.MaxMs, s.Errors, mem, mark)
	}
	tw.Flush()
	if f := results.SweepFinding(sw); f != "" {
		fmt.Fprintf(w, "\n%s\n", f)
	}
	if sw.MemPerConnectionKB != 0 {
		fmt.Fprintf(w, "Server memory per connection: %.0f KB (slope of its memory against the thread count).\n", sw.MemPerConnectionKB)
	}
	if sw.Interrupted {
		fmt.Fprintf(w, "Interrupted after %d steps; the finished steps are saved.\n", len(sw.Steps))
	}
}
