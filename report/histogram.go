package report

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
)

// sysbench's histogram: 1024 logarithmic buckets from 0.001 ms to 100 s.
const (
	sbBuckets = 1024
	sbLow     = 0.001
	sbHigh    = 1e5
)

// Histogram prints the transactions' latency histogram in sysbench's
// --histogram layout: only non-empty buckets, 40-character bars.
func Histogram(w io.Writer, r *results.Result) {
	fmt.Fprintf(w, "Latency histogram (values are in milliseconds)\n")
	h, err := hist.Decode(r.Histogram)
	if err == nil && h.TotalCount() > 0 {
		deduct := math.Log(sbLow)
		mult := (sbBuckets - 1) / (math.Log(sbHigh) - deduct)
		var counts [sbBuckets]int64
		h.ForEachBucket(func(value, count int64) bool {
			v := float64(value) / 1e6
			i := sbBuckets - 1
			if v > 0 {
				i = int(math.Floor((math.Log(v)-deduct)*mult + 0.5))
			}
			counts[min(max(i, 0), sbBuckets-1)] += count
			return true
		})
		var maxc int64
		for _, c := range counts {
			maxc = max(maxc, c)
		}
		fmt.Fprintf(w, "       value  ------------- distribution ------------- count\n")
		for i, c := range counts {
			if c == 0 {
				continue
			}
			stars := int(math.Floor(float64(c)*40/float64(maxc) + 0.5))
			fmt.Fprintf(w, "%12.3f |%-40s %d\n", math.Exp(float64(i)/mult+deduct), strings.Repeat("*", stars), c)
		}
	}
	fmt.Fprintf(w, " \n")
}
