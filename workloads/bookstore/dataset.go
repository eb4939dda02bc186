package bookstore

import (
	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// datasetName is the stamp of the ten tables.
const datasetName = "bookstore"

// newDataset is the ten tables at c's scale, with the batches of data.go.
// The carts start empty (clause 4.7).
func newDataset(c *config) *dataset.Dataset {
	orders := c.orders()
	batch := map[string]struct {
		rows, per int64
		fill      func(seed uint64, b int64) []sqldb.Row
	}{
		"country":    {int64(len(countries)), int64(len(countries)), func(uint64, int64) []sqldb.Row { return countryRows() }},
		"author":     {c.authors, authorBatch, c.authorRows},
		"item":       {c.items, itemBatch, c.itemRows},
		"address":    {c.addresses(), addressBatch, c.addressRows},
		"customer":   {c.customers, customerBatch, c.customerRows},
		"orders":     {orders, orderBatch, c.ordersRows},
		"order_line": {orders * linesPerOrder, orderBatch * linesPerOrder, c.orderLineRows},
		"cc_xacts":   {orders, orderBatch, c.ccXactsRows},
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
	return dataset.New(datasetName, "bookstore", c.shape(), ts)
}
