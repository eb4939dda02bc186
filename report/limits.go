package report

import (
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// The spec's response-time limits: TPC-C and TPC-W bound each transaction
// type's 90th percentile (workload.Txn.Limit, results.TxnStat.P90LimitMs).

func hasLimits(r *results.Result) bool {
	for _, x := range r.Transactions {
		if x.P90LimitMs > 0 {
			return true
		}
	}
	return false
}

// limitCell is a type's limit, marked when its p90 is over it.
func limitCell(x results.TxnStat) string {
	switch {
	case x.P90LimitMs <= 0:
		return "-"
	case x.Count > 0 && x.Latency.P90 > x.P90LimitMs:
		return fmtMs(x.P90LimitMs) + " OVER"
	}
	return fmtMs(x.P90LimitMs)
}

// overLimits names the types whose p90 is over their limit, with both.
func overLimits(r *results.Result) []string {
	var over []string
	for _, name := range TxnOrder(r) {
		x := r.Transactions[name]
		if x.P90LimitMs > 0 && x.Count > 0 && x.Latency.P90 > x.P90LimitMs {
			over = append(over, fmt.Sprintf("%s (p90 %s ms, limit %s ms)", name, fmtMs(x.Latency.P90), fmtMs(x.P90LimitMs)))
		}
	}
	return over
}

// limitsLine says, under the text summary's transaction table, whether
// every type kept its spec's p90 limit.
func limitsLine(r *results.Result) string {
	if !hasLimits(r) {
		return ""
	}
	if over := overLimits(r); len(over) > 0 {
		return "over the spec's p90 limit: " + strings.Join(over, ", ")
	}
	return "every transaction type kept its spec's p90 response-time limit"
}

// limitsFinding is the same, as a finding, for a run with limits.
func limitsFinding(r *results.Result) string {
	if !hasLimits(r) {
		return ""
	}
	if over := overLimits(r); len(over) > 0 {
		return fmt.Sprintf("%s over the spec's 90th-percentile response-time limit: %s; a compliant run keeps every type within.",
			fmtPlural(int64(len(over)), "transaction type"), strings.Join(over, ", "))
	}
	return "Every transaction type kept its spec's 90th-percentile response-time limit."
}
