package report

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

func markdownOf(t *testing.T, d *Doc) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Markdown(&b, d); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestMarkdownRunGolden(t *testing.T) {
	golden(t, "run.md.golden", markdownOf(t, RunDoc(fixedRun("postgres", 4, 1200))))
}

func TestMarkdownSweepGolden(t *testing.T) {
	s, rs := fixedSweep()
	golden(t, "sweep.md.golden", markdownOf(t, SweepDoc(s, rs)))
}

func TestMarkdownCompareGolden(t *testing.T) {
	a, b := fixedRun("postgres", 4, 1200), fixedRun("mysql", 4, 1500)
	b.Target.ServerVersion = "10.11.6"
	b.Latency.P95 = 4.1
	rs := []*results.Result{a, b}
	golden(t, "compare.md.golden", markdownOf(t, CompareDoc(rs, RunLabels(rs, []string{"a", "b"}))))
}

// TestHTMLSelfContained checks that the page inlines everything: no
// element loads anything from a URL, and the data and uPlot are inside.
func TestHTMLSelfContained(t *testing.T) {
	s, rs := fixedSweep()
	for name, d := range map[string]*Doc{"run": RunDoc(rs[2]), "sweep": SweepDoc(s, rs), "live": LiveDoc(rs[0])} {
		var b bytes.Buffer
		if err := HTML(&b, d); err != nil {
			t.Fatal(err)
		}
		page := b.String()
		for _, bad := range []*regexp.Regexp{
			regexp.MustCompile(`<script[^>]+src=`), regexp.MustCompile(`<link[^>]+href="(?:https?:)?//`),
			regexp.MustCompile(`<img`), regexp.MustCompile(`@import`), regexp.MustCompile(`url\((?:["']?)(?:https?:)?//`),
		} {
			if loc := bad.FindStringIndex(page); loc != nil {
				t.Errorf("%s: the page loads something from outside: %q", name, page[loc[0]:min(loc[1]+60, len(page))])
			}
		}
		for _, want := range []string{"uPlot", `id="doc"`, "Content-Security-Policy", d.Title} {
			if !strings.Contains(page, want) {
				t.Errorf("%s: the page lacks %q", name, want)
			}
		}
		if strings.Contains(page, "{{") {
			t.Errorf("%s: a placeholder was left in the page", name)
		}
	}
}

// TestEmptyInputs: results with nothing in them render without a panic.
func TestEmptyInputs(t *testing.T) {
	empty := &results.Result{}
	docs := []*Doc{
		RunDoc(empty), LiveDoc(empty),
		SweepDoc(&results.Sweep{}, nil),
		SweepDoc(&results.Sweep{Parameter: "db", Steps: []results.SweepStep{{Value: "a"}}}, []*results.Result{nil}),
		SweepDoc(&results.Sweep{Parameter: "table-size", Steps: []results.SweepStep{{Value: "x"}, {Value: "y"}}}, []*results.Result{nil, empty}),
		CompareDoc([]*results.Result{empty, empty}, RunLabels([]*results.Result{empty, empty}, nil)),
		ExperimentDoc(&results.Experiment{}, nil),
		ExperimentDoc(&results.Experiment{Runs: []results.ExperimentRun{{Step: 1}, {Step: 2}}}, []*results.Result{empty, nil}),
	}
	for i, d := range docs {
		var b bytes.Buffer
		if err := Markdown(&b, d); err != nil {
			t.Errorf("doc %d: %v", i, err)
		}
		if err := HTML(&b, d); err != nil {
			t.Errorf("doc %d: %v", i, err)
		}
	}
}
