package report

import (
	"bufio"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

var (
	omMeta   = regexp.MustCompile(`^# (TYPE|HELP|UNIT) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$`)
	omSample = regexp.MustCompile(`^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"(?:,|))*\})? (\S+)$`)
	omTypes  = map[string]bool{"counter": true, "gauge": true, "info": true, "summary": true, "histogram": true, "unknown": true, "stateset": true, "gaugehistogram": true}
)

// checkOpenMetrics parses text as OpenMetrics' text exposition: metadata
// before its samples, sample names that belong to their family (_total for
// counters, _info for info), numeric values, no family twice, no sample
// twice, and # EOF at the very end.
func checkOpenMetrics(text string) (map[string]float64, error) {
	if !strings.HasSuffix(text, "# EOF\n") {
		return nil, fmt.Errorf("does not end with # EOF")
	}
	body := strings.TrimSuffix(text, "# EOF\n")
	types := map[string]string{}
	samples := map[string]float64{}
	current := ""
	sc := bufio.NewScanner(strings.NewReader(body))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if m := omMeta.FindStringSubmatch(line); m != nil {
			if m[1] == "TYPE" {
				if _, dup := types[m[2]]; dup {
					return nil, fmt.Errorf("line %d: family %s declared twice", n, m[2])
				}
				if !omTypes[m[3]] {
					return nil, fmt.Errorf("line %d: unknown type %q", n, m[3])
				}
				types[m[2]] = m[3]
			}
			current = m[2]
			continue
		}
		m := omSample.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("line %d is neither metadata nor a sample: %q", n, line)
		}
		name := m[1]
		want := current
		switch types[current] {
		case "counter":
			want = current + "_total"
		case "info":
			want = current + "_info"
		}
		if name != want {
			return nil, fmt.Errorf("line %d: sample %s outside its family %s", n, name, current)
		}
		if _, err := strconv.ParseFloat(m[3], 64); err != nil {
			return nil, fmt.Errorf("line %d: value %q: %v", n, m[3], err)
		}
		key := name + m[2]
		if _, dup := samples[key]; dup {
			return nil, fmt.Errorf("line %d: sample %s twice", n, key)
		}
		samples[key], _ = strconv.ParseFloat(m[3], 64)
	}
	return samples, nil
}

func TestOpenMetrics(t *testing.T) {
	p := &Progress{Run: fixedRun("postgres", 4, 1000), Running: true}
	var b strings.Builder
	if err := OpenMetrics(&b, p); err != nil {
		t.Fatal(err)
	}
	if _, err := checkOpenMetrics(b.String()); err != nil {
		t.Fatalf("before any interval: %v\n%s", err, b.String())
	}
	for _, iv := range fixedRun("postgres", 4, 1000).Intervals[:3] {
		iv.Errors = map[string]int64{"deadlock": 2}
		iv.Ignored = map[string]int64{"lock_wait_timeout": 1}
		p.Add(iv)
	}
	p.Add(results.Interval{T: -1, DurS: 1, Warmup: true, Transactions: 999}) // not counted
	p.Run.Run.Percentile = 99                                                // same quantile as p99: written once
	b.Reset()
	OpenMetrics(&b, p)
	got, err := checkOpenMetrics(b.String())
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	for k, v := range map[string]float64{
		"dbgauge_transactions_total":                                        3000,
		"dbgauge_intervals_total":                                           3,
		`dbgauge_errors_total{class="deadlock",outcome="failed"}`:           6,
		`dbgauge_errors_total{class="lock_wait_timeout",outcome="ignored"}`: 3,
		"dbgauge_running":                                                   1,
		"dbgauge_warmup":                                                    1,
		"dbgauge_threads":                                                   0,
		`dbgauge_latency_ms{quantile="1"}`:                                  0,
		`dbgauge_run_info{workload="oltp_read_write",driver="postgres",threads="4"}`: 1,
	} {
		if g, ok := got[k]; !ok || g != v {
			t.Errorf("%s = %v (present %v), want %v", k, g, ok, v)
		}
	}
	if strings.Count(b.String(), `quantile="0.99"`) != 1 {
		t.Errorf("quantile 0.99 must appear once:\n%s", b.String())
	}
	if err := func() error { _, err := checkOpenMetrics("x 1\n"); return err }(); err == nil {
		t.Error("the checker accepts text without # EOF")
	}
}
