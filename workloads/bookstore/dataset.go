package bookstore

import (
	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// loadTime stands for the current date and time of the load.
var loadTime = dataset.LoadTime()

// datasetName is the stamp of the ten tables.
const datasetName = "bookstore"

// newDataset is the ten tables at c's scale, with the batches of data.go.
// The carts start empty.
func newDataset(c *config) *dataset.Dataset {
	return dataset.New(datasetName, "bookstore", c.shape(), newDatasetTables(c))
}

// newDatasetTables is the dataset's tables.
func newDatasetTables(c *config) sqlstore.Tables {
	orders := c.orders()
	batch := map[string]struct {
		rows, per int64
		fill      func(seed uint64, b int64) []sqldb.Row
		clear     func(b int64) (string, []any)
	}{
		"country":    {int64(len(countries)), int64(len(countries)), func(uint64, int64) []sqldb.Row { return countryRows() }, sqlstore.ClearAll},
		"author":     {c.authors, authorBatch, c.authorRows, sqlstore.ClearIDs("a_id", authorBatch, c.authors)},
		"item":       {c.items, itemBatch, c.itemRows, sqlstore.ClearIDs("i_id", itemBatch, c.items)},
		"address":    {c.addresses(), addressBatch, c.addressRows, sqlstore.ClearIDs("addr_id", addressBatch, c.addresses())},
		"customer":   {c.customers, customerBatch, c.customerRows, sqlstore.ClearIDs("c_id", customerBatch, c.customers)},
		"orders":     {orders, orderBatch, c.ordersRows, sqlstore.ClearIDs("o_id", orderBatch, orders)},
		"order_line": {orders * linesPerOrder, orderBatch * linesPerOrder, c.orderLineRows, sqlstore.ClearIDs("ol_o_id", orderBatch, orders)},
		"cc_xacts":   {orders, orderBatch, c.ccXactsRows, sqlstore.ClearIDs("cx_o_id", orderBatch, orders)},
	}
	var ts sqlstore.Tables
	for i := range tables {
		t := &tables[i]
		b := batch[t.Name]
		ts = append(ts, t.Table(b.rows, b.per, b.fill, b.clear))
	}
	return ts
}
