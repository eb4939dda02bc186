package report

import (
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

func TestLimits(t *testing.T) {
	t.Parallel()
	r := &results.Result{TxnOrder: []string{"home", "best_sellers", "order_inquiry"}, Transactions: map[string]results.TxnStat{
		"home":          {Count: 10, Latency: results.Latency{P90: 12}, P90LimitMs: 3000},
		"best_sellers":  {Count: 5, Latency: results.Latency{P90: 6100}, P90LimitMs: 5000},
		"order_inquiry": {Count: 0, P90LimitMs: 3000},
	}}
	if f := limitsFinding(r); !strings.Contains(f, "1 transaction type over") || !strings.Contains(f, "best_sellers (p90 6,100 ms, limit 5,000 ms)") || strings.Contains(f, "home") {
		t.Errorf("finding: %s", f)
	}
	tb := txnTable(r)
	if tb.Head[len(tb.Head)-1] != "p90 limit" || tb.Rows[1][len(tb.Rows[1])-1] != "5,000 OVER" || tb.Rows[0][len(tb.Rows[0])-1] != "3,000" {
		t.Errorf("table %v %v", tb.Head, tb.Rows)
	}
	r.Transactions["best_sellers"] = results.TxnStat{Count: 5, Latency: results.Latency{P90: 100}, P90LimitMs: 5000}
	if f := limitsFinding(r); !strings.HasPrefix(f, "Every transaction type kept") {
		t.Errorf("within: %s", f)
	}
	delete(r.Transactions, "best_sellers")
	for k, x := range r.Transactions {
		x.P90LimitMs = 0
		r.Transactions[k] = x
	}
	if f := limitsFinding(r); f != "" || len(txnTable(r).Head) != 12 {
		t.Errorf("no limits, yet: %q", f)
	}
}
