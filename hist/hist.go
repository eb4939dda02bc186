// Package hist owns latency measurement: HDR histograms with 3 significant
// digits, per operation with an error twin, grouped in a Set that one worker
// records into; Sets merge exactly and encode to the standard HDR V2 format so
// results from several runs or machines can be merged without loss.
//
// hist imports no other dbgauge package.
package hist

import (
	"time"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

// Geometry of every histogram. Values are nanoseconds: with a lowest
// discernible value of 1 ns, three significant digits hold over the whole range,
// so a 5.4 µs in-process SQLite point select is not rounded to 5 µs as it
// would be with a microsecond unit. Anything above one hour is clamped and
// counted in Clamped.
const (
	Lowest  int64 = 1
	Highest int64 = int64(time.Hour)
	SigFigs       = 3
)

// New returns an empty histogram of the standard geometry. Packed storage grows
// with the populated buckets only (a few KB for typical latencies), so memory
// stays flat however long a run lasts and however many workers it has.
func New() *hdr.PackedHistogram {
	return hdr.NewPacked(Lowest, Highest, SigFigs)
}

// Clamp bounds a duration in nanoseconds to the trackable range.
func Clamp(ns int64) (v int64, clamped bool) {
	if ns < Lowest {
		return Lowest, false
	}
	if ns > Highest {
		return Highest, true
	}
	return ns, false
}

// Summary is the latency digest reports show, in milliseconds.
type Summary struct {
	Count  int64
	Min    float64
	Avg    float64
	Max    float64
	Sum    float64
	Stddev float64
	// Pct holds the values at Percentiles, in the same order.
	Pct []float64
}

// Percentiles every report shows beyond sysbench's single --percentile.
var Percentiles = []float64{50, 90, 95, 99, 99.9}

// Summarize digests the successes of o: exact min, average, maximum and sum,
// percentiles from the histogram.
func Summarize(o *Op, pcts []float64) Summary {
	h := o.OK()
	s := Summary{Count: h.TotalCount(), Pct: make([]float64, len(pcts))}
	if s.Count == 0 {
		return s
	}
	s.Min = ms(o.MinNs)
	s.Max = ms(o.MaxNs)
	s.Sum = ms(o.SumNs)
	// Integer division of the exact sum, as sysbench computes its average.
	s.Avg = ms(o.SumNs / s.Count)
	s.Stddev = h.StdDev() / 1e6
	vals := h.ValueAtPercentilesSlice(pcts)
	for i, v := range vals {
		// A bucket's highest equivalent value can lie above the exact
		// maximum; no percentile can.
		s.Pct[i] = ms(min(max(v, o.MinNs), o.MaxNs))
	}
	return s
}

// Percentile returns the value at p in milliseconds, 0 for an empty histogram.
func Percentile(h *hdr.PackedHistogram, p float64) float64 {
	if h == nil || h.TotalCount() == 0 {
		return 0
	}
	return ms(h.ValueAtPercentile(p))
}

func ms(ns int64) float64 { return float64(ns) / 1e6 }

// Decode reads a histogram written by Encode (or by any V2 writer).
func Decode(b []byte) (*hdr.PackedHistogram, error) { return hdr.DecodePacked(b) }
