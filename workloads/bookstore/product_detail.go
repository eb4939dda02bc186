package bookstore

import (
	"context"
	"fmt"
)

// productDetail is the Product Detail web interaction (TPC-W clause 2.14;
// TPCW_product_detail_servlet, getBook): one item and its author, one
// statement.
//
//	SELECT * FROM item, author WHERE item.i_a_id = author.a_id AND i_id = ?
//
// The item is one of those the last listing page (New Products, Best
// Sellers, Search Results, with their promotion) linked to, drawn
// uniformly, as EBWProdDetTrans picks an I_ID link of the page; after a
// Product Detail, another draws from the same page (EBWProdCURLTrans). It
// becomes the session's item: Shopping Cart adds it, Admin Request shows
// it.
func (u *user) productDetail(ctx context.Context) error {
	item := u.pickSeen()
	n, err := u.t.Query(ctx, opBook, item)
	if err == nil && n == 0 {
		err = &missingError{what: fmt.Sprintf("item %d", item)}
	}
	if err != nil {
		return err
	}
	u.item = item
	return nil
}

// pickSeen draws one of the listing page's items (a random item if there
// was no page, which the chains never do: Product Detail follows a
// listing or another Product Detail).
func (u *user) pickSeen() int64 {
	if u.pageN == 0 {
		return u.randomItem()
	}
	return int64(u.page[u.r.IntN(int(u.pageN))])
}
