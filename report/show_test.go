package report

import (
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// TestShow: a saved run is its heading, then its summary as a run prints
// it.
func TestShow(t *testing.T) {
	r := fixedRun("postgres", 4, 100)
	var got, summary strings.Builder
	Show(&got, results.Named{Name: "#7", Result: r}, "2030-01-02 03:04:05")
	Summary(&summary, r, false)
	heading := "Run #7: oltp_read_write on postgres (" + r.Target.URL + "), 4 threads, started 2030-01-02 03:04:05 UTC\n\n"
	if !strings.HasPrefix(got.String(), heading+summary.String()) {
		t.Errorf("Show printed:\n%s", got.String())
	}
}
