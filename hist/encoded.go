package hist

import (
	"errors"
	"fmt"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

// Encoded merges and reads histograms in their encoded form (HDR V2, as
// Encode writes them): what merging saved results needs. It holds nothing;
// the zero value is ready to use.
type Encoded struct{}

// Merge decodes every non-empty histogram of encoded, merges them exactly
// into one of the standard geometry and returns it encoded; nil when none
// holds anything.
func (Encoded) Merge(encoded ...[]byte) ([]byte, error) {
	var sum *hdr.PackedHistogram
	for _, b := range encoded {
		if len(b) == 0 {
			continue
		}
		h, err := Decode(b)
		if err != nil {
			return nil, fmt.Errorf("decode histogram: %w", err)
		}
		if sum == nil {
			sum = New()
		}
		if dropped := sum.Merge(h); dropped > 0 {
			return nil, fmt.Errorf("histogram holds %d values outside 1 ns to 1 h: not one dbgauge wrote", dropped)
		}
	}
	if sum == nil {
		return nil, nil
	}
	return Encode(sum)
}

// Digest reads an encoded histogram: its count, its values at pcts and its
// standard deviation, in milliseconds (percentiles as Percentile reports
// them). An empty encoding is an empty histogram.
func (Encoded) Digest(encoded []byte, pcts []float64) (count int64, pctMs []float64, stddevMs float64, err error) {
	pctMs = make([]float64, len(pcts))
	if len(encoded) == 0 {
		return 0, pctMs, 0, nil
	}
	h, err := Decode(encoded)
	if err != nil {
		return 0, nil, 0, fmt.Errorf("decode histogram: %w", err)
	}
	if h == nil {
		return 0, nil, 0, errors.New("decode histogram: empty")
	}
	for i, p := range pcts {
		pctMs[i] = Percentile(h, p)
	}
	return h.TotalCount(), pctMs, h.StdDev() / 1e6, nil
}
