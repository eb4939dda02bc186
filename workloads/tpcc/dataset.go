package tpcc

import (
	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

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
	}{
		"warehouse":  {W, W, func(seed uint64, _ int64) []sqldb.Row { return warehouseRows(seed, W) }},
		"district":   {districts, districts, func(seed uint64, _ int64) []sqldb.Row { return districtRows(seed, W) }},
		"customer":   {districts * customersPerDist, customersPerDist, customerRows},
		"history":    {districts * customersPerDist, customersPerDist, historyRows},
		"new_order":  {districts * (ordersPerDist - firstNewOrder + 1), ordersPerDist - firstNewOrder + 1, func(_ uint64, b int64) []sqldb.Row { return newOrderRows(b) }},
		"orders":     {districts * ordersPerDist, ordersPerDist, ordersRows},
		"order_line": {districts * orderLinesPerDist, orderLinesPerDist, orderLineRows},
		"item":       {items, itemBatch, itemRows},
		"stock":      {W * stockPerWarehouse, stockBatch, stockRows},
	}
	var ts sqlstore.Tables
	for i := range tables {
		t := &tables[i]
		b := batch[t.name]
		ts = append(ts, sqlstore.Table{
			Name:      t.name,
			Create:    func(d *sqldb.Dialect) (string, error) { return t.create(d), nil },
			Columns:   t.columnNames(),
			Rows:      b.rows,
			BatchRows: b.per,
			Batch:     b.fill,
			After:     t.after,
		})
	}
	return dataset.New(datasetName, "tpcc", c.shape(), ts)
}
