package bookstore

import (
	"fmt"
	"slices"
	"time"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
)

// The initial database of TPC-W's population, as TPCW_Populate makes it,
// with two deviations said where they are made: titles and author last
// names begin with the digit syllables the search strings are drawn from
// (the reference's are random, so its title and author searches find
// almost nothing), and the load's "now" is a fixed date, so that the
// data is reproducible. Every batch is a pure function of (seed, options,
// batch): orders, their lines and their card transactions draw from the
// same order plan, so they agree whichever loader makes them.

// Stream tags, one per table.
const (
	tagAuthor uint64 = iota + 0x6273_0000
	tagItem
	tagAddress
	tagCustomer
	tagOrders
	tagOrderLine
	tagCCXacts
)

// Batch sizes (rows; orders for the three order tables).
const (
	authorBatch   = 10000
	itemBatch     = 5000
	addressBatch  = 10000
	customerBatch = 5000
	orderBatch    = 2000
)

// span is the first and last ids of batch b of size per out of total.
func span(b, per, total int64) (first, last int64) {
	first = b*per + 1
	return first, min(first+per-1, total)
}

func countryRows() []sqldb.Row {
	rows := make([]sqldb.Row, len(countries))
	for i, c := range countries {
		rows[i] = sqldb.Row{int64(i + 1), c.name, c.exchange, c.currency}
	}
	return rows
}

// authorRows: A_LNAME is DigSyl(k, 7) and up to six more letters, k =
// A_ID mod (items/10 + 1): an author search, DigSyl(NURand(A, 0,
// items/10), 7) (clause 2.10.5.1), matches two or three authors.
func (c *config) authorRows(seed uint64, b int64) []sqldb.Row {
	r := randgen.New(seed, tagAuthor, uint64(b))
	first, last := span(b, authorBatch, c.authors)
	rows := make([]sqldb.Row, 0, last-first+1)
	for id := first; id <= last; id++ {
		lname := digSyl(id%(c.items/10+1), 7) + aString(r, 0, 6)
		rows = append(rows, sqldb.Row{id, aString(r, 3, 20), lname, aString(r, 1, 20), date(r, 1800, 1990), aString(r, 125, 500)})
	}
	return rows
}

// itemRows: I_TITLE is DigSyl(k, 7), a space and 1 to 45 letters, k =
// I_ID mod (items/5 + 1): a title search matches about five items.
func (c *config) itemRows(seed uint64, b int64) []sqldb.Row {
	r := randgen.New(seed, tagItem, uint64(b))
	first, last := span(b, itemBatch, c.items)
	rows := make([]sqldb.Row, 0, last-first+1)
	for id := first; id <= last; id++ {
		title := digSyl(id%(c.items/5+1), 7) + " " + aString(r, 1, 45)
		author := id
		if id > c.authors {
			author = r.Uniform(1, c.authors)
		}
		pub := date(r, 1930, 2000)
		var related [5]int64 // five different items
		for k := 0; k < len(related); {
			if x := r.Uniform(1, c.items); !slices.Contains(related[:k], x) {
				related[k] = x
				k++
			}
		}
		srp := money(r, 100, 99999)
		cost := cents(srp * (1 - float64(r.Uniform(0, 50))/100))
		dims := fmt.Sprintf("%.2fx%.2fx%.2f", money(r, 1, 9999), money(r, 1, 9999), money(r, 1, 9999))
		rows = append(rows, sqldb.Row{id, title, author, pub, aString(r, 14, 60), pick(r, subjects), aString(r, 100, 500),
			related[0], related[1], related[2], related[3], related[4],
			fmt.Sprintf("img%d/thumb_%d.gif", id%100, id), fmt.Sprintf("img%d/image_%d.gif", id%100, id), srp, cost,
			pub.Add(days(r.Uniform(1, 30))), r.Uniform(10, 30), aString(r, 13, 13), r.Uniform(20, 9999), pick(r, backings), dims})
	}
	return rows
}

func (c *config) addressRows(seed uint64, b int64) []sqldb.Row {
	r := randgen.New(seed, tagAddress, uint64(b))
	first, last := span(b, addressBatch, c.addresses())
	rows := make([]sqldb.Row, 0, last-first+1)
	for id := first; id <= last; id++ {
		rows = append(rows, sqldb.Row{id, aString(r, 15, 40), aString(r, 15, 40), aString(r, 4, 30), aString(r, 2, 20),
			aString(r, 5, 10), r.Uniform(1, int64(len(countries)))})
	}
	return rows
}

