package cli

import "github.com/dbgauge/dbgauge/results"

// parseThresholds parses every --threshold at startup: bad syntax or an
// unknown metric is a usage error.
func (o *options) parseThresholds() error {
	o.thresholds = nil
	for _, s := range o.thresholdExprs {
		t, err := results.ParseThreshold(s)
		if err != nil {
			return usageErr("--threshold %q: %v", s, err)
		}
		o.thresholds = append(o.thresholds, t)
	}
	return nil
}
