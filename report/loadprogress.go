package report

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"
)

// LoadProgress shows loading: a redrawn bar on a terminal, plain lines (one per
// finished table) otherwise, so logs stay readable.
type LoadProgress struct {
	w      io.Writer
	tty    bool
	total  int64
	tables map[string]int64
	last   time.Time
	start  time.Time
	// before are the rows a resumed load found in: not in the rate.
	before int64
}

// NewLoadProgress is the LoadProgress of a load of totalRows, shown on w.
func NewLoadProgress(w io.Writer, totalRows int64) *LoadProgress {
	tty := false
	if f, ok := w.(*os.File); ok {
		tty = term.IsTerminal(int(f.Fd()))
	}
	return &LoadProgress{w: w, tty: tty, total: totalRows, tables: map[string]int64{}, start: time.Now()}
}

// Update is a load.Progress; calls are serialised by the loader.
func (p *LoadProgress) Update(table string, rows, total int64) {
	p.tables[table] = rows
	if total < 0 {
		p.before += rows
		return
	}
	now := time.Now()
	var done int64
	for _, n := range p.tables {
		done += n
	}
	rate := float64(done-p.before) / max(now.Sub(p.start).Seconds(), 1e-9)
	if !p.tty {
		if rows == total {
			fmt.Fprintf(p.w, "Loaded %d rows into %s (all tables: %.0f rows/s)\n", rows, table, rate)
		}
		return
	}
	if now.Sub(p.last) < 100*time.Millisecond && done < p.total {
		return
	}
	p.last = now
	frac := 0.0
	if p.total > 0 {
		frac = float64(done) / float64(p.total)
	}
	bar := strings.Repeat("=", int(frac*30)) + strings.Repeat(" ", 30-int(frac*30))
	fmt.Fprintf(p.w, "\rLoading [%s] %5.1f%% %d/%d rows, %.0f rows/s ", bar, frac*100, done, p.total, rate)
}

// Finish ends the bar line.
func (p *LoadProgress) Finish() {
	if p.tty {
		fmt.Fprintln(p.w)
	}
}
