package testenv

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// recorder is a testing.TB that records how a gate ended the test: Fatalf
// and Skip stop its goroutine as the real ones do.
type recorder struct {
	testing.TB
	fatal, skip string
	logs        []string
}

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	runtime.Goexit()
}
func (r *recorder) Skip(args ...any) { r.skip = fmt.Sprint(args...); runtime.Goexit() }
func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

// gate runs f on a recorder in a goroutine of its own, as the testing
// package runs a test.
func gate(f func(testing.TB)) *recorder {
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r
}

func TestURL(t *testing.T) {
	t.Setenv("DBGAUGE_TEST_X", "")
	for _, ci := range []string{"", "true"} {
		t.Setenv("CI", ci)
		var got string
		r := gate(func(tb testing.TB) { got = URL(tb, "DBGAUGE_TEST_X") + "returned" })
		switch {
		case got != "":
			t.Errorf("CI=%q: URL returned %q for an empty variable", ci, got)
		case ci == "" && (r.fatal != "" || !strings.HasPrefix(r.skip, "SKIPPED: DBGAUGE_TEST_X is not set; run scripts/test")):
			t.Errorf("locally: fatal %q, skip %q: want a skip naming the variable", r.fatal, r.skip)
		case ci != "" && (r.skip != "" || !strings.Contains(r.fatal, "DBGAUGE_TEST_X is not set") || !strings.Contains(r.fatal, "CI must run every test")):
			t.Errorf("under CI: fatal %q, skip %q: want a failure naming the variable", r.fatal, r.skip)
		}
	}
	t.Setenv("DBGAUGE_TEST_X", "postgres://u@127.0.0.1:1/x")
	var got string
	r := gate(func(tb testing.TB) { got = URL(tb, "DBGAUGE_TEST_X") })
	if got != "postgres://u@127.0.0.1:1/x" || r.fatal+r.skip != "" {
		t.Errorf("set: URL = %q, fatal %q, skip %q", got, r.fatal, r.skip)
	}
}

func TestURLs(t *testing.T) {
	t.Setenv("DBGAUGE_TEST_A", "a://")
	t.Setenv("DBGAUGE_TEST_B", "")
	envs := map[string]string{"a": "DBGAUGE_TEST_A", "b": "DBGAUGE_TEST_B"}
	t.Setenv("CI", "")
	var got map[string]string
	r := gate(func(tb testing.TB) { got = URLs(tb, envs) })
	if len(got) != 1 || got["a"] != "a://" || r.fatal+r.skip != "" ||
		len(r.logs) != 1 || !strings.HasPrefix(r.logs[0], "SKIPPED b: DBGAUGE_TEST_B is not set") {
		t.Errorf("locally: %v, fatal %q, skip %q, logs %q: want a's URL and b logged", got, r.fatal, r.skip, r.logs)
	}
	t.Setenv("CI", "true")
	got = nil
	r = gate(func(tb testing.TB) { got = URLs(tb, envs) })
	if got != nil || !strings.Contains(r.fatal, "DBGAUGE_TEST_B is not set") {
		t.Errorf("under CI: %v, fatal %q: want a failure naming DBGAUGE_TEST_B", got, r.fatal)
	}
}

func TestSkipEverywhere(t *testing.T) {
	t.Setenv("CI", "true")
	r := gate(func(tb testing.TB) { Skip(tb, "no %s here", "Oracle") })
	if r.fatal != "" || r.skip != "SKIPPED: no Oracle here" {
		t.Errorf("fatal %q, skip %q", r.fatal, r.skip)
	}
}
