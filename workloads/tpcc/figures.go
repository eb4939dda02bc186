package tpcc

import (
	"context"
	"fmt"
	"strconv"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// maxTpmCPerWarehouse is the most tpmC one warehouse can give with keying
// and think times on: 10 terminals dealing 45 New-Orders per 100 cards,
// each deck taking 2,099 s of keying, think and response time (clause
// 5.2.5; CockroachDB's workload cites 12.86, PR #28010).
const maxTpmCPerWarehouse = 12.86

// probeOrders is the probe of the orders the districts have given ids to:
// sum(D_NEXT_O_ID), whose change over the window is HammerDB's NOPM.
const probeOrders = "sum_d_next_o_id"

var (
	_ workload.Figurer = (*instance)(nil)
	_ workload.Prober  = (*instance)(nil)
)

// Figures implements workload.Figurer:
//   - tpmC, the committed New-Orders per minute (clause 5.4.1: rolled back
//     ones are not counted);
//   - tpmTotal, every completed transaction per minute (go-tpc's);
//   - NOPM, new orders per minute as the database counted them
//     (HammerDB's: the change of sum(d_next_o_id), comparable across
//     databases and tools);
//   - with --wait, the efficiency: tpmC against 12.86 per warehouse (without
//     waits it is meaningless: go-tpc issue #168 shows "2946%").
func (i *instance) Figures(c workload.Counts) []workload.Figure {
	if c.Seconds <= 0 || len(c.Types) < int(numTxns) {
		return nil
	}
	perMin := 60 / c.Seconds
	no := c.Types[txNewOrder]
	tpmC := float64(no.Count-no.Rollbacks) * perMin
	total := int64(0)
	for _, t := range c.Types {
		total += t.Count
	}
	figs := []workload.Figure{
		{Name: "tpmC", Value: tpmC, Unit: "New-Orders/min", Help: "committed New-Order transactions per minute"},
		{Name: "tpmTotal", Value: float64(total) * perMin, Unit: "transactions/min", Help: "transactions of every type per minute"},
	}
	if d, ok := c.Probe[probeOrders]; ok {
		figs = append(figs, workload.Figure{Name: "NOPM", Value: d * perMin, Unit: "orders/min",
			Help: "new orders per minute from the change of sum(d_next_o_id), as HammerDB counts them"})
	}
	if i.c.wait {
		figs = append(figs, workload.Figure{Name: "efficiency", Value: 100 * tpmC / (maxTpmCPerWarehouse * float64(i.c.warehouses)), Unit: "%",
			Help: fmt.Sprintf("tpmC against the %.2f per warehouse that keying and think times allow", maxTpmCPerWarehouse)})
	}
	return figs
}

// Probe implements workload.Prober: sum(d_next_o_id) over the districts.
func (i *instance) Probe(ctx context.Context, conn db.Conn) (map[string]float64, error) {
	c, err := sqldb.Open(conn, "this database")
	if err != nil {
		return nil, err
	}
	rows, err := c.QueryStrings(ctx, "SELECT sum(d_next_o_id) FROM district")
	if err != nil {
		return nil, fmt.Errorf("read sum(d_next_o_id): %w", err)
	}
	if len(rows) != 1 || len(rows[0]) != 1 {
		return nil, fmt.Errorf("read sum(d_next_o_id): %d rows", len(rows))
	}
	v, err := strconv.ParseFloat(rows[0][0], 64)
	if err != nil {
		return nil, fmt.Errorf("read sum(d_next_o_id): %q: %w", rows[0][0], err)
	}
	return map[string]float64{probeOrders: v}, nil
}
