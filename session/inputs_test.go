package session

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/experiment"
)

func TestOutputs(t *testing.T) {
	in := NewInputs()
	st, _ := FindSetting("out")
	for _, s := range []string{"a.json", "csv=b.csv", "JSON=c.json", "./x=y"} {
		if err := SetSetting(in, st, s, true); err != nil {
			t.Fatalf("Set(%q): %v", s, err)
		}
	}
	want := []Output{{"json", "a.json"}, {"csv", "b.csv"}, {"json", "c.json"}, {"json", "./x=y"}}
	if !reflect.DeepEqual(in.Outputs, want) {
		t.Fatalf("outputs = %v, want %v", in.Outputs, want)
	}
	if in.JSONOut() != "a.json" {
		t.Fatalf("JSONOut = %q, want the first JSON file", in.JSONOut())
	}
	for _, bad := range []string{"xml=a.xml", "csv="} {
		if err := SetSetting(in, st, bad, true); err == nil {
			t.Errorf("Set(%q) accepted it", bad)
		}
	}
	if got := in.Finish().Outputs; !reflect.DeepEqual(got, want) {
		t.Fatalf("Finish().Outputs = %v", got)
	}
}

func TestThresholdsNameTheirSetting(t *testing.T) {
	in := NewInputs()
	in.Thresholds = []string{"p99<5ms", "tps"}
	err := in.ParseThresholds()
	var se *SettingError
	if !errors.As(err, &se) || KindOf(err) != Usage || !strings.HasPrefix(err.Error(), `threshold "tps"`) {
		t.Fatalf("ParseThresholds = %v", err)
	}
	in.Thresholds = []string{"p99<5ms", "select.p95<10ms"}
	if err := in.ParseThresholds(); err != nil || len(in.Finish().Thresholds) != 2 || in.Finish().Thresholds[1].Op != "select" {
		t.Fatalf("ParseThresholds = %v, %+v", err, in.Finish().Thresholds)
	}
}

// TestSetSetting: a setting's text parses as its flag's does, and a value
// that does not parse leaves the default.
func TestSetSetting(t *testing.T) {
	in := NewInputs()
	set := func(name, text string, changed bool) error {
		st, ok := FindSetting(name)
		if !ok {
			t.Fatalf("no setting %s", name)
		}
		return SetSetting(in, st, text, changed)
	}
	for _, c := range [][2]string{{"threads", "0x10"}, {"rate", "2.5"}, {"histogram", "true"}, {"seed", "7"},
		{"events", "9"}, {"web_linger", "2s"}, {"server-set", "a=1"}} {
		if err := set(c[0], c[1], false); err != nil {
			t.Fatalf("%s %s: %v", c[0], c[1], err)
		}
	}
	if s := in.Spec; s.Users != 16 || s.Rate != 2.5 || !s.Histogram || s.Seed != 7 || s.Events != 9 || in.WebLinger.Seconds() != 2 || len(s.ServerSet) != 1 {
		t.Fatalf("inputs = %+v", in)
	}
	if err := set("time", "soon", false); err == nil || in.Spec.TimeS != DefaultTime {
		t.Fatalf("time soon: %v, time %d", err, in.Spec.TimeS)
	}
	set("threshold", "tps>1", false)
	set("threshold", "p99<5ms", true)
	set("server-set", "A=2", true)
	if len(in.Thresholds) != 2 || len(in.Spec.ServerSet) != 1 || in.Spec.ServerSet[0].Value != "2" {
		t.Fatalf("repeatable settings: %v %v", in.Thresholds, in.Spec.ServerSet)
	}
	for name, want := range map[string]string{"time": "int", "events": "int64", "seed": "uint64", "rate": "float64",
		"connections": "int", "out": "[FORMAT=]FILE", "server-set": "NAME=VALUE", "threshold": "stringArray", "web-linger": "duration", "think": "string"} {
		if st, _ := FindSetting(name); st.TypeName() != want {
			t.Errorf("%s: type %s, want %s", name, st.TypeName(), want)
		}
	}
}

func TestSimpleProtocolIsPostgreSQLs(t *testing.T) {
	in := NewInputs()
	in.DB, in.SimpleProtocol = "sqlite:x.db", true
	if _, err := in.Target(); err == nil || err.Error() != "pg-simple-protocol applies to PostgreSQL only, not sqlite" {
		t.Fatalf("Target = %v", err)
	}
}

func TestStorePath(t *testing.T) {
	t.Setenv(StoreEnv, "")
	if got := StorePath("", "r"); got != filepath.Join("r", StoreFile) {
		t.Errorf("default store %q", got)
	}
	t.Setenv(StoreEnv, "env.sqlite")
	if StorePath("", "r") != "env.sqlite" || StorePath("flag.sqlite", "r") != "flag.sqlite" {
		t.Errorf("the flag, then the variable, name the store")
	}
}

// TestPlanExperiment: an entry's keys mean what the flags mean, and every
// problem of the file is reported at its line.
func TestPlanExperiment(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "x.yaml")
	os.WriteFile(file, []byte(`name: x
targets:
  lite: sqlite:`+filepath.Join(dir, "x.db")+`
defaults:
  time: 3
  threshold: "tps>1"
  server-set.cache_size: 100
steps:
  - workload: kv_get
    set:
      record_count: 50
      threads: 2
    matrix:
      seed: [1, 2]
`), 0o644)
	_, runs, err := PlanExperiment(file, "rd", func(err error) string { return err.Error() })
	if err != nil || len(runs) != 2 {
		t.Fatalf("PlanExperiment = %d runs, %v", len(runs), err)
	}
	s := runs[1].Spec
	if s.TimeS != 3 || s.Users != 2 || s.Seed != 2 || s.Options["record-count"] != "50" || s.ResultsDir != "rd" ||
		len(s.Finish.Thresholds) != 1 || len(s.ServerSet) != 1 || s.ServerSet[0].String() != "cache_size=100" || runs[1].Params != "seed=2" {
		t.Fatalf("run 2: %+v", runs[1])
	}
	os.WriteFile(file, []byte(`targets:
  lite: sqlite:x.db
defaults:
  time: soon
  db: sqlite:y.db
steps:
  - workload: oltp_read_only
    set:
      record-count: 10
      tabels: 2
  - workload: no_such_workload
`), 0o644)
	f, _, err := PlanExperiment(file, "rd", func(err error) string { return "<" + err.Error() + ">" })
	var errs *experiment.Errors
	if f == nil || !errors.As(err, &errs) {
		t.Fatalf("PlanExperiment = %v", err)
	}
	want := []string{`x.yaml:4: time: "soon" is not a valid int`,
		"x.yaml:5: db cannot be set in an experiment file",
		"x.yaml:9: record-count is not an option of oltp_read_only",
		`x.yaml:10: unknown option "tabels"`,
		`x.yaml:11: unknown workload "no_such_workload"`}
	lines := errs.Lines()
	if len(lines) != len(want) {
		t.Fatalf("errors:\n%s", errs)
	}
	for i, w := range want {
		if !strings.HasPrefix(filepath.Base(lines[i]), w) {
			t.Errorf("error %d = %q, want %q…", i, lines[i], w)
		}
	}
}
