package report

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/dbgauge/dbgauge/results"
)

// CompareTable renders compare's side-by-side table on the terminal: which
// run is which, one row per metric with each run's value and its delta from
// A, "~" where the delta is within the run-to-run noise, then what makes
// the runs not comparable, if anything.
func CompareTable(w io.Writer, c *results.Comparison) {
	fmt.Fprintf(w, "Runs (deltas are relative to A):\n")
	for i, n := range c.Runs {
		fmt.Fprintf(w, "  %-2s %s\n", c.Labels[i], compareRunLine(n))
	}
	fmt.Fprintln(w)

	const nameW, valW, deltaW = 26, 12, 12
	fmt.Fprintf(w, "%-*s", nameW, "metric")
	for i, l := range c.Labels {
		fmt.Fprintf(w, " %*s", valW, l)
		if i > 0 {
			fmt.Fprintf(w, " %*s", deltaW, l+" vs A")
		}
	}
	fmt.Fprintln(w)
	marked := false
	for _, row := range c.Rows {
		name := row.Name
		if row.Unit != "count" {
			name += " (" + row.Unit + ")"
		}
		line := fmt.Sprintf("%-*s", nameW, name)
		for i, v := range row.Values {
			line += fmt.Sprintf(" %*s", valW, compareValue(v, row.Unit))
			if i == 0 {
				continue
			}
			d := row.Deltas[i]
			mark := "  "
			if d.Noise == results.WithinNoise {
				mark, marked = " ~", true
			}
			line += fmt.Sprintf(" %*s%s", deltaW-2, compareDelta(d, row), mark)
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	fmt.Fprintln(w)
	if marked {
		fmt.Fprintf(w, "~ within run-to-run noise: the runs' per-interval means differ by less than t(95%%)·√(sA²/nA + sB²/nB),\n")
		fmt.Fprintf(w, "  n discounted for the correlation of neighbouring intervals; on that metric the runs cannot be told apart.\n")
	}
	for _, note := range c.NoiseNotes {
		fmt.Fprintf(w, "Noise not judged: %s.\n", note)
	}
	if len(c.Differences) > 0 {
		fmt.Fprintf(w, "Not comparable: the runs differ in more than the database:\n")
		for _, d := range c.Differences {
			fmt.Fprintf(w, "    %s\n", d)
		}
	}
}

// compareRunLine says what a run was: its name, workload, database,
// threads, rate, length and start.
func compareRunLine(n results.Named) string {
	r := n.Result
	db := r.Target.Driver
	if r.Target.ServerVersion != "" {
		db += " " + r.Target.ServerVersion
	}
	parts := []string{n.Name, r.Workload.Name + " on " + db, fmt.Sprintf("%d threads", r.Run.Threads)}
	if r.Run.Rate > 0 {
		parts = append(parts, fmt.Sprintf("rate %g/s", r.Run.Rate))
	}
	if l := settingsLabel(r); l != "" {
		parts = append(parts, "server "+l)
	}
	parts = append(parts, fmt.Sprintf("%.1f s", r.Totals.DurationS))
	if t, err := time.Parse(time.RFC3339Nano, r.StartedAt); err == nil {
		parts = append(parts, "started "+t.UTC().Format("2006-01-02 15:04:05")+" UTC")
	}
	switch {
	case r.Interrupted:
		parts = append(parts, "interrupted")
	case r.Aborted != "":
		parts = append(parts, "aborted")
	}
	return strings.Join(parts, ", ")
}

func compareValue(v float64, unit string) string {
	if math.IsNaN(v) {
		return "-"
	}
	switch unit {
	case "ms":
		return fmt.Sprintf("%.3f", v)
	case "count":
		return fmt.Sprintf("%.0f", v)
	case "%", "MB":
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

func compareDelta(d results.CompareDelta, row results.CompareRow) string {
	switch {
	case math.IsNaN(d.Abs):
		return "-"
	case row.Kind == results.Relative && !math.IsNaN(d.Pct):
		return fmt.Sprintf("%+.1f%%", d.Pct)
	case row.Unit == "%":
		return fmt.Sprintf("%+.1f pt", d.Abs)
	case d.Abs < 0:
		return compareValue(d.Abs, row.Unit)
	}
	return "+" + compareValue(d.Abs, row.Unit)
}
