package store

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// WriteList prints the runs as a table, numbers right-aligned.
func WriteList(w io.Writer, runs []Run) {
	header := []string{"ID", "STARTED (UTC)", "WORKLOAD", "DRIVER", "THREADS", "RATE", "TIME", "TPS", "QPS", "P95 MS", "P99 MS", "MAX MS", "ERRORS", "NOTE", "FOLDER"}
	right := map[int]bool{0: true, 4: true, 5: true, 6: true, 7: true, 8: true, 9: true, 10: true, 11: true, 12: true}
	rows := [][]string{header}
	for _, r := range runs {
		started := UTCTime(r.StartedAt)
		rate := "-"
		if r.Rate > 0 {
			rate = fmt.Sprintf("%g", r.Rate)
		}
		rows = append(rows, []string{fmt.Sprint(r.ID), started, r.Workload, r.Driver, fmt.Sprint(r.Threads), rate,
			fmt.Sprintf("%.1f", r.DurationS), fmt.Sprintf("%.2f", r.TPS), fmt.Sprintf("%.2f", r.QPS),
			fmt.Sprintf("%.3f", r.P95Ms), fmt.Sprintf("%.3f", r.P99Ms), fmt.Sprintf("%.3f", r.MaxMs),
			fmt.Sprint(r.Errors), runNote(r), displayPath(r.Folder)})
	}
	widths := make([]int, len(header))
	for _, row := range rows {
		for i, c := range row {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for i, c := range row {
			pad := strings.Repeat(" ", widths[i]-len([]rune(c)))
			if i > 0 {
				b.WriteString("  ")
			}
			if right[i] {
				b.WriteString(pad + c)
			} else if i < len(row)-1 {
				b.WriteString(c + pad)
			} else {
				b.WriteString(c)
			}
		}
		fmt.Fprintln(w, b.String())
	}
}

// UTCTime shows a result's RFC 3339 time to the second, in UTC.
func UTCTime(s string) string {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC().Format("2006-01-02 15:04:05")
	}
	return s
}

// runNote flags what a reader of the list must know about a run.
func runNote(r Run) string {
	var notes []string
	switch {
	case r.Interrupted:
		notes = append(notes, "interrupted")
	case r.Aborted:
		notes = append(notes, "aborted")
	}
	if f := r.ThresholdsFailed; f != nil {
		if *f > 0 {
			notes = append(notes, fmt.Sprintf("%d thresholds failed", *f))
		} else {
			notes = append(notes, "thresholds ok")
		}
	}
	if _, err := os.Stat(r.Folder); err != nil {
		notes = append(notes, "folder gone")
	}
	if len(notes) == 0 {
		return "-"
	}
	return strings.Join(notes, ", ")
}

// displayPath shows a folder relative to the current directory when it is
// below it.
func displayPath(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}
