package tpcc

import (
	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// loadTime stands for "the current date and time" of the load (C_SINCE,
// O_ENTRY_D, H_DATE, delivered OL_DELIVERY_D): fixed, so that the data is
// reproducible.
var loadTime = dataset.LoadTime()

// datasetName is the stamp of the nine tables.
const datasetName = "tpcc"

// newDataset is the nine tables at c's warehouses, with the batches of
// data.go.
func newDataset(c *config) *dataset.Dataset {
	W := c.warehouses
	districts := W * districtsPerWH
	batch := map[string]struct {
		rows, per int64
		fill      func(seed uint64, b int64) []sqldb.Row
		clear     func(b int64) (string, []any)
	}{
		"warehouse":  {W, W, func(seed uint64, _ int64) []sqldb.Row { return warehouseRows(seed, W) }, sqlstore.ClearAll},
		"district":   {districts, districts, func(seed uint64, _ int64) []sqldb.Row { return districtRows(seed, W) }, sqlstore.ClearAll},
		"customer":   {districts * customersPerDist, customersPerDist, customerRows, byDistrict("c_w_id", "c_d_id")},
		"history":    {districts * customersPerDist, customersPerDist, historyRows, byDistrict("h_w_id", "h_d_id")},
		"new_order":  {districts * (ordersPerDist - firstNewOrder + 1), ordersPerDist - firstNewOrder + 1, func(_ uint64, b int64) []sqldb.Row { return newOrderRows(b) }, byDistrict("no_w_id", "no_d_id")},
		"orders":     {districts * ordersPerDist, ordersPerDist, ordersRows, byDistrict("o_w_id", "o_d_id")},
		"order_line": {districts * orderLinesPerDist, orderLinesPerDist, orderLineRows, byDistrict("ol_w_id", "ol_d_id")},
		"item":       {items, itemBatch, itemRows, sqlstore.ClearIDs("i_id", itemBatch, items)},
		"stock":      {W * stockPerWarehouse, stockBatch, stockRows, stockOf},
	}
	var ts sqlstore.Tables
	for i := range tables {
		t := &tables[i]
		b := batch[t.Name]
		ts = append(ts, t.Table(b.rows, b.per, b.fill, b.clear))
	}
	return dataset.New(datasetName, "tpcc", c.shape(), ts)
}

// The rows each batch writes, for a resumed prepare to delete (nil: the
// table's single batch, all of it).

// byDistrict selects a per-district batch's rows by its warehouse and
// district columns.
func byDistrict(w, d string) func(b int64) (string, []any) {
	return func(b int64) (string, []any) {
		wid, did := districtOf(b)
		return w + " = ? AND " + d + " = ?", []any{wid, did}
	}
}

func stockOf(b int64) (string, []any) {
	w := b/(items/stockBatch) + 1
	first := b%(items/stockBatch)*stockBatch + 1
	return "s_w_id = ? AND s_i_id BETWEEN ? AND ?", []any{w, first, first + stockBatch - 1}
}
