package bookstore

import (
	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

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
		"country":    {int64(len(countries)), int64(len(countries)), func(uint64, int64) []sqldb.Row { return countryRows() }, everything},
		"author":     {c.authors, authorBatch, c.authorRows, ids("a_id", authorBatch, c.authors)},
		"item":       {c.items, itemBatch, c.itemRows, ids("i_id", itemBatch, c.items)},
		"address":    {c.addresses(), addressBatch, c.addressRows, ids("addr_id", addressBatch, c.addresses())},
		"customer":   {c.customers, customerBatch, c.customerRows, ids("c_id", customerBatch, c.customers)},
		"orders":     {orders, orderBatch, c.ordersRows, ids("o_id", orderBatch, orders)},
		"order_line": {orders * linesPerOrder, orderBatch * linesPerOrder, c.orderLineRows, ids("ol_o_id", orderBatch, orders)},
		"cc_xacts":   {orders, orderBatch, c.ccXactsRows, ids("cx_o_id", orderBatch, orders)},
	}
	var ts sqlstore.Tables
	for i := range tables {
		t := &tables[i]
		b := batch[t.Name]
		ts = append(ts, sqlstore.Table{
			Name:      t.Name,
			Create:    func(d *sqldb.Dialect) (string, error) { return t.Create(d), nil },
			Columns:   t.ColumnNames(),
			Rows:      b.rows,
			BatchRows: b.per,
			Batch:     b.fill,
			Clear:     b.clear,
			After:     t.After,
		})
	}
	return ts
}

// ids selects the rows batch b of a table wrote, for a resumed prepare to
// delete: the batch's range of ids in column (the orders' for their lines
// and card transactions).
func ids(column string, per, total int64) func(b int64) (string, []any) {
	return func(b int64) (string, []any) {
		first, last := span(b, per, total)
		return column + " BETWEEN ? AND ?", []any{first, last}
	}
}

// everything selects a single-batch table's rows.
func everything(int64) (string, []any) { return "", nil }
