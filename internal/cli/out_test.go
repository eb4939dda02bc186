package cli

import (
	"reflect"
	"testing"

	"github.com/dbgauge/dbgauge/session"
)

func TestOutFlag(t *testing.T) {
	o := newOptions()
	f := outFlag{o}
	for _, s := range []string{"a.json", "csv=b.csv", "JSON=c.json", "./x=y"} {
		if err := f.Set(s); err != nil {
			t.Fatalf("Set(%q): %v", s, err)
		}
	}
	want := []session.Output{{Format: "json", Path: "a.json"}, {Format: "csv", Path: "b.csv"}, {Format: "json", Path: "c.json"}, {Format: "json", Path: "./x=y"}}
	if !reflect.DeepEqual(o.outs, want) {
		t.Fatalf("outs = %v, want %v", o.outs, want)
	}
	if o.out != "a.json" {
		t.Fatalf("out = %q, want the first JSON file", o.out)
	}
	for _, bad := range []string{"xml=a.xml", "csv="} {
		if err := f.Set(bad); err == nil {
			t.Errorf("Set(%q) accepted it", bad)
		}
	}
	if got := o.finish().Outputs; !reflect.DeepEqual(got, want) {
		t.Fatalf("finish().Outputs = %v", got)
	}
}

func TestParseThresholdsWordsTheFlag(t *testing.T) {
	o := newOptions()
	o.thresholdExprs = []string{"p99<5ms", "tps"}
	err := o.parseThresholds()
	if err == nil || codeOf(err) != ExitUsage || err.Error()[:len(`--threshold "tps"`)] != `--threshold "tps"` {
		t.Fatalf("parseThresholds = %v", err)
	}
	o.thresholdExprs = []string{"p99<5ms", "select.p95<10ms"}
	if err := o.parseThresholds(); err != nil || len(o.thresholds) != 2 || o.thresholds[1].Op != "select" {
		t.Fatalf("parseThresholds = %v, %+v", err, o.thresholds)
	}
}
