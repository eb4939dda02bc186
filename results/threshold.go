package results

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Threshold is one --threshold: a metric of the run, or of one operation,
// compared with a limit, for example "p99<5ms", "tps>=1000" or
// "point_select.p95<2ms". Latencies are in milliseconds, error_rate in
// percent.
type Threshold struct {
	// Expr is the threshold as written, spaces removed.
	Expr string
	// Op is the operation's name (its key in result.json's ops); empty for
	// the whole run.
	Op     string
	Metric string
	// Cmp is <, <=, > or >=.
	Cmp   string
	Limit float64
}

// ThresholdOutcome is a threshold checked against a result, as saved in
// result.json.
type ThresholdOutcome struct {
	Expr     string  `json:"expr"`
	Measured float64 `json:"measured"`
	Unit     string  `json:"unit,omitempty"`
	Pass     bool    `json:"pass"`
	// Note says why a threshold could not be measured; it then fails.
	Note string `json:"note,omitempty"`
}

// metric is how one threshold metric is read from a result.
type metric struct {
	unit string
	// latency metrics take us, ms or s; percent metrics take an optional %.
	latency, percent bool
	// run and op read the metric for the whole run and for one operation
	// (nil: not available there). ok is false when nothing was measured.
	run func(r *Result) (v float64, ok bool)
	op  func(r *Result, o OpStat) (v float64, ok bool)
}

// ThresholdMetrics lists the threshold metrics in the order help shows them.
func ThresholdMetrics() []string {
	return []string{"tps", "qps", "avg", "min", "max", "p50", "p90", "p95", "p99", "p999", "errors", "error_rate", "reconnects"}
}

func latencyMetric(f func(Latency) float64) metric {
	return metric{unit: "ms", latency: true,
		run: func(r *Result) (float64, bool) { return f(r.Latency), r.Totals.Transactions > 0 },
		op:  func(_ *Result, o OpStat) (float64, bool) { return f(o.Latency), o.Count > 0 },
	}
}

// rate returns part/whole in percent; ok is false when whole is 0.
func rate(part, whole int64) (float64, bool) {
	if whole <= 0 {
		return 0, false
	}
	return 100 * float64(part) / float64(whole), true
}

// metricByName is the metric table. A function, not package state.
func metricByName(name string) (metric, bool) {
	switch name {
	case "tps":
		return metric{unit: "/s", run: func(r *Result) (float64, bool) { return r.Totals.TPS, true }}, true
	case "qps":
		return metric{unit: "/s",
			run: func(r *Result) (float64, bool) { return r.Totals.QPS, true },
			op: func(r *Result, o OpStat) (float64, bool) {
				if r.Totals.DurationS <= 0 {
					return 0, false
				}
				return float64(o.Count) / r.Totals.DurationS, true
			}}, true
	case "avg":
		return latencyMetric(func(l Latency) float64 { return l.Avg }), true
	case "min":
		return latencyMetric(func(l Latency) float64 { return l.Min }), true
	case "max":
		return latencyMetric(func(l Latency) float64 { return l.Max }), true
	case "p50":
		return latencyMetric(func(l Latency) float64 { return l.P50 }), true
	case "p90":
		return latencyMetric(func(l Latency) float64 { return l.P90 }), true
	case "p95":
		return latencyMetric(func(l Latency) float64 { return l.P95 }), true
	case "p99":
		return latencyMetric(func(l Latency) float64 { return l.P99 }), true
	case "p999":
		return latencyMetric(func(l Latency) float64 { return l.P999 }), true
	case "errors":
		return metric{
			run: func(r *Result) (float64, bool) { return float64(r.Totals.Errors), true },
			op:  func(_ *Result, o OpStat) (float64, bool) { return float64(o.Errors), true }}, true
	case "error_rate":
		// Failed transactions (operations) in percent of those tried:
		// committed plus failed. Ignored errors were retried, not failed.
		return metric{unit: "%", percent: true,
			run: func(r *Result) (float64, bool) {
				return rate(r.Totals.Errors, r.Totals.Transactions+r.Totals.Errors)
			},
			op: func(_ *Result, o OpStat) (float64, bool) { return rate(o.Errors, o.Count+o.Errors) }}, true
	case "reconnects":
		return metric{run: func(r *Result) (float64, bool) { return float64(r.Totals.Reconnects), true }}, true
	}
	return metric{}, false
}

