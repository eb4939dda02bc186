package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// TestFigures: a workload's figures reach the summary (after sysbench's
// sections), the report's table, a chart each, and the chart points.
func TestFigures(t *testing.T) {
	t.Parallel()
	r := fixedRun("postgres", 4, 1200)
	r.Workload.Name = "tpcc"
	r.Figures = []results.Figure{{Name: "tpmC", Value: 12345.6, Unit: "New-Orders/min"}, {Name: "NOPM", Value: 12000, Unit: "orders/min"}}
	for i := range r.Intervals {
		r.Intervals[i].Figures = map[string]float64{"tpmC": float64(1000 * (i + 1))}
	}
	var text bytes.Buffer
	Summary(&text, r, false)
	out := text.String()
	fig := strings.Index(out, "tpcc figures:\n    tpmC:")
	if fig < 0 || !strings.Contains(out, "12345.60  New-Orders/min") || strings.Index(out, "Threads fairness:") > fig {
		t.Fatalf("figures missing or before sysbench's sections:\n%s", out)
	}
	charts := FigureCharts(r)
	if len(charts) != 1 || charts[0].Series[0].Field != "fig_tpmC" {
		t.Fatalf("charts %+v: want one, of tpmC (NOPM has no interval values)", charts)
	}
	p := PointOf(r.Intervals[1])
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if m["fig_tpmC"] != 2000.0 || m["tps"] == nil {
		t.Fatalf("point %s: want fig_tpmC 2000 beside the other fields", b)
	}
	ps := Downsample([]Point{PointOf(r.Intervals[0]), PointOf(r.Intervals[1])}, 1)
	if ps[0].Figures["tpmC"] != 1500 {
		t.Errorf("downsampled tpmC %v, want the mean 1500", ps[0].Figures["tpmC"])
	}
	var md bytes.Buffer
	if err := Markdown(&md, RunDoc(r)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| tpmC | 12,346 | New-Orders/min |") || !strings.Contains(md.String(), "tpmC over time") {
		t.Errorf("report without the figures table or chart:\n%s", md.String())
	}
}
