package orderentry

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/sqlrun"
)

// session is a connection's prepared statements and the scratch its
// transactions read into: what a transaction reads back lands here, built
// once per connection, and a user keeps only its deck and stream.
type session struct {
	*sqlrun.Prepared
	// args are the reporting queries' arguments, built in place.
	args []any
	// Destinations: an id, a second integer, a quantity, a price; text
	// slots for the columns read but not used (NULL reads as nil).
	id, line, qty int64
	price         float64
	text          [textSlots][]byte
	dest          destinations
	// products are the last category browse's rows (New Order); orders
	// a customer's orders (Browse and Update Orders).
	products []product
	orders   []int64
}

// textSlots holds the widest row read into destinations.
const textSlots = 16

// product is a row of a category browse: the product, its price and the
// quantity on hand at the warehouse browsed.
type product struct {
	id, qty int64
	price   float64
}

// destinations are each read's destinations, built once per session.
type destinations struct {
	customer, order, product, toProcess, orderItem []any
}

var _ workload.Session = (*session)(nil)

func openSession(ctx context.Context, env workload.SessionEnv) (*session, error) {
	p, err := statements.Open(ctx, env)
	if err != nil {
		return nil, err
	}
	s := &session{Prepared: p, args: make([]any, 0, 64)}
	s.dest = s.newDestinations()
	return s, nil
}

// newDestinations points each read's columns into the session: the ones
// a transaction uses at their fields, the others at text slots.
func (s *session) newDestinations() destinations {
	slots := func(n int, at map[int]any) []any { return sqlrun.Dest(s.text[:], n, at) }
	return destinations{
		customer: slots(numCustomerCols, map[int]any{0: &s.id}),
		order:    slots(numOrderCols, map[int]any{0: &s.id}),
		// product_id, list_price (9th) and quantity_on_hand (12th).
		product:   slots(numProductCols, map[int]any{0: &s.id, 8: &s.price, 11: &s.qty}),
		toProcess: slots(numPOCols, map[int]any{0: &s.id}),
		// line_item_id and unit_price.
		orderItem: slots(numOrderItemCols, map[int]any{1: &s.line, 3: &s.price}),
	}
}
