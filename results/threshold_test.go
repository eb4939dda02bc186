package results

import (
	"strings"
	"testing"
)

func TestParseThreshold(t *testing.T) {
	good := []struct {
		in              string
		op, metric, cmp string
		limit           float64
	}{
		{"p99<5ms", "", "p99", "<", 5},
		{"p99 < 5", "", "p99", "<", 5},
		{"p95<=500us", "", "p95", "<=", 0.5},
		{"max<2s", "", "max", "<", 2000},
		{"avg<1.5µs", "", "avg", "<", 0.0015},
		{"p99.9<10ms", "", "p999", "<", 10},
		{"tps>1000", "", "tps", ">", 1000},
		{"qps>=2e4", "", "qps", ">=", 20000},
		{"errors<=0", "", "errors", "<=", 0},
		{"error_rate<1%", "", "error_rate", "<", 1},
		{"error_rate<0.5", "", "error_rate", "<", 0.5},
		{"reconnects<3", "", "reconnects", "<", 3},
		{"point_select.p99<2ms", "point_select", "p99", "<", 2},
		{"read_modify_write.p99.9 < 1s", "read_modify_write", "p999", "<", 1000},
		{"commit.errors<1", "commit", "errors", "<", 1},
		{"read.qps>10", "read", "qps", ">", 10},
		{"SELECT c FROM t WHERE id<? AND k>?.p99 <= 2ms", "SELECTcFROMtWHEREid<?ANDk>?", "p99", "<=", 2},
	}
	for _, g := range good {
		th, err := ParseThreshold(g.in)
		if err != nil {
			t.Errorf("%q: %v", g.in, err)
			continue
		}
		if th.Op != g.op || th.Metric != g.metric || th.Cmp != g.cmp || th.Limit != g.limit {
			t.Errorf("%q parsed as %+v", g.in, th)
		}
	}
	bad := []struct{ in, says string }{
		{"p98<5ms", `unknown metric "p98"`},
		{"latency<5ms", "unknown metric"},
		{"p99=5ms", "no comparison"},
		{"p99", "no comparison"},
		{"<5ms", "no metric"},
		{"p99<", "no value"},
		{"p99<5m", "bad value"},
		{"p99<fast", "bad value"},
		{"p99<NaN", "bad value"},
		{"tps>5ms", "bad value"},
		{"tps>>5", "unknown metric \"tps>\""},
		{"error_rate<lots%", "percentage"},
		{".p99<5ms", "no operation name"},
		{"point_select.tps>5", "whole run"},
		{"point_select.reconnects<1", "whole run"},
		{"point_select.p98<1", "unknown metric"},
	}
	for _, b := range bad {
		_, err := ParseThreshold(b.in)
		if err == nil || !strings.Contains(err.Error(), b.says) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want one line saying %q", b.in, err, b.says)
		}
	}
}

func TestEvaluateThreshold(t *testing.T) {
	r := &Result{
		Totals:  Totals{Transactions: 990, Errors: 10, TPS: 99, QPS: 1980, Reconnects: 2, DurationS: 10},
		Latency: Latency{Count: 990, Avg: 2, P99: 4.5, Max: 9},
		Ops: map[string]OpStat{
			"point_select": {Count: 100, Errors: 0, Latency: Latency{Count: 100, P99: 1.5}},
			"commit":       {Count: 0, Errors: 5},
		},
	}
	cases := []struct {
		expr     string
		pass     bool
		measured float64
		note     string
	}{
		{"p99<5ms", true, 4.5, ""},
		{"p99<4.5ms", false, 4.5, ""},
		{"p99<=4.5ms", true, 4.5, ""},
		{"p99<4ms", false, 4.5, ""},
		{"max<0.01s", true, 9, ""},
		{"tps>100", false, 99, ""},
		{"tps>=99", true, 99, ""},
		{"qps>1000", true, 1980, ""},
		{"errors<10", false, 10, ""},
		{"error_rate<1%", false, 1, ""},
		{"error_rate<=1", true, 1, ""},
		{"reconnects<3", true, 2, ""},
		{"point_select.p99<2ms", true, 1.5, ""},
		{"point_select.qps>=10", true, 10, ""},
		{"commit.errors<5", false, 5, ""},
		{"commit.p99<100ms", false, 0, "never ran"},
		{"commit.error_rate<50", false, 100, ""},
		{"missing.p99<1s", false, 0, "never ran"},
	}
	for _, c := range cases {
		th, err := ParseThreshold(c.expr)
		if err != nil {
			t.Fatalf("%q: %v", c.expr, err)
		}
		o := th.Evaluate(r)
		if o.Pass != c.pass || o.Measured != c.measured || !strings.Contains(o.Note, c.note) || o.Expr != c.expr {
			t.Errorf("%q: got %+v, want pass=%v measured=%g note %q", c.expr, o, c.pass, c.measured, c.note)
		}
	}
	// No transactions: a latency or rate threshold cannot pass on no evidence.
	empty := &Result{}
	for _, expr := range []string{"p99<1s", "error_rate<1"} {
		th, _ := ParseThreshold(expr)
		if o := th.Evaluate(empty); o.Pass || o.Note == "" {
			t.Errorf("%q on an empty run: %+v, want a failure with a note", expr, o)
		}
	}
}