// ParseThreshold parses [OPERATION.]METRIC OP VALUE[UNIT]: metrics tps,
// qps, avg, min, max, p50, p90, p95, p99, p999 (or p99.9), errors,
// error_rate, reconnects; operators <, <=, >, >=; latencies in us, ms
// (the default) or s; error_rate in percent, with or without %.
func ParseThreshold(s string) (Threshold, error) {
	expr := strings.Join(strings.Fields(s), "")
	// The last comparison sign: an operation named by its SQL may hold
	// < or > (a script's "SELECT c FROM t WHERE id<?"); a value never does.
	i := strings.LastIndexAny(expr, "<>")
	if i < 0 {
		return Threshold{}, fmt.Errorf("no comparison: want METRIC<VALUE or METRIC>VALUE, for example p99<5ms or tps>1000")
	}
	cmp := expr[i : i+1]
	rest := expr[i+1:]
	if strings.HasPrefix(rest, "=") {
		cmp += "="
		rest = rest[1:]
	}
	left := expr[:i]
	if strings.HasSuffix(left, "p99.9") {
		left = strings.TrimSuffix(left, "p99.9") + "p999"
	}
	if left == "" {
		return Threshold{}, fmt.Errorf("no metric before %s", cmp)
	}
	t := Threshold{Expr: expr, Cmp: cmp, Metric: left}
	if j := strings.LastIndex(left, "."); j >= 0 {
		t.Op, t.Metric = left[:j], left[j+1:]
		if t.Op == "" {
			return Threshold{}, fmt.Errorf("no operation name before .%s", t.Metric)
		}
	}
	m, ok := metricByName(t.Metric)
	if !ok {
		return Threshold{}, fmt.Errorf("unknown metric %q (metrics: %s; OPERATION.METRIC for one operation)", t.Metric, strings.Join(ThresholdMetrics(), ", "))
	}
	if t.Op != "" && m.op == nil {
		return Threshold{}, fmt.Errorf("%s applies to the whole run, not to an operation", t.Metric)
	}
	limit, err := parseLimit(rest, m)
	if err != nil {
		return Threshold{}, fmt.Errorf("%s: %w", t.Metric, err)
	}
	t.Limit = limit
	return t, nil
}

// parseLimit reads the value after the operator, in the metric's unit.
func parseLimit(s string, m metric) (float64, error) {
	num, scale := s, 1.0
	switch {
	case m.latency:
		for _, u := range []struct {
			suffix string
			ms     float64
		}{{"us", 1e-3}, {"µs", 1e-3}, {"ms", 1}, {"s", 1e3}} {
			if strings.HasSuffix(s, u.suffix) {
				num, scale = strings.TrimSuffix(s, u.suffix), u.ms
				break
			}
		}
	case m.percent:
		num = strings.TrimSuffix(s, "%")
	}
	if num == "" {
		return 0, fmt.Errorf("no value after the comparison")
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		want := "a number"
		switch {
		case m.latency:
			want = "a number with an optional unit us, ms or s"
		case m.percent:
			want = "a percentage"
		}
		return 0, fmt.Errorf("bad value %q: want %s", s, want)
	}
	return v * scale, nil
}

// Name is the threshold's metric as written: p99 or point_select.p99.
func (t Threshold) Name() string {
	if t.Op == "" {
		return t.Metric
	}
	return t.Op + "." + t.Metric
}

// Evaluate checks the threshold against r. A metric that could not be
// measured (no transactions, an operation that never ran) fails: a
// threshold passes only on evidence.
func (t Threshold) Evaluate(r *Result) ThresholdOutcome {
	out := ThresholdOutcome{Expr: t.Expr}
	m, ok := metricByName(t.Metric)
	if !ok {
		out.Note = "unknown metric"
		return out
	}
	out.Unit = m.unit
	var v float64
	if t.Op == "" {
		v, ok = m.run(r)
		if !ok {
			out.Note = "not measured: no transactions"
			return out
		}
	} else {
		o, found := r.Ops[t.Op]
		if found {
			v, ok = m.op(r, o)
		}
		if !found || !ok {
			out.Note = "not measured: operation " + t.Op + " never ran"
			return out
		}
	}
	out.Measured = v
	switch t.Cmp {
	case "<":
		out.Pass = v < t.Limit
	case "<=":
		out.Pass = v <= t.Limit
	case ">":
		out.Pass = v > t.Limit
	case ">=":
		out.Pass = v >= t.Limit
	}
	return out
}

// EvaluateThresholds checks every threshold against r, in order.
func EvaluateThresholds(ts []Threshold, r *Result) []ThresholdOutcome {
	out := make([]ThresholdOutcome, 0, len(ts))
	for _, t := range ts {
		out = append(out, t.Evaluate(r))
	}
	return out
}
