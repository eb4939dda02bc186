package bookstore

import (
	"context"
	"fmt"
)

// adminRequest is the Admin Request web interaction (TPC-W clause 2.15;
// TPCW_admin_request_servlet, getBook): the form to change the item the
// last Product Detail showed (EBWAdminReqTrans), one statement.
//
//	SELECT * FROM item, author WHERE item.i_a_id = author.a_id AND i_id = ?
func (u *user) adminRequest(ctx context.Context) error {
	item := u.item
	if item == 0 {
		item = u.randomItem() // not reached: Admin Request follows Product Detail
	}
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
