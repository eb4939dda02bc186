package report

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// fmtNum writes a rate or count the way a report reads it: thousands
// separated, decimals only where they matter (1,234 · 56.7 · 3.21).
func fmtNum(v float64) string {
	switch a := math.Abs(v); {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return "n/a"
	case a >= 100:
		return fmtGroup(strconv.FormatFloat(math.Round(v), 'f', 0, 64))
	case a >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	default:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
}

// fmtCount writes an integer with thousands separators.
func fmtCount(n int64) string { return fmtGroup(strconv.FormatInt(n, 10)) }

// fmtMs writes a latency in milliseconds with three significant digits at most.
func fmtMs(v float64) string {
	switch a := math.Abs(v); {
	case a >= 100:
		return fmtGroup(strconv.FormatFloat(math.Round(v), 'f', 0, 64))
	case a >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	case a >= 1:
		return strconv.FormatFloat(v, 'f', 2, 64)
	default:
		return strconv.FormatFloat(v, 'f', 3, 64)
	}
}

// fmtPct writes a percentage: 2 decimals under 1, 1 under 10, none above.
func fmtPct(v float64) string {
	if a := math.Abs(v); a < 1 && a > 0 {
		return strconv.FormatFloat(v, 'f', 2, 64) + "%"
	}
	if math.Abs(v) < 10 {
		return strconv.FormatFloat(v, 'f', 1, 64) + "%"
	}
	return strconv.FormatFloat(math.Round(v), 'f', 0, 64) + "%"
}

// fmtTimes writes a ratio: 3.1×.
func fmtTimes(v float64) string {
	if v >= 10 {
		return fmtGroup(strconv.FormatFloat(math.Round(v), 'f', 0, 64)) + "×"
	}
	return strconv.FormatFloat(v, 'f', 1, 64) + "×"
}

// fmtSigned writes a relative change in percent with its sign: +12%, −8.5%.
func fmtSigned(v float64) string {
	s := fmtPct(math.Abs(v))
	if v < 0 && s != "0.0%" && s != "0.00%" {
		return "−" + s
	}
	return "+" + s
}

// fmtGroup puts thousands separators into a formatted integer.
func fmtGroup(s string) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "−" + b.String()
	}
	return b.String()
}

// pctLabel names the run's percentile: p95, p99.9.
func pctLabel(p float64) string {
	if p <= 0 {
		p = 95
	}
	return "p" + strconv.FormatFloat(p, 'f', -1, 64)
}

// fmtTime writes a saved RFC 3339 time to the second: 2026-01-02 03:04:05Z.
func fmtTime(s string) string {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return s
	}
	return t.Format("2006-01-02 15:04:05Z07:00")
}

// fmtSeconds writes a duration in seconds.
func fmtSeconds(s float64) string {
	if s >= 100 {
		return fmtGroup(strconv.FormatFloat(math.Round(s), 'f', 0, 64)) + " s"
	}
	return strconv.FormatFloat(s, 'f', 1, 64) + " s"
}

// fmtCommand shows a recorded command line with the program's name instead of
// the path it was started from.
func fmtCommand(line string) string {
	f := strings.SplitN(line, " ", 2)
	if len(f) == 0 || f[0] == "" {
		return line
	}
	f[0] = filepath.Base(f[0])
	return strings.Join(f, " ")
}

// fmtPlural writes "1 thread" or "8 threads".
func fmtPlural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%s %ss", fmtCount(n), word)
}
