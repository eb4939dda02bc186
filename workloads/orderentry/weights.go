package orderentry

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// The nine transactions of Swingbench's Order Entry, in the order of
// SOE_Server_Side_V2.xml.
const (
	txNewCustomer workload.TxnID = iota
	txUpdateCustomer
	txBrowseProducts
	txNewOrder
	txProcessOrders
	txBrowseUpdateOrders
	txSalesRepQuery
	txWarehouseQuery
	txWarehouseActivity
	numTxns
)

// txnInfo is a transaction's name, Swingbench's short code and its default
// weight (SOE_Server_Side_V2.xml; the three reporting queries are off
// there, with weight 2 when turned on).
var txnInfo = [numTxns]struct {
	name, code string
	weight     int
}{
	txNewCustomer:        {"new_customer", "NCR", 15},
	txUpdateCustomer:     {"update_customer", "UCD", 10},
	txBrowseProducts:     {"browse_products", "BP", 50},
	txNewOrder:           {"new_order", "OP", 40},
	txProcessOrders:      {"process_orders", "PO", 5},
	txBrowseUpdateOrders: {"browse_update_orders", "BO", 5},
	txSalesRepQuery:      {"sales_rep_query", "SQ", 0},
	txWarehouseQuery:     {"warehouse_query", "WQ", 0},
	txWarehouseActivity:  {"warehouse_activity", "WA", 0},
}

// maxWeight bounds a weight, so that a deck stays small.
const maxWeight = 1000

// defaultWeights is --weights' default: every type, by code.
func defaultWeights() string {
	parts := make([]string, numTxns)
	for t, in := range txnInfo {
		parts[t] = in.code + "=" + strconv.Itoa(in.weight)
	}
	return strings.Join(parts, ",")
}

// weightCodes names the codes for --weights' help.
func weightCodes() string {
	parts := make([]string, numTxns)
	for t, in := range txnInfo {
		parts[t] = in.code + " " + in.name
	}
	return strings.Join(parts, ", ") + " (SQ, WQ and WA are off, Swingbench's weight 2 when on)"
}

// parseWeights reads --weights: CODE=WEIGHT pairs, by code or name, over
// the defaults.
func parseWeights(s string) ([numTxns]int, error) {
	var w [numTxns]int
	for t, in := range txnInfo {
		w[t] = in.weight
	}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return w, fmt.Errorf("--weights wants CODE=WEIGHT pairs such as BP=60,OP=20, got %q", part)
		}
		t, ok := txnByCode(strings.TrimSpace(k))
		if !ok {
			return w, fmt.Errorf("--weights: no transaction %q; the codes are %s", strings.TrimSpace(k), codeList())
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 || n > maxWeight {
			return w, fmt.Errorf("--weights: the weight of %s must be a whole number from 0 to %d, got %q", txnInfo[t].code, maxWeight, strings.TrimSpace(v))
		}
		w[t] = n
	}
	total := 0
	for _, n := range w {
		total += n
	}
	if total == 0 {
		return w, fmt.Errorf("--weights turns every transaction off; give at least one a weight above 0")
	}
	return w, nil
}

// txnByCode finds a transaction by its code or name, in any case.
func txnByCode(k string) (workload.TxnID, bool) {
	for t, in := range txnInfo {
		if strings.EqualFold(k, in.code) || strings.EqualFold(k, in.name) {
			return workload.TxnID(t), true
		}
	}
	return 0, false
}

func codeList() string {
	codes := make([]string, numTxns)
	for t, in := range txnInfo {
		codes[t] = in.code
	}
	return strings.Join(codes, ", ")
}

// deck deals transaction types in the proportions of the weights: each
// pass holds every type as many times as its weight, shuffled with the
// user's stream (TPC-C clause 5.2.4.2's card deck), so that every pass of
// sum(weights) transactions has the mix exactly. Swingbench draws each
// transaction at random; over a run the two give the same shares.
type deck struct {
	cards []uint8 // a byte each: thousands of users hold one
	next  int
}

func newDeck(w [numTxns]int) *deck {
	d := &deck{}
	for t, n := range w {
		for range n {
			d.cards = append(d.cards, uint8(t))
		}
	}
	d.next = len(d.cards)
	return d
}

// deal returns the next type, shuffling a new pass when one ends.
func (d *deck) deal(r *randgen.Rand) workload.TxnID {
	if d.next == len(d.cards) {
		for i := len(d.cards) - 1; i > 0; i-- {
			j := r.IntN(i + 1)
			d.cards[i], d.cards[j] = d.cards[j], d.cards[i]
		}
		d.next = 0
	}
	t := d.cards[d.next]
	d.next++
	return workload.TxnID(t)
}
