package orderentry

import (
	"fmt"
	"time"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
)

// The initial data, with the row counts and distributions of Swingbench's
// soe2.xml (WORKLOADS.md 1.2): customers' names normal over the name
// lists, orders' status (1..10), sales rep (1..1000) and total (0..10000)
// normal, their warehouse uniform, one to six items an order with products
// normal over 1..1000. Every batch is a pure function of (seed, options,
// batch): a customer's addresses and cards follow from ids alone, so the
// tables agree whichever loader makes which batch. Load dates count back
// from a fixed date, so that the data is reproducible.

const year = 365 * 24 * time.Hour

// Stream tags, one per table.
const (
	tagCustomers uint64 = iota + 0x6f65_0000
	tagAddresses
	tagCards
	tagWarehouses
	tagProducts
	tagInventories
	tagOrders
	tagOrderItems
	tagLogon
)

// Batch sizes in rows (orders for order_items, products for inventories).
const (
	rowBatch       = 10000
	orderBatch     = 5000
	inventoryBatch = 20 // products
)

// span is the first and last ids of batch b of size per out of total.
func span(b, per, total int64) (first, last int64) {
	first = b*per + 1
	return first, min(first+per-1, total)
}

// owner is the customer of child id a when n children are dealt in id
// order to c customers (1.5 addresses or cards a customer: every other
// customer has two).
func owner(a, n, c int64) int64 { return (a-1)*c/n + 1 }

// firstChild is the lowest child id of customer id, the inverse of owner:
// the customer's preferred address or card.
func firstChild(id, n, c int64) int64 { return ((id-1)*n+c-1)/c + 1 }

func (c *config) customerRows(seed uint64, b int64) []sqldb.Row {
	first, last := span(b, rowBatch, c.customers)
	r := randgen.New(seed, tagCustomers, uint64(b))
	rows := make([]sqldb.Row, 0, last-first+1)
	for id := first; id <= last; id++ {
		fn, ln := pickNormal(r, firstNames), pickNormal(r, lastNames)
		lang := pick(r, nls)
		rows = append(rows, sqldb.Row{id, fn, ln, lang[0], lang[1], r.Uniform(100, 5000),
			fn + "." + ln + "@example.com", r.Uniform(145, 171), loadTime.Add(-time.Duration(r.Uniform(1, 4)) * year),
			pick(r, customerClasses), pick(r, suggestions), loadTime.Add(-time.Duration(r.Uniform(18, 65)) * year),
			yesNo(r), yesNo(r), firstChild(id, c.addresses, c.customers), firstChild(id, c.cards, c.customers)})
	}
	return rows
}

var (
	customerClasses = []string{"Occasional", "Regular", "Business", "Prime"}
	suggestions     = []string{"Music", "Books", "Electronics", "Sports", "Home", "Garden"}
)

func yesNo(r *randgen.Rand) string {
	if r.IntN(2) == 0 {
		return "Y"
	}
	return "N"
}

func (c *config) addressRows(seed uint64, b int64) []sqldb.Row {
	first, last := span(b, rowBatch, c.addresses)
	r := randgen.New(seed, tagAddresses, uint64(b))
	rows := make([]sqldb.Row, 0, last-first+1)
	for id := first; id <= last; id++ {
		rows = append(rows, sqldb.Row{id, owner(id, c.addresses, c.customers), loadTime.Add(-time.Duration(r.Uniform(0, 3*365*24)) * time.Hour),
			fmt.Sprint(r.Uniform(1, 200)), "Street Name", pick(r, towns), pick(r, counties), pick(r, countries),
			"Postcode", nil})
	}
	return rows
}

func (c *config) cardRows(seed uint64, b int64) []sqldb.Row {
	first, last := span(b, rowBatch, c.cards)
	r := randgen.New(seed, tagCards, uint64(b))
	rows := make([]sqldb.Row, 0, last-first+1)
	for id := first; id <= last; id++ {
		rows = append(rows, sqldb.Row{id, owner(id, c.cards, c.customers), pick(r, cardTypes), r.Uniform(1111111111, 9999999999),
			loadTime.Add(time.Duration(r.Uniform(365, 1460)) * 24 * time.Hour), "Y", r.Uniform(1111, 9999)})
	}
	return rows
}

var cardTypes = []string{"Visa (Debit)", "Visa (Credit)", "Mastercard", "American Express"}

func (c *config) warehouseRows(seed uint64) []sqldb.Row {
	r := randgen.New(seed, tagWarehouses)
	rows := make([]sqldb.Row, 0, c.warehouses)
	for id := int64(1); id <= c.warehouses; id++ {
		rows = append(rows, sqldb.Row{id, fmt.Sprintf("Warehouse Number %d", id), r.Uniform(1, 9999)})
	}
	return rows
}

// listPrice is a product's price, a function of its id alone: New Order
// reads it with the product and charges it (Swingbench's JDBC New Order
// charges the product id instead, a bug not copied).
func listPrice(product int64) float64 { return float64(10+(product*7919)%990) + 0.99 }

// categoryOf is a product's category, 1..199, five products to a category.
func categoryOf(product int64) int64 { return (product-1)%categories + 1 }

