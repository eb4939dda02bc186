package bookstore

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/sqlrun"
)

// session is a connection's prepared statements and the scratch its
// transactions use: users are many and connections few (a pool of at most
// 100 by default), so what a transaction reads back lands here, built
// once per connection, and a user keeps only its session state.
type session struct {
	*sqlrun.Prepared
	// Destinations: one id, a second integer, an amount, text slots for
	// the columns read but not used.
	id, n, qty int64
	amount     float64
	text       [textSlots][]byte
	dest       destinations
	lines      []cartLine
}

// textSlots holds the widest row read into destinations: item and author.
const textSlots = 30

// destinations are each read's destinations, built once per session so
// that reading a row allocates nothing for them.
type destinations struct {
	id, n, amount, text, idText, listing, itemAuthor, authorItem, cart, cartLines []any
}

// cartLine is one line of a cart as Buy Confirm or a refresh reads it;
// refresh is the quantity a refresh gives it.
type cartLine struct {
	item, qty, refresh int64
	cost               float64
}

var _ workload.Session = (*session)(nil)

func openSession(ctx context.Context, env workload.SessionEnv) (*session, error) {
	p, err := statements.Open(ctx, env)
	if err != nil {
		return nil, err
	}
	s := &session{Prepared: p}
	if s.dest, err = s.newDestinations(); err != nil {
		s.Close(ctx)
		return nil, err
	}
	return s, nil
}

// newDestinations points each read's columns into the session: the
// columns a transaction uses at their fields, the others at text slots.
func (s *session) newDestinations() (destinations, error) {
	var err error
	// reads are the columns of tables ts, each column named in at read into
	// its field, the others into text slots.
	reads := func(at map[string]any, ts ...int) []any {
		n := 0
		for _, t := range ts {
			n += len(tables[t].Columns)
		}
		byIndex := map[int]any{}
		for col, p := range at {
			i, ok := columnIndex(col, ts...)
			if !ok {
				err = fmt.Errorf("bookstore: no column %s in the read of %s", col, selectList(ts...))
				continue
			}
			byIndex[i] = p
		}
		return sqlrun.Dest(s.text[:], n, byIndex)
	}
	ia := reads(map[string]any{"i_id": &s.id}, tItem, tAuthor)
	ai := reads(map[string]any{"i_id": &s.id}, tAuthor, tItem)
	cart := reads(map[string]any{"scl_i_id": &s.id, "scl_qty": &s.qty, "i_cost": &s.amount}, tShoppingCartLine, tItem)
	return destinations{
		id:         []any{&s.id},
		n:          []any{&s.n},
		amount:     []any{&s.amount},
		text:       []any{&s.text[0]},
		idText:     []any{&s.id, &s.text[0]},
		listing:    []any{&s.id, &s.text[0], &s.text[1], &s.text[2]},
		itemAuthor: ia,
		authorItem: ai,
		cart:       cart,
		cartLines:  []any{&s.id, &s.qty},
	}, err
}
