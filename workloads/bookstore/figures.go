package bookstore

import (
	"fmt"

	"github.com/dbgauge/dbgauge/workload"
)

var _ workload.Figurer = (*instance)(nil)

// browseTarget is each mix's browse share, in percent (TPC-W's browsing,
// shopping and ordering mixes: 95, 80 and 50; order interactions are the
// rest).
var browseTarget = map[string]float64{"browsing": 95, "shopping": 80, "ordering": 50}

// Figures implements workload.Figurer, from the completed interactions:
//   - WIPS, web interactions per second, every type (TPC-W's primary
//     metric, over the measured window);
//   - WIPSb and WIPSo, the browse interactions (Home, New Products, Best
//     Sellers, Product Detail, Search Request and Search Results) and the
//     order interactions (the other eight) per second;
//   - browse and order, their shares of the interactions, in percent,
//     beside the mix's target.
//
// TPC-W names WIPSb and WIPSo the WIPS of a run of the browsing and of the
// ordering mix; here they split any run's WIPS by kind of interaction.
func (i *instance) Figures(c workload.Counts) []workload.Figure {
	if c.Seconds <= 0 || len(c.Types) < int(numTxns) {
		return nil
	}
	var browse, order int64
	for t, n := range c.Types[:numTxns] {
		if workload.TxnID(t) < firstOrder {
			browse += n.Count
		} else {
			order += n.Count
		}
	}
	total := browse + order
	figs := []workload.Figure{
		{Name: "WIPS", Value: float64(total) / c.Seconds, Unit: "interactions/s", Help: "web interactions completed per second", Throughput: true},
		{Name: "WIPSb", Value: float64(browse) / c.Seconds, Unit: "interactions/s",
			Help: "browse interactions per second (home, new products, best sellers, product detail, search request, search results)"},
		{Name: "WIPSo", Value: float64(order) / c.Seconds, Unit: "interactions/s",
			Help: "order interactions per second (shopping cart, registration, buy request and confirm, order inquiry and display, admin)"},
	}
	if total > 0 {
		target := browseTarget[i.c.mixName]
		orderTarget := 100 - target
		figs = append(figs,
			workload.Figure{Name: "browse", Value: 100 * float64(browse) / float64(total), Unit: "%", Target: &target,
				Help: fmt.Sprintf("browse share of the interactions (the %s mix's: %g%%)", i.c.mixName, target)},
			workload.Figure{Name: "order", Value: 100 * float64(order) / float64(total), Unit: "%", Target: &orderTarget,
				Help: fmt.Sprintf("order share of the interactions (the %s mix's: %g%%)", i.c.mixName, orderTarget)})
	}
	return figs
}
