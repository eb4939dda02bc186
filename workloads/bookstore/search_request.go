package bookstore

import "context"

// searchRequest is the Search Request web interaction (TPC-W clause 2.10;
// TPCW_search_request_servlet): the search form, whose only database
// work is the promotion (getRelated of a random item), one statement.
// It is an interaction all the same, counted and timed.
func (u *user) searchRequest(ctx context.Context) error {
	return u.promo(ctx, false)
}
