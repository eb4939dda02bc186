package orderentry

import "context"

// browseProducts is BrowseProducts: read a customer, then look at 1 to 23
// products by id, with a pause after each read. Read-only: no transaction
// is opened, as the reference commits nothing.
//
//	getCustomerDetails  (think)
//	1..23 x: select products.product_id, ..., quantity_on_hand from products, inventories
//	         where inventories.product_id = products.product_id and products.product_id = ?
//	         and rownum < 15   (think)
func (u *user) browseProducts(ctx context.Context) error {
	if _, err := u.t.Query(ctx, opSelectCustomer, u.customer()); err != nil {
		return err
	}
	if !u.think() {
		return errCut
	}
	for range u.r.Uniform(1, maxBrowse) {
		if _, err := u.t.Query(ctx, opSelectProduct, u.r.Uniform(1, products)); err != nil {
			return err
		}
		if !u.think() {
			return errCut
		}
	}
	return nil
}

// maxBrowse is the most products or categories a transaction browses:
// randomInteger(1, MAX_BROWSE_CATEGORY = 24), upper bound exclusive.
const maxBrowse = 23