// customerRows: C_UNAME is DigSyl(C_ID), C_PASSWD its lower case (clause
// 4.6.2.9), so that a browser knows both from the id alone.
func (c *config) customerRows(seed uint64, b int64) []sqldb.Row {
	r := randgen.New(seed, tagCustomer, uint64(b))
	first, last := span(b, customerBatch, c.customers)
	rows := make([]sqldb.Row, 0, last-first+1)
	for id := first; id <= last; id++ {
		uname := digSyl(id, 0)
		since := loadTime.Add(-days(r.Uniform(1, 730)))
		lastLogin := since.Add(days(r.Uniform(0, 60)))
		if lastLogin.After(loadTime) {
			lastLogin = loadTime
		}
		rows = append(rows, sqldb.Row{id, uname, password(uname), aString(r, 8, 15), aString(r, 8, 15),
			r.Uniform(1, c.addresses()), nString(r, 9, 16), uname + "@" + aString(r, 2, 9) + ".com",
			since, lastLogin, loadTime, loadTime.Add(2 * time.Hour), money(r, 0, 50), 0.0, money(r, 0, 99999),
			date(r, 1880, 2000), aString(r, 100, 500)})
	}
	return rows
}

// order is one order of a batch's plan.
type order struct {
	customer, lines int64
	date, shipDate  time.Time
	subTotal, total float64
	shipType        string
	bill, ship      int64
	status          string
}

// orderPlan is batch b of the initial orders: 1 to 5 lines each, a
// random customer, a date in the last 60 days, shipped 0 to 7 days later.
// orders, order_line and cc_xacts all draw it.
func (c *config) orderPlan(seed uint64, b int64) []order {
	r := randgen.New(seed, tagOrders, uint64(b))
	first, last := span(b, orderBatch, c.orders())
	plan := make([]order, last-first+1)
	for i := range plan {
		o := &plan[i]
		o.lines = r.Uniform(1, 5)
		o.customer = r.Uniform(1, c.customers)
		o.date = loadTime.Add(-days(r.Uniform(1, 60)))
		o.subTotal = money(r, 1000, 999999)
		tax := cents(o.subTotal * taxRate)
		o.total = cents(o.subTotal + tax + shipCost(o.lines))
		o.shipType = pick(r, shipTypes)
		o.shipDate = o.date.Add(days(r.Uniform(0, 7)))
		o.bill, o.ship = r.Uniform(1, c.addresses()), r.Uniform(1, c.addresses())
		o.status = pick(r, statusList)
	}
	return plan
}

// taxRate is the 8.25% tax on a cart's discounted total (Cart.SC_TAX).
const taxRate = 0.0825

// shipCost is $3 plus $1 per item (Cart.SC_SHIP_COST).
func shipCost(items int64) float64 { return 3 + float64(items) }

func (c *config) ordersRows(seed uint64, b int64) []sqldb.Row {
	first := b*orderBatch + 1
	plan := c.orderPlan(seed, b)
	rows := make([]sqldb.Row, len(plan))
	for i, o := range plan {
		rows[i] = sqldb.Row{first + int64(i), o.customer, o.date, o.subTotal, cents(o.subTotal * taxRate), o.total,
			o.shipType, o.shipDate, o.bill, o.ship, o.status}
	}
	return rows
}

// linesPerOrder is the expected order lines of an order (1 to 5), for
// progress only.
const linesPerOrder = 3

func (c *config) orderLineRows(seed uint64, b int64) []sqldb.Row {
	r := randgen.New(seed, tagOrderLine, uint64(b))
	first := b*orderBatch + 1
	plan := c.orderPlan(seed, b)
	rows := make([]sqldb.Row, 0, len(plan)*5)
	for i, o := range plan {
		for n := int64(1); n <= o.lines; n++ {
			rows = append(rows, sqldb.Row{n, first + int64(i), r.Uniform(1, c.items), r.Uniform(1, 300),
				money(r, 0, 30), aString(r, 20, 100)})
		}
	}
	return rows
}

func (c *config) ccXactsRows(seed uint64, b int64) []sqldb.Row {
	r := randgen.New(seed, tagCCXacts, uint64(b))
	first := b*orderBatch + 1
	plan := c.orderPlan(seed, b)
	rows := make([]sqldb.Row, len(plan))
	for i, o := range plan {
		rows[i] = sqldb.Row{first + int64(i), pick(r, cardTypes), nString(r, 16, 16), aString(r, 14, 30),
			loadTime.Add(days(r.Uniform(10, 730))), aString(r, 15, 15), o.total, o.shipDate, r.Uniform(1, int64(len(countries)))}
	}
	return rows
}
