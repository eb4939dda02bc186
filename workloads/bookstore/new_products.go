package bookstore

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// newProducts is the New Products web interaction (TPC-W clause 2.12;
// TPCW_new_products_servlet, getNewProducts): the promotion, then the 50
// newest items of a subject drawn uniformly (RBE.unifHomeSubject).
//
//	SELECT i_id, i_title, a_fname, a_lname FROM item, author
//	  WHERE item.i_a_id = author.a_id AND item.i_subject = ?
//	  ORDER BY item.i_pub_date DESC, item.i_title FETCH FIRST 50 ROWS ONLY
//
// The items listed and promoted are what the next Product Detail picks
// from.
func (u *user) newProducts(ctx context.Context) error { return u.subjectListing(ctx, opNewProducts) }

// subjectListing is a listing page of New Products or Best Sellers: the
// promotion, then op's items of a subject drawn uniformly, read-only.
func (u *user) subjectListing(ctx context.Context, op workload.OpID) error {
	subject := pick(u.r, subjects)
	u.pageN = 0
	if err := u.t.BeginRead(ctx); err != nil {
		return err
	}
	if err := u.promo(ctx, true); err != nil {
		return err
	}
	if _, err := u.t.Rows(ctx, op, u.s.dest.listing, u.listed, subject); err != nil {
		return err
	}
	return u.t.Commit(ctx)
}

// listed keeps a listing row's item (the session's id destination).
func (u *user) listed(int) error {
	u.seen(u.s.id)
	return nil
}
