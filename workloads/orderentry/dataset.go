package orderentry

import (
	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// loadTime stands for the date of the load.
var loadTime = dataset.LoadTime()

// datasetName is the stamp of the SOE tables.
const datasetName = "orderentry"

// Row counts that are estimates (progress only; batches are exact):
// order_items' 3.5 an order (one to six), inventories' 90% of the
// warehouses a product.

// newDataset is the SOE tables at c's scale, with the batches of data.go.
func newDataset(c *config) *dataset.Dataset {
	type batches struct {
		rows, per int64
		fill      func(seed uint64, b int64) []sqldb.Row
		clear     func(b int64) (string, []any)
	}
	one := func(fill func(seed uint64) []sqldb.Row, n int64) batches {
		return batches{n, n, func(seed uint64, _ int64) []sqldb.Row { return fill(seed) }, sqlstore.ClearAll}
	}
	perProduct := max(c.warehouses*9/10, 1)
	by := [numTables]batches{
		tCustomers:           {c.customers, rowBatch, c.customerRows, sqlstore.ClearIDs("customer_id", rowBatch, c.customers)},
		tAddresses:           {c.addresses, rowBatch, c.addressRows, sqlstore.ClearIDs("address_id", rowBatch, c.addresses)},
		tCardDetails:         {c.cards, rowBatch, c.cardRows, sqlstore.ClearIDs("card_id", rowBatch, c.cards)},
		tWarehouses:          one(c.warehouseRows, c.warehouses),
		tProductInformation:  one(productInformationRows, products),
		tProductDescriptions: one(productDescriptionRows, products),
		tInventories:         {products * perProduct, inventoryBatch * perProduct, c.inventoryRows, sqlstore.ClearIDs("product_id", inventoryBatch, products)},
		tOrders:              {c.orders, orderBatch, c.orderRows, sqlstore.ClearIDs("order_id", orderBatch, c.orders)},
		tOrderItems:          {c.orders * 7 / 2, orderBatch * 7 / 2, c.orderItemRows, sqlstore.ClearIDs("order_id", orderBatch, c.orders)},
		tLogon:               {c.logons, rowBatch, c.logonRows, sqlstore.ClearIDs("logon_id", rowBatch, c.logons)},
		tMetadata:            one(func(uint64) []sqldb.Row { return c.metadataRows() }, 4),
	}
	var ts sqlstore.Tables
	for i := range tables {
		t, b := &tables[i], by[i]
		ts = append(ts, t.Table(b.rows, b.per, b.fill, b.clear))
	}
	return dataset.New(datasetName, "orderentry", c.shape(), ts)
}
