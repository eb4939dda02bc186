package bookstore

import (
	"context"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// searchResults is the Search Results web interaction (TPC-W clause
// 2.11; TPCW_execute_search): the promotion, then the first 50 items by
// title of a search by author, title or subject, one of the three drawn
// uniformly, with the search strings of clause 2.10.5.1
// (EBWSearchResultTrans): DigSyl(NURand(A, 0, items/10), 7) for an
// author, DigSyl(NURand(A, 0, items/5), 7) for a title, a subject drawn
// uniformly; A is 63 for 1,000 items up to 524,287 for 10 million.
//
//	SELECT * FROM author, item WHERE author.a_lname LIKE ? AND item.i_a_id = author.a_id
//	  ORDER BY item.i_title FETCH FIRST 50 ROWS ONLY                   -- doAuthorSearch, 'string%'
//	SELECT * FROM item, author WHERE item.i_a_id = author.a_id AND item.i_title LIKE ?
//	  ORDER BY item.i_title FETCH FIRST 50 ROWS ONLY                   -- doTitleSearch, 'string%'
//	SELECT * FROM item, author WHERE item.i_a_id = author.a_id AND item.i_subject = ?
//	  ORDER BY item.i_title FETCH FIRST 50 ROWS ONLY                   -- doSubjectSearch
//
// The rows are read whole, as the reference's SELECT * reads them; the
// items listed and promoted are what the next Product Detail picks from.
func (u *user) searchResults(ctx context.Context) error {
	var op workload.OpID
	var key string
	dest := u.s.dest.itemAuthor
	switch u.r.IntN(3) {
	case 0:
		op, dest = opSearchAuthor, u.s.dest.authorItem
		key = digSyl(randgen.NURand{A: u.c.searchA, X: 0, Y: u.c.items / 10}.Next(u.r), 7) + "%"
	case 1:
		op = opSearchTitle
		key = digSyl(randgen.NURand{A: u.c.searchA, X: 0, Y: u.c.items / 5}.Next(u.r), 7) + "%"
	default:
		op = opSearchSubject
		key = pick(u.r, subjects)
	}
	u.pageN = 0
	if err := u.t.BeginRead(ctx); err != nil {
		return err
	}
	if err := u.promo(ctx, true); err != nil {
		return err
	}
	if _, err := u.t.Rows(ctx, op, dest, u.listed, key); err != nil {
		return err
	}
	return u.t.Commit(ctx)
}
