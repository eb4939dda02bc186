package tpcc

import (
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
)

// The initial database of clause 4.3.3.1. Every batch is a pure function of
// (seed, warehouses, batch): stock and customers come a district's or a
// tenth of a warehouse's stock at a time, so loaders share even one
// warehouse, and a district's orders and order lines draw from the same
// order plan, so they agree whichever loader makes them.

// Stream tags, one per table.
const (
	tagItem uint64 = iota + 0x7470_0000
	tagWarehouse
	tagDistrict
	tagStock
	tagCustomer
	tagHistory
	tagOrders
	tagOrderLine
)

// Batch sizes: a tenth of a warehouse's stock, one district of customers,
// history, orders and order lines.
const (
	itemBatch  = 10000
	stockBatch = 10000
)

func itemRows(seed uint64, b int64) []sqldb.Row {
	r := randgen.New(seed, tagItem, uint64(b))
	first := b*itemBatch + 1
	rows := make([]sqldb.Row, 0, itemBatch)
	for id := first; id < first+itemBatch && id <= items; id++ {
		rows = append(rows, sqldb.Row{id, r.Uniform(1, 10000), aString(r, 14, 24), money(r, 1, 100), data(r)})
	}
	return rows
}

func warehouseRows(seed uint64, warehouses int64) []sqldb.Row {
	rows := make([]sqldb.Row, 0, warehouses)
	for w := int64(1); w <= warehouses; w++ {
		r := randgen.New(seed, tagWarehouse, uint64(w))
		rows = append(rows, sqldb.Row{w, aString(r, 6, 10), aString(r, 10, 20), aString(r, 10, 20), aString(r, 10, 20),
			state(r), zip(r), rate(r, 0, 0.2), 300000.0})
	}
	return rows
}

func districtRows(seed uint64, warehouses int64) []sqldb.Row {
	rows := make([]sqldb.Row, 0, warehouses*districtsPerWH)
	for w := int64(1); w <= warehouses; w++ {
		for d := int64(1); d <= districtsPerWH; d++ {
			r := randgen.New(seed, tagDistrict, uint64(w), uint64(d))
			rows = append(rows, sqldb.Row{d, w, aString(r, 6, 10), aString(r, 10, 20), aString(r, 10, 20), aString(r, 10, 20),
				state(r), zip(r), rate(r, 0, 0.2), 30000.0, int64(ordersPerDist + 1)})
		}
	}
	return rows
}

// stockRows is batch b: items of warehouse b/10+1, a tenth at a time.
func stockRows(seed uint64, b int64) []sqldb.Row {
	r := randgen.New(seed, tagStock, uint64(b))
	w := b/(items/stockBatch) + 1
	first := b%(items/stockBatch)*stockBatch + 1
	rows := make([]sqldb.Row, 0, stockBatch)
	for i := first; i < first+stockBatch; i++ {
		row := make(sqldb.Row, 0, 17)
		row = append(row, i, w, r.Uniform(10, 100))
		for range districtsPerWH {
			row = append(row, aString(r, 24, 24))
		}
		rows = append(rows, append(row, int64(0), int64(0), int64(0), data(r)))
	}
	return rows
}

// districtOf is the warehouse and district of per-district batch b.
func districtOf(b int64) (w, d int64) { return b/districtsPerWH + 1, b%districtsPerWH + 1 }

func customerRows(seed uint64, b int64) []sqldb.Row {
	w, d := districtOf(b)
	r := randgen.New(seed, tagCustomer, uint64(w), uint64(d))
	last := randgen.NURand{A: 255, X: 0, Y: 999, C: cLastLoad}
	rows := make([]sqldb.Row, 0, customersPerDist)
	for c := int64(1); c <= customersPerDist; c++ {
		// The first 1,000 customers take every last name once; the others
		// draw theirs (clause 4.3.3.1).
		n := c - 1
		if c > 1000 {
			n = last.Next(r)
		}
		credit := "GC"
		if r.Uniform(1, 100) <= 10 {
			credit = "BC"
		}
		rows = append(rows, sqldb.Row{c, d, w, aString(r, 8, 16), "OE", lastName(n),
			aString(r, 10, 20), aString(r, 10, 20), aString(r, 10, 20), state(r), zip(r), nString(r, 16, 16), loadTime,
			credit, 50000.0, rate(r, 0, 0.5), -10.0, 10.0, int64(1), int64(0), aString(r, 300, 500)})
	}
	return rows
}

func historyRows(seed uint64, b int64) []sqldb.Row {
	w, d := districtOf(b)
	r := randgen.New(seed, tagHistory, uint64(w), uint64(d))
	rows := make([]sqldb.Row, 0, customersPerDist)
	for c := int64(1); c <= customersPerDist; c++ {
		rows = append(rows, sqldb.Row{c, d, w, d, w, loadTime, 10.0, aString(r, 12, 24)})
	}
	return rows
}

// order is one order of a district's initial plan.
type order struct {
	customer, carrier, lines int64
}

// orderPlan is the initial orders of district (w, d): O_C_ID a permutation
// of the customers, a carrier for the delivered ones (O_ID < 2101), 5 to 15
// lines each. orders and order_line both draw it.
func orderPlan(seed uint64, w, d int64) []order {
	r := randgen.New(seed, tagOrders, uint64(w), uint64(d))
	plan := make([]order, ordersPerDist)
	perm := make([]int64, ordersPerDist)
	for i := range perm {
		perm[i] = int64(i + 1)
	}
	for i := len(perm) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		perm[i], perm[j] = perm[j], perm[i]
	}
	for i := range plan {
		plan[i].customer = perm[i]
		if int64(i+1) < firstNewOrder {
			plan[i].carrier = r.Uniform(1, 10)
		}
		plan[i].lines = r.Uniform(5, 15)
	}
	return plan
}

func ordersRows(seed uint64, b int64) []sqldb.Row {
	w, d := districtOf(b)
	rows := make([]sqldb.Row, 0, ordersPerDist)
	for i, o := range orderPlan(seed, w, d) {
		var carrier any
		if o.carrier > 0 {
			carrier = o.carrier
		}
		rows = append(rows, sqldb.Row{int64(i + 1), d, w, o.customer, loadTime, carrier, o.lines, int64(1)})
	}
	return rows
}

func newOrderRows(b int64) []sqldb.Row {
	w, d := districtOf(b)
	rows := make([]sqldb.Row, 0, ordersPerDist-firstNewOrder+1)
	for o := int64(firstNewOrder); o <= ordersPerDist; o++ {
		rows = append(rows, sqldb.Row{o, d, w})
	}
	return rows
}

// orderLinesPerDist is the expected order lines of a district (10 per
// order), for batch counts and progress only.
const orderLinesPerDist = 10 * ordersPerDist

func orderLineRows(seed uint64, b int64) []sqldb.Row {
	w, d := districtOf(b)
	r := randgen.New(seed, tagOrderLine, uint64(w), uint64(d))
	rows := make([]sqldb.Row, 0, orderLinesPerDist+ordersPerDist)
	for i, o := range orderPlan(seed, w, d) {
		id := int64(i + 1)
		delivered := id < firstNewOrder
		for n := int64(1); n <= o.lines; n++ {
			var when any
			amount := 0.0
			if delivered {
				when = loadTime
			} else {
				amount = money(r, 0.01, 9999.99)
			}
			rows = append(rows, sqldb.Row{id, d, w, n, r.Uniform(1, items), w, when, int64(5), amount, aString(r, 24, 24)})
		}
	}
	return rows
}