func productInformationRows(seed uint64) []sqldb.Row {
	r := randgen.New(seed, tagProducts)
	rows := make([]sqldb.Row, 0, products)
	for id := int64(1); id <= products; id++ {
		price := listPrice(id)
		rows = append(rows, sqldb.Row{id, fmt.Sprintf("Product %d", id), r.Chars(40, 200, randgen.Alnum),
			categoryOf(id), r.Uniform(1, 5), r.Uniform(0, 24), r.Uniform(100000, 100999), pick(r, productStatus),
			price, price * 0.8, fmt.Sprintf("http://www.example.com/%d", id)})
	}
	return rows
}

var productStatus = []string{"orderable", "orderable", "orderable", "planned", "under development", "obsolete"}

func productDescriptionRows(seed uint64) []sqldb.Row {
	r := randgen.New(seed, tagProducts, 1)
	rows := make([]sqldb.Row, 0, products)
	for id := int64(1); id <= products; id++ {
		rows = append(rows, sqldb.Row{id, "US", fmt.Sprintf("Product %d", id), r.Chars(40, 200, randgen.Alnum)})
	}
	return rows
}

// stocked is where product p is stocked: n of the warehouses (80 to 100%
// of them, as Swingbench's 800 to 1,000 of 1,000) from a first one on,
// wrapping around; a function of (seed, p).
func (c *config) stocked(seed uint64, p int64) (firstWH, n int64) {
	r := randgen.New(seed, tagInventories, uint64(p))
	n = r.Uniform(c.warehouses*8/10, c.warehouses)
	return r.Uniform(1, c.warehouses), max(n, 1)
}

func (c *config) inventoryRows(seed uint64, b int64) []sqldb.Row {
	first, last := span(b, inventoryBatch, products)
	var rows []sqldb.Row
	for p := first; p <= last; p++ {
		w0, n := c.stocked(seed, p)
		r := randgen.New(seed, tagInventories, uint64(p), 1)
		for j := range n {
			w := (w0-1+j)%c.warehouses + 1
			rows = append(rows, sqldb.Row{p, w, r.Uniform(100, 1000)})
		}
	}
	return rows
}

// order is what one order's row and its items share.
type order struct {
	customer, items int64
}

// orderPlan is order id's customer and number of items, a function of
// (seed, id).
func (c *config) orderPlan(seed uint64, id int64) order {
	r := randgen.New(seed, tagOrders, uint64(id), 1)
	return order{customer: r.Uniform(1, c.customers), items: r.Uniform(1, 6)}
}

func (c *config) orderRows(seed uint64, b int64) []sqldb.Row {
	first, last := span(b, orderBatch, c.orders)
	r := randgen.New(seed, tagOrders, uint64(b))
	rows := make([]sqldb.Row, 0, last-first+1)
	for id := first; id <= last; id++ {
		o := c.orderPlan(seed, id)
		mode := "direct"
		if r.IntN(2) == 0 {
			mode = "online"
		}
		addr := firstChild(o.customer, c.addresses, c.customers)
		rows = append(rows, sqldb.Row{id, loadTime.Add(-time.Duration(r.Uniform(1, 2*365*24*60)) * time.Minute), mode, o.customer,
			normal(r, 1, 10), float64(normal(r, 0, 1000000)) / 100, normal(r, 1, 1000), r.Uniform(1, 100),
			r.Uniform(1, c.warehouses), "Standard", r.Uniform(1, 5), "ship_asap", addr, pick(r, customerClasses),
			firstChild(o.customer, c.cards, c.customers), addr})
	}
	return rows
}

func (c *config) orderItemRows(seed uint64, b int64) []sqldb.Row {
	first, last := span(b, orderBatch, c.orders)
	r := randgen.New(seed, tagOrderItems, uint64(b))
	rows := make([]sqldb.Row, 0, (last-first+1)*4)
	for id := first; id <= last; id++ {
		o := c.orderPlan(seed, id)
		for line := int64(1); line <= o.items; line++ {
			p := normal(r, 1, products)
			rows = append(rows, sqldb.Row{id, line, p, listPrice(p), r.Uniform(1, 10), nil, nil, "None", "New",
				r.Uniform(100000, 100999), loadTime.Add(time.Duration(r.Uniform(1, 10)) * 24 * time.Hour)})
		}
	}
	return rows
}

func (c *config) logonRows(seed uint64, b int64) []sqldb.Row {
	first, last := span(b, rowBatch, c.logons)
	r := randgen.New(seed, tagLogon, uint64(b))
	rows := make([]sqldb.Row, 0, last-first+1)
	for id := first; id <= last; id++ {
		rows = append(rows, sqldb.Row{id, r.Uniform(1, c.customers), loadTime.Add(-time.Duration(r.Uniform(1, 2*365*24*60)) * time.Minute)})
	}
	return rows
}

// Metadata keys (soedgsetupmetadata.sql): the key ranges transactions
// draw customers and orders from.
const (
	metaMinCustomer = "SOE_MIN_CUSTOMER_ID"
	metaMaxCustomer = "SOE_MAX_CUSTOMER_ID"
	metaMinOrder    = "SOE_MIN_ORDER_ID"
	metaMaxOrder    = "SOE_MAX_ORDER_ID"
)

func (c *config) metadataRows() []sqldb.Row {
	return []sqldb.Row{
		{metaMinCustomer, "1"}, {metaMaxCustomer, fmt.Sprint(c.customers)},
		{metaMinOrder, "1"}, {metaMaxOrder, fmt.Sprint(c.orders)},
	}
}
